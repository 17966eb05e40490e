#include "compiler/passes/pose_folding.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "executor/kernels/pose_kernels.h"
#include "executor/ops/root_motion.h"
#include "vm/bytecode/limits.h"

namespace anim::ir {
namespace {

constexpr TrackChannel kChannels[3] = {TrackChannel::Translation, TrackChannel::Rotation,
                                       TrackChannel::Scale};

// A delta this close to the identity is the identity: the bind pose made additive against itself
// rounds to within a few float steps of it (q * conjugate(q) renormalised), and listing such
// channels would store every bone of the skeleton.
constexpr float kIdentityTolerance = 1e-6f;

// The identity delta of a channel: no translation, no rotation, unit scale.
bool IsIdentity(TrackChannel channel, const float v[4]) {
  const float xyz = channel == TrackChannel::Scale ? 1.0f : 0.0f;
  const float w = channel == TrackChannel::Rotation ? 1.0f : 0.0f;
  return std::fabs(v[0] - xyz) <= kIdentityTolerance && std::fabs(v[1] - xyz) <= kIdentityTolerance &&
         std::fabs(v[2] - xyz) <= kIdentityTolerance && std::fabs(v[3] - w) <= kIdentityTolerance;
}

// How many values read each value (operands, the output, machines and their conditions).
std::vector<int> UserCounts(const Graph& graph) {
  std::vector<int> users(graph.values.size(), 0);
  auto use = [&](ValueId id) {
    if (id >= 0 && static_cast<std::size_t>(id) < users.size()) ++users[static_cast<std::size_t>(id)];
  };
  for (const Value& v : graph.values) {
    for (ValueId op : v.operands)
      use(op);
  }
  use(graph.output);
  for (const Machine& m : graph.machines) {
    use(m.value);
    for (const Transition& t : m.transitions)
      use(t.condition);
  }
  return users;
}

// Key frame k of `clip`, decoded as stored, into `pose`.
void DecodeKeyFrame(const Clip& clip, int k, Pose& pose, const Skeleton& skeleton) {
  CopyPose(pose.view(), skeleton.bind_pose().view(), skeleton.bone_count());
  clip.DecodeFrame(k, pose.view());
}

// Whether removing `bone`'s motion bakes exactly: its rotation is the same in every key frame, so
// its twist (the part removed) does not vary between keys; its height alone stays, which is linear.
bool MotionBakesExactly(const Clip& clip, int bone, const Skeleton& skeleton) {
  Pose first(skeleton.bone_count()), pose(skeleton.bone_count());
  DecodeKeyFrame(clip, 0, first, skeleton);
  const Quat r0 = first.Get(bone).rotation;
  for (int k = 1; k < clip.frame_count(); ++k) {
    DecodeKeyFrame(clip, k, pose, skeleton);
    const Quat r = pose.Get(bone).rotation;
    if (r.x != r0.x || r.y != r0.y || r.z != r0.z || r.w != r0.w) return false;
  }
  return true;
}

}  // namespace

BakedClipDesc BakeAdditive(const Clip& source, uint16_t source_index, const Skeleton& skeleton,
                           const std::vector<std::string>& curve_table, int motion_bone) {
  const int n = skeleton.bone_count();
  const int frames = source.frame_count();
  BakedClipDesc baked;
  baked.name = source.name() + "~additive";
  baked.source_clip = source_index;
  baked.inputs_hash = BakedClipInputsHash(skeleton.content_hash(), source.content_hash());
  baked.sample_rate = source.sample_rate();
  baked.frame_count = static_cast<uint32_t>(frames);
  baked.looping = source.looping();

  std::vector<Pose> deltas(static_cast<std::size_t>(frames));
  Pose pose(n);
  for (int k = 0; k < frames; ++k) {
    DecodeKeyFrame(source, k, pose, skeleton);
    if (motion_bone >= 0) pose.Set(motion_bone, WithoutMotion(pose.Get(motion_bone)));
    Pose& delta = deltas[static_cast<std::size_t>(k)];
    delta.Resize(n, 0);
    MakeAdditiveLocal(delta.view(), pose.view(), skeleton.bind_pose().view(), n);
  }
  for (int b = 0; b < n; ++b) {
    for (TrackChannel channel : kChannels) {
      BakedChannel c{static_cast<uint16_t>(b), channel, source.IsStep(b, channel), {}};
      const int components = BakedKeyComponents(channel);
      bool identity = true;
      for (const Pose& delta : deltas) {
        float v[4];
        GetTrackChannel(delta.view(), b, channel, v);
        identity = identity && IsIdentity(channel, v);
        c.keys.insert(c.keys.end(), v, v + components);
      }
      if (!identity) baked.channels.push_back(std::move(c));
    }
  }
  // Against the bind pose, whose curves are 0, a delta's curves are the source's.
  for (const ClipCurve& curve : source.curves()) {
    const auto named = std::find(curve_table.begin(), curve_table.end(), curve.name);
    if (named == curve_table.end()) continue;
    baked.curves.push_back(
        BakedCurve{static_cast<uint16_t>(named - curve_table.begin()), curve.step, curve.keys});
  }
  std::sort(baked.curves.begin(), baked.curves.end(),
            [](const BakedCurve& a, const BakedCurve& b) { return a.curve < b.curve; });
  return baked;
}

int FoldPoses(Graph& graph, const FoldAssets& assets) {
  const Skeleton& skeleton = assets.skeleton;
  const std::vector<int> users = UserCounts(graph);
  const std::size_t pose_bytes =
      static_cast<std::size_t>(PoseFloatCount(skeleton.bone_count())) * sizeof(float);
  std::size_t baked_bytes = 0;
  std::map<std::pair<uint16_t, int>, uint16_t> baked_index;  // (source clip, motion bone) -> clip index
  int folded = 0;
  for (Value& v : graph.values) {
    if (v.op != Op::MakeAdditive || v.flags != 0 || v.operands.size() != 1) continue;
    const ValueId source_id = v.operands[0];
    const Value& source = graph.values[static_cast<std::size_t>(source_id)];
    if (source.op != Op::SampleClip || users[static_cast<std::size_t>(source_id)] != 1) continue;
    ClockDesc& clock = graph.clocks[source.index];
    if (clock.clip >= assets.clips.size() || clock.sync_group != kNoOperand) continue;
    const Clip& clip = assets.clips[clock.clip];
    if (clip.bone_count() != skeleton.bone_count()) continue;
    int motion_bone = -1;
    if (clock.root_motion != RootMotionMode::Keep) {
      motion_bone = graph.bones[clock.root_motion_bone].index;
      if (!MotionBakesExactly(clip, motion_bone, skeleton)) continue;
    }
    const auto key = std::make_pair(clock.clip, motion_bone);
    auto found = baked_index.find(key);
    if (found == baked_index.end()) {
      const std::size_t bytes = pose_bytes * static_cast<std::size_t>(clip.frame_count());
      const std::size_t index = graph.clips.size() + graph.baked_clips.size();
      if (baked_bytes + bytes > kMaxBakedKeyBytes || index >= kMaxTableEntries) continue;
      baked_bytes += bytes;
      graph.baked_clips.push_back(BakeAdditive(clip, clock.clip, skeleton, graph.curves, motion_bone));
      found = baked_index.emplace(key, static_cast<uint16_t>(index)).first;
    }
    clock.clip = found->second;
    clock.root_motion = RootMotionMode::Keep;  // baked out, or there was none
    clock.root_motion_bone = kNoOperand;
    // The MakeAdditive becomes the SampleClip of its delta, keeping its node for tools and validation.
    v.op = Op::SampleClip;
    v.index = source.index;
    v.flags = 0;
    v.operands = source.operands;
    ++folded;
  }
  return folded;
}

}  // namespace anim::ir
