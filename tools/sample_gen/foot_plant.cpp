#include "tools/sample_gen/foot_plant.h"

#include <algorithm>
#include <cmath>

namespace anim::sample_gen {
namespace {

// 1 at or below `full`, 0 at or above `none`, smooth between.
double Fade(double value, double full, double none) {
  const double u = std::clamp((value - full) / (none - full), 0.0, 1.0);
  return 1.0 - u * u * (3.0 - 2.0 * u);
}

// Closes short dips (a rolling foot's ankle stirs mid-stance): the largest key of each frame's
// neighbourhood, then the smallest of those, neighbours wrapping around a loop's cycle.
std::vector<double> CloseDips(const std::vector<double>& keys, int cycle, bool loop) {
  const auto n = static_cast<int>(keys.size());
  auto around = [&](const std::vector<double>& in, int k, bool largest) {
    const int i = cycle > 0 ? k % cycle : 0;
    double v = in[static_cast<std::size_t>(i)];
    for (const int d : {-1, 1}) {
      int j = i + d;
      if (loop) j = (j + cycle) % cycle;
      if (j < 0 || j >= n) continue;
      v = largest ? std::max(v, in[static_cast<std::size_t>(j)])
                  : std::min(v, in[static_cast<std::size_t>(j)]);
    }
    return v;
  };
  std::vector<double> dilated, closed;
  for (int k = 0; k < n; ++k)
    dilated.push_back(around(keys, k, true));
  for (int k = 0; k < n; ++k)
    closed.push_back(around(dilated, k, false));
  return closed;
}

}  // namespace

void AddFootPlantCurves(ClipFrames& clip, const HumanoidRig& rig, const std::vector<BodyPose>& poses,
                        DVec3 root_velocity) {
  const auto n = static_cast<int>(poses.size());
  const double dt = 1.0 / clip.sample_rate;
  for (const int side : {kLeft, kRight}) {
    std::vector<DVec3> ankle;  // on the ground: the root's motion added
    for (int k = 0; k < n; ++k) {
      const DVec3 p = FootPosition(rig, poses[static_cast<std::size_t>(k)], side);
      ankle.push_back({p.x + root_velocity.x * k * dt, p.y, p.z + root_velocity.z * k * dt});
    }
    double lowest = ankle.empty() ? 0.0 : ankle[0].y;
    for (const DVec3& p : ankle)
      lowest = std::min(lowest, p.y);
    // A loop's frames 0 and n - 1 are one pose: its neighbours wrap past them.
    const int cycle = clip.loop ? n - 1 : n;
    std::vector<double> keys;
    for (int k = 0; k < n; ++k) {
      const int i = cycle > 0 ? k % cycle : 0;
      const int before = clip.loop ? (i + cycle - 1) % cycle : std::max(i - 1, 0);
      const int after = clip.loop ? (i + 1) % cycle : std::min(i + 1, n - 1);
      DVec3 a = ankle[static_cast<std::size_t>(before)], b = ankle[static_cast<std::size_t>(after)];
      if (clip.loop && after < i)
        b = {b.x + root_velocity.x * cycle * dt, b.y, b.z + root_velocity.z * cycle * dt};
      if (clip.loop && before > i)
        a = {a.x - root_velocity.x * cycle * dt, a.y, a.z - root_velocity.z * cycle * dt};
      const double span = (after - before + (after < before ? cycle : 0)) * dt;
      const double speed =
          span > 0.0
              ? std::sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y) + (b.z - a.z) * (b.z - a.z)) /
                    span
              : 0.0;
      const double low = Fade(ankle[static_cast<std::size_t>(i)].y - lowest, 0.02, 0.05);
      const double still = Fade(speed, 0.3, 0.8);
      keys.push_back(std::min(low, still));
    }
    clip.curves.emplace_back(side == kLeft ? "foot_plant_l" : "foot_plant_r",
                             CloseDips(keys, cycle, clip.loop));
  }
}

}  // namespace anim::sample_gen
