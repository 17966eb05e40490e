#include "compiler/direct/direct_evaluator.h"

#include <algorithm>
#include <cmath>

#include "compiler/direct/direct_clock.h"
#include "compiler/direct/direct_root_motion.h"
#include "compiler/direct/direct_solvers.h"
#include "compiler/direct/direct_sync.h"

namespace anim {
namespace {

using direct::DPose;
using direct::NormalisedTime;
using direct::Passes;
using ir::Op;

float Bool(bool b) {
  return b ? 1.0f : 0.0f;
}

// The way a clock moving by `step` plays: 1, -1 or 0.
float Way(float step) {
  return step > 0.0f ? 1.0f : step < 0.0f ? -1.0f : 0.0f;
}

// Machines in an order where each comes after the machine whose state it runs in, from each
// machine's nesting depth (computed once per machine, walking up only through unknown depths).
std::vector<int> OuterMachinesFirst(const ir::Graph& g) {
  const int count = static_cast<int>(g.machines.size());
  std::vector<int> depth(static_cast<std::size_t>(count), -1), path;
  for (int m = 0; m < count; ++m) {
    int at = m;
    while (at >= 0 && depth[at] < 0) {
      path.push_back(at);
      const int scope = g.machines[at].scope;
      at = scope == 0 ? -1 : g.scopes[scope].machine;
    }
    int d = at >= 0 ? depth[at] : -1;
    for (auto it = path.rbegin(); it != path.rend(); ++it)
      depth[*it] = ++d;
    path.clear();
  }
  std::vector<int> order(static_cast<std::size_t>(count));
  for (int m = 0; m < count; ++m)
    order[m] = m;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return depth[a] < depth[b]; });
  return order;
}

}  // namespace

DirectEvaluator::DirectEvaluator(const ir::Graph& graph, const Skeleton& skeleton,
                                 std::span<const Clip* const> clips)
    : graph_(graph), skeleton_(skeleton), clips_(clips) {
  params_.resize(graph.params.size());
  for (std::size_t p = 0; p < graph.params.size(); ++p) {
    const ParamDesc& d = graph.params[p];
    SetParam(static_cast<int>(p), d.default_value[0], d.default_value[1], d.default_value[2]);
  }
  clock_value_.assign(graph.clocks.size(), ir::kNoValue);
  for (std::size_t i = 0; i < graph.values.size(); ++i) {
    if (graph.values[i].op == Op::SampleClip)
      clock_value_[graph.values[i].index] = static_cast<ir::ValueId>(i);
  }
  for (const Clip* clip : clips_) {
    std::vector<int>& targets = clip_curves_.emplace_back();
    for (const ClipCurve& curve : clip->curves()) {
      const auto named = std::find(graph.curves.begin(), graph.curves.end(), curve.name);
      targets.push_back(named != graph.curves.end() ? static_cast<int>(named - graph.curves.begin()) : -1);
    }
  }
  clock_times_.resize(graph.clocks.size());
  clock_moves_.resize(graph.clocks.size());
  for (std::size_t c = 0; c < graph.clocks.size(); ++c) {  // before the first frame: at its start
    const ClockDesc& desc = graph.clocks[c];
    clock_times_[c] = NormalisedTime(desc.start_time, ClipDuration(static_cast<int>(c)), desc.loop);
  }
  scopes_.resize(graph.scopes.size());
  machines_.resize(graph.machines.size());
  for (std::size_t m = 0; m < machines_.size(); ++m)
    machines_[m].current = graph.machines[m].initial_state;
  machine_order_ = OuterMachinesFirst(graph);
  for (const BlendSpaceDesc& space : graph.blend_spaces)
    blend_spaces_.emplace_back(space);
  sync_groups_.resize(graph.sync_groups.size());
  for (std::size_t c = 0; c < graph.clocks.size(); ++c) {
    if (graph.clocks[c].sync_group != kNoOperand)
      sync_groups_[graph.clocks[c].sync_group].clocks.push_back(c);
  }
  snapshots_.resize(graph.snapshots.size());
  smoothers_.resize(graph.values.size());
  scalars_.resize(graph.values.size());
  reached_.assign(graph.values.size(), 0);
  poses_.resize(graph.values.size());
  output_ = skeleton_.bind;
}

void DirectEvaluator::SetParam(int index, float x, float y, float z) {
  const ParamDesc& d = graph_.params[index];
  float v[3] = {x, y, z};
  for (float& f : v) {
    if (!std::isfinite(f)) return;
    if (d.type == ParamType::Bool || d.type == ParamType::Trigger) f = Bool(f != 0.0f);
    if (d.type == ParamType::Int) f = std::nearbyint(f);
    if (d.has_range) f = std::clamp(f, d.min, d.max);
    if (d.type == ParamType::Int) f = std::nearbyint(f);  // a fractional range bound
  }
  params_[index] = {{v[0], v[1], v[2]}};
}

float DirectEvaluator::ClipDuration(int clock) const {
  const Clip& clip = *clips_[graph_.clocks[clock].clip];
  return clip.frame_count() > 1 ? static_cast<float>(clip.frame_count() - 1) / clip.sample_rate() : 0.0f;
}

void DirectEvaluator::Frame(float delta_time) {
  const float dt = std::isfinite(delta_time) && delta_time > 0.0f ? delta_time : 0.0f;
  delta_time_ = dt;
  for (ScopeState& s : scopes_) {
    s.prev = s.now;
    s.entering = false;
  }
  if (!scopes_.empty()) {
    scopes_[0].now = true;
    scopes_[0].entering = !scopes_[0].prev;
  }
  // Conditions and expressions read time in state and progress as the previous frame left them.
  for (std::size_t m = 0; m < machines_.size(); ++m) {
    MachineState& ms = machines_[m];
    ms.latched_time = ms.time_in_state;
    ms.latched_progress = Progress(graph_.machines[m].states[ms.current].progress_clock);
    ms.fired = -1;
    ms.blend_finished = false;
  }
  for (std::size_t i = 1; i < scopes_.size(); ++i) {
    const ScopeDesc& desc = graph_.scopes[i];
    scopes_[i].latched_time = scopes_[i].time;
    scopes_[i].latched_progress = Progress(graph_.machines[desc.machine].states[desc.state].progress_clock);
  }
  ComputeScalars();
  for (int m : machine_order_)
    UpdateMachine(m, dt);
  AdvanceClocks(dt);
  FireEvents();

  const int bones = skeleton_.bone_count();
  const int count = active_bone_count_ > 0 && active_bone_count_ < bones ? active_bone_count_ : bones;
  EvaluatePoses(count);
  output_ = graph_.output != ir::kNoValue ? poses_[graph_.output] : skeleton_.bind;
  root_motion_ = output_.motion;
  root_ = direct::Then(root_, root_motion_);
  if (graph_.lock_root) {
    // Without a named root bone the lock pins bone 0 (docs/graph-format.md, "Output").
    direct::LockRoot(output_, skeleton_,
                     graph_.root_bone != kNoOperand ? graph_.bones[graph_.root_bone].index : 0);
  }
  direct::ModelMatrices(output_, skeleton_, model_);
  direct::SkinningMatrices(model_, skeleton_, skinning_);

  for (Snapshot& s : snapshots_) {
    if (!s.pending_written) continue;
    std::swap(s.pose, s.pending);
    s.saved = true;
    s.pending_written = false;
  }
  // Triggers a transition consumed read as false from the next frame on.
  for (std::size_t m = 0; m < machines_.size(); ++m) {
    const int fired = machines_[m].fired;
    if (fired < 0) continue;
    for (uint16_t p : graph_.machines[m].transitions[fired].desc.consumed_triggers)
      params_[p] = {};
  }
}

float DirectEvaluator::Progress(uint16_t clock) const {
  const float duration = clock != kNoOperand ? ClipDuration(clock) : 0.0f;
  return duration > 0.0f ? clock_times_[clock] / duration : 0.0f;
}

// damp: the distance to the target halves every half-life. spring: the critically damped spring
// whose offset from the target decays as (j0 + j1 t) e^(-y t), y = 2 ln 2 / half-life. Both start
// at the target on their first frame, and snap to it for a half-life of at most 1e-6 s or a
// result that is not finite.
float DirectEvaluator::Smooth(Op op, Smoother& s, float target, float half_life) const {
  const float dt = delta_time_;
  if (s.primed && half_life > 1e-6f) {
    Smoother next = s;
    if (op == Op::Damp) {
      next.value = target + (s.value - target) * std::exp2(-dt / half_life);
    } else {
      const float y = 1.38629436f / half_life;
      const float j0 = s.value - target;
      const float j1 = s.velocity + j0 * y;
      const float decay = std::exp(-y * dt);
      next.value = decay * (j0 + j1 * dt) + target;
      next.velocity = decay * (s.velocity - j1 * y * dt);
    }
    if (std::isfinite(next.value) && std::isfinite(next.velocity)) {
      s = next;
      return s.value;
    }
  }
  s = {target, 0.0f, true};
  return target;
}

// Every scalar of the graph depends only on parameters, on what was latched at the frame's start
// and on its own smoothing state, so one forward sweep over the values (operands come first)
// computes them all.
void DirectEvaluator::ComputeScalars() {
  for (std::size_t id = 0; id < graph_.values.size(); ++id) {
    const ir::Value& v = graph_.values[id];
    if (v.type == ir::Type::Pose) continue;
    // Component c of operand k: a scalar operand broadcasts to every component.
    auto at = [&](int k, int c) {
      const ir::ValueId o = v.operands[k];
      return scalars_[o].v[graph_.values[o].type == ir::Type::Vec3 ? c : 0];
    };
    ParamValue r;
    const int components = v.type == ir::Type::Vec3 ? 3 : 1;
    for (int c = 0; c < components; ++c) {
      float x = 0.0f;
      switch (v.op) {
        case Op::Const:
          x = v.constant[c];
          break;
        case Op::Param:
          x = params_[v.index].v[c];
          break;
        case Op::TimeInState:
          x = machines_[v.index].latched_time;
          break;
        case Op::StateProgress:
          x = machines_[v.index].latched_progress;
          break;
        case Op::Neg:
          x = -at(0, c);
          break;
        case Op::Not:
          x = Bool(at(0, 0) == 0.0f);
          break;
        case Op::Abs:
          x = std::fabs(at(0, c));
          break;
        case Op::Sin:
          x = std::sin(at(0, 0));
          break;
        case Op::Cos:
          x = std::cos(at(0, 0));
          break;
        case Op::Add:
          x = at(0, c) + at(1, c);
          break;
        case Op::Sub:
          x = at(0, c) - at(1, c);
          break;
        case Op::Mul:
          x = at(0, c) * at(1, c);
          break;
        case Op::Div:
          x = at(1, c) == 0.0f ? 0.0f : at(0, c) / at(1, c);
          break;
        case Op::Min:
          x = std::min(at(0, c), at(1, c));
          break;
        case Op::Max:
          x = std::max(at(0, c), at(1, c));
          break;
        case Op::Less:
          x = Bool(at(0, 0) < at(1, 0));
          break;
        case Op::LessEqual:
          x = Bool(at(0, 0) <= at(1, 0));
          break;
        case Op::Greater:
          x = Bool(at(0, 0) > at(1, 0));
          break;
        case Op::GreaterEqual:
          x = Bool(at(0, 0) >= at(1, 0));
          break;
        case Op::Equal:
          x = Bool(at(0, 0) == at(1, 0));
          break;
        case Op::NotEqual:
          x = Bool(at(0, 0) != at(1, 0));
          break;
        case Op::And:
          x = Bool(at(0, 0) != 0.0f && at(1, 0) != 0.0f);
          break;
        case Op::Or:
          x = Bool(at(0, 0) != 0.0f || at(1, 0) != 0.0f);
          break;
        case Op::Clamp:
          x = std::min(std::max(at(0, c), at(1, c)), at(2, c));
          break;
        case Op::Lerp:
          x = at(0, c) + (at(1, c) - at(0, c)) * at(2, c);
          break;
        case Op::Smoothstep: {
          const float e0 = at(0, 0), e1 = at(1, 0), t = at(2, 0);
          if (e0 == e1) {
            x = t < e0 ? 0.0f : 1.0f;
          } else {
            const float u = std::clamp((t - e0) / (e1 - e0), 0.0f, 1.0f);
            x = u * u * (3.0f - 2.0f * u);
          }
          break;
        }
        case Op::Remap: {
          const float in0 = at(1, 0), in1 = at(2, 0), out0 = at(3, 0), out1 = at(4, 0);
          x = in0 == in1 ? out0 : out0 + (at(0, 0) - in0) / (in1 - in0) * (out1 - out0);
          break;
        }
        case Op::MakeVec3:
          x = at(c, 0);
          break;
        case Op::BlendSpaceWeight:
          x = blend_spaces_[v.index].Weight(v.sample, at(0, 0), at(1, 0));
          break;
        case Op::Select:
          x = at(0, 0) != 0.0f ? at(1, c) : at(2, c);
          break;
        case Op::StateTime:
          x = scopes_[v.index].latched_time;
          break;
        case Op::StateClockProgress:
          x = scopes_[v.index].latched_progress;
          break;
        case Op::Damp:
        case Op::Spring:
          x = Smooth(v.op, smoothers_[id], at(0, 0), at(1, 0));
          break;
        case Op::Curve:  // the last frame's output (the bind pose, curves 0, before one)
          x = v.index < output_.curves.size() ? static_cast<float>(output_.curves[v.index]) : 0.0f;
          break;
        default:
          break;  // the IR verifier allows no other scalar operation
      }
      r.v[c] = std::isfinite(x) ? x : 0.0f;  // no scalar ever holds inf or NaN
    }
    scalars_[id] = r;
  }
}

void DirectEvaluator::UpdateMachine(int m, float dt) {
  const ir::Machine& machine = graph_.machines[m];
  MachineState& ms = machines_[m];
  const ScopeState& own = scopes_[machine.scope];
  if (own.now) {
    if (!ms.blend_active || ms.interruptible) {
      for (std::size_t t = 0; t < machine.transitions.size(); ++t) {
        const TransitionDesc& d = machine.transitions[t].desc;
        const bool applies = d.from == kNoOperand ? d.to != ms.current : d.from == ms.current;
        if (applies && Scalar(machine.transitions[t].condition) != 0.0f) {
          ms.fired = static_cast<int>(t);
          break;
        }
      }
    }
    if (ms.fired >= 0) {
      const TransitionDesc& d = machine.transitions[ms.fired].desc;
      // Live only when no blend was running and the state really changes (docs/semantics.md).
      const bool live = d.mode == BlendMode::Crossfade && !ms.blend_active && d.to != ms.current;
      ms.fade_from = live ? ms.current : -1;
      ms.left = ms.current;
      ms.current = d.to;
      ms.time_in_state = 0.0f;
      ms.blend_active = true;
      ms.elapsed = 0.0f;
      ms.duration = d.duration;
      ms.mode = d.mode;
      ms.curve = d.curve;
      ms.half_life = d.half_life;
      ms.interruptible = d.can_interrupt;
    } else if (!own.entering) {  // a machine that starts running this frame stands still
      ms.time_in_state += dt;
      if (ms.blend_active) {
        ms.elapsed += dt;
        if (ms.elapsed >= ms.duration) {
          ms.blend_active = false;
          ms.blend_finished = true;
        }
      }
    }
    if (!ms.blend_active) ms.fade_from = -1;
  }
  for (std::size_t s = 0; s < machine.states.size(); ++s) {
    ScopeState& state = scopes_[machine.states[s].scope];
    const bool current = static_cast<int>(s) == ms.current;
    state.now = own.now && (current || static_cast<int>(s) == ms.fade_from);
    state.entering = state.now && (!state.prev || (current && (ms.fired >= 0 || own.entering)));
    state.time = state.now && !state.entering ? state.time + dt : 0.0f;
  }
}

void DirectEvaluator::AdvanceClocks(float dt) {
  for (std::size_t c = 0; c < clock_times_.size(); ++c) {
    const ClockDesc& desc = graph_.clocks[c];
    const float duration = ClipDuration(static_cast<int>(c));
    const ScopeState& scope = scopes_[desc.scope];
    if (!scope.now || scope.entering) {  // wound back while inactive; the entering frame shows the start
      clock_times_[c] = NormalisedTime(desc.start_time, duration, desc.loop);
      clock_moves_[c] = {clock_times_[c], 0.0f, 0.0f};
      continue;
    }
    if (desc.sync_group != kNoOperand && clock_value_[c] != ir::kNoValue) continue;  // its group moves it
    const float rate =
        clock_value_[c] != ir::kNoValue ? Scalar(graph_.values[clock_value_[c]].operands[0]) : 1.0f;
    const float from = clock_times_[c];
    const float x = from + rate * dt;
    clock_times_[c] = NormalisedTime(x, duration, desc.loop);
    clock_moves_[c] = {from, Passes(x, clock_times_[c], duration, desc.loop), Way(rate * dt)};
  }
  if (!sync_groups_.empty()) UpdateSyncGroups(dt);
}

void DirectEvaluator::FireEvents() {
  events_.clear();
  if (graph_.events.empty()) return;
  const std::vector<float> weight = PoseWeights();
  std::vector<direct::ClockMove> clocks(graph_.clocks.size());
  for (std::size_t c = 0; c < clocks.size(); ++c) {
    const ScopeState& scope = scopes_[graph_.clocks[c].scope];
    clocks[c] = {scope.now,
                 scope.entering,
                 clock_moves_[c].from,
                 clock_times_[c],
                 clock_moves_[c].passes,
                 clock_moves_[c].direction,
                 ClipDuration(static_cast<int>(c)),
                 clock_value_[c] != ir::kNoValue ? weight[clock_value_[c]] : 0.0f};
  }
  std::vector<direct::MachineChange> machines(machines_.size());
  for (std::size_t m = 0; m < machines.size(); ++m) {
    const MachineState& ms = machines_[m];
    const ir::ValueId value = graph_.machines[m].value;
    machines[m] = {ms.fired, ms.left, ms.current, ms.blend_finished,
                   value != ir::kNoValue ? weight[value] : 0.0f};
  }
  events_ = direct::FireEvents(graph_.events, clocks, machines);
}

// How much of the output each pose value makes this frame, from the output (1) down: a blend
// splits by its alpha, a masked blend or an additive keeps its base whole and gives the other input
// its alpha, a crossfade splits by its curve, a new additive gives its source all and its base
// nothing, anything else passes its weight on. A pose read twice
// counts once (weights stay within 1).
std::vector<float> DirectEvaluator::PoseWeights() const {
  std::vector<float> weight(graph_.values.size(), 0.0f);
  if (graph_.output == ir::kNoValue) return weight;
  weight[graph_.output] = 1.0f;
  auto share = [&](ir::ValueId alpha) { return std::clamp(Scalar(alpha), 0.0f, 1.0f); };
  for (ir::ValueId id = graph_.output; id >= 0; --id) {
    const ir::Value& v = graph_.values[id];
    const float w = std::min(weight[id], 1.0f);
    if (w == 0.0f || v.type != ir::Type::Pose || v.operands.empty()) continue;
    const auto& ops = v.operands;
    switch (v.op) {
      case Op::SampleClip:
      case Op::LoadSnapshot:
      case Op::ReferencePose:
        break;
      case Op::Blend:
        weight[ops[0]] += w * (1.0f - share(ops[2]));
        weight[ops[1]] += w * share(ops[2]);
        break;
      case Op::BlendMasked:
      case Op::ApplyAdditive:
        weight[ops[0]] += w;
        weight[ops[1]] += w * share(ops[2]);
        break;
      case Op::MakeAdditive:  // the base is taken away, not shown: it weighs nothing
        weight[ops[0]] += w;
        break;
      case Op::StateMachine: {
        const MachineState& ms = machines_[v.index];
        if (ms.mode == BlendMode::Crossfade && ms.blend_active && ms.fade_from >= 0) {
          const float in = static_cast<float>(direct::CrossfadeWeight(ms.curve, ms.elapsed, ms.duration));
          weight[ops[ms.current]] += w * in;
          weight[ops[ms.fade_from]] += w * (1.0f - in);
        } else {
          weight[ops[ms.current]] += w;
        }
        break;
      }
      default:  // a pose op: its source
        weight[ops[0]] += w;
        break;
    }
  }
  return weight;
}

// Sync groups, once every clock outside them has moved (docs/semantics.md, "Sync groups").
void DirectEvaluator::UpdateSyncGroups(float dt) {
  const std::vector<float> weight = PoseWeights();
  auto playing = [&](std::size_t c) {
    return clock_value_[c] != ir::kNoValue && scopes_[graph_.clocks[c].scope].now;
  };
  auto clip = [&](std::size_t c) {
    return direct::SyncClip{ClipDuration(static_cast<int>(c)), graph_.clocks[c].loop,
                            &clips_[graph_.clocks[c].clip]->markers()};
  };
  auto start = [&](std::size_t c) {
    return NormalisedTime(graph_.clocks[c].start_time, ClipDuration(static_cast<int>(c)),
                          graph_.clocks[c].loop);
  };
  for (std::size_t g = 0; g < sync_groups_.size(); ++g) {
    SyncGroup& group = sync_groups_[g];
    std::vector<std::size_t> members;
    for (std::size_t c : group.clocks) {
      if (playing(c)) members.push_back(c);
    }
    if (members.empty()) {
      group.playing = false;
      continue;
    }
    auto weight_of = [&](std::size_t c) { return std::min(weight[clock_value_[c]], 1.0f); };
    // Leaders first, then auto members, then followers; the heaviest, the first on a tie.
    auto rank = [&](std::size_t c) {
      return static_cast<int>(graph_.clocks[c].sync_role == SyncRole::Leader ? 0
                              : graph_.clocks[c].sync_role == SyncRole::Auto ? 1
                                                                             : 2);
    };
    std::size_t leader = members.front();
    for (std::size_t c : members) {
      if (rank(c) < rank(leader) || (rank(c) == rank(leader) && weight_of(c) > weight_of(leader))) leader = c;
    }
    float weighted = 0.0f, total = 0.0f;
    for (std::size_t c : members) {
      if (!(ClipDuration(static_cast<int>(c)) > 0.0f)) continue;
      weighted += weight_of(c) * ClipDuration(static_cast<int>(c));
      total += weight_of(c);
    }
    const float duration = ClipDuration(static_cast<int>(leader));
    const float cycle = total > 0.0f ? weighted / total : duration;
    float time = start(leader);
    ClockMove leader_move{time, 0.0f, 0.0f};
    const float leader_rate = Scalar(graph_.values[clock_value_[leader]].operands[0]);
    const bool forward = leader_rate * dt >= 0.0f;  // the way followers go round their clips
    if (group.playing && duration > 0.0f) {
      float from = clock_times_[leader];
      if (scopes_[graph_.clocks[leader].scope].entering) {  // joins the group where it was
        if (group.leader == static_cast<int>(leader)) {
          from = group.time;
        } else if (ClipDuration(group.leader) > 0.0f) {
          from = direct::MatchPhase(clip(static_cast<std::size_t>(group.leader)), group.time, clip(leader),
                                    start(leader));
        }
      }
      float t = from + leader_rate * dt * (duration / cycle);
      if (!std::isfinite(t)) t = from;
      time = NormalisedTime(t, duration, graph_.clocks[leader].loop);
      leader_move = {from, Passes(t, time, duration, graph_.clocks[leader].loop), Way(leader_rate * dt)};
    }
    for (std::size_t c : members) {
      if (c == leader) {
        clock_times_[c] = time;
        clock_moves_[c] = leader_move;
        continue;
      }
      const float length = ClipDuration(static_cast<int>(c));
      const float was = clock_times_[c];  // its start when it starts playing (wound back)
      clock_times_[c] =
          duration > 0.0f && length > 0.0f ? direct::MatchPhase(clip(leader), time, clip(c), was) : start(c);
      // Played on round its clip's end (or start, going backward): it went back over half a clip.
      const bool entering = scopes_[graph_.clocks[c].scope].entering;
      const float now = clock_times_[c];
      const bool round = forward ? now < was - 0.5f * length : now > was + 0.5f * length;
      clock_moves_[c] = {entering ? now : was,
                         !entering && round && graph_.clocks[c].loop ? (forward ? 1.0f : -1.0f) : 0.0f,
                         leader_move.direction};
    }
    group.playing = true;
    group.leader = static_cast<int>(leader);
    group.time = time;
  }
}

// Which poses this frame needs, from the output down (operands precede users, so one backward sweep
// marks them, taking only the current state of each machine), then each computed once, in order.
void DirectEvaluator::EvaluatePoses(int count) {
  std::fill(reached_.begin(), reached_.end(), 0);
  if (graph_.output == ir::kNoValue) return;
  reached_[graph_.output] = 1;
  for (ir::ValueId id = graph_.output; id >= 0; --id) {
    const ir::Value& v = graph_.values[id];
    if (!reached_[id] || v.type != ir::Type::Pose) continue;
    if (v.op == Op::StateMachine) {
      const MachineState& ms = machines_[v.index];
      reached_[v.operands[ms.current]] = 1;
      if (ms.fade_from >= 0) reached_[v.operands[ms.fade_from]] = 1;  // a crossfade's live source
      continue;
    }
    for (ir::ValueId o : v.operands) {
      if (graph_.values[o].type == ir::Type::Pose) reached_[o] = 1;
    }
  }
  for (ir::ValueId id = 0; id <= graph_.output; ++id) {
    if (!reached_[id] || graph_.values[id].type != ir::Type::Pose) continue;
    DPose& out = poses_[id];
    out.bones.resize(static_cast<std::size_t>(skeleton_.bone_count()));
    Compute(graph_.values[id], out, count);
  }
}

const direct::DPose* DirectEvaluator::PoseOf(ir::ValueId value) const {
  return value >= 0 && static_cast<std::size_t>(value) < poses_.size() && reached_[value] &&
                 graph_.values[value].type == ir::Type::Pose
             ? &poses_[value]
             : nullptr;
}

// One pose value into `out` (sized to the skeleton). Bones [0, count) follow the value's maths; past
// the LOD cut a result carries its first input's bones (the bind pose, or the identity delta for a
// new additive, when it has none).
void DirectEvaluator::Compute(const ir::Value& v, DPose& out, int count) {
  // The curve functions fill as many curves as `out` holds; a value that becomes the bind pose (no
  // curves) is grown back with 0s.
  out.curves.resize(graph_.curves.size());
  ComputeBones(v, out, count);
  out.curves.resize(graph_.curves.size());
  out.motion = MotionOf(v);
}

// The bone whose motion clip player `v` takes out of its clip (docs/semantics.md, "Root motion"),
// or -1: a clip that keeps its motion, or one not made for this skeleton.
int DirectEvaluator::MotionBone(const ir::Value& v) const {
  const ClockDesc& clock = graph_.clocks[v.index];
  const Clip& clip = *clips_[clock.clip];
  if (clock.root_motion == RootMotionMode::Keep || clip.bone_count() != skeleton_.bone_count()) return -1;
  const int bone = graph_.bones[clock.root_motion_bone].index;
  return bone < clip.bone_count() ? bone : -1;
}

// The root motion a pose value carries (docs/semantics.md, "Root motion"), from its inputs'.
direct::DTransform DirectEvaluator::MotionOf(const ir::Value& v) const {
  const auto& ops = v.operands;
  auto unit = [](float alpha) { return alpha > 0.0f ? std::min(alpha, 1.0f) : 0.0f; };
  switch (v.op) {
    case Op::SampleClip: {
      const int bone = MotionBone(v);
      const ClockDesc& clock = graph_.clocks[v.index];
      if (bone < 0 || clock.root_motion != RootMotionMode::Extract) return {};
      const ClockMove& move = clock_moves_[v.index];
      return direct::ClipMotion(*clips_[clock.clip], bone, move.from, clock_times_[v.index], move.passes);
    }
    case Op::Blend:
      return direct::MixMotion(Input(ops[0]).motion, Input(ops[1]).motion, unit(Scalar(ops[2])));
    case Op::BlendMasked: {
      const std::vector<float>& weights = graph_.masks[v.index].weights;
      const float root = weights.empty() ? 0.0f : weights[0];
      return direct::MixMotion(Input(ops[0]).motion, Input(ops[1]).motion, unit(Scalar(ops[2])) * root);
    }
    case Op::StateMachine: {
      const MachineState& ms = machines_[v.index];
      const direct::DTransform& incoming = Input(ops[ms.current]).motion;
      if (ms.mode != BlendMode::Crossfade || !ms.blend_active) return incoming;
      const bool live = ms.fade_from >= 0;
      if (!live && !ms.seam.fade.held) return incoming;
      const direct::DTransform from = live ? Input(ops[ms.fade_from]).motion : direct::DTransform{};
      return direct::MixMotion(from, incoming, direct::CrossfadeWeight(ms.curve, ms.elapsed, ms.duration));
    }
    case Op::ReferencePose:
    case Op::MakeAdditive:
    case Op::LoadSnapshot:
      return {};
    default:  // apply_additive keeps its base's; snapshots and ops pass their source's on
      return ops.empty() ? direct::DTransform{} : Input(ops[0]).motion;
  }
}

void DirectEvaluator::ComputeBones(const ir::Value& v, DPose& out, int count) {
  const auto& ops = v.operands;
  const direct::DSkeleton& sk = skeleton_;
  auto pass_through = [&](ir::ValueId input) {
    out = Input(input);
    return std::min(count, sk.bone_count());
  };
  switch (v.op) {
    case Op::ReferencePose:
      out = sk.bind;
      return;
    case Op::SampleClip: {
      const Clip& clip = *clips_[graph_.clocks[v.index].clip];
      if (clip.bone_count() != sk.bone_count()) {
        out = sk.bind;
        return;
      }
      direct::SampleClip(out, clip, clock_times_[v.index], count);
      direct::SampleCurves(out, clip, clip_curves_[graph_.clocks[v.index].clip], clock_times_[v.index]);
      direct::NeutralTail(out, sk, PoseKind::Absolute, count);
      if (const int bone = MotionBone(v); bone >= 0 && bone < count)  // its motion leaves the pose
        out.bones[bone] = direct::WithoutMotionPart(out.bones[bone]);
      return;
    }
    case Op::Blend:
      direct::Blend(out, Input(ops[0]), Input(ops[1]), Scalar(ops[2]), count);
      direct::CopyTail(out, Input(ops[0]), count);
      return;
    case Op::BlendMasked: {
      const std::vector<float>& weights = graph_.masks[v.index].weights;
      if (static_cast<int>(weights.size()) < count) {
        out = sk.bind;
        return;
      }
      direct::BlendMasked(out, Input(ops[0]), Input(ops[1]), weights.data(),
                          graph_.masks[v.index].curve_weights, Scalar(ops[2]), count);
      direct::CopyTail(out, Input(ops[0]), count);
      return;
    }
    case Op::MakeAdditive: {
      const bool mesh = v.flags == 1;
      direct::MakeAdditive(out, Input(ops[0]), ops.size() > 1 ? Input(ops[1]) : sk.bind, mesh, sk, count);
      direct::NeutralTail(out, sk, out.kind, count);
      return;
    }
    case Op::ApplyAdditive:
      direct::ApplyAdditive(out, Input(ops[0]), Input(ops[1]), Scalar(ops[2]), sk, count);
      direct::CopyTail(out, Input(ops[0]), count);
      return;
    case Op::StateMachine: {
      MachineState& ms = machines_[v.index];
      const int n = pass_through(ops[ms.current]);  // only the current state is evaluated
      const bool capture = ms.fired >= 0;
      if (ms.mode == BlendMode::Crossfade) {
        const DPose* live = ms.fade_from >= 0 ? &Input(ops[ms.fade_from]) : nullptr;
        direct::Crossfade(ms.seam, out, live, n, capture, ms.blend_active, ms.elapsed, ms.duration, ms.curve,
                          delta_time_);
      } else if (ms.mode == BlendMode::DeadBlend) {
        direct::DeadBlend(ms.seam, out, n, capture, ms.elapsed, ms.duration, ms.half_life, delta_time_);
      } else {
        direct::Inertialize(ms.seam, out, n, capture, ms.elapsed, ms.duration, delta_time_);
      }
      return;
    }
    case Op::SaveSnapshot: {
      pass_through(ops[0]);
      Snapshot& s = snapshots_[v.index];
      s.pending = out;
      s.pending_written = true;
      return;
    }
    case Op::PhysicsStage:  // offline there is no simulation step: the pose passes through
      pass_through(ops[0]);
      return;
    case Op::LoadSnapshot: {
      const Snapshot& s = snapshots_[v.index];
      out = s.saved ? s.pose : sk.bind;
      return;
    }
    case Op::BoneTransform: {
      const int n = pass_through(ops[0]);
      const direct::BoneOpValue value{Vector(ops[1]), direct::FromEulerDegrees(Vector(ops[2])),
                                      Vector(ops[3])};
      direct::BoneTransform(out, sk, n, Bone(v, 0), (v.flags & 1) != 0, (v.flags >> 1) != 0, value,
                            Scalar(ops[4]));
      return;
    }
    case Op::TranslateBone: {
      const int n = pass_through(ops[0]);
      direct::TranslateBone(out, sk, n, Bone(v, 0), Vector(ops[1]), Scalar(ops[2]));
      return;
    }
    case Op::TwoBoneIK: {
      const int n = pass_through(ops[0]);
      const direct::DVec3 pole = Vector(ops[2]);
      direct::TwoBoneIK(out, sk, n, Bone(v, 0), Bone(v, 1), Bone(v, 2), Vector(ops[1]),
                        v.flags != 0 ? &pole : nullptr, Scalar(ops[3]));
      return;
    }
    case Op::Fabrik: {
      const int n = pass_through(ops[0]);
      direct::Fabrik(out, sk, n, Bone(v, 0), Bone(v, 1), Vector(ops[1]), v.iterations, v.constant[0],
                     Scalar(ops[2]));
      return;
    }
    case Op::LookAt: {
      const int n = pass_through(ops[0]);
      direct::LookAt(out, sk, n, Bone(v, 0), Vector(ops[1]), Vector(ops[2]), Scalar(ops[3]), Scalar(ops[4]));
      return;
    }
    case Op::FootIK: {
      const int n = pass_through(ops[0]);
      const direct::FootGroundValue ground{Scalar(ops[1]), Vector(ops[2]), v.constant[0], v.constant[1]};
      direct::FootIK(out, sk, n, Bone(v, 0), Bone(v, 1), Bone(v, 2), ground, Scalar(ops[3]));
      return;
    }
    default:  // a scalar where a pose belongs: the IR verifier refuses it before this
      out = sk.bind;
      return;
  }
}

}  // namespace anim
