#include "cli/anim_dump/json_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "cli/anim_dump/task_describe.h"
#include "compiler/diag/json_text.h"
#include "executor/ops/crossfade.h"

namespace anim::dump {
namespace {

using Json = nlohmann::ordered_json;

Json OrNull(const std::string& s) {
  return s.empty() ? Json(nullptr) : Json(s);
}
Json OrNull(int value) {
  return value < 0 ? Json(nullptr) : Json(value);
}

Json Vector(const Vec3& v) {
  return Json::array({JsonNumber(v.x), JsonNumber(v.y), JsonNumber(v.z)});
}

// The task's own fields, by type (anim_task.h's field table), with bone names.
Json Fields(const CapturedRun& run, const DumpFrame& frame, const DumpTask& t) {
  const AnimTask& k = t.task;
  Json f = Json::object();
  const auto bones = [&](std::initializer_list<uint16_t> list) {
    Json b = Json::array();
    for (uint16_t bone : list)
      b.push_back(BoneName(run, bone));
    return b;
  };
  switch (k.type) {
    case AnimTaskType::SampleClip:
      f["clip"] = t.resource;
      f["time"] = JsonNumber(k.time);
      break;
    case AnimTaskType::Blend:
    case AnimTaskType::ApplyAdditive:
      f["alpha"] = JsonNumber(k.alpha);
      break;
    case AnimTaskType::BlendMasked:
      f["mask"] = t.resource;
      f["alpha"] = JsonNumber(k.alpha);
      f["mask_weighted_bones"] = OrNull(t.exec.mask_weighted_bones);
      break;
    case AnimTaskType::MakeAdditive:
      f["space"] = k.space == static_cast<uint8_t>(AdditiveSpace::Mesh) ? "mesh" : "local";
      f["base"] = k.mode == static_cast<uint8_t>(AdditiveBase::Pose) ? "pose" : "bind_pose";
      break;
    case AnimTaskType::Inertialize:
    case AnimTaskType::DeadBlend:
    case AnimTaskType::Crossfade:
      f["machine"] = t.resource;
      f["state"] =
          k.resource < frame.machines.size() ? Json(frame.machines[k.resource].state) : Json(nullptr);
      f["transition_starts"] = (k.flags & kTaskFlagCapture) != 0;
      f["blending"] = (k.flags & kTaskFlagApply) != 0;
      f["elapsed"] = JsonNumber(k.time);
      f["duration"] = JsonNumber(k.alpha);
      if (k.type == AnimTaskType::DeadBlend) f["half_life"] = JsonNumber(k.aux);
      if (k.type == AnimTaskType::Crossfade) {
        f["curve"] = FadeCurveName(k.mode);
        f["from"] = k.dep_b != AnimTask::NoTask ? "state" : "frozen";
      }
      break;
    case AnimTaskType::SavePoseSnapshot:
    case AnimTaskType::LoadPoseSnapshot:
      f["snapshot"] = t.resource;
      break;
    case AnimTaskType::BoneTransform:
      f["bones"] = bones({k.bone_a});
      f["alpha"] = JsonNumber(k.alpha);
      break;
    case AnimTaskType::TranslateBone:
    case AnimTaskType::LookAt:
      f["bones"] = bones({k.bone_a});
      f["target"] = Vector(k.t);
      f["alpha"] = JsonNumber(k.alpha);
      break;
    case AnimTaskType::TwoBoneIK:
      f["bones"] = bones({k.bone_a, k.bone_b, k.bone_c});
      f["target"] = Vector(k.t);
      f["alpha"] = JsonNumber(k.alpha);
      break;
    case AnimTaskType::FABRIK:
      f["bones"] = bones({k.bone_a, k.bone_b});
      f["target"] = Vector(k.t);
      f["alpha"] = JsonNumber(k.alpha);
      break;
    case AnimTaskType::FootIK:
      f["bones"] = bones({k.bone_a, k.bone_b, k.bone_c});
      f["ground_height"] = JsonNumber(k.aux);
      f["alpha"] = JsonNumber(k.alpha);
      break;
    case AnimTaskType::ReferencePose:
      break;
  }
  return f;
}

Json Action(const DumpFrame& frame, const DumpTask& t) {
  Json a = Json::object();
  if (t.exec.exec_order < 0) return Json(nullptr);
  a["kind"] = t.exec.buffer < 0 ? "retain" : (t.exec.stole_buffer ? "steal" : "acquire");
  Json from = nullptr;
  if (t.exec.stole_buffer) {
    for (int d : Dependencies(t.task)) {
      if (StoleFrom(frame.tasks[static_cast<std::size_t>(d)], t)) {
        from = d;
        break;
      }
    }
  }
  a["stolen_from"] = from;
  Json released = Json::array();
  for (int16_t r : t.exec.released) {
    if (r >= 0) released.push_back(r);
  }
  a["released"] = released;
  return a;
}

}  // namespace

Json MachinesJson(const DumpFrame& frame) {
  Json machines = Json::array();
  for (const MachineFrame& m : frame.machines) {
    machines.push_back(Json{{"name", m.name},
                            {"state", m.state},
                            {"transition_started", OrNull(m.transition)},
                            {"blending", m.blend_active}});
  }
  return machines;
}

Json MotionJson(const Transform& motion) {
  const Transform& m = motion;
  const double yaw = 2.0 * std::atan2(static_cast<double>(m.rotation.y), static_cast<double>(m.rotation.w));
  return {{"translation",
           {JsonNumber(m.translation.x), JsonNumber(m.translation.y), JsonNumber(m.translation.z)}},
          {"rotation",
           {JsonNumber(m.rotation.x), JsonNumber(m.rotation.y), JsonNumber(m.rotation.z),
            JsonNumber(m.rotation.w)}},
          {"yaw", JsonNumber(static_cast<float>(std::remainder(yaw * 180.0 / std::numbers::pi, 360.0)))}};
}

Json BlendSpacesJson(const DumpFrame& frame) {
  Json spaces = Json::array();
  for (const BlendSpaceFrame& b : frame.blend_spaces) {
    Json weights = Json::array();
    for (const float w : b.weights)
      weights.push_back(JsonNumber(w));
    spaces.push_back(
        Json{{"name", b.name}, {"x", JsonNumber(b.x)}, {"y", JsonNumber(b.y)}, {"weights", weights}});
  }
  return spaces;
}

std::string JsonElementText(const nlohmann::ordered_json& json, int level, int indent) {
  const std::string text = JsonText(json, indent);
  const std::string prefix(static_cast<std::size_t>(level * indent), ' ');
  std::string out = prefix;
  out.reserve(text.size() + prefix.size() * 16);
  for (const char c : text) {
    out += c;
    if (c == '\n') out += prefix;
  }
  return out;
}

Json JsonNumber(float value) {
  if (!std::isfinite(value)) return nullptr;
  const double rounded = std::stod(fmt::format("{:.6g}", value));
  return rounded == 0.0 ? 0.0 : rounded;  // no "-0.0"
}

Json FrameJson(JsonKind kind, const CapturedRun& run, const DumpFrame& frame) {
  Json out;
  out["format_version"] = kDumpFormatVersion;
  out["kind"] = kind == JsonKind::Tasks ? "tasks" : (kind == JsonKind::Reach ? "reach" : "timeline");
  out["frame"] = frame.frame;
  out["time"] = JsonNumber(frame.time);
  out["output_task"] = OrNull(frame.summary.output_task);
  out["task_count"] = frame.task_count;
  out["reachable_count"] = frame.summary.reachable_count;
  out["peak_live_buffers"] = frame.summary.peak_live_buffers;
  out["level_count"] = frame.summary.level_count;
  out["active_bones"] = frame.active_bones;
  out["machines"] = MachinesJson(frame);
  out["blend_spaces"] = BlendSpacesJson(frame);
  Json tasks = Json::array();
  std::map<int, std::vector<int>> levels;
  const std::vector<std::string> reasons =
      kind == JsonKind::Reach ? PruneReasons(frame) : std::vector<std::string>{};
  for (std::size_t i = 0; i < frame.tasks.size(); ++i) {
    const DumpTask& t = frame.tasks[i];
    Json deps = Json::array();
    for (int d : Dependencies(t.task))
      deps.push_back(d);
    Json task;
    task["index"] = i;
    task["type"] = AnimTaskTypeName(t.task.type);
    task["stage"] = AnimTaskStageName(t.task.stage);
    task["deps"] = deps;
    task["node"] = OrNull(t.node);
    task["reachable"] = t.exec.reachable;
    task["stole_buffer"] = t.exec.stole_buffer;
    task["handed_over"] = t.exec.handed_over;
    task["exec_order"] = OrNull(t.exec.exec_order);
    task["buffer"] = OrNull(t.exec.buffer);
    task["level"] = OrNull(t.exec.level);
    task["live_buffers"] = t.exec.exec_order < 0 ? Json(nullptr) : Json(t.exec.live_buffers);
    task["use_count"] = t.exec.use_count;
    if (kind == JsonKind::Tasks) task["fields"] = Fields(run, frame, t);
    if (kind == JsonKind::Reach) task["pruned_reason"] = OrNull(reasons[i]);
    if (kind == JsonKind::Timeline) task["action"] = Action(frame, t);
    if (t.exec.reachable) levels[t.exec.level].push_back(static_cast<int>(i));
    tasks.push_back(std::move(task));
  }
  out["tasks"] = std::move(tasks);
  if (kind == JsonKind::Reach) {
    Json by_level = Json::array();
    for (const auto& [level, members] : levels)
      by_level.push_back(Json{{"level", level}, {"tasks", members}});
    out["levels"] = by_level;
  }
  if (kind == JsonKind::Timeline) {
    std::vector<std::pair<int, int>> order;
    for (std::size_t i = 0; i < frame.tasks.size(); ++i) {
      if (frame.tasks[i].exec.exec_order >= 0)
        order.emplace_back(frame.tasks[i].exec.exec_order, static_cast<int>(i));
    }
    std::sort(order.begin(), order.end());
    Json executed = Json::array();
    for (const auto& [position, index] : order)
      executed.push_back(index);
    out["executed"] = executed;
  }
  ReplaceInvalidUtf8InJson(out);  // names may be any bytes; whoever dumps it must not throw
  return out;
}

}  // namespace anim::dump
