#include "compiler/direct/direct_sync.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "compiler/direct/direct_clock.h"

namespace anim::direct {
namespace {

// Marker k's time, and marker k + 1's (the first again, a clip later, after the last).
struct Span {
  float from, to;
};
Span After(const std::vector<SyncMarker>& m, std::size_t k, float duration) {
  const bool wraps = k + 1 == m.size();
  return {m[k].time, (wraps ? m.front().time + duration : m[k + 1].time)};
}

}  // namespace

float MatchPhase(const SyncClip& from, float from_time, const SyncClip& to, float to_near) {
  const std::vector<SyncMarker>& a = *from.markers;
  const std::vector<SyncMarker>& b = *to.markers;
  if (!a.empty() && !b.empty()) {
    // The interval of `from` holding from_time: from the last marker at or before it, or, before
    // the first marker, from the last marker a clip earlier.
    const auto upper = std::upper_bound(a.begin(), a.end(), from_time,
                                        [](float t, const SyncMarker& m) { return t < m.time; });
    const std::size_t k = upper == a.begin() ? a.size() - 1 : static_cast<std::size_t>(upper - a.begin()) - 1;
    Span span = After(a, k, from.duration);
    if (upper == a.begin()) {
      span.from -= from.duration;
      span.to -= from.duration;
    }
    const float width = span.to - span.from;
    const float fraction = width > 0.0f ? (from_time - span.from) / width : 0.0f;
    const std::string& first = a[k].name;
    const std::string& second = a[(k + 1) % a.size()].name;
    auto next_name = [&](std::size_t j) -> const std::string& { return b[(j + 1) % b.size()].name; };
    const bool any_pair = std::any_of(b.begin(), b.end(), [&](const SyncMarker& m) {
      return m.name == first && next_name(static_cast<std::size_t>(&m - b.data())) == second;
    });
    float best = 0.0f, nearest = std::numeric_limits<float>::infinity();
    for (std::size_t j = 0; j < b.size(); ++j) {
      if (b[j].name != first || (any_pair && next_name(j) != second)) continue;
      const Span place = After(b, j, to.duration);
      const float t = NormalisedTime(place.from + fraction * (place.to - place.from), to.duration, true);
      const float gap = std::fabs(t - to_near);
      const float distance = std::min(gap, to.duration - gap);
      if (distance < nearest) {
        nearest = distance;
        best = t;
      }
    }
    if (nearest != std::numeric_limits<float>::infinity()) return NormalisedTime(best, to.duration, to.loop);
  }
  return NormalisedTime(from_time / from.duration * to.duration, to.duration, to.loop);
}

}  // namespace anim::direct
