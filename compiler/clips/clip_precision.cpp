#include "compiler/clips/clip_precision.h"

#include <algorithm>
#include <limits>

namespace anim {

double SkeletonHeight(const Skeleton& skeleton) {
  double lo[3], hi[3];
  std::fill(lo, lo + 3, std::numeric_limits<double>::infinity());
  std::fill(hi, hi + 3, -std::numeric_limits<double>::infinity());
  for (const Mat4& m : skeleton.bind_model()) {
    const Vec3 p = m.Translation();
    const double c[3] = {p.x, p.y, p.z};
    for (int i = 0; i < 3; ++i)
      lo[i] = std::min(lo[i], c[i]), hi[i] = std::max(hi[i], c[i]);
  }
  double extent = 0.0;
  for (int i = 0; i < 3; ++i)
    if (hi[i] >= lo[i]) extent = std::max(extent, hi[i] - lo[i]);
  return extent > 1e-9 ? extent : 1.0;
}

ClipPrecision DefaultClipPrecision(double height) {
  const double units_per_cm = height / kReferenceHeightCm;
  return {kDefaultPrecisionCm * units_per_cm, kDefaultShellCm * units_per_cm};
}

}  // namespace anim
