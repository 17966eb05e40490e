#include "compiler/clips/pose_error.h"

#include <algorithm>

namespace anim {

using direct::DMat4;
using direct::DVec3;

void ModelMatricesOf(std::span<const int16_t> parents, std::span<const direct::DTransform> locals,
                     std::vector<DMat4>& model) {
  model.resize(locals.size());
  for (std::size_t i = 0; i < locals.size(); ++i) {
    const int p = i < parents.size() ? parents[i] : -1;
    const DMat4 local = direct::MatrixOf(locals[i]);
    model[i] = p >= 0 && static_cast<std::size_t>(p) < i ? model[static_cast<std::size_t>(p)] * local : local;
  }
}

BoneError BoneErrorOf(const DMat4& a, const DMat4& b, double shell) {
  BoneError e;
  e.joint = direct::Norm(a.Origin() - b.Origin());
  for (int axis = 0; axis < 3; ++axis) {
    // `shell` model-space units along the axis, whatever the bone's scale.
    const DVec3 va = a.Origin() + direct::Direction(a.Column(axis), {}) * shell;
    const DVec3 vb = b.Origin() + direct::Direction(b.Column(axis), {}) * shell;
    e.vertex = std::max(e.vertex, direct::Norm(va - vb));
  }
  return e;
}

}  // namespace anim
