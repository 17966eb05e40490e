// Direct evaluation's events (docs/semantics.md, "Events"), worked out on its own from the frame's
// clock moves, machine changes and pose weights, in the canonical order, for validation to hold
// the VM's to.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "compiler/ir/ir.h"  // the event table, as the IR holds it

namespace anim::direct {

// Numbered as the VM's EventPhase and EventSource, so validation compares them as numbers.
enum class Phase : uint8_t { Instant = 0, Begin = 1, End = 2 };
enum class Source : uint8_t { Clip = 0, State = 1, Transition = 2 };

struct Event {
  uint16_t name = 0;
  Phase phase = Phase::Instant;
  Source source = Source::Clip;
  uint16_t desc = 0;  // index into the table of its source
  float weight = 0.0f;
};

// A clock this frame: whether its scope runs and restarted, and its move.
struct ClockMove {
  bool active = false, entering = false;
  float from = 0.0f, to = 0.0f, passes = 0.0f;
  float direction = 0.0f;  // 1 forward, -1 backward, 0 still
  float duration = 0.0f;
  float weight = 0.0f;  // what its clip player gives the output
};

// A machine this frame.
struct MachineChange {
  int fired = -1;  // the transition that fired, or -1
  int left = -1;   // the state it left
  int current = 0;
  bool blend_finished = false;
  float weight = 0.0f;  // what the machine gives the output
};

std::vector<Event> FireEvents(const EventTable& table, std::span<const ClockMove> clocks,
                              std::span<const MachineChange> machines);

}  // namespace anim::direct
