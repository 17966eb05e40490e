#include "cli/anim_dump/run_report.h"

#include <nlohmann/json.hpp>

#include "cli/anim_dump/json_report.h"
#include "cli/anim_dump/task_describe.h"
#include "cli/anim_dump/text_table.h"
#include "compiler/diag/json_text.h"

namespace anim::dump {
namespace {

using Json = nlohmann::ordered_json;

std::string States(const DumpFrame& frame) {
  std::string s;
  for (const MachineFrame& m : frame.machines)
    s += (s.empty() ? "" : ", ") + m.name + ":" + m.state + (m.blend_active ? "*" : "");
  return s.empty() ? "-" : s;
}

std::string Transitions(const DumpFrame& frame) {
  std::string s;
  for (const MachineFrame& m : frame.machines) {
    if (m.fired) s += (s.empty() ? "" : ", ") + m.name + ": " + m.transition;
  }
  return s;
}

Json FinalPose(const CapturedRun& run) {
  Json bones = Json::array();
  for (std::size_t b = 0; b < run.final_pose.size(); ++b) {
    const Transform& t = run.final_pose[b];
    bones.push_back(
        Json{{"bone", b < run.bone_names.size() ? run.bone_names[b] : std::to_string(b)},
             {"translation",
              {JsonNumber(t.translation.x), JsonNumber(t.translation.y), JsonNumber(t.translation.z)}},
             {"rotation",
              {JsonNumber(t.rotation.x), JsonNumber(t.rotation.y), JsonNumber(t.rotation.z),
               JsonNumber(t.rotation.w)}},
             {"scale", {JsonNumber(t.scale.x), JsonNumber(t.scale.y), JsonNumber(t.scale.z)}}});
  }
  return bones;
}

Json FinalSkinning(const CapturedRun& run) {
  Json bones = Json::array();
  for (std::size_t b = 0; b < run.final_skinning.size(); ++b) {
    Json columns = Json::array();
    for (const auto& column : run.final_skinning[b].m) {
      columns.push_back(
          {JsonNumber(column[0]), JsonNumber(column[1]), JsonNumber(column[2]), JsonNumber(column[3])});
    }
    bones.push_back(Json{{"bone", b < run.bone_names.size() ? run.bone_names[b] : std::to_string(b)},
                         {"columns", columns}});
  }
  return bones;
}

}  // namespace

std::string RunText(const CapturedRun& run, bool colour) {
  TextTable table({"frame", "time", "states", "transitions started", "tasks", "reachable", "peak buffers"},
                  {true, true, false, false, true, true, true});
  for (const DumpFrame& f : run.frames) {
    table.Add({std::to_string(f.frame), Number(f.time), States(f), Transitions(f),
               std::to_string(f.task_count), std::to_string(f.summary.reachable_count),
               std::to_string(f.summary.peak_live_buffers)});
  }
  int peak = 0;
  for (const DumpFrame& f : run.frames)
    peak = std::max(peak, f.summary.peak_live_buffers);
  return table.Render(colour) + std::to_string(run.frames.size()) + " frames; peak " + std::to_string(peak) +
         " live buffers (* marks a machine still blending its last transition)\n";
}

std::string RunJson(const CapturedRun& run, FinalOutput final_output) {
  Json frames = Json::array();
  for (const DumpFrame& f : run.frames) {
    Json machines = Json::array();
    for (const MachineFrame& m : f.machines) {
      machines.push_back(
          Json{{"name", m.name},
               {"state", m.state},
               {"transition_started", m.transition.empty() ? Json(nullptr) : Json(m.transition)},
               {"blending", m.blend_active}});
    }
    frames.push_back(Json{{"frame", f.frame},
                          {"time", JsonNumber(f.time)},
                          {"machines", machines},
                          {"task_count", f.task_count},
                          {"reachable_count", f.summary.reachable_count},
                          {"peak_live_buffers", f.summary.peak_live_buffers}});
  }
  Json out;
  out["format_version"] = kDumpFormatVersion;
  out["kind"] = "run";
  out["frame_count"] = run.frames.size();
  out["frames"] = std::move(frames);
  if (final_output == FinalOutput::Pose) out["final_pose"] = FinalPose(run);
  if (final_output == FinalOutput::Skinning) out["final_skinning"] = FinalSkinning(run);
  return JsonText(out, 2) + "\n";
}

}  // namespace anim::dump
