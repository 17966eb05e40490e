// Events (docs/semantics.md, "Events"): once a frame has recorded and its sync groups have set
// their clocks, the events its clips crossed and its machines' transitions fired, weighed by what
// their sources give the output, filtered by their thresholds and put in their canonical order.
#pragma once

#include <span>

#include "executor/tasks/anim_task_list.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"

namespace anim {

// Fills instance.events for the frame `list` recorded. `weights` are the list's TaskWeights.
void CollectEvents(const ProgramBinding& binding, AnimInstance& instance, const AnimTaskList& list,
                   std::span<const float> weights);

// Grows the calling thread's event scratch to instances firing up to `events` events in a frame
// (ReserveThreadBuildTasks).
void ReserveEventScratch(std::size_t events);

}  // namespace anim
