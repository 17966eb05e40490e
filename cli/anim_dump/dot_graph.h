// The recorded task graph as Graphviz DOT, read top to bottom (the output last): a box per task
// labelled with its index, type, key fields and graph node; pruned tasks greyed and dashed; an
// edge per dependency labelled with the input it feeds (a/b, base/additive, source, ...), bold and
// marked "steal" where the consumer wrote into that dependency's buffer; the output task
// double-bordered; the tasks that make up one state of a state machine boxed together under the
// machine's and the state's name.
#pragma once

#include <string>

#include "cli/anim_dump/frame_capture.h"

namespace anim::dump {

std::string TaskGraphDot(const CapturedRun& run, const DumpFrame& frame);

}  // namespace anim::dump
