#include "vm/bytecode/baked_clip_verifier.h"

#include <cmath>

#include "executor/pose/skeleton.h"
#include "vm/bytecode/limits.h"

namespace anim {
namespace {

// A baked rotation is a normalised quaternion written as floats: its length is 1 within rounding.
constexpr float kUnitTolerance = 1e-3f;

bool AllFinite(const std::vector<float>& keys) {
  for (float k : keys) {
    if (!std::isfinite(k)) return false;
  }
  return true;
}

bool UnitRotations(const std::vector<float>& keys) {
  for (std::size_t i = 0; i + 3 < keys.size(); i += 4) {
    const float length = std::sqrt(keys[i] * keys[i] + keys[i + 1] * keys[i + 1] + keys[i + 2] * keys[i + 2] +
                                   keys[i + 3] * keys[i + 3]);
    if (!(std::fabs(length - 1.0f) <= kUnitTolerance)) return false;
  }
  return true;
}

std::string ChannelProblem(const BakedClipDesc& clip, std::size_t i) {
  const BakedChannel& c = clip.channels[i];
  const std::string what = "channel " + std::to_string(i);
  if (c.bone >= kMaxBones) return what + " names bone " + std::to_string(c.bone) + ", past any skeleton";
  if (c.channel > TrackChannel::Scale) return what + " has an unknown channel";
  if (i > 0) {
    const BakedChannel& before = clip.channels[i - 1];
    if (c.bone < before.bone || (c.bone == before.bone && c.channel <= before.channel))
      return what +
             " is out of order or repeated: channels ascend by bone, then translation, rotation, scale";
  }
  const std::size_t expected =
      std::size_t{clip.frame_count} * static_cast<std::size_t>(BakedKeyComponents(c.channel));
  if (c.keys.size() != expected)
    return what + " has " + std::to_string(c.keys.size()) + " key floats, expected " +
           std::to_string(expected);
  if (!AllFinite(c.keys)) return what + " has a non-finite key";
  if (c.channel == TrackChannel::Rotation && !UnitRotations(c.keys))
    return what + " has a rotation key that is not unit length";
  return {};
}

std::string CurveProblem(const Program& p, const BakedClipDesc& clip, std::size_t i) {
  const BakedCurve& c = clip.curves[i];
  const std::string what = "curve " + std::to_string(i);
  if (c.curve >= p.curves.size())
    return what + " names curve " + std::to_string(c.curve) + ", past the curve table (" +
           std::to_string(p.curves.size()) + ")";
  if (i > 0 && c.curve <= clip.curves[i - 1].curve) return what + " is out of order or repeated";
  if (c.keys.size() != clip.frame_count)
    return what + " has " + std::to_string(c.keys.size()) + " keys, expected " +
           std::to_string(clip.frame_count);
  if (!AllFinite(c.keys)) return what + " has a non-finite key";
  return {};
}

std::string ClipProblem(const Program& p, const BakedClipDesc& clip) {
  if (clip.name.empty()) return "it has an empty name";
  if (clip.source_clip >= p.clips.size())
    return "its source clip " + std::to_string(clip.source_clip) + " is out of range (program has " +
           std::to_string(p.clips.size()) + ")";
  if (!std::isfinite(clip.sample_rate) || !(clip.sample_rate > 0.0f))
    return "its sample rate is not a positive number";
  if (clip.frame_count < 1 || clip.frame_count > kMaxBakedClipFrames)
    return "it has " + std::to_string(clip.frame_count) + " frames; the format allows 1 to " +
           std::to_string(kMaxBakedClipFrames);
  for (std::size_t i = 0; i < clip.channels.size(); ++i) {
    if (std::string problem = ChannelProblem(clip, i); !problem.empty()) return problem;
  }
  for (std::size_t i = 0; i < clip.curves.size(); ++i) {
    if (std::string problem = CurveProblem(p, clip, i); !problem.empty()) return problem;
  }
  return {};
}

}  // namespace

std::string VerifyBakedClips(const Program& program) {
  if (program.clips.size() + program.baked_clips.size() > kMaxTableEntries) {
    return "the program has " + std::to_string(program.clips.size() + program.baked_clips.size()) +
           " loaded and baked clips; the format allows at most " + std::to_string(kMaxTableEntries);
  }
  for (std::size_t i = 0; i < program.baked_clips.size(); ++i) {
    if (std::string problem = ClipProblem(program, program.baked_clips[i]); !problem.empty())
      return "baked clip " + std::to_string(i) + " '" + program.baked_clips[i].name + "': " + problem;
  }
  return {};
}

}  // namespace anim
