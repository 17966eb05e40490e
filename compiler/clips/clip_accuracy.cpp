#include "compiler/clips/clip_accuracy.h"

#include <algorithm>
#include <cmath>

#include "compiler/clips/pose_error.h"
#include "executor/kernels/pose_kernels.h"

namespace anim {
namespace {

using direct::DMat4;
using direct::DTransform;

// Fractions of an interval measured between keys: irregular, so no rate lines up with them, and
// near a fifth and four fifths, where nlerp strays furthest from slerp.
constexpr double kFractions[] = {0.5, 0.21, 0.79, 0.37, 0.63, 0.1, 0.9};
// A long clip measures fewer times per interval: about this many bone poses in all.
constexpr double kBonePoseBudget = 4e6;

void Record(ClipErrorAt& worst, const std::vector<DMat4>& model, const std::vector<DMat4>& source,
            double shell, double time) {
  for (std::size_t b = 0; b < model.size() && b < source.size(); ++b) {
    const BoneError e = BoneErrorOf(model[b], source[b], shell);
    if (e.Worst() > worst.Worst()) worst.bone = static_cast<int>(b), worst.time = time;
    worst.joint = std::max(worst.joint, e.joint);
    worst.vertex = std::max(worst.vertex, e.vertex);
  }
}

}  // namespace

ClipAccuracy MeasureClipAccuracy(const Clip& clip, const Skeleton& skeleton, double shell,
                                 const ClipSource& source, int per_interval) {
  ClipAccuracy accuracy;
  const int n = skeleton.bone_count();
  if (clip.bone_count() != n) return accuracy;
  const double poses = static_cast<double>(clip.frame_count()) * std::max(n, 1);
  per_interval = std::clamp(static_cast<int>(kBonePoseBudget / poses), 1,
                            std::min(per_interval, static_cast<int>(std::size(kFractions))));
  Pose pose(n);
  std::vector<DTransform> locals(static_cast<std::size_t>(n));
  std::vector<DMat4> model, reference;
  const int last = clip.frame_count() - 1;
  const auto measure = [&](double time, ClipErrorAt& worst) {
    // Sampling wraps a looping clip's end to its start, so its last key (a cycle on from the
    // first when the clip moves its root) is measured as it is stored.
    if (clip.looping() && last > 0 && time * clip.sample_rate() >= last) {
      clip.DecodeFrame(last, pose.view());
    } else {
      SampleClip(pose.view(), clip, static_cast<float>(time), n);
    }
    for (int b = 0; b < n; ++b)
      locals[b] = direct::ToDouble(pose.Get(b));
    ModelMatricesOf(skeleton.parents(), locals, model);
    source(time, reference);
    Record(worst, model, reference, shell, time);
  };
  const double rate = clip.sample_rate();
  for (int k = 0; k < clip.frame_count(); ++k) {
    measure(k / rate, accuracy.at_keys);
    if (k + 1 == clip.frame_count()) break;
    for (int i = 0; i < per_interval; ++i) {
      measure((k + kFractions[i]) / rate, accuracy.between_keys);
      ++accuracy.times_between;
    }
  }
  return accuracy;
}

ClipSource DenseKeysSource(const Clip& dense, const Skeleton& skeleton) {
  return [&dense, &skeleton](double time, std::vector<DMat4>& model) {
    const int frames = dense.frame_count();
    double position = std::clamp(time * dense.sample_rate(), 0.0, static_cast<double>(frames - 1));
    if (std::fabs(position - std::round(position)) < 1e-9) position = std::round(position);  // a key time
    const int k0 = std::min(static_cast<int>(position), std::max(frames - 2, 0));
    const int k1 = std::min(k0 + 1, frames - 1);
    const double alpha = position - k0;
    std::vector<DTransform> locals(static_cast<std::size_t>(dense.bone_count()));
    for (int b = 0; b < dense.bone_count(); ++b) {
      const DTransform a = direct::ToDouble(GetBoneTransform(dense.frame(k0), b));
      const DTransform c = direct::ToDouble(GetBoneTransform(dense.frame(k1), b));
      const auto weight = [&](TrackChannel channel) {
        return dense.IsStep(b, channel) ? (alpha >= 1.0 ? 1.0 : 0.0) : alpha;
      };
      locals[b] = {direct::Mix(a.t, c.t, weight(TrackChannel::Translation)),
                   direct::Nlerp(a.r, c.r, weight(TrackChannel::Rotation)),
                   direct::Mix(a.s, c.s, weight(TrackChannel::Scale))};
    }
    ModelMatricesOf(skeleton.parents(), locals, model);
  };
}

}  // namespace anim
