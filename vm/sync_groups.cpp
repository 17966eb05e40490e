#include "vm/sync_groups.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "vm/clock_time.h"
#include "vm/frame_logic.h"

namespace anim {
namespace {

// Where `time` lies between the markers of a clip: the marker at or before it (wrapping to the
// last), the one after it (wrapping to the first), and the fraction of the way between them.
struct MarkerPhase {
  std::size_t previous = 0, next = 0;
  float fraction = 0.0f;
};

// The times of markers `previous` and `next` around one interval, `next` past `previous` (one
// duration later when the interval wraps).
std::pair<float, float> Interval(std::span<const SyncMarker> m, std::size_t previous, float duration) {
  const std::size_t next = (previous + 1) % m.size();
  return {m[previous].time, m[next].time + (next <= previous ? duration : 0.0f)};
}

MarkerPhase PhaseAt(std::span<const SyncMarker> m, float duration, float time) {
  std::size_t previous = m.size() - 1;
  float shift = -duration;  // before the first marker: the interval from the last one, a clip ago
  for (std::size_t i = 0; i < m.size() && m[i].time <= time; ++i) {
    previous = i;
    shift = 0.0f;
  }
  auto [from, to] = Interval(m, previous, duration);
  from += shift;
  to += shift;
  const float span = to - from;
  return {previous, (previous + 1) % m.size(), span > 0.0f ? (time - from) / span : 0.0f};
}

// The time in clip `to` at the phase clip `from` shows at `from_time`: between the same pair of
// markers when both clips have markers and `to` has the pair (of the candidate places, the one
// nearest `to_current`), else at the same fraction of the clip. Durations must be above 0.
float FollowPhase(const BoundClock& from, float from_time, const BoundClock& to, float to_current) {
  if (!from.markers.empty() && !to.markers.empty()) {
    const MarkerPhase phase = PhaseAt(from.markers, from.duration, from_time);
    // Names compare as the binding's interned ids.
    const uint32_t first = from.marker_names[phase.previous];
    const uint32_t second = from.marker_names[phase.next];
    const std::span<const uint32_t> names = to.marker_names;
    const std::size_t n = names.size();
    // The places in `to` between the same two markers; failing those, after the same marker.
    bool pair = false;
    for (std::size_t i = 0; i < n && !pair; ++i)
      pair = names[i] == first && names[(i + 1) % n] == second;
    float best = 0.0f, best_distance = INFINITY;
    for (std::size_t i = 0; i < n; ++i) {
      if (names[i] != first || (pair && names[(i + 1) % n] != second)) continue;
      const auto [start, end] = Interval(to.markers, i, to.duration);
      const float time = NormalizedClockTime(start + phase.fraction * (end - start), to.duration, true);
      float distance = std::fabs(time - to_current);
      distance = std::min(distance, to.duration - distance);
      if (distance < best_distance) {
        best = time;
        best_distance = distance;
      }
    }
    if (best_distance != INFINITY) return NormalizedClockTime(best, to.duration, to.loop);
  }
  return NormalizedClockTime(from_time / from.duration * to.duration, to.duration, to.loop);
}

}  // namespace

void UpdateSyncGroups(const ProgramBinding& binding, AnimInstance& instance, AnimTaskList& list,
                      std::span<const float> weights, float dt) {
  const std::span<const BoundClock> bound = binding.clocks();
  for (std::size_t g = 0; g < binding.sync_group_count(); ++g) {
    const std::span<const uint16_t> members = binding.sync_members(g);
    SyncGroupState& group = instance.sync_groups[g];
    // A member plays this frame when its scope runs; its SampleClip task is then clocks[c].task.
    auto playing = [&](uint16_t c) {
      return instance.scopes[bound[c].scope].active_now && instance.clocks[c].task >= 0;
    };
    auto weight = [&](uint16_t c) {
      return std::min(weights[static_cast<std::size_t>(instance.clocks[c].task)], 1.0f);
    };

    // The leader: of the members playing, those whose role ranks first (leader, auto, follower),
    // the heaviest; the first in clock order on a tie.
    int leader = -1;
    for (const SyncRole role : {SyncRole::Leader, SyncRole::Auto, SyncRole::Follower}) {
      for (const uint16_t c : members) {
        if (!playing(c) || bound[c].sync_role != role) continue;
        if (leader < 0 || weight(c) > weight(static_cast<uint16_t>(leader))) leader = c;
      }
      if (leader >= 0) break;
    }
    if (leader < 0) {
      group.playing = false;
      continue;
    }
    // The blended cycle length: the members' durations by weight.
    float weighted = 0.0f, total = 0.0f;
    for (const uint16_t c : members) {
      if (!playing(c) || !(bound[c].duration > 0.0f)) continue;
      weighted += weight(c) * bound[c].duration;
      total += weight(c);
    }
    const BoundClock& lead = bound[static_cast<std::size_t>(leader)];
    ClockState& lead_clock = instance.clocks[static_cast<std::size_t>(leader)];
    const float cycle = total > 0.0f ? weighted / total : lead.duration;
    const bool joins = instance.scopes[lead.scope].entering;
    float time = lead.start;
    ClockStep lead_step{lead.start, lead.start, 0.0f, 0.0f};  // the leader's move, for its root motion
    if (group.playing && lead.duration > 0.0f) {
      float from = joins ? lead.start : lead_clock.time;  // a joining clock was not wound back
      if (joins) {
        const BoundClock& previous = bound[group.leader];
        if (group.leader == static_cast<uint16_t>(leader)) {
          from = group.leader_time;
        } else if (previous.duration > 0.0f) {
          from = FollowPhase(previous, group.leader_time, lead, lead.start);
        }
      }
      float t = from + lead_clock.sync_rate * dt * (lead.duration / cycle);
      if (!std::isfinite(t)) t = from;  // a rate too large for a float holds the clock
      time = NormalizedClockTime(t, lead.duration, lead.loop);
      lead_clock.finished = !lead.loop && t >= lead.duration;
      lead_step = {from, time, LoopWraps(t, time, lead.duration, lead.loop),
                   Direction(lead_clock.sync_rate, dt)};
    } else {
      lead_clock.finished = false;
    }
    const bool forward = lead_clock.sync_rate * dt >= 0.0f;
    for (const uint16_t c : members) {
      ClockState& clock = instance.clocks[c];
      if (!playing(c)) continue;
      AnimTask& task = list.tasks[static_cast<std::size_t>(clock.task)];
      ClockStep step = lead_step;
      if (static_cast<int>(c) != leader) {
        const BoundClock& member = bound[c];
        const bool entering = instance.scopes[member.scope].entering;
        const float current = entering ? member.start : clock.time;
        step.time = lead.duration > 0.0f && member.duration > 0.0f ? FollowPhase(lead, time, member, current)
                                                                   : member.start;
        // A follower that played on passed its clip's end when its phase came round again: it
        // went back by more than half its clip (a smaller step back is a phase correction).
        step.from = entering ? step.time : clock.time;
        const float half = 0.5f * member.duration;
        const bool wrapped = forward ? step.time < step.from - half : step.time > step.from + half;
        step.wraps = member.loop && wrapped ? (forward ? 1.0f : -1.0f) : 0.0f;
      }
      clock.time = step.time;
      task.time = step.time;
      task.t = Vec3{step.from, step.wraps, step.direction};
    }
    group.playing = true;
    group.leader = static_cast<uint16_t>(leader);
    group.leader_time = time;
  }
}

}  // namespace anim
