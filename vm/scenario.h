// A scenario: how long to run and what happens to parameters over time. Files are read by
// compiler/scenario/ (YAML or JSON, schemas/scenario.schema.json); this is the plain data the frame
// runner plays, so the runtime needs no parser.
#pragma once

#include <cstdint>
#include <vector>

#include "vm/instance/anim_instance.h"

namespace anim {

enum class ParamEventKind : uint8_t {
  Set,   // the parameter takes `from` at `time`
  Ramp,  // the parameter goes linearly from `from` at `time` to `to` at `end_time`
  Fire,  // the trigger fires at `time`
};

struct ParamEvent {
  ParamEventKind kind = ParamEventKind::Set;
  uint16_t param = 0;  // index into Program::params
  float time = 0.0f;
  float end_time = 0.0f;
  float from[3] = {0.0f, 0.0f, 0.0f};  // bool: 0 or 1; scalars use [0]
  float to[3] = {0.0f, 0.0f, 0.0f};
};

// The skeleton LOD cut from `time` on: frames sample and blend only bones [0, bone_count)
// (AnimInstance::active_bone_count; 0 is every bone).
struct LodEvent {
  float time = 0.0f;
  int bone_count = 0;
};

struct Scenario {
  int frame_count = 1;
  float delta_time = 1.0f / 30.0f;
  std::vector<ParamEvent> events;    // applied in this order when several are due before one frame
  std::vector<LodEvent> lod_events;  // in file order
};

// Whether an event at `event_time` is due before a frame at `frame_time`: events written at a frame's
// time belong to it despite rounding (a slack of a thousandth of a frame).
inline bool EventDue(float event_time, float frame_time, float delta_time) {
  return event_time <= frame_time + delta_time * 1e-3f;
}

// Plays a scenario's events into an instance, frame by frame (docs/semantics.md, "Scenarios").
class ScenarioPlayer {
 public:
  explicit ScenarioPlayer(const Scenario& scenario);

  // Applies the events due before frame `frame` (time frame * delta_time). Frames must be played in
  // order from 0. Allocates nothing.
  void ApplyBeforeFrame(int frame, AnimInstance& instance);

 private:
  const Scenario& scenario_;
  std::vector<uint8_t> done_;      // per event: applied for good (a set, a fire, a finished ramp)
  std::vector<uint8_t> lod_done_;  // per LOD event: applied
};

}  // namespace anim
