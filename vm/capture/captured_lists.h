// What recording and replaying a capture share: turning a task list into its captured form and
// back onto a binding's tables, the state slots a list reads, and the hashes frames are compared by.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "executor/math/mat4.h"
#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/task_snapshot.h"
#include "vm/capture/anim_capture.h"
#include "vm/program_binding.h"

namespace anim {

// FNV-1a 64 of a pose: its bones as transforms, its curves, kind and root motion.
uint64_t PoseResultHash(const Pose& pose);
// FNV-1a 64 of the skinning matrices' floats.
uint64_t SkinningChecksum(std::span<const Mat4> skinning);

CapturedList CaptureList(const AnimTaskList& list);
// `captured`'s tasks on `binding`'s skeleton and tables, reading `state`.
void RestoreList(const CapturedList& captured, const ProgramBinding& binding, TaskStateStorage* state,
                 AnimTaskList& out);

// The blend and snapshot slots the list's tasks name, each once, ascending, within `state`.
void CaptureSlotsRead(const AnimTaskList& list, const TaskStateStorage& state, CapturedFrame& frame);
// A TaskStateStorage of the capture's sizes holding the frame's captured slots.
void RestoreState(const CaptureAssets& assets, const CapturedFrame& frame, TaskStateStorage& state);

// PoseResultHash of every task `snapshot` saw execute (0 for the others), each computed by running
// the list up to that task alone against a copy of `before`, the state the list started from.
std::vector<uint64_t> TaskResultHashes(const AnimTaskList& list, const TaskStateStorage& before,
                                       const TaskSnapshot& snapshot);

}  // namespace anim
