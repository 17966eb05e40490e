#include "vm/task_weights.h"

#include <algorithm>

#include "executor/ops/crossfade.h"

namespace anim {
namespace {

// An alpha as a share: clamped into [0, 1], NaN as 0.
float Share(float alpha) {
  return alpha > 0.0f ? std::min(alpha, 1.0f) : 0.0f;
}

}  // namespace

void TaskWeights(const AnimTaskList& list, std::vector<float>& weights) {
  weights.assign(list.tasks.size(), 0.0f);
  if (list.output_task < 0 || static_cast<std::size_t>(list.output_task) >= list.tasks.size()) return;
  weights[static_cast<std::size_t>(list.output_task)] = 1.0f;
  for (std::size_t i = weights.size(); i-- > 0;) {
    // A pose read twice (an additive's source and base) counts once, so weights stay within 1.
    const float w = std::min(weights[i], 1.0f);
    if (w == 0.0f) continue;
    const AnimTask& t = list.tasks[i];
    auto give = [&](int16_t dep, float share) {
      if (dep >= 0) weights[static_cast<std::size_t>(dep)] += share;
    };
    switch (t.type) {
      case AnimTaskType::Blend:
        give(t.dep_a, w * (1.0f - Share(t.alpha)));
        give(t.dep_b, w * Share(t.alpha));
        break;
      case AnimTaskType::BlendMasked:
      case AnimTaskType::ApplyAdditive:  // the base shows in full, the other input by its alpha
        give(t.dep_a, w);
        give(t.dep_b, w * Share(t.alpha));
        break;
      case AnimTaskType::Crossfade:
        if ((t.flags & kTaskFlagApply) != 0 && t.dep_b >= 0) {
          const float incoming = CrossfadeWeight(static_cast<FadeCurve>(t.mode), t.time, t.alpha);
          give(t.dep_a, w * incoming);
          give(t.dep_b, w * (1.0f - incoming));
        } else {
          give(t.dep_a, w);
        }
        break;
      case AnimTaskType::MakeAdditive:  // the base is taken away, not shown: it weighs nothing
        give(t.dep_a, w);
        break;
      default:  // leaves give nothing; a pass-through op gives its source all of its weight
        give(t.dep_a, w);
        break;
    }
  }
}

}  // namespace anim
