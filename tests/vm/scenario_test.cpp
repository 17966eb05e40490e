// Scenario files: reading (YAML and JSON, every refusal at its line and column), playing events
// into an instance, and the frame runner.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "compiler/scenario/scenario_reader.h"
#include "tests/vm/vm_runner_fixture.h"
#include "vm/frame_runner.h"

namespace anim {
namespace {

using Catch::Matchers::Contains;
using Catch::Matchers::Equals;

// Parses `text` against the full program; returns the diagnostics as text ("" when it parsed).
std::string Diagnose(const std::string& text, const std::string& file = "s.yaml") {
  test::VmRig rig;
  const Program program = test::FullProgram(rig);
  DiagnosticSink sink;
  const std::optional<Scenario> scenario = ParseScenario(text, file, program, sink);
  CHECK(scenario.has_value() == !sink.has_errors());
  return FormatText(sink);
}

const char* kHeader = "format: animtc.scenario\nversion: 1\nframes: 11\ndelta_time: 0.1\n";

TEST_CASE("a YAML scenario reads into events in file order", "[vm][scenario]") {
  test::VmRig rig;
  const Program program = test::FullProgram(rig);
  DiagnosticSink sink;
  const std::string text = std::string(kHeader) +
                           "events:\n"
                           "  - {set: speed, at: 0.2, value: 1.5}\n"
                           "  - {ramp: aim, start: 0, end: 1, from: [0, 0, 0], to: [1, 2, 3]}\n"
                           "  - {fire: jump, at: 0.5}\n"
                           "  - {set: crouch, at: 0, value: true}\n"
                           "  - {ramp: mode, start: 0.1, end: 0.3, from: 0, to: 4}\n";
  const std::optional<Scenario> s = ParseScenario(text, "s.yaml", program, sink);
  INFO(FormatText(sink));
  REQUIRE(s.has_value());
  CHECK(s->frame_count == 11);
  CHECK(s->delta_time == 0.1f);
  REQUIRE(s->events.size() == 5);
  CHECK(s->events[0].kind == ParamEventKind::Set);
  CHECK(s->events[0].param == 0);
  CHECK(s->events[0].from[0] == 1.5f);
  CHECK(s->events[1].kind == ParamEventKind::Ramp);
  CHECK(s->events[1].to[2] == 3.0f);
  CHECK(s->events[1].end_time == 1.0f);
  CHECK(s->events[2].kind == ParamEventKind::Fire);
  CHECK(s->events[2].param == 1);
  CHECK(s->events[3].from[0] == 1.0f);
}

TEST_CASE("a JSON scenario reads the same way", "[vm][scenario]") {
  CHECK(Diagnose(R"({"format": "animtc.scenario", "version": 1, "frames": 3, "delta_time": 0.5,
                     "events": [{"fire": "jump", "at": 1.0}]})",
                 "s.json")
            .empty());
}

TEST_CASE("scenario refusals point at the offending value", "[vm][scenario]") {
  const std::string h = kHeader;
  CHECK_THAT(Diagnose(h + "events:\n  - {set: sped, at: 0, value: 1}\n"),
             Equals("s.yaml:6:11: error[E004]: unknown parameter 'sped'; did you mean 'speed'?\n"));
  CHECK_THAT(Diagnose(h + "events:\n  - {set: nothing_like_it, at: 0, value: 1}\n"),
             Equals("s.yaml:6:11: error[E004]: unknown parameter 'nothing_like_it'; the graph has no such "
                    "parameter\n"));
  CHECK_THAT(
      Diagnose(h + "events:\n  - {set: speed, at: 0, value: fast}\n"),
      Equals("s.yaml:6:32: error[E102]: expected a number for 'value' of float parameter 'speed', found "
             "string 'fast'\n"));
  CHECK_THAT(Diagnose(h + "events:\n  - {set: crouch, at: 0, value: 1}\n"),
             Equals("s.yaml:6:33: error[E102]: expected a boolean (true or false) for 'value' of bool "
                    "parameter 'crouch', found "
                    "number 1\n"));
  CHECK_THAT(
      Diagnose(h + "events:\n  - {set: mode, at: 0, value: 1.5}\n"),
      Equals("s.yaml:6:31: error[E102]: expected an integer for 'value' of int parameter 'mode', found "
             "number 1.5\n"));
  CHECK_THAT(
      Diagnose(h + "events:\n  - {set: jump, at: 0, value: true}\n"),
      Equals("s.yaml:6:31: error[E102]: 'jump' is a trigger: fire it with 'fire' instead of setting it\n"));
  CHECK_THAT(
      Diagnose(h + "events:\n  - {fire: speed, at: 0}\n"),
      Equals("s.yaml:6:12: error[E102]: 'fire' needs a trigger parameter; 'speed' is a float (use 'set')\n"));
  CHECK_THAT(
      Diagnose(h + "events:\n  - {ramp: crouch, start: 0, end: 1, from: 0, to: 1}\n"),
      Equals("s.yaml:6:12: error[E102]: 'ramp' needs a float, int or vec3 parameter; 'crouch' is a bool\n"));
  CHECK_THAT(
      Diagnose(h + "events:\n  - {set: aim, at: 0, value: [1, 2]}\n"),
      Equals("s.yaml:6:30: error[E105]: expected 3 numbers for 'value' of vec3 parameter 'aim', found 2\n"));
  CHECK_THAT(Diagnose(h + "events:\n  - {set: speed, at: -1, value: 1}\n"),
             Equals("s.yaml:6:22: error[E106]: 'at' must not be negative, found -1\n"));
  CHECK_THAT(Diagnose(h + "events:\n  - {fire: jump, at: 1.5}\n"),
             Equals("s.yaml:6:22: error[E106]: 'at' is 1.5 s, past the last frame at 1 s\n"));
  CHECK_THAT(Diagnose(h + "events:\n  - {ramp: speed, start: 0.5, end: 0.2, from: 0, to: 1}\n"),
             Equals("s.yaml:6:36: error[E106]: the ramp ends (0.2 s) before it starts (0.5 s)\n"));
  CHECK_THAT(
      Diagnose(h + "events:\n  - {set: speed, fire: jump, at: 0}\n"),
      Equals(
          "s.yaml:6:5: error[E101]: 'events'[0] must have exactly one of 'set', 'ramp', 'fire' or 'lod'\n"));
  CHECK_THAT(
      Diagnose(h + "events:\n  - {lod: -3, at: 0}\n"),
      Equals("s.yaml:6:11: error[E106]: expected 'lod' between 0 (every bone) and 32767 bones, found -3\n"));
  CHECK_THAT(Diagnose(h + "events:\n  - {lod: 4.5, at: 0}\n"), Contains("error[E102]"));
  CHECK_THAT(Diagnose(h + "events:\n  - {lod: 4, at: 2}\n"),
             Contains("error[E106]: 'at' is 2 s, past the last frame"));
  CHECK_THAT(Diagnose(h + "events:\n  - {fire: jump, at: 0, when: 1}\n"), Contains("error[E103]"));
  CHECK_THAT(Diagnose("format: animtc.scenario\nversion: 1\nframes: 0\ndelta_time: -1\n"),
             Equals("s.yaml:3:9: error[E106]: expected 'frames' between 1 and 1000000, found 0\n"
                    "s.yaml:4:13: error[E106]: expected a positive 'delta_time', found -1\n"));
  CHECK_THAT(Diagnose("format: animtc.skeleton\nversion: 1\n"), Contains("error[E104]"));
  CHECK_THAT(Diagnose("format: animtc.scenario\nversion: 1\n"), Contains("error[E101]"));
}

TEST_CASE("the scenario schema lists the fields the reader reads", "[vm][scenario]") {
  std::ifstream in(std::string(ANIMTC_SOURCE_DIR) + "/schemas/scenario.schema.json");
  REQUIRE(in.good());
  const nlohmann::json schema = nlohmann::json::parse(in);
  std::set<std::string> top;
  for (const auto& [key, value] : schema["properties"].items())
    top.insert(key);
  CHECK(top == std::set<std::string>{"format", "version", "frames", "delta_time", "events"});
  const nlohmann::json& kinds = schema["properties"]["events"]["items"]["oneOf"];
  REQUIRE(kinds.size() == 4);
  std::set<std::string> required;
  for (const nlohmann::json& kind : kinds) {
    for (const auto& field : kind["required"])
      required.insert(field.get<std::string>());
  }
  CHECK(required ==
        std::set<std::string>{"set", "at", "value", "ramp", "start", "end", "from", "to", "fire", "lod"});
}

TEST_CASE("events apply before the frame whose time reaches them, ramps interpolate and hold",
          "[vm][scenario]") {
  test::VmRig rig;
  const Program program = test::FullProgram(rig);
  Scenario s;
  s.frame_count = 10;
  s.delta_time = 0.1f;
  ParamEvent set{ParamEventKind::Set, 0, 0.3f, 0.0f, {2.0f, 0, 0}, {}};
  ParamEvent ramp{ParamEventKind::Ramp, 2, 0.2f, 0.6f, {0, 0, 0}, {4.0f, 8.0f, 0.0f}};
  ParamEvent fire{ParamEventKind::Fire, 1, 0.5f, 0.0f, {}, {}};
  s.events = {set, ramp, fire};
  AnimInstance instance(program);
  ScenarioPlayer player(s);
  std::vector<float> speed, aim_x, jump;
  for (int frame = 0; frame < 9; ++frame) {
    player.ApplyBeforeFrame(frame, instance);
    speed.push_back(instance.param_value(0));
    aim_x.push_back(instance.param_value(2, 0));
    jump.push_back(instance.param_value(1));
    if (frame == 7) instance.SetVec3(2, -1.0f, 0.0f, 0.0f);  // a finished ramp no longer writes
  }
  CHECK(speed == std::vector<float>{0, 0, 0, 2, 2, 2, 2, 2, 2});
  CHECK(jump == std::vector<float>{0, 0, 0, 0, 0, 1, 1, 1, 1});
  REQUIRE(aim_x.size() == 9);
  CHECK(aim_x[1] == 0.0f);
  CHECK(aim_x[2] == 0.0f);
  CHECK(aim_x[3] == Approx(1.0f));
  CHECK(aim_x[4] == Approx(2.0f));
  CHECK(aim_x[6] == 4.0f);
  CHECK(aim_x[7] == 4.0f);
  CHECK(aim_x[8] == -1.0f);
}

TEST_CASE("the frame runner plays a scenario through BuildTasks and ExecuteTaskList", "[vm][scenario]") {
  test::VmRig rig;
  const Program program = test::FullProgram(rig);
  const ProgramBinding binding = test::BindOrThrow(program, rig);
  AnimInstance instance(program);
  DiagnosticSink sink;
  const std::optional<Scenario> s = ParseScenario(
      std::string(kHeader) + "events:\n  - {set: speed, at: 0.3, value: 2}\n", "s.yaml", program, sink);
  REQUIRE(s.has_value());
  std::vector<int> frames;
  std::vector<uint16_t> loco_state;
  RunScenario(binding, instance, *s, [&](const FrameResult& f) {
    frames.push_back(f.frame);
    CHECK(f.time == Approx(0.1f * static_cast<float>(f.frame)));
    REQUIRE(f.list != nullptr);
    CHECK(f.list->output_task >= 0);
    CHECK(f.snapshot->tasks.size() == f.list->tasks.size());
    CHECK(f.skinning.size() == 6);
    CHECK(f.model.size() == 6);
    CHECK(f.local_pose->bone_count() == 6);
    loco_state.push_back(f.instance->machines[0].current);
  });
  CHECK(frames.size() == 11);
  CHECK(loco_state == std::vector<uint16_t>{0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1});
}

TEST_CASE("lod events set the instance's LOD cut when due, each once, and every list carries it",
          "[vm][scenario][lod]") {
  test::VmRig rig;
  const Program program = test::FullProgram(rig);
  const ProgramBinding binding = test::BindOrThrow(program, rig);
  AnimInstance instance(program);
  DiagnosticSink sink;
  // Out of time order on purpose: each event applies once, when its own time comes.
  const std::optional<Scenario> s =
      ParseScenario(std::string(kHeader) + "events:\n  - {lod: 0, at: 0.6}\n  - {lod: 4, at: 0.2}\n",
                    "s.yaml", program, sink);
  INFO(FormatText(sink));
  REQUIRE(s.has_value());
  std::vector<int> cut, active;
  RunScenario(binding, instance, *s, [&](const FrameResult& f) {
    cut.push_back(f.list->active_bone_count);
    active.push_back(f.list->ActiveBones());
  });
  CHECK(cut == std::vector<int>{0, 0, 4, 4, 4, 4, 0, 0, 0, 0, 0});
  CHECK(active == std::vector<int>{6, 6, 4, 4, 4, 4, 6, 6, 6, 6, 6});
}

}  // namespace
}  // namespace anim
