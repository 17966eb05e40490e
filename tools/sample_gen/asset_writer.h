// Writes skeleton documents (YAML) and clip documents (JSON) in the format of
// docs/asset-formats.md, with fixed number formatting so the output is byte-for-byte reproducible.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "executor/math/transform.h"
#include "executor/pose/skeleton.h"

namespace anim::sample_gen {

// A clip as full local poses, one per frame, over every bone of its skeleton.
struct ClipFrames {
  std::string name;
  int sample_rate = 30;
  bool loop = false;
  // Write every bone's rotation for every frame, even where it holds the bind pose (litmus).
  bool dense_rotations = false;
  std::vector<std::vector<Transform>> frames;
  // Sync markers: a name and a time in seconds, in time order.
  std::vector<std::pair<std::string, double>> markers;
  // Named float curves: a name and one key per frame.
  std::vector<std::pair<std::string, std::vector<double>>> curves;
};

// A looping clip of `cycle_frames` distinct frames at phases k / cycle_frames, closed by a copy of
// its first frame, so the last frame equals the first exactly.
ClipFrames LoopClip(std::string name, int cycle_frames,
                    const std::function<std::vector<Transform>(double phase)>& pose_at);

std::string WriteSkeletonYaml(const SkeletonDesc& skeleton);

// Tracks only for bones whose text differs from the bind pose in some frame; a channel that never
// changes is written as one constant value (unless the clip asks for dense rotations).
std::string WriteClipJson(const ClipFrames& clip, const SkeletonDesc& skeleton);

}  // namespace anim::sample_gen
