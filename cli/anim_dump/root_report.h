// `anim-dump root`: where root motion takes the character (docs/cli.md). Text: per frame, the
// frame's root motion and the accumulated root (position on the ground, height, heading). SVG: the
// root's trajectory seen from above, with a metre grid, the start and end marked, the heading drawn
// at intervals and frame numbers along the path.
#pragma once

#include <memory>

#include "cli/anim_dump/frame_report.h"

namespace anim::dump {

// A root's heading in degrees about +Y, in (-180, 180]: 0 faces +Z, 90 faces +X.
double Heading(const Transform& t);

std::unique_ptr<FrameReport> RootTextReport(bool colour);
std::unique_ptr<FrameReport> RootSvgReport();

}  // namespace anim::dump
