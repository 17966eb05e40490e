#include "compiler/direct/direct_events.h"

#include <algorithm>
#include <tuple>

namespace anim::direct {
namespace {

// The position along the frame's playback at which the clip time `at` was first passed, or
// nothing: (from, to] going forward, [to, from) going back, whole clip lengths in between; a move
// against the clock's way (a synced clock's phase correction) passes nothing.
bool Passed(float at, const ClockMove& c, float& distance) {
  const float d = c.duration;
  if (c.direction == 0.0f || (c.direction > 0.0f && c.passes < 0.0f) ||
      (c.direction < 0.0f && c.passes > 0.0f))
    return false;
  if (c.direction > 0.0f) {
    if (at > c.from && (c.passes > 0.0f || at <= c.to)) {
      distance = at - c.from;
      return true;
    }
    if (c.passes > 0.0f && (c.passes >= 2.0f || at <= c.to)) {
      distance = d - c.from + at;
      return true;
    }
    return false;
  }
  if (at < c.from && (c.passes < 0.0f || at >= c.to)) {
    distance = c.from - at;
    return true;
  }
  if (c.passes < 0.0f && (c.passes <= -2.0f || at >= c.to)) {
    distance = c.from + d - at;
    return true;
  }
  return false;
}

}  // namespace

std::vector<Event> FireEvents(const EventTable& table, std::span<const ClockMove> clocks,
                              std::span<const MachineChange> machines) {
  // (machine events first, owner, kind, distance, a window's end before a begin, table index)
  using Key = std::tuple<int, int, int, float, int, int>;
  std::vector<std::pair<Key, Event>> fired;
  auto fire = [&](Key key, Event e, float threshold) {
    const float limit = threshold >= 0.0f ? threshold : table.threshold;
    e.weight = std::min(e.weight, 1.0f);
    if (e.weight > limit) fired.emplace_back(key, e);
  };
  for (std::size_t i = 0; i < table.transition.size(); ++i) {
    const TransitionEventDesc& t = table.transition[i];
    const MachineChange& m = machines[t.machine];
    if (m.fired != t.transition) continue;
    fire({0, t.machine, 0, 0.0f, 0, static_cast<int>(i)},
         {t.name, Phase::Instant, Source::Transition, static_cast<uint16_t>(i), m.weight}, t.threshold);
  }
  for (std::size_t i = 0; i < table.state.size(); ++i) {
    const StateEventDesc& s = table.state[i];
    const MachineChange& m = machines[s.machine];
    bool happened = false;
    switch (s.kind) {
      case StateEventKind::Enter:
        happened = m.fired >= 0 && m.current == s.state;
        break;
      case StateEventKind::Exit:
        happened = m.fired >= 0 && m.left == s.state;
        break;
      case StateEventKind::FullyBlended:
        happened = m.blend_finished && m.current == s.state;
        break;
    }
    if (!happened) continue;
    const int order = s.kind == StateEventKind::Exit ? 1 : s.kind == StateEventKind::Enter ? 2 : 3;
    fire({0, s.machine, order, 0.0f, 0, static_cast<int>(i)},
         {s.name, Phase::Instant, Source::State, static_cast<uint16_t>(i), m.weight}, s.threshold);
  }
  for (std::size_t i = 0; i < table.clip.size(); ++i) {
    const ClipEventDesc& e = table.clip[i];
    const ClockMove& c = clocks[e.clock];
    if (!c.active || !(c.duration > 0.0f)) continue;
    const bool window = e.duration > 0.0f;
    for (int k = 0; k < (window ? 2 : 1); ++k) {
      const float at = k == 0 ? e.time : e.time + e.duration;
      float distance = 0.0f;
      // A clock that restarts shows its start this frame; only a point right there fires.
      const bool crossed = c.entering ? at == c.from : Passed(at, c, distance);
      if (!crossed) continue;
      const Phase phase = k == 1 ? Phase::End : window ? Phase::Begin : Phase::Instant;
      fire({1, e.clock, 0, c.entering ? 0.0f : distance, phase == Phase::End ? 0 : 1, static_cast<int>(i)},
           {e.name, phase, Source::Clip, static_cast<uint16_t>(i), c.weight}, e.threshold);
    }
  }
  std::stable_sort(fired.begin(), fired.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Event> out;
  for (const auto& f : fired)
    out.push_back(f.second);
  return out;
}

}  // namespace anim::direct
