// ValidateTaskList (executor/tasks/task_list_validator.h): the worked example's list is sound, and
// each kind of damage to it is reported on its task with what is wrong.
#include <catch2/catch.hpp>

#include <functional>
#include <limits>
#include <memory>
#include <string>

#include "executor/tasks/task_list_validator.h"
#include "tests/executor/humanoid_assets.h"
#include "tools/worked_example/worked_example_list.h"

using namespace anim;
using anim::test::Humanoid;

namespace {

// The one issue the worked example's list gets once `edit` has damaged it, as a line.
std::string OnlyIssue(const std::function<void(AnimTaskList&)>& edit) {
  WorkedExample ex;
  BuildWorkedExample(Humanoid(), 0.4f, ex);
  edit(ex.list);
  const std::vector<TaskListIssue> issues = ValidateTaskList(ex.list);
  REQUIRE(issues.size() == 1);
  return FormatTaskListIssue(ex.list, issues.front());
}

}  // namespace

TEST_CASE("the worked example's list is sound", "[executor][validate]") {
  WorkedExample ex;
  BuildWorkedExample(Humanoid(), 0.4f, ex);
  CHECK(ValidateTaskList(ex.list).empty());
  BuildWorkedExample(Humanoid(), 0.4f, ex, AimLayer::Baked);
  CHECK(ValidateTaskList(ex.list).empty());
}

TEST_CASE("each kind of damage to a list is reported on its task", "[executor][validate]") {
  CHECK(OnlyIssue([](AnimTaskList& l) { l.tasks[3].dep_b = 5; }) ==
        "task 3 (Blend): dep_b 5 is not an earlier task");
  CHECK(OnlyIssue([](AnimTaskList& l) { l.tasks[3].dep_a = AnimTask::NoTask; }) ==
        "task 3 (Blend): dep_a is missing");
  CHECK(OnlyIssue([](AnimTaskList& l) { l.tasks[0].dep_a = 0; }) ==
        "task 0 (SampleClip): dep_a 0 is set, but this task reads no such input");
  CHECK(OnlyIssue([](AnimTaskList& l) { l.tasks[1].resource = 99; }) ==
        "task 1 (SampleClip): clip 99 is past the list's 7 clips");
  CHECK(OnlyIssue([](AnimTaskList& l) { l.tasks[8].resource = 1; }) ==
        "task 8 (Inertialize): blend slot 1 is past the list's 1 blend slot");
  CHECK(OnlyIssue([](AnimTaskList& l) { l.tasks[12].bone_c = 500; }) ==
        "task 12 (FootIK): bone_c 500 is not a bone of the skeleton (" +
            std::to_string(Humanoid().skeleton.bone_count()) + " bones)");
  CHECK(OnlyIssue([](AnimTaskList& l) { l.tasks[3].alpha = std::numeric_limits<float>::quiet_NaN(); }) ==
        "task 3 (Blend): holds a number that is not finite");
  CHECK(OnlyIssue([](AnimTaskList& l) { l.tasks[10].mode = 7; }) ==
        "task 10 (MakeAdditive): additive base 7 is not one of its values");
  CHECK(OnlyIssue([](AnimTaskList& l) { l.tasks[5].type = static_cast<AnimTaskType>(40); }) ==
        "task 5 (Unknown): type 40 is not a task type");
  CHECK(OnlyIssue([](AnimTaskList& l) {
          l.tasks[2].stage = AnimTaskStage::PostPhysics;
          l.tasks[3].stage = AnimTaskStage::PrePhysics;
        }) == "task 3 (Blend): a PrePhysics task reads task 2, which runs PostPhysics");
  CHECK(OnlyIssue([](AnimTaskList& l) { l.output_task = 13; }) ==
        "the output task 13 is not a task of the list");
  CHECK(OnlyIssue([](AnimTaskList& l) { l.state = nullptr; }) ==
        "task 8 (Inertialize): blend slot 0 is past the list's 0 blend slots");
}
