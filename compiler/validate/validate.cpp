#include "compiler/validate/validate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "compiler/diag/escape.h"
#include "compiler/direct/direct_evaluator.h"
#include "executor/tasks/task_state_storage.h"
#include "vm/build_tasks.h"
#include "vm/instance/anim_instance.h"
#include "vm/program_binding.h"

namespace anim {
namespace {

// How far apart two results are, in units that do not depend on the character's size: lengths
// (translations, the translation column of skinning matrices) over the character's extent;
// rotations (unit quaternion components) as they are; scales and the linear part of skinning
// matrices relative to their magnitude once it is past 1. The largest difference, and where.
struct Difference {
  float error = 0.0f;
  int bone = -1;
  std::string channel;
  float task_value = 0.0f, direct_value = 0.0f;

  void Consider(double task, double direct, double unit, int b, const char* name) {
    const double e = std::fabs(task - direct) / unit;
    if (e > error || (!std::isfinite(e) && error != INFINITY)) {
      error = std::isfinite(e) ? static_cast<float>(e) : INFINITY;
      bone = b;
      channel = name;
      task_value = static_cast<float>(task);
      direct_value = static_cast<float>(direct);
    }
  }
  void ConsiderRatio(double task, double direct, int b, const char* name) {
    Consider(task, direct, std::max(1.0, std::fabs(direct)), b, name);
  }
};

// The diagonal of the box around the bind pose's joints: what "the character's size" means in
// reports and tolerances. A skeleton whose joints all coincide has no size; it counts as 1 unit.
double CharacterExtent(const direct::DSkeleton& skeleton) {
  if (skeleton.bind_model.empty()) return 1.0;
  direct::DVec3 lo = skeleton.bind_model[0].Origin(), hi = lo;
  for (const direct::DMat4& m : skeleton.bind_model) {
    const direct::DVec3 p = m.Origin();
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
  }
  const double diagonal = direct::Norm(hi - lo);
  return diagonal > 1e-6 && std::isfinite(diagonal) ? diagonal : 1.0;
}

// Bones channel by channel, then curves (named "curve 'brow_up'"), relative to their magnitude
// once it is past 1; a curve either side lacks reads 0.
Difference ComparePoses(const Pose& task, const direct::DPose& direct, double extent,
                        const std::vector<std::string>& curves) {
  Difference d;
  const int n = std::min(task.bone_count(), static_cast<int>(direct.bones.size()));
  for (int b = 0; b < n; ++b) {
    const Transform t = task.Get(b);
    const direct::DTransform& r = direct.bones[b];
    d.Consider(t.translation.x, r.t.x, extent, b, "translation.x");
    d.Consider(t.translation.y, r.t.y, extent, b, "translation.y");
    d.Consider(t.translation.z, r.t.z, extent, b, "translation.z");
    // q and -q are one rotation: compare in the reference's hemisphere.
    const direct::DQuat q = direct::ToDouble(t.rotation);
    const double sign = direct::Dot(q, r.r) < 0.0 ? -1.0 : 1.0;
    d.Consider(sign * q.x, r.r.x, 1.0, b, "rotation.x");
    d.Consider(sign * q.y, r.r.y, 1.0, b, "rotation.y");
    d.Consider(sign * q.z, r.r.z, 1.0, b, "rotation.z");
    d.Consider(sign * q.w, r.r.w, 1.0, b, "rotation.w");
    d.ConsiderRatio(t.scale.x, r.s.x, b, "scale.x");
    d.ConsiderRatio(t.scale.y, r.s.y, b, "scale.y");
    d.ConsiderRatio(t.scale.z, r.s.z, b, "scale.z");
  }
  for (std::size_t c = 0; c < curves.size(); ++c) {
    const double t = static_cast<int>(c) < task.curve_count() ? task.curves()[c] : 0.0;
    const double r = c < direct.curves.size() ? direct.curves[c] : 0.0;
    Difference curve;  // its name is made only for the curve that differs most
    curve.ConsiderRatio(t, r, -1, "");
    if (curve.error > d.error) {
      d = curve;
      d.channel = "curve '" + curves[c] + "'";
    }
  }
  return d;
}

// A root motion, or the root it accumulates into: a translation (over the extent) and a rotation.
// Its channels name what they are ("root_motion.translation.x", "root.rotation.w").
Difference CompareMotion(const Transform& task, const direct::DTransform& direct, double extent,
                         bool accumulated) {
  static const char* kNames[2][7] = {
      {"root_motion.translation.x", "root_motion.translation.y", "root_motion.translation.z",
       "root_motion.rotation.x", "root_motion.rotation.y", "root_motion.rotation.z",
       "root_motion.rotation.w"},
      {"root.translation.x", "root.translation.y", "root.translation.z", "root.rotation.x", "root.rotation.y",
       "root.rotation.z", "root.rotation.w"}};
  const char* const* name = kNames[accumulated ? 1 : 0];
  // The accumulated root's float rounding grows with the distance travelled: beyond the
  // character's extent its position counts relative to that distance.
  const double unit = accumulated ? std::max(extent, direct::Norm(direct.t)) : extent;
  Difference d;
  d.Consider(task.translation.x, direct.t.x, unit, -1, name[0]);
  d.Consider(task.translation.y, direct.t.y, unit, -1, name[1]);
  d.Consider(task.translation.z, direct.t.z, unit, -1, name[2]);
  const direct::DQuat q = direct::ToDouble(task.rotation);
  const double sign = direct::Dot(q, direct.r) < 0.0 ? -1.0 : 1.0;
  d.Consider(sign * q.x, direct.r.x, 1.0, -1, name[3]);
  d.Consider(sign * q.y, direct.r.y, 1.0, -1, name[4]);
  d.Consider(sign * q.z, direct.r.z, 1.0, -1, name[5]);
  d.Consider(sign * q.w, direct.r.w, 1.0, -1, name[6]);
  return d;
}

Difference CompareMatrices(std::span<const Mat4> task, const std::vector<direct::DMat4>& direct,
                           double extent) {
  static const char* kNames[3][4] = {
      {"skinning[0][0]", "skinning[0][1]", "skinning[0][2]", "skinning[0][3]"},
      {"skinning[1][0]", "skinning[1][1]", "skinning[1][2]", "skinning[1][3]"},
      {"skinning[2][0]", "skinning[2][1]", "skinning[2][2]", "skinning[2][3]"}};
  Difference d;
  for (std::size_t b = 0; b < std::min(task.size(), direct.size()); ++b) {
    for (int col = 0; col < 4; ++col) {
      // A column of the linear part is an axis scaled by the bone's scale; the last is a position.
      const double unit = col == 3 ? extent : std::max(1.0, direct::Norm(direct[b].Column(col)));
      for (int row = 0; row < 3; ++row) {
        d.Consider(task[b].m[col][row], direct[b].e[row][col], unit, static_cast<int>(b), kNames[row][col]);
      }
    }
  }
  return d;
}

// The IR operations a recorded task type comes from.
bool TaskComesFrom(AnimTaskType type, ir::Op op) {
  switch (type) {
    case AnimTaskType::ReferencePose:
      return op == ir::Op::ReferencePose;
    case AnimTaskType::SampleClip:  // also a baked additive's (docs/semantics.md, "Baked additives")
      return op == ir::Op::SampleClip || op == ir::Op::MakeAdditive;
    case AnimTaskType::Blend:
      return op == ir::Op::Blend;
    case AnimTaskType::BlendMasked:
      return op == ir::Op::BlendMasked;
    case AnimTaskType::MakeAdditive:
      return op == ir::Op::MakeAdditive;
    case AnimTaskType::ApplyAdditive:
      return op == ir::Op::ApplyAdditive;
    case AnimTaskType::Inertialize:
    case AnimTaskType::DeadBlend:
    case AnimTaskType::Crossfade:
      return op == ir::Op::StateMachine;
    case AnimTaskType::SavePoseSnapshot:
      return op == ir::Op::SaveSnapshot;
    case AnimTaskType::LoadPoseSnapshot:
      return op == ir::Op::LoadSnapshot;
    case AnimTaskType::BoneTransform:
      return op == ir::Op::BoneTransform;
    case AnimTaskType::TranslateBone:
      return op == ir::Op::TranslateBone;
    case AnimTaskType::TwoBoneIK:
      return op == ir::Op::TwoBoneIK;
    case AnimTaskType::FABRIK:
      return op == ir::Op::Fabrik;
    case AnimTaskType::LookAt:
      return op == ir::Op::LookAt;
    case AnimTaskType::FootIK:
      return op == ir::Op::FootIK;
  }
  return false;
}

// Plays a scenario's events into the direct evaluator, independently of the VM's player, by the
// rules of docs/semantics.md ("Scenarios").
class DirectScenarioPlayer {
 public:
  DirectScenarioPlayer(const Scenario& scenario, std::vector<int> param_map)
      : scenario_(scenario),
        param_map_(std::move(param_map)),
        done_(scenario.events.size(), 0),
        lod_done_(scenario.lod_events.size(), 0) {}

  // Parameter values that are not finite (a ramp whose span overflows) change nothing, as a setter
  // refuses them (the evaluator's SetParam).
  void ApplyBeforeFrame(int frame, DirectEvaluator& direct) {
    const float now = static_cast<float>(frame) * scenario_.delta_time;
    const float slack = scenario_.delta_time / 1000.0f;  // events written at a frame's time land on it
    for (std::size_t i = 0; i < scenario_.lod_events.size(); ++i) {
      const LodEvent& e = scenario_.lod_events[i];
      if (lod_done_[i] || now < e.time - slack) continue;
      direct.SetActiveBoneCount(e.bone_count);
      lod_done_[i] = 1;
    }
    for (std::size_t i = 0; i < scenario_.events.size(); ++i) {
      const ParamEvent& e = scenario_.events[i];
      const int param = param_map_[e.param];
      if (done_[i] || param < 0 || now < e.time - slack) continue;
      if (e.kind != ParamEventKind::Ramp) {
        direct.SetParam(param, e.kind == ParamEventKind::Fire ? 1.0f : e.from[0], e.from[1], e.from[2]);
        done_[i] = 1;
        continue;
      }
      const bool finished = now >= e.end_time - slack;
      const float span = e.end_time - e.time;
      const float f = span <= 0.0f ? 1.0f : std::clamp((now - e.time) / span, 0.0f, 1.0f);
      float v[3];
      for (int c = 0; c < 3; ++c)  // the frame at or after the end gets `to` exactly
        v[c] = finished || f >= 1.0f ? e.to[c] : e.from[c] + (e.to[c] - e.from[c]) * f;
      direct.SetParam(param, v[0], v[1], v[2]);
      done_[i] = finished ? 1 : 0;
    }
  }

 private:
  const Scenario& scenario_;
  std::vector<int> param_map_;
  std::vector<uint8_t> done_, lod_done_;
};

std::vector<int> MapParameters(const Program& program, const ir::Graph& graph) {
  std::vector<int> map(program.params.size(), -1);
  for (std::size_t p = 0; p < program.params.size(); ++p) {
    for (std::size_t q = 0; q < graph.params.size(); ++q) {
      if (graph.params[q].name == program.params[p].name) map[p] = static_cast<int>(q);
    }
  }
  return map;
}

// Finds the first task, in execution order, whose result disagrees with direct evaluation of the
// node that recorded it, by re-running the frame's list up to each task from the state the frame
// started with.
void LocateTask(const AnimTaskList& list, const TaskSnapshot& snapshot, const TaskStateStorage& state_before,
                const ProgramBinding& binding, const ir::Graph& graph, const DirectEvaluator& direct,
                double extent, const ValidateOptions& options, Divergence& out) {
  std::vector<int> order;
  for (std::size_t i = 0; i < snapshot.tasks.size(); ++i) {
    if (snapshot.tasks[i].reachable) order.push_back(static_cast<int>(i));
  }
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return snapshot.tasks[a].exec_order < snapshot.tasks[b].exec_order; });
  const std::vector<std::string>& names = binding.node_names();
  for (int i : order) {
    const AnimTask& task = list.tasks[i];
    if (task.source_node < 0 || task.source_node >= static_cast<int>(names.size())) continue;
    const std::string& node = names[task.source_node];
    AnimTaskList prefix = list;
    TaskStateStorage state = state_before;
    prefix.state = &state;
    prefix.output_task = static_cast<int16_t>(i);
    prefix.lock_root = false;
    Pose result;
    Transform motion;
    ExecuteTaskListWith(prefix, {.local_pose = &result, .root_motion = &motion}, nullptr, options.executor);
    // The node's values of the matching operation that direct evaluation reached this frame.
    std::optional<Difference> best;
    for (std::size_t v = 0; v < graph.values.size(); ++v) {
      const ir::Value& value = graph.values[v];
      const direct::DPose* direct_pose = direct.PoseOf(static_cast<ir::ValueId>(v));
      if (value.node != node || direct_pose == nullptr || !TaskComesFrom(task.type, value.op)) continue;
      Difference d = ComparePoses(result, *direct_pose, extent, graph.curves);
      if (const Difference m = CompareMotion(motion, direct_pose->motion, extent, false); m.error > d.error)
        d = m;
      if (!best || d.error < best->error) best = d;
    }
    if (!best || best->error <= options.tolerance) continue;
    out.task = i;
    out.task_type = AnimTaskTypeName(task.type);
    out.node = node;
    out.bone = best->bone;
    out.channel = best->channel;
    out.task_value = best->task_value;
    out.direct_value = best->direct_value;
    out.error = best->error;
    return;
  }
}

}  // namespace

namespace {

bool SameEvents(std::span<const FiredEvent> task, std::span<const direct::Event> direct) {
  if (task.size() != direct.size()) return false;
  for (std::size_t i = 0; i < task.size(); ++i) {
    const FiredEvent& a = task[i];
    const direct::Event& b = direct[i];
    if (a.name != b.name || static_cast<int>(a.phase) != static_cast<int>(b.phase) ||
        static_cast<int>(a.source) != static_cast<int>(b.source) || a.desc != b.desc ||
        !(std::fabs(a.weight - b.weight) <= 1e-5f))
      return false;
  }
  return true;
}

// "footstep_l (clip event 0, instant, weight 0.98), ..." or "none".
template <typename E>
std::string EventsText(const Program& program, std::span<const E> events) {
  static constexpr const char* kPhases[] = {"instant", "begin", "end"};
  static constexpr const char* kSources[] = {"clip", "state", "transition"};
  std::string text;
  for (const E& e : events) {
    char weight[32];
    std::snprintf(weight, sizeof weight, "%.6g", static_cast<double>(e.weight));
    text += (text.empty() ? "" : ", ") +
            (e.name < program.events.names.size() ? EscapeTerminal(program.events.names[e.name])
                                                  : std::string("?")) +
            " (" + kSources[static_cast<int>(e.source) % 3] + " event " + std::to_string(e.desc) + ", " +
            kPhases[static_cast<int>(e.phase) % 3] + ", weight " + weight + ")";
  }
  return text.empty() ? "none" : text;
}
template <typename E>
std::string EventsText(const Program& program, const std::vector<E>& events) {
  return EventsText(program, std::span<const E>(events));
}

}  // namespace

ValidationReport Validate(const CompiledGraph& graph, const Program& program, const Scenario& scenario,
                          const ValidateOptions& options) {
  ValidationReport report;
  if (program.graph_hash != 0 && program.graph_hash != graph.graph.source_hash) {
    char text[256];
    std::snprintf(
        text, sizeof text,
        "stale program: it was compiled from graph hash %#018llx, but the graph given and its assets "
        "hash to %#018llx; recompile it",
        static_cast<unsigned long long>(program.graph_hash),
        static_cast<unsigned long long>(graph.graph.source_hash));
    report.agree = false;
    report.stale = true;
    report.error = text;
    return report;
  }
  std::vector<const Clip*> clips;
  for (const Clip& c : graph.clips)
    clips.push_back(&c);
  BindResult bound = ProgramBinding::Bind(program, graph.skeleton, clips);
  if (!bound.binding) {
    report.agree = false;
    report.error = bound.error;
    return report;
  }
  const ProgramBinding& binding = *bound.binding;
  const Skeleton& skeleton = graph.skeleton;
  const int bones = skeleton.bone_count();

  AnimInstance instance(program);
  ScenarioPlayer vm_player(scenario);
  DirectEvaluator direct(graph.graph, skeleton, clips);
  DirectScenarioPlayer direct_player(scenario, MapParameters(program, graph.graph));
  const double extent = CharacterExtent(direct.skeleton());
  report.extent = static_cast<float>(extent);
  report.tolerance = options.tolerance;

  AnimTaskList list;
  TaskSnapshot snapshot;
  Pose task_pose;
  std::vector<Mat4> task_skinning(bones);
  for (int frame = 0; frame < scenario.frame_count; ++frame) {
    if (options.on_frame) options.on_frame(frame);  // the frames before this one agreed
    vm_player.ApplyBeforeFrame(frame, instance);
    direct_player.ApplyBeforeFrame(frame, direct);
    const TaskStateStorage state_before = instance.task_state;

    BuildTasks(binding, instance, scenario.delta_time, list);
    if (options.tamper_list) options.tamper_list(list);
    Transform root_motion;
    ExecuteTaskListWith(list,
                        {.skinning = task_skinning, .local_pose = &task_pose, .root_motion = &root_motion},
                        &snapshot, options.executor);
    instance.AccumulateRootMotion(root_motion);
    direct.Frame(scenario.delta_time);

    Difference d = ComparePoses(task_pose, direct.local_pose(), extent, graph.graph.curves);
    for (const Difference& other : {CompareMatrices(task_skinning, direct.skinning_matrices(), extent),
                                    CompareMotion(root_motion, direct.root_motion(), extent, false),
                                    CompareMotion(instance.root, direct.root(), extent, true)}) {
      if (other.error > d.error) d = other;
    }
    report.frames = frame + 1;
    report.max_error = std::max(report.max_error, d.error);
    for (int c = 0; c < task_pose.curve_count(); ++c)
      report.curve_values += task_pose.curves()[c] != 0.0f ? 1 : 0;
    if (d.error <= options.tolerance) {
      report.events += static_cast<int>(instance.events.size());
      if (SameEvents(instance.events, direct.events())) continue;
      Divergence div;
      div.frame = frame;
      div.time = static_cast<float>(frame) * scenario.delta_time;
      div.channel = "events";
      div.task_events = EventsText(program, instance.events);
      div.direct_events = EventsText(program, direct.events());
      report.agree = false;
      report.divergence = div;
      break;
    }

    Divergence div;
    div.frame = frame;
    div.time = static_cast<float>(frame) * scenario.delta_time;
    div.bone = d.bone;
    div.channel = d.channel;
    div.task_value = d.task_value;
    div.direct_value = d.direct_value;
    div.error = d.error;
    LocateTask(list, snapshot, state_before, binding, graph.graph, direct, extent, options, div);
    if (div.bone >= 0 && div.bone < bones) div.bone_name = skeleton.bone_name(div.bone);
    report.agree = false;
    report.divergence = div;
    break;
  }
  return report;
}

namespace {

// What an error figure means, for reports.
std::string ErrorUnits(const ValidationReport& report) {
  char text[160];
  std::snprintf(text, sizeof text, "lengths relative to the character's extent, %.4g units",
                static_cast<double>(report.extent));
  return text;
}

}  // namespace

std::string FormatReport(const ValidationReport& report) {
  char line[512];
  if (!report.error.empty()) return "cannot validate: " + report.error + "\n";
  if (report.agree) {
    std::snprintf(line, sizeof line, "agree: %d frames, max error %.3g (tolerance %.3g; %s)", report.frames,
                  static_cast<double>(report.max_error), static_cast<double>(report.tolerance),
                  ErrorUnits(report).c_str());
    return std::string(line) + (report.events > 0 ? ", " + std::to_string(report.events) + " events" : "") +
           "\n";
  }
  const Divergence& d = *report.divergence;
  std::string text;
  if (d.channel == "events") {
    std::snprintf(line, sizeof line, "divergence at frame %d (t = %.4f s): the events differ", d.frame,
                  static_cast<double>(d.time));
    return std::string(line) + "\n  task path: " + d.task_events + "\n  direct:    " + d.direct_events + "\n";
  }
  std::snprintf(line, sizeof line, "divergence at frame %d (t = %.4f s)", d.frame,
                static_cast<double>(d.time));
  text = line;
  if (d.task >= 0) {
    text +=
        ": task " + std::to_string(d.task) + " " + d.task_type + " (node '" + EscapeTerminal(d.node) + "')";
  } else {
    text += ": in the resolved output (every recorded task agrees)";
  }
  if (d.bone >= 0) {
    std::snprintf(line, sizeof line, "\n  bone %d '%s', ", d.bone, EscapeTerminal(d.bone_name).c_str());
    text += line;
  } else {
    text += "\n  ";  // a curve or the root motion: no bone
  }
  std::snprintf(line, sizeof line, "%s: task path %.7g, direct %.7g, error %.3g\n",
                EscapeTerminal(d.channel).c_str(), static_cast<double>(d.task_value),
                static_cast<double>(d.direct_value), static_cast<double>(d.error));
  return text + line;
}

}  // namespace anim
