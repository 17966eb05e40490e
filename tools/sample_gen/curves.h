// Smooth curves for procedural motion, all pure functions of their inputs.
#pragma once

#include <cmath>
#include <initializer_list>
#include <utility>
#include <vector>

namespace anim::sample_gen {

inline constexpr double kTau = 6.28318530717958647692;

// `phase` wrapped into [0, 1).
inline double WrapPhase(double phase) {
  return phase - std::floor(phase);
}

// A raised-cosine bump on the phase circle: 1 at `center`, falling smoothly to 0 at
// `half_width` either side, 0 beyond.
inline double PhaseBump(double phase, double center, double half_width) {
  const double d = WrapPhase(phase - center + 0.5) - 0.5;
  if (std::fabs(d) >= half_width) return 0.0;
  return 0.5 * (1.0 + std::cos(3.14159265358979323846 * d / half_width));
}

// Values at ascending keys, eased between neighbours (zero slope at every key). Outside the keys
// the curve holds the first or last value.
class KeyCurve {
 public:
  KeyCurve(std::initializer_list<std::pair<double, double>> keys) : keys_(keys) {}

  double operator()(double x) const {
    if (x <= keys_.front().first) return keys_.front().second;
    for (std::size_t i = 1; i < keys_.size(); ++i) {
      if (x <= keys_[i].first) {
        const auto& [x0, y0] = keys_[i - 1];
        const auto& [x1, y1] = keys_[i];
        const double u = (x - x0) / (x1 - x0);
        return y0 + (y1 - y0) * 0.5 * (1.0 - std::cos(3.14159265358979323846 * u));
      }
    }
    return keys_.back().second;
  }

 private:
  std::vector<std::pair<double, double>> keys_;
};

}  // namespace anim::sample_gen
