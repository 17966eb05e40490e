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

class RunText final : public FrameReport {
 public:
  explicit RunText(bool colour)
      : table_({"frame", "time", "states", "transitions started", "tasks", "reachable", "peak buffers"},
               {true, true, false, false, true, true, true}, colour) {}

  void Frame(const CapturedRun&, const DumpFrame& f, std::string& out) override {
    table_.Add(
        {std::to_string(f.frame), Number(f.time), States(f), Transitions(f), std::to_string(f.task_count),
         std::to_string(f.summary.reachable_count), std::to_string(f.summary.peak_live_buffers)},
        out);
    peak_ = std::max(peak_, f.summary.peak_live_buffers);
  }
  void End(const CapturedRun&, std::string& out) override {
    table_.Flush(out);
    out += std::to_string(table_.rows()) + " frames; peak " + std::to_string(peak_) +
           " live buffers (* marks a machine still blending its last transition)\n";
  }

 private:
  StreamedTable table_;
  int peak_ = 0;
};

// The object of docs/cli.md's `run --format json`, its frames array streamed.
class RunJson final : public FrameReport {
 public:
  RunJson(int frame_count, FinalOutput final_output) : final_(final_output) {
    Json head;
    head["format_version"] = kDumpFormatVersion;
    head["kind"] = "run";
    head["frame_count"] = frame_count;
    head_ = JsonText(head, 2);
    head_.erase(head_.size() - 2);  // the closing "\n}": the frames follow
  }

  void Frame(const CapturedRun&, const DumpFrame& f, std::string& out) override {
    const Json frame{{"frame", f.frame},
                     {"time", JsonNumber(f.time)},
                     {"machines", MachinesJson(f)},
                     {"blend_spaces", BlendSpacesJson(f)},
                     {"root_motion", MotionJson(f.root_motion)},
                     {"root", MotionJson(f.root)},
                     {"task_count", f.task_count},
                     {"reachable_count", f.summary.reachable_count},
                     {"peak_live_buffers", f.summary.peak_live_buffers}};
    out += first_ ? head_ + ",\n  \"frames\": [\n" : ",\n";
    first_ = false;
    out += JsonElementText(frame, 2);
  }
  void End(const CapturedRun& run, std::string& out) override {
    out += "\n  ]";
    if (final_ == FinalOutput::Pose)
      out += ",\n  \"final_pose\": " + JsonElementText(FinalPose(run), 1).substr(2);
    if (final_ == FinalOutput::Skinning)
      out += ",\n  \"final_skinning\": " + JsonElementText(FinalSkinning(run), 1).substr(2);
    out += "\n}\n";
  }

 private:
  FinalOutput final_;
  std::string head_;
  bool first_ = true;
};

}  // namespace

std::unique_ptr<FrameReport> RunTextReport(bool colour) {
  return std::make_unique<RunText>(colour);
}

std::unique_ptr<FrameReport> RunJsonReport(int frame_count, FinalOutput final_output) {
  return std::make_unique<RunJson>(frame_count, final_output);
}

}  // namespace anim::dump
