#include "vm/scenario.h"

#include <algorithm>

namespace anim {
namespace {

void Apply(AnimInstance& instance, uint16_t param, const float* v) {
  switch (instance.program().params[param].type) {
    case ParamType::Float:
    case ParamType::Int:
      instance.SetFloat(param, v[0]);
      break;
    case ParamType::Bool:
      instance.SetBool(param, v[0] != 0.0f);
      break;
    case ParamType::Trigger:
      instance.FireTrigger(param);
      break;
    case ParamType::Vec3:
      instance.SetVec3(param, v[0], v[1], v[2]);
      break;
  }
}

}  // namespace

ScenarioPlayer::ScenarioPlayer(const Scenario& scenario)
    : scenario_(scenario), done_(scenario.events.size(), 0), lod_done_(scenario.lod_events.size(), 0) {}

void ScenarioPlayer::ApplyBeforeFrame(int frame, AnimInstance& instance) {
  const float dt = scenario_.delta_time;
  const float now = static_cast<float>(frame) * dt;
  for (std::size_t i = 0; i < scenario_.lod_events.size(); ++i) {
    const LodEvent& e = scenario_.lod_events[i];
    if (lod_done_[i] || !EventDue(e.time, now, dt)) continue;
    instance.active_bone_count = e.bone_count;
    lod_done_[i] = 1;
  }
  for (std::size_t i = 0; i < scenario_.events.size(); ++i) {
    const ParamEvent& e = scenario_.events[i];
    if (done_[i] || e.param >= instance.program().params.size() || !EventDue(e.time, now, dt)) continue;
    if (e.kind != ParamEventKind::Ramp) {
      Apply(instance, e.param, e.from);
      done_[i] = 1;
      continue;
    }
    const float span = e.end_time - e.time;
    const float u = span > 0.0f ? std::clamp((now - e.time) / span, 0.0f, 1.0f) : 1.0f;
    const bool ends = u >= 1.0f || EventDue(e.end_time, now, dt);
    float v[3];
    for (int c = 0; c < 3; ++c)
      v[c] = ends ? e.to[c] : e.from[c] + (e.to[c] - e.from[c]) * u;
    Apply(instance, e.param, v);
    done_[i] = ends ? 1 : 0;
  }
}

}  // namespace anim
