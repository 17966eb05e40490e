#include "crowd/crowd_policy.h"

#include <cmath>

namespace anim::crowd {
namespace {

// splitmix64's finaliser: adjacent ids land on unrelated phases.
uint64_t Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

int LodBandFor(std::span<const LodBand> bands, float distance) {
  int band = -1;
  for (std::size_t i = 0; i < bands.size(); ++i) {
    if (distance >= bands[i].min_distance) band = static_cast<int>(i);
  }
  return band;
}

std::string CheckLodBands(std::span<const LodBand> bands) {
  if (bands.size() > static_cast<std::size_t>(kMaxLodBands))
    return "at most " + std::to_string(kMaxLodBands) + " LOD bands";
  for (std::size_t i = 0; i < bands.size(); ++i) {
    const LodBand& b = bands[i];
    if (!std::isfinite(b.min_distance) || b.min_distance < 0.0f)
      return "a LOD band's distance must be a finite number >= 0";
    if (b.bone_count < 0) return "a LOD band's bone count must be >= 0 (0: every bone)";
    if (i > 0 && !(b.min_distance > bands[i - 1].min_distance))
      return "LOD bands must be in ascending order of distance";
  }
  return {};
}

StaggerState SeedStagger(uint32_t entity, uint64_t seed, int update_every) {
  StaggerState state;
  if (update_every > 1) state.countdown = static_cast<int>(Mix(seed ^ Mix(entity)) % update_every);
  return state;
}

bool AdvanceStagger(StaggerState& state, int update_every, bool entering, float dt, float& step) {
  if (entering) {
    step = dt;
    return true;
  }
  if (state.countdown > 0) {
    --state.countdown;
    state.pending_time += dt;
    return false;
  }
  step = state.pending_time + dt;
  state.pending_time = 0.0f;
  state.countdown = update_every > 1 ? update_every - 1 : 0;
  return true;
}

}  // namespace anim::crowd
