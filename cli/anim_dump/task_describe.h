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

// The seed's style: "idle t=0.433", "alpha 0.3", "thigh_l calf_l foot_l alpha 1.0".
std::string KeyFields(const CapturedRun& run, const DumpFrame& frame, const DumpTask& task);

// Why a task did not run: "state walk of locomotion is inactive", "read only by pruned tasks",
// "nothing reads its result". Empty for a reachable task.
std::string PruneReason(const DumpFrame& frame, int index);

// A number as people write it: "0.3", "1.0", "0.433" (up to 3 decimals, at least one).
std::string Number(float value);

// "4 SampleClip run_fwd": index, type and the resource name if any.
std::string TaskLabel(const DumpTask& task, int index);

}  // namespace anim::dump
