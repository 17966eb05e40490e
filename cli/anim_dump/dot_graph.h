// The recorded task graph as Graphviz DOT: a box per task labelled with its index, type, key
// fields and graph node; pruned tasks greyed and dashed; an edge per dependency, bold and marked
// "steal" where the consumer wrote into that dependency's buffer; the output task double-bordered.
#pragma once

#include <string>

#include "cli/anim_dump/frame_capture.h"

namespace anim::dump {

std::string TaskGraphDot(const CapturedRun& run, const DumpFrame& frame);

}  // namespace anim::dump
