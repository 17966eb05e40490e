#include "vm/frame_logic.h"

#include <algorithm>
#include <cmath>

namespace anim {
namespace {

// Progress clock `clock`'s time over its clip's duration; 0 without one.
float ClockProgress(const ProgramBinding& binding, const AnimInstance& instance, uint16_t clock) {
  if (clock == kNoOperand) return 0.0f;
  const float duration = binding.clocks()[clock].duration;
  return duration > 0.0f ? instance.clocks[clock].time / duration : 0.0f;
}

constexpr float kMinHalfLife = 1e-6f;

// Snaps to the target: the first frame, a half-life too short to smooth, or a result that is not
// finite (a target far out with a spring's overshoot).
float Snap(SmootherState& state, float target) {
  state = {target, 0.0f, true};
  return target;
}

}  // namespace

void BeginFrame(const ProgramBinding& binding, AnimInstance& instance) {
  for (ScopeState& s : instance.scopes) {
    s.active_prev = s.active_now;
    s.entering = false;
  }
  if (!instance.scopes.empty()) {
    ScopeState& root = instance.scopes[0];
    root.active_now = true;
    root.entering = !root.active_prev;
  }
  for (std::size_t i = 0; i < instance.machines.size(); ++i) {
    MachineState& m = instance.machines[i];
    m.fired = false;
    m.blend_finished = false;
    m.time_at_frame_start = m.time_in_state;
    m.progress_at_frame_start = StateProgress(binding, instance, static_cast<uint16_t>(i));
  }
  const Program& program = binding.program();
  for (std::size_t i = 1; binding.reads_state_values() && i < instance.scopes.size(); ++i) {
    ScopeState& s = instance.scopes[i];
    const ScopeDesc& desc = program.scopes[i];
    s.time_at_frame_start = s.time;
    s.progress_at_frame_start =
        ClockProgress(binding, instance, program.machines[desc.machine].states[desc.state].progress_clock);
  }
  std::fill(instance.scalars.begin(), instance.scalars.end(), 0.0f);
}

void StartClocks(const ProgramBinding& binding, AnimInstance& instance) {
  for (std::size_t c = 0; c < instance.clocks.size(); ++c)
    instance.clocks[c].time = binding.clocks()[c].start;
}

void EndFrame(const Program& program, AnimInstance& instance) {
  for (std::size_t i = 0; i < instance.machines.size(); ++i) {
    const MachineState& m = instance.machines[i];
    if (!m.fired) continue;
    for (const uint16_t trigger :
         program.machines[i].transitions[static_cast<std::size_t>(m.last_transition)].consumed_triggers)
      instance.param_values[3 * std::size_t{trigger}] = 0.0f;
  }
}

void UpdateMachine(const ProgramBinding& binding, AnimInstance& instance, uint16_t machine, float dt) {
  const MachineDesc& desc = binding.program().machines[machine];
  MachineState& m = instance.machines[machine];
  const ScopeState& own_scope = instance.scopes[desc.scope];
  if (!own_scope.active_now) {  // frozen: keeps its state; its states are inactive
    for (const StateDesc& s : desc.states) {
      instance.scopes[s.scope].active_now = false;
      instance.scopes[s.scope].entering = false;
      instance.scopes[s.scope].time = 0.0f;
    }
    return;
  }
  const bool machine_entering = own_scope.entering;

  int fired = -1;
  if (!m.blend_active || m.interruptible) {
    fired = binding.FirstTransition(machine, m.current, [&](uint16_t i) {
      return instance.scalars[desc.transitions[i].condition] != 0.0f;
    });
  }
  if (fired >= 0) {
    const TransitionDesc& t = desc.transitions[static_cast<std::size_t>(fired)];
    // A crossfade fades from the state it leaves while that state keeps running; one that
    // interrupts a blend, or re-enters its own state, fades from the output frozen at the seam.
    m.fade_from = t.mode == BlendMode::Crossfade && !m.blend_active && t.to != m.current ? m.current : -1;
    m.left_state = m.current;
    m.current = t.to;
    m.time_in_state = 0.0f;
    m.fired = true;
    m.last_transition = fired;
    m.blend_active = true;
    m.blend_elapsed = 0.0f;
    m.blend_duration = t.duration;
    m.blend_half_life = t.half_life;
    m.blend_mode = t.mode;
    m.blend_curve = t.curve;
    m.interruptible = t.can_interrupt;
  } else if (!machine_entering) {  // time stands still on the frame a machine (re)starts running
    m.time_in_state += dt;
    if (m.blend_active) {
      m.blend_elapsed += dt;
      if (m.blend_elapsed >= m.blend_duration) {
        m.blend_active = false;
        m.blend_finished = true;
      }
    }
  }
  if (!m.blend_active) m.fade_from = -1;

  for (std::size_t i = 0; i < desc.states.size(); ++i) {
    ScopeState& s = instance.scopes[desc.states[i].scope];
    const bool current = i == m.current;
    s.active_now = current || static_cast<int32_t>(i) == m.fade_from;  // the state a crossfade leaves runs on
    // A state enters when it was not running (so does a crossfade's source on the frame its machine
    // starts), and the current state also when a transition fired or the machine (re)starts.
    s.entering = s.active_now && (!s.active_prev || (current && (fired >= 0 || machine_entering)));
    s.time = s.active_now && !s.entering ? s.time + dt : 0.0f;
  }
}

float StateProgress(const ProgramBinding& binding, const AnimInstance& instance, uint16_t machine) {
  const MachineDesc& desc = binding.program().machines[machine];
  return ClockProgress(binding, instance, desc.states[instance.machines[machine].current].progress_clock);
}

float Damp(SmootherState& state, float target, float half_life, float dt) {
  if (!state.primed || !(half_life > kMinHalfLife)) return Snap(state, target);
  state.value = target + (state.value - target) * std::exp2(-dt / half_life);
  return std::isfinite(state.value) ? state.value : Snap(state, target);
}

// The exact critically damped spring: with y = 2 ln 2 / half_life, the offset from the target
// decays as (j0 + j1 t) e^(-y t).
float Spring(SmootherState& state, float target, float half_life, float dt) {
  if (!state.primed || !(half_life > kMinHalfLife)) return Snap(state, target);
  const float y = 1.38629436f / half_life;
  const float j0 = state.value - target;
  const float j1 = state.velocity + j0 * y;
  const float decay = std::exp(-y * dt);
  state.value = decay * (j0 + j1 * dt) + target;
  state.velocity = decay * (state.velocity - j1 * y * dt);
  return std::isfinite(state.value) && std::isfinite(state.velocity) ? state.value : Snap(state, target);
}

}  // namespace anim
