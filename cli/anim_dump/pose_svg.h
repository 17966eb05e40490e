// `anim-dump pose --format svg`: the output skeleton drawn, one panel per selected frame, each
// panel three views of the model-space joint positions (front, side, top) at one scale shared by
// every panel. Bones on the left are blue and on the right red (by name: "_l", "left", ...), the
// rest grey; each bone's name shows on hover. The ground (y = 0) is drawn in the front and side
// views, and the IK targets of the frame's reachable tasks are marked: two-bone, FABRIK and look-at
// targets as crosses, a foot IK's ground plane as a dashed line at its height. Every joint carries
// its model position as `data-model="x y z"`, so a test can read the picture back.
#pragma once

#include <memory>

#include "cli/anim_dump/frame_report.h"

namespace anim::dump {

// Panels one picture holds: a longer range is refused (pick one with --frames A:B).
inline constexpr int kMaxPoseSvgFrames = 48;

// Frames must be captured with FrameContent::pose and FrameContent::tasks.
std::unique_ptr<FrameReport> PoseSvgReport();

}  // namespace anim::dump
