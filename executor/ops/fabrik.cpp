#include "executor/ops/fabrik.h"

#include <array>
#include <utility>

#include "executor/ops/model_space.h"
#include "executor/ops/model_transform.h"

namespace anim {
namespace {

struct Chain {
  std::array<int, kFabrikMaxChain> bones;
  std::array<Vec3, kFabrikMaxChain> positions;
  std::array<float, kFabrikMaxChain> lengths;  // lengths[i]: from bone i to bone i + 1
  int size = 0;
};

// Collects root..tip into `chain` (root first). False when tip does not descend from root or the
// chain is too long.
bool CollectChain(const Skeleton& skeleton, int root, int tip, Chain& chain) {
  int size = 0;
  for (int b = tip; b != kNoParent; b = skeleton.parent(b)) {
    if (size == kFabrikMaxChain) return false;
    chain.bones[size++] = b;
    if (b == root) {
      for (int i = 0; i < size / 2; ++i)
        std::swap(chain.bones[i], chain.bones[size - 1 - i]);
      chain.size = size;
      return size >= 2;
    }
  }
  return false;
}

// Places `next` at `length` from `anchor`, along the direction from `anchor` to `next`.
Vec3 Reach(Vec3 anchor, Vec3 next, float length, Vec3 fallback_dir) {
  return anchor + NormalizeOr(next - anchor, fallback_dir) * length;
}

// Moves the chain's positions toward `target`. False when it ran no pass at all.
bool SolvePositions(Chain& chain, Vec3 target, int iterations, float tolerance) {
  const int last = chain.size - 1;
  Vec3* p = chain.positions.data();
  const float* len = chain.lengths.data();
  const Vec3 origin = p[0];
  float total = 0.0f;
  for (int i = 0; i < last; ++i) {
    total += len[i];
  }

  if (Distance(origin, target) >= total) {
    const Vec3 dir = NormalizeOr(target - origin, NormalizeOr(p[last] - origin, Vec3{0, 1, 0}));
    for (int i = 0; i < last; ++i) {
      p[i + 1] = p[i] + dir * len[i];
    }
    return true;
  }
  int it = 0;
  for (; it < iterations && Distance(p[last], target) > tolerance; ++it) {
    p[last] = target;
    for (int i = last - 1; i >= 0; --i) {
      p[i] = Reach(p[i + 1], p[i], len[i], Vec3{0, -1, 0});
    }
    p[0] = origin;
    for (int i = 0; i < last; ++i) {
      p[i + 1] = Reach(p[i], p[i + 1], len[i], Vec3{0, 1, 0});
    }
  }
  return it > 0;
}

// SolveFabrik past its checks, with the chain's model space composed once. False, leaving the pose
// alone, when `Model` does not compose the chain exactly.
template <typename Model>
[[gnu::flatten]] bool SolveChain(const PoseView& pose, const Skeleton& skeleton, Chain& chain, Vec3 target,
                                 int iterations, float tolerance, float a) {
  const int last = chain.size - 1;
  std::array<Quat, kFabrikMaxChain> input_rotations;
  const Model root_parent = ParentModel<Model>(pose, skeleton, chain.bones[0]);
  Model model = root_parent;
  for (int i = 0; i < chain.size; ++i) {
    const Transform local = GetBoneTransform(pose, chain.bones[i]);
    input_rotations[i] = local.rotation;
    model = Compose(model, Model::Of(local));
    chain.positions[i] = model.Position();
    if (i > 0) chain.lengths[i - 1] = Distance(chain.positions[i - 1], chain.positions[i]);
  }
  if (!model.IsExact()) return false;
  const Quat tip_rotation = model.Rotation();
  if (!(Distance(chain.positions[last], target) > tolerance)) return true;
  if (!SolvePositions(chain, target, iterations, tolerance)) return true;

  // Root first: each bone turns so its (already moved) child points at the solved child position.
  Model parent = root_parent;
  for (int i = 0; i < chain.size; ++i) {
    const int bone = chain.bones[i];
    Transform local = GetBoneTransform(pose, bone);
    const Model current = Compose(parent, Model::Of(local));
    Quat model_rotation = tip_rotation;
    if (i < last) {
      const Vec3 child = current.ToModel(GetBoneTransform(pose, chain.bones[i + 1]).translation);
      const Vec3 from = child - current.Position();
      const Vec3 to = chain.positions[i + 1] - current.Position();
      model_rotation = current.Rotation();
      // A segment too short to have a direction (a delta pose's, float rounding's) turns nothing.
      if (LengthSq(from) > kFabrikMinSegment * kFabrikMinSegment &&
          LengthSq(to) > kFabrikMinSegment * kFabrikMinSegment)
        model_rotation = FromToRotation(NormalizeOr(from, {}), NormalizeOr(to, {})) * model_rotation;
    }
    local.rotation = LocalRotationUnder(parent, model_rotation);
    SetBoneTransform(pose, bone, local);
    parent = Compose(parent, Model::Of(local));
  }
  if (a < 1.0f) {
    for (int i = 0; i < chain.size; ++i) {
      Transform local = GetBoneTransform(pose, chain.bones[i]);
      local.rotation = Nlerp(input_rotations[i], local.rotation, a);
      SetBoneTransform(pose, chain.bones[i], local);
    }
  }
  return true;
}

}  // namespace

void SolveFabrik(const PoseView& pose, const Skeleton& skeleton, int count, int root, int tip, Vec3 target,
                 int iterations, float tolerance, float alpha) {
  const float a = ClampAlpha(alpha);
  if (a == 0.0f || !IsFinite(target) || !IsEditableBone(pose, skeleton, count, root) ||
      !IsEditableBone(pose, skeleton, count, tip)) {
    return;
  }
  Chain chain;
  if (!CollectChain(skeleton, root, tip, chain)) return;
  if (!SolveChain<TrsModel>(pose, skeleton, chain, target, iterations, tolerance, a))
    SolveChain<MatrixModel>(pose, skeleton, chain, target, iterations, tolerance, a);
}

}  // namespace anim
