#include "vm/events.h"

#include <algorithm>
#include <vector>

namespace anim {
namespace {

// Where a fired event sorts: machine events (by machine, then transition, exit, enter, fully
// blended) before clip events (by clock, then how far along the frame's playback they were crossed).
struct Ordered {
  int group = 0;       // 0 machine, 1 clip
  int owner = 0;       // machine or clock
  int sub = 0;         // machine events: 0 transition, 1 exit, 2 enter, 3 fully blended
  float distance = 0;  // clip events
  int phase = 0;       // at one place: a window's end before a window's begin
  int table = 0;       // the event table's order breaks ties
  FiredEvent event;
};

// A state event's place after the transition's: the state left, the state entered, then a blend
// ending.
int MachineOrder(StateEventKind kind) {
  return kind == StateEventKind::Exit ? 1 : kind == StateEventKind::Enter ? 2 : 3;
}

bool Before(const Ordered& a, const Ordered& b) {
  if (a.group != b.group) return a.group < b.group;
  if (a.owner != b.owner) return a.owner < b.owner;
  if (a.sub != b.sub) return a.sub < b.sub;
  if (a.distance != b.distance) return a.distance < b.distance;
  if (a.phase != b.phase) return a.phase < b.phase;
  return a.table < b.table;
}

// How far along the frame's playback of a clock (from `from` to `to`, `wraps` times past an end,
// playing the way `direction` says) a point at `at` of its clip was first crossed, or -1 when it
// was not. Crossing is half-open: a point at `from` was crossed by the frame before. A synced
// clock nudged against its way (a phase correction) crosses nothing. `duration` is above 0.
float Crossed(float at, float from, float to, float wraps, float direction, float duration) {
  if (direction > 0.0f) {
    if (wraps == 0.0f) return from < at && at <= to ? at - from : -1.0f;
    if (wraps < 0.0f) return -1.0f;
    if (at > from) return at - from;
    return wraps >= 2.0f || at <= to ? duration - from + at : -1.0f;
  }
  if (direction == 0.0f || wraps > 0.0f) return -1.0f;
  if (wraps == 0.0f) return to <= at && at < from ? from - at : -1.0f;
  if (at < from) return from - at;
  return wraps <= -2.0f || at >= to ? from + duration - at : -1.0f;
}

// Grows to the most an instance fires, then stays.
std::vector<Ordered>& ThreadFired() {
  thread_local std::vector<Ordered> fired;
  return fired;
}

}  // namespace

void ReserveEventScratch(std::size_t events) {
  ThreadFired().reserve(events);
}

void CollectEvents(const ProgramBinding& binding, AnimInstance& instance, const AnimTaskList& list,
                   std::span<const float> weights) {
  instance.events.clear();
  const EventTable& table = binding.program().events;
  if (table.empty()) return;
  std::vector<Ordered>& fired = ThreadFired();
  fired.clear();
  fired.reserve(instance.events.capacity());
  auto weight_of = [&](int16_t task) {
    return task >= 0 && static_cast<std::size_t>(task) < weights.size() ? std::min(weights[task], 1.0f)
                                                                        : 0.0f;
  };
  auto fire = [&](Ordered o, uint16_t name, float threshold, float weight) {
    if (!(weight > (threshold >= 0.0f ? threshold : table.threshold))) return;
    o.event.name = name;
    o.event.weight = weight;
    fired.push_back(o);
  };

  for (std::size_t i = 0; i < table.transition.size(); ++i) {
    const TransitionEventDesc& e = table.transition[i];
    const MachineState& m = instance.machines[e.machine];
    if (!m.fired || m.last_transition != e.transition) continue;
    fire({0,
          e.machine,
          0,
          0.0f,
          0,
          static_cast<int>(i),
          {0, EventPhase::Instant, EventSource::Transition, static_cast<uint16_t>(i), 0.0f}},
         e.name, e.threshold, weight_of(m.record_task));
  }
  for (std::size_t i = 0; i < table.state.size(); ++i) {
    const StateEventDesc& e = table.state[i];
    const MachineState& m = instance.machines[e.machine];
    const bool happened = e.kind == StateEventKind::Enter  ? m.fired && m.current == e.state
                          : e.kind == StateEventKind::Exit ? m.fired && m.left_state == e.state
                                                           : m.blend_finished && m.current == e.state;
    if (!happened) continue;
    fire({0,
          e.machine,
          MachineOrder(e.kind),
          0.0f,
          0,
          static_cast<int>(i),
          {0, EventPhase::Instant, EventSource::State, static_cast<uint16_t>(i), 0.0f}},
         e.name, e.threshold, weight_of(m.record_task));
  }
  const std::span<const BoundClock> clocks = binding.clocks();
  for (std::size_t i = 0; i < table.clip.size(); ++i) {
    const ClipEventDesc& e = table.clip[i];
    const ClockState& clock = instance.clocks[e.clock];
    const BoundClock& bound = clocks[e.clock];
    const ScopeState& scope = instance.scopes[bound.scope];
    if (!scope.active_now || clock.task < 0 || !(bound.duration > 0.0f)) continue;
    const AnimTask& task = list.tasks[static_cast<std::size_t>(clock.task)];
    const float from = task.t.x, to = task.time, wraps = task.t.y, direction = task.t.z;
    const EventPhase phases[2] = {e.duration > 0.0f ? EventPhase::Begin : EventPhase::Instant,
                                  EventPhase::End};
    const float points[2] = {e.time, e.time + e.duration};
    for (int k = 0; k < (e.duration > 0.0f ? 2 : 1); ++k) {
      // The frame a clock restarts shows its start: a point there fires then.
      const float distance = scope.entering ? (points[k] == from ? 0.0f : -1.0f)
                                            : Crossed(points[k], from, to, wraps, direction, bound.duration);
      if (distance < 0.0f) continue;
      fire({1,
            e.clock,
            0,
            distance,
            phases[k] == EventPhase::End ? 0 : 1,
            static_cast<int>(i),
            {0, phases[k], EventSource::Clip, static_cast<uint16_t>(i), 0.0f}},
           e.name, e.threshold, weight_of(clock.task));
    }
  }
  std::sort(fired.begin(), fired.end(), Before);  // keys are unique; std::stable_sort would allocate
  for (const Ordered& o : fired)
    instance.events.push_back(o.event);
}

}  // namespace anim
