// Internal to the pose kernels: the parts of clip sampling the SIMD and reference versions share
// (a stepping channel's weight, a dense clip's stepping channels), so both sample a clip the same way.
#pragma once

#include "executor/pose/clip.h"
#include "executor/pose/pose.h"

namespace anim::kernel {

// A stepping channel holds the earlier key until the later key's own time, where KeysAt gives
// alpha 1 (the last key) or the later key as its frame0 (any other key).
inline float StepWeight(float alpha) {
  return alpha >= 1.0f ? 1.0f : 0.0f;
}

// A dense clip's stepping channels, for bones below `count`: the key the step holds.
inline void ApplyDenseSteps(const PoseView& out, const Clip& clip, const ClipKeyPair& keys, int count) {
  if (clip.step_channels().empty()) return;
  const ConstPoseView held = clip.frame(StepWeight(keys.alpha) == 1.0f ? keys.frame1 : keys.frame0);
  for (const ChannelRef& c : clip.step_channels()) {
    if (c.bone >= count) continue;
    float v[4];
    GetTrackChannel(held, c.bone, c.channel, v);
    SetTrackChannel(out, c.bone, c.channel, v);
  }
}

}  // namespace anim::kernel
