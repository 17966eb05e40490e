// `anim-dump run`: one line per frame (machine states, transitions started, task and reachable
// counts, peak live buffers), as text or JSON (schemas/dump-run.schema.json); the JSON may carry
// the final frame's local pose or skinning matrices.
#pragma once

#include <memory>

#include "cli/anim_dump/frame_report.h"

namespace anim::dump {

enum class FinalOutput { None, Pose, Skinning };

std::unique_ptr<FrameReport> RunTextReport(bool colour);
// `frame_count`: how many frames the run reports.
std::unique_ptr<FrameReport> RunJsonReport(int frame_count, FinalOutput final_output);

}  // namespace anim::dump
