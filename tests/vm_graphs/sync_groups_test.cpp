// Sync groups on compiled graphs: the heaviest member leads and hands over as weights cross, roles
// override the weights, followers keep the leader's phase (by normalised time, or between sync
// markers so foot-downs meet), the group's cycle length follows the weights, and a state that
// starts playing joins the group's phase through inertialized and crossfaded transitions.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/vm_graphs/compiled_rig.h"

using namespace anim;

namespace {

constexpr float kDt = 1.0f / 30.0f;

// A header with walk and run, and copies of them whose foot-down markers sit at other phases:
// walk_m's left foot plants at 0.2 s and its right at 0.75 s; run_m's right at 0.1 s and its left
// at 0.5 s. Normalised time would put the feet out of step; markers keep them in step.
const std::string& MarkedHeader() {
  static const std::string header = [] {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("animtc_sync_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path samples = fs::path(ANIMTC_SOURCE_DIR) / "samples" / "humanoid";
    auto copy_with = [&](const char* source, const char* name, nlohmann::json markers) {
      std::ifstream in(samples / source);
      nlohmann::json clip = nlohmann::json::parse(in);
      clip["name"] = name;
      clip["markers"] = std::move(markers);
      std::ofstream(dir / (std::string(name) + ".json")) << clip.dump();
    };
    copy_with("walk_fwd.json", "walk_m",
              {{{"name", "foot_l"}, {"time", 0.2}}, {{"name", "foot_r"}, {"time", 0.75}}});
    copy_with("run_fwd.json", "run_m",
              {{{"name", "foot_r"}, {"time", 0.1}}, {{"name", "foot_l"}, {"time", 0.5}}});
    return "format: animtc.graph\nversion: 1\nskeleton: humanoid/skeleton.yaml\nclips: {idle: "
           "humanoid/idle.json, "
           "walk: humanoid/walk_fwd.json, run: humanoid/run_fwd.json, walk_m: " +
           (dir / "walk_m.json").string() + ", run_m: " + (dir / "run_m.json").string() + "}\n";
  }();
  return header;
}

int ClockOf(const test::Rig& rig, const char* clip) {
  for (std::size_t c = 0; c < rig.program.clocks.size(); ++c) {
    if (rig.program.clips[rig.program.clocks[c].clip] == clip) return static_cast<int>(c);
  }
  FAIL("no clock plays " << clip);
  return -1;
}

float Duration(const test::Rig& rig, const char* clip) {
  return rig.binding->clocks()[static_cast<std::size_t>(ClockOf(rig, clip))].duration;
}

float Phase(const test::Rig& rig, const char* clip) {
  return rig.Sampled(clip).time / Duration(rig, clip);
}

// Where a clip's time lies between its markers: the marker before (wrapping), and how far on.
struct MarkerPlace {
  std::string marker;
  float fraction = 0.0f;
};
MarkerPlace PlaceOf(const test::Rig& rig, const char* clip) {
  const BoundClock& bound = rig.binding->clocks()[static_cast<std::size_t>(ClockOf(rig, clip))];
  const float t = rig.Sampled(clip).time;
  const std::size_t n = bound.markers.size();
  std::size_t before = n - 1;
  for (std::size_t i = 0; i < n; ++i) {
    if (bound.markers[i].time <= t) before = i;
  }
  float from = bound.markers[before].time;
  float to = bound.markers[(before + 1) % n].time;
  if (to <= from) to += bound.duration;
  if (from > t) from -= bound.duration, to -= bound.duration;
  return {bound.markers[before].name, (t - from) / (to - from)};
}

const char* kBlend = R"(parameters: {mix: {type: float, default: 0.3, min: 0, max: 1}}
nodes:
  gait: {kind: blend, a: {kind: clip, clip: walk, sync: feet}, b: {kind: clip, clip: run, sync: feet}, alpha: mix}
output: {pose: gait}
)";

TEST_CASE("the heaviest member leads, and the group's cycle is its members' durations by weight",
          "[vm][compiled][sync]") {
  auto rig = test::Rig::Compile(kBlend, MarkedHeader().c_str());
  const float walk = Duration(*rig, "walk"), run = Duration(*rig, "run");
  REQUIRE(walk != Approx(run));
  rig->Step(kDt);  // the group starts: the leader shows its start
  CHECK(Phase(*rig, "walk") == 0.0f);
  CHECK(Phase(*rig, "run") == 0.0f);
  float previous = 0.0f;
  for (int frame = 0; frame < 40; ++frame) {
    const float mix = frame < 20 ? 0.3f : 0.7f;
    rig->instance->SetFloat("mix", mix);
    rig->Step(kDt);
    INFO("frame " << frame << ", mix " << mix);
    CHECK(rig->instance->sync_groups[0].leader == ClockOf(*rig, mix < 0.5f ? "walk" : "run"));
    // Followers take the leader's normalised time; the leader moves by dt over the blended cycle.
    CHECK(Phase(*rig, "run") == Approx(Phase(*rig, "walk")).margin(1e-5));
    const float cycle = (1.0f - mix) * walk + mix * run;
    const float advance = std::fmod(Phase(*rig, "walk") - previous + 1.0f, 1.0f);
    CHECK(advance == Approx(kDt / cycle).margin(1e-5));
    previous = Phase(*rig, "walk");
  }
}

TEST_CASE("a leader role leads at any weight, a follower role leads only followers", "[vm][compiled][sync]") {
  auto leads = [](const char* walk_role, const char* run_role) {
    const std::string graph = std::string(R"(nodes:
  gait:
    kind: blend
    a: {kind: clip, clip: walk, sync: {group: feet, role: )") +
                              walk_role + R"(}}
    b: {kind: clip, clip: run, sync: {group: feet, role: )" +
                              run_role + R"(}}
    alpha: 0.2
output: {pose: gait}
)";
    auto rig = test::Rig::Compile(graph, MarkedHeader().c_str());
    rig->Step(kDt);
    rig->Step(kDt);
    return rig->program.clips[rig->program.clocks[rig->instance->sync_groups[0].leader].clip];
  };
  CHECK(leads("auto", "auto") == "walk");          // weight 0.8 against 0.2
  CHECK(leads("auto", "leader") == "run");         // the role wins over the weight
  CHECK(leads("follower", "auto") == "run");       // walk never leads while another can
  CHECK(leads("follower", "follower") == "walk");  // a group of followers: the heaviest
}

TEST_CASE("followers with markers play at the leader's place between markers: the feet meet",
          "[vm][compiled][sync]") {
  auto rig = test::Rig::Compile(R"(parameters: {mix: {type: float, default: 0.3, min: 0, max: 1}}
nodes:
  gait: {kind: blend, a: {kind: clip, clip: walk_m, sync: feet}, b: {kind: clip, clip: run_m, sync: feet}, alpha: mix}
output: {pose: gait}
)",
                                MarkedHeader().c_str());
  std::string walk_before, run_before;
  int walk_plants = 0;
  for (int frame = 0; frame < 90; ++frame) {
    rig->instance->SetFloat("mix", frame < 45 ? 0.3f : 0.8f);  // walk leads, then run
    rig->Step(kDt);
    const MarkerPlace walk = PlaceOf(*rig, "walk_m"), run = PlaceOf(*rig, "run_m");
    INFO("frame " << frame);
    CHECK(walk.marker == run.marker);
    CHECK(walk.fraction == Approx(run.fraction).margin(1e-4));
    // A foot-down is a frame where the place passes a marker: both clips pass the same one together.
    if (frame > 0 && walk.marker != walk_before) {
      ++walk_plants;
      CHECK(run.marker != run_before);
    }
    walk_before = walk.marker;
    run_before = run.marker;
  }
  CHECK(walk_plants >= 4);
}

TEST_CASE(
    "a state that starts playing joins its group's phase, and with no member playing the group restarts",
    "[vm][compiled][sync]") {
  auto rig = test::Rig::Compile(R"(parameters: {state: {type: int, default: 0}}
nodes:
  m:
    kind: state_machine
    initial: walking
    states:
      walking: {kind: clip, clip: walk_m, sync: feet}
      running: {kind: clip, clip: run_m, sync: feet}
      resting: {kind: clip, clip: idle}
    transitions:
      - {from: any, to: walking, condition: "state == 0", duration: 0.2}
      - {from: any, to: running, condition: "state == 1", duration: 0.3, blend: crossfade}
      - {from: any, to: resting, condition: "state == 2", duration: 0.2}
output: {pose: m}
)",
                                MarkedHeader().c_str());
  for (int frame = 0; frame < 13; ++frame)
    rig->Step(kDt);
  const MarkerPlace walking = PlaceOf(*rig, "walk_m");
  const float walk_span = 0.55f;  // foot_l 0.2 s to foot_r 0.75 s
  REQUIRE(walking.marker == "foot_l");
  REQUIRE(walking.fraction + kDt / walk_span < 1.0f);

  // Crossfade into running: run_m enters at walk_m's place, and both stay in step while both play.
  rig->instance->SetInt("state", 1);
  rig->Step(kDt);
  REQUIRE(rig->Current() == rig->State("running"));
  const MarkerPlace entered = PlaceOf(*rig, "run_m");
  CHECK(entered.marker == "foot_l");
  CHECK(entered.fraction > walking.fraction);  // moved on from where walking was, not restarted
  for (int frame = 0; frame < 8; ++frame) {
    INFO("fade frame " << frame);
    CHECK(PlaceOf(*rig, "walk_m").marker == PlaceOf(*rig, "run_m").marker);
    CHECK(PlaceOf(*rig, "walk_m").fraction == Approx(PlaceOf(*rig, "run_m").fraction).margin(1e-4));
    rig->Step(kDt);
  }
  // The crossfade's incoming state took over the lead as its weight passed the outgoing one's.
  CHECK(rig->instance->sync_groups[0].leader == ClockOf(*rig, "run_m"));
  rig->Step(kDt);
  rig->Step(kDt);  // the fade is over (it cannot be interrupted)
  CHECK_FALSE(rig->instance->machines[0].blend_active);

  // Inertialized back to walking: walk_m enters at run_m's place.
  const MarkerPlace running = PlaceOf(*rig, "run_m");
  rig->instance->SetInt("state", 0);
  rig->Step(kDt);
  REQUIRE(rig->Current() == rig->State("walking"));
  CHECK(PlaceOf(*rig, "walk_m").marker == running.marker);

  // Resting plays no member: the group stops, and walking restarts from its clip's start.
  rig->instance->SetInt("state", 2);
  for (int frame = 0; frame < 10; ++frame)  // once the blend into walking may be left
    rig->Step(kDt);
  REQUIRE(rig->Current() == rig->State("resting"));
  CHECK_FALSE(rig->instance->sync_groups[0].playing);
  rig->instance->SetInt("state", 0);
  rig->Step(kDt);
  CHECK(rig->Sampled("walk_m").time == 0.0f);
}

TEST_CASE("a blend space's sync passes to its clip samples that name no group of their own",
          "[vm][compiled][sync]") {
  auto rig = test::Rig::Compile(R"(parameters: {speed: {type: float, default: 1}}
nodes:
  move:
    kind: blend_space_1d
    axis: speed
    sync: {group: feet, role: follower}
    samples:
      - {position: 0, pose: {kind: clip, clip: idle}}
      - {position: 1, pose: {kind: clip, clip: walk}}
      - {position: 2, pose: {kind: clip, clip: run, sync: {group: other, role: leader}}}
output: {pose: move}
)",
                                MarkedHeader().c_str());
  auto group_of = [&](const char* clip) {
    const ClockDesc& clock = rig->program.clocks[static_cast<std::size_t>(ClockOf(*rig, clip))];
    return rig->program.sync_groups[clock.sync_group] + " " + SyncRoleName(clock.sync_role);
  };
  CHECK(rig->program.sync_groups.size() == 2);
  CHECK(group_of("idle") == "feet follower");
  CHECK(group_of("walk") == "feet follower");
  CHECK(group_of("run") == "other leader");
}

std::string Errors(const std::string& body) {
  DiagnosticSink diagnostics;
  CHECK_FALSE(ParseGraph(MarkedHeader() + body, "test.yaml", std::string(ANIMTC_SOURCE_DIR) + "/samples",
                         diagnostics));
  return FormatText(diagnostics);
}

TEST_CASE("a malformed sync is refused where it is written", "[vm][compiled][sync]") {
  CHECK(
      Errors("nodes: {a: {kind: clip, clip: walk, sync: {group: feet, role: boss}}}\noutput: {pose: a}\n") ==
      "test.yaml:5:63: error[E023]: unknown option 'boss' for 'role' of 'sync' of node 'a'; expected one of: "
      "auto leader follower\n");
  CHECK(Errors("nodes: {a: {kind: clip, clip: walk, sync: [feet]}}\noutput: {pose: a}\n") ==
        "test.yaml:5:43: error[E102]: expected a sync group's name or a mapping {group, role} for 'sync' of "
        "node "
        "'a'\n");
  CHECK(Errors("nodes: {a: {kind: clip, clip: walk, sync: \"\"}}\noutput: {pose: a}\n") ==
        "test.yaml:5:43: error[E012]: the group of 'sync' of node 'a' is empty: name the sync group\n");
  CHECK(Errors("nodes: {a: {kind: clip, clip: walk, sync: {role: leader}}}\noutput: {pose: a}\n") ==
        "test.yaml:5:43: error[E101]: missing required field 'group' in 'sync' of node 'a'\n");
  CHECK(Errors("nodes: {a: {kind: clip, clip: walk, sync: {group: g, rol: leader}}}\noutput: {pose: a}\n") ==
        "test.yaml:5:54: error[E103]: unknown field 'rol' in 'sync' of node 'a'; did you mean 'role'?\n");
}

}  // namespace
