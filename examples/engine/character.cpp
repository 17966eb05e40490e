#include "character.h"

#include "executor/math/quat.h"
#include "executor/pose/pose.h"

namespace example {
namespace {

using anim::Quat;
using anim::Transform;
using anim::Vec3;

// assets/skeleton.yaml
struct BoneData {
  const char* name;
  const char* parent;  // nullptr for a root
  Vec3 translation;
};
const BoneData kBones[] = {
    {"root", nullptr, {0, 0, 0}},
    {"hips", "root", {0, 1, 0}},
    {"spine", "hips", {0, 0.25f, 0}},
    {"head", "spine", {0, 0.5f, 0}},
    {"arm_l", "spine", {0.25f, 0.375f, 0}},
    {"hand_l", "arm_l", {0.5f, 0, 0}},
    {"arm_r", "spine", {-0.25f, 0.375f, 0}},
    {"hand_r", "arm_r", {-0.5f, 0, 0}},
    {"fingers_r", "hand_r", {-0.125f, 0, 0}},
    {"leg_l", "hips", {0.125f, 0, 0}},
    {"foot_l", "leg_l", {0, -0.875f, 0}},
    {"leg_r", "hips", {-0.125f, 0, 0}},
    {"foot_r", "leg_r", {0, -0.875f, 0}},
};

// A track as a clip document writes it: each channel empty (the bind pose), one value (constant)
// or one value per frame.
struct TrackData {
  const char* bone;
  std::vector<float> translation;
  std::vector<float> rotation;
};
struct ClipData {
  const char* name;
  float sample_rate;
  int frame_count;
  bool loop;
  std::vector<TrackData> tracks;
};

const ClipData kClips[] = {
    // assets/idle.yaml
    {"idle",
     2,
     3,
     true,
     {{"hips", {0, 1, 0, 0, 0.96875f, 0, 0, 1, 0}, {}},
      {"spine", {}, {0, 0, 0, 1, 0, 0, 0.05f, 0.99875f, 0, 0, 0, 1}}}},
    // assets/walk.yaml
    {"walk",
     4,
     5,
     true,
     {{"hips", {0, 1, 0, 0, 0.9375f, 0, 0, 1, 0, 0, 0.9375f, 0, 0, 1, 0}, {}},
      {"leg_l", {}, {0.173648f, 0,         0, 0.984808f, 0, 0, 0,         1, -0.173648f, 0,
                     0,         0.984808f, 0, 0,         0, 1, 0.173648f, 0, 0,          0.984808f}},
      {"leg_r", {}, {-0.173648f, 0,         0, 0.984808f, 0, 0, 0,          1, 0.173648f, 0,
                     0,          0.984808f, 0, 0,         0, 1, -0.173648f, 0, 0,         0.984808f}}}},
    // assets/wave.yaml
    {"wave",
     4,
     5,
     true,
     {{"arm_r", {}, {0, 0, -0.866025f, 0.5f}},
      {"hand_r", {}, {0, 0, 0.258819f,  0.965926f, 0, 0, -0.258819f, 0.965926f, 0, 0, 0.258819f, 0.965926f,
                      0, 0, -0.258819f, 0.965926f, 0, 0, 0.258819f,  0.965926f}}}},
};

// Frame k's value of a channel of `width` floats: the constant, or frame k's.
const float* ChannelAt(const std::vector<float>& values, int width, int k) {
  return values.size() == static_cast<std::size_t>(width) ? values.data() : values.data() + width * k;
}

std::optional<anim::Clip> BuildClip(const anim::Skeleton& skeleton, const ClipData& data,
                                    std::string& error) {
  std::optional<anim::Clip> clip =
      anim::Clip::Create(skeleton, data.name, data.sample_rate, data.frame_count, data.loop, error);
  if (!clip) return std::nullopt;
  for (const TrackData& track : data.tracks) {
    const int bone = skeleton.FindBone(track.bone);
    if (bone < 0) {
      error = std::string("clip ") + data.name + ": no bone '" + track.bone + "'";
      return std::nullopt;
    }
    for (int k = 0; k < data.frame_count; ++k) {
      Transform x = skeleton.bind_local(bone);
      if (!track.translation.empty()) {
        const float* t = ChannelAt(track.translation, 3, k);
        x.translation = {t[0], t[1], t[2]};
      }
      if (!track.rotation.empty()) {
        const float* r = ChannelAt(track.rotation, 4, k);
        x.rotation = anim::Normalize(Quat{r[0], r[1], r[2], r[3]});  // as the clip loader does
      }
      anim::SetBoneTransform(clip->frame(k), bone, x);
    }
    clip->MarkTracked(bone);
  }
  return clip;
}

}  // namespace

std::optional<Character> BuildCharacter(std::string& error) {
  anim::SkeletonDesc desc;
  desc.name = "example_character";
  for (const BoneData& b : kBones) {
    anim::SkeletonDesc::Bone bone;
    bone.name = b.name;
    bone.bind_local.translation = b.translation;
    if (b.parent != nullptr) {
      for (std::size_t i = 0; i < desc.bones.size(); ++i) {
        if (desc.bones[i].name == b.parent) bone.parent = static_cast<int>(i);
      }
    }
    desc.bones.push_back(std::move(bone));
  }
  std::optional<anim::Skeleton> skeleton = anim::Skeleton::Build(desc, error);
  if (!skeleton) return std::nullopt;

  Character character{std::move(*skeleton), {}};
  for (const ClipData& data : kClips) {
    std::optional<anim::Clip> clip = BuildClip(character.skeleton, data, error);
    if (!clip) return std::nullopt;
    character.clips.push_back(std::move(*clip));
  }
  return character;
}

}  // namespace example
