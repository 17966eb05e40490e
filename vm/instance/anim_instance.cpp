#include "vm/instance/anim_instance.h"

#include <algorithm>
#include <cmath>

namespace anim {
namespace {

float Clamped(const ParamDesc& d, float v) {
  return d.has_range ? std::clamp(v, d.min, d.max) : v;
}

}  // namespace

AnimInstance::AnimInstance(const Program& program) : program_(&program) {
  scalars.assign(program.scalar_register_count, 0.0f);
  param_values.assign(3 * program.params.size(), 0.0f);
  for (std::size_t i = 0; i < program.params.size(); ++i) {
    const ParamDesc& d = program.params[i];
    const int components = d.type == ParamType::Vec3 ? 3 : 1;
    for (int c = 0; c < components; ++c) {
      float v = Clamped(d, d.default_value[c]);
      if (d.type == ParamType::Int) v = std::nearbyint(v);
      if (d.type == ParamType::Bool || d.type == ParamType::Trigger) v = v != 0.0f ? 1.0f : 0.0f;
      param_values[3 * i + c] = v;
    }
  }
  clocks.resize(program.clocks.size());
  scopes.resize(program.scopes.size());
  machines.resize(program.machines.size());
  for (std::size_t m = 0; m < program.machines.size(); ++m) {
    machines[m].current = program.machines[m].initial_state;
    machines[m].state_tasks.assign(program.machines[m].states.size(), -1);
  }
  for (const BlendSpaceDesc& space : program.blend_spaces) {
    blend_spaces.push_back({0.0f, 0.0f, false, static_cast<uint32_t>(blend_space_weights.size())});
    blend_space_weights.resize(blend_space_weights.size() + space.sample_count(), 0.0f);
  }
  sync_groups.resize(program.sync_groups.size());
  smoothers.resize(SmootherCount(program));
  // Each clip event fires at most once a frame (a window's begin and end are two), each machine
  // event once; sorting keys go beside them.
  std::size_t most = program.events.state.size() + program.events.transition.size();
  for (const ClipEventDesc& e : program.events.clip)
    most += e.duration > 0.0f ? 2 : 1;
  events.reserve(most);
  task_state.blends.resize(program.machines.size());
  task_state.snapshots.resize(program.snapshots.size());
  task_state.curves.assign(program.curves.size(), 0.0f);
}

const char* EventPhaseName(EventPhase phase) {
  switch (phase) {
    case EventPhase::Instant:
      return "instant";
    case EventPhase::Begin:
      return "begin";
    case EventPhase::End:
      return "end";
  }
  return "unknown";
}

const char* EventSourceName(EventSource source) {
  switch (source) {
    case EventSource::Clip:
      return "clip";
    case EventSource::State:
      return "state";
    case EventSource::Transition:
      return "transition";
  }
  return "unknown";
}

int AnimInstance::FindParameter(std::string_view name) const {
  for (std::size_t i = 0; i < program_->params.size(); ++i) {
    if (program_->params[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

bool AnimInstance::Store(int param, ParamType type, const float* values) {
  if (param < 0 || static_cast<std::size_t>(param) >= program_->params.size()) return false;
  const ParamDesc& d = program_->params[static_cast<std::size_t>(param)];
  const bool numeric = type == ParamType::Float || type == ParamType::Int;
  const bool accepts =
      d.type == type || (numeric && (d.type == ParamType::Float || d.type == ParamType::Int));
  if (!accepts) return false;
  const int components = d.type == ParamType::Vec3 ? 3 : 1;
  for (int c = 0; c < components; ++c) {
    if (!std::isfinite(values[c])) return false;
  }
  for (int c = 0; c < components; ++c) {
    const float v = d.type == ParamType::Int ? std::nearbyint(values[c]) : values[c];
    param_values[3 * static_cast<std::size_t>(param) + c] =
        d.type == ParamType::Int ? std::nearbyint(Clamped(d, v)) : Clamped(d, v);
  }
  return true;
}

bool AnimInstance::SetFloat(int param, float value) {
  return Store(param, ParamType::Float, &value);
}

bool AnimInstance::SetInt(int param, int64_t value) {
  const float v = static_cast<float>(value);
  return Store(param, ParamType::Int, &v);
}

bool AnimInstance::SetBool(int param, bool value) {
  const float v = value ? 1.0f : 0.0f;
  return Store(param, ParamType::Bool, &v);
}

bool AnimInstance::SetVec3(int param, float x, float y, float z) {
  const float v[3] = {x, y, z};
  return Store(param, ParamType::Vec3, v);
}

bool AnimInstance::FireTrigger(int param) {
  const float v = 1.0f;
  return Store(param, ParamType::Trigger, &v);
}

void AnimInstance::WarnOnce(const char* message) {
  if (warnings_given_ > 0) return;
  ++warnings_given_;
  if (warning_callback_ != nullptr) warning_callback_(warning_user_, message);
}

}  // namespace anim
