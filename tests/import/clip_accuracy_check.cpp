#include "tests/import/clip_accuracy_check.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "executor/kernels/pose_kernels.h"
#include "executor/resolve/forward_kinematics.h"

namespace anim::test {
namespace {

double Distance(const double a[3], const double b[3]) {
  return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
                   (a[2] - b[2]) * (a[2] - b[2]));
}

// A joint and the point `shell` along the unit direction of each of its axes.
void Points(const double columns[4][3], double shell, double out[4][3]) {
  for (int i = 0; i < 3; ++i)
    out[0][i] = columns[3][i];
  for (int axis = 0; axis < 3; ++axis) {
    const double* c = columns[axis];
    const double length = std::max(std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]), 1e-30);
    for (int i = 0; i < 3; ++i)
      out[1 + axis][i] = columns[3][i] + c[i] / length * shell;
  }
}

void Measure(const GltfImport& imported, const ReferenceGltf& reference, int clip_index, double clip_time,
             double shell, ContractError& worst) {
  const Skeleton& skeleton = imported.skeleton;
  const Clip& clip = imported.clips[static_cast<std::size_t>(clip_index)];
  const GltfClipReport& report = imported.reports[static_cast<std::size_t>(clip_index)];
  Pose pose(skeleton.bone_count());
  SampleClip(pose.view(), clip, static_cast<float>(clip_time), skeleton.bone_count());
  std::vector<Mat4> model(static_cast<std::size_t>(skeleton.bone_count()));
  LocalToModel(skeleton, pose.view(), model.data());
  const std::vector<Matrix> exact =
      reference.Globals(report.animation_index, report.source_start + clip_time);
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    const Matrix& e = exact[static_cast<std::size_t>(imported.bone_nodes[static_cast<std::size_t>(b)])];
    const Mat4& m = model[static_cast<std::size_t>(b)];
    double runtime[4][3], source[4][3];
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 3; ++r) {
        runtime[c][r] = m.m[c][r];
        source[c][r] = e[static_cast<std::size_t>(4 * c + r)];
      }
    }
    double a[4][3], s[4][3];
    Points(runtime, shell, a);
    Points(source, shell, s);
    const double joint = Distance(a[0], s[0]);
    const double vertex = std::max({Distance(a[1], s[1]), Distance(a[2], s[2]), Distance(a[3], s[3])});
    if (std::max(joint, vertex) > worst.Worst()) worst.bone = b, worst.time = clip_time;
    worst.joint = std::max(worst.joint, joint);
    worst.vertex = std::max(worst.vertex, vertex);
  }
}

}  // namespace

ContractError WorstAtRandomTimes(const GltfImport& imported, const ReferenceGltf& reference, int clip_index,
                                 double shell, int times, unsigned seed) {
  const Clip& clip = imported.clips[static_cast<std::size_t>(clip_index)];
  ContractError worst;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> at(0.0, clip.duration());
  for (int i = 0; i < times; ++i)
    Measure(imported, reference, clip_index, at(rng), shell, worst);
  // Key times as the file stores them, in float: a STEP key applies from its own float time on.
  for (int k = 0; k < clip.frame_count(); ++k) {
    const float time = static_cast<float>(k / static_cast<double>(clip.sample_rate()));
    Measure(imported, reference, clip_index, time, shell, worst);
  }
  return worst;
}

}  // namespace anim::test
