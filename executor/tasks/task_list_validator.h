// ValidateTaskList: the runtime's structural check of a task list (the seed's anim.ValidateTasks),
// for an engine's debug console and for lists that come from outside the VM (a capture file). It
// reports, task by task, what the executor would have to guess at: dependencies that are missing,
// not earlier in the list or of no use, resource indices past the list's tables, bones past the
// skeleton, field values outside their enums, non-finite numbers and stage order. A list the VM
// records passes; the executor survives one that does not, but computes nothing meaningful.
#pragma once

#include <string>
#include <vector>

#include "executor/tasks/anim_task_list.h"

namespace anim {

struct TaskListIssue {
  int task = -1;  // the task it concerns, -1 for the list itself
  std::string message;
};

// Every issue, in task order; empty when the list is sound.
std::vector<TaskListIssue> ValidateTaskList(const AnimTaskList& list);

// "task 4 (Blend): dep_b 7 is not an earlier task": one issue as a line.
std::string FormatTaskListIssue(const AnimTaskList& list, const TaskListIssue& issue);

}  // namespace anim
