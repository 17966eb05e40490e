// The words tools print for one recorded task: its dependencies, its key fields (clip and time,
// alpha, bones, target) and, for a pruned task, why the executor skipped it. Names go in as they
// are (any bytes); each writer escapes the result for its output (compiler/diag/escape.h).
#pragma once

#include <string>
#include <vector>

#include "cli/anim_dump/frame_capture.h"

namespace anim::dump {

// Dependency indices in order (dep_a, then dep_b), only those the task reads.
std::vector<int> Dependencies(const AnimTask& task);
// "1, 2", or "" for none.
std::string DependencyText(const AnimTask& task);
// Whether `reader` wrote in place into dependency `dep`'s buffer (a result handed over to a seam's
// history left its buffer before anyone read it, so nobody steals that one).
bool StoleFrom(const DumpTask& dep, const DumpTask& reader);

// The seed's style: "idle t=0.433", "alpha 0.3", "thigh_l calf_l foot_l alpha 1.0".
std::string KeyFields(const CapturedRun& run, const DumpFrame& frame, const DumpTask& task);

// Why each task did not run ("" for one that ran): "state walk of locomotion is inactive" (the
// result of a state that is not running, and what only it reads), "pruned: weight 0 in blend
// 'gait'" (an input its reader passes over by weight, and what only it reads), "read only by
// tasks that do not run", "nothing reads its result".
std::vector<std::string> PruneReasons(const DumpFrame& frame);

// A number as people write it: "0.3", "1.0", "0.433" (up to 3 decimals, at least one).
std::string Number(float value);

// "4 SampleClip run_fwd": index, type and the resource name if any.
std::string TaskLabel(const DumpTask& task, int index);

}  // namespace anim::dump
