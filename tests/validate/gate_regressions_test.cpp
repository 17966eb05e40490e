// Regressions of issue 12 ("the gate must be able to fail"): each case here once let validation
// report agreement, or a divergence, that was not the truth.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/assets/asset_loader.h"
#include "compiler/direct/direct_evaluator.h"
#include "compiler/import/asset_writer.h"
#include "compiler/validate/validate.h"
#include "tests/import/temp_dir.h"
#include "tests/validate/validation_pipeline.h"
#include "vm/build_tasks.h"
#include "vm/program_binding.h"

using namespace anim;
namespace fs = std::filesystem;

namespace {

const std::string kSamples = std::string(ANIMTC_SOURCE_DIR) + "/samples";

std::string Header() {
  return "format: animtc.graph\nversion: 1\nskeleton: humanoid/skeleton.yaml\n"
         "clips: {walk: humanoid/walk_fwd.json, run: humanoid/run_fwd.json}\n";
}

std::string ScenarioText(int frames, const std::string& events) {
  return "format: animtc.scenario\nversion: 1\nframes: " + std::to_string(frames) +
         "\ndelta_time: 0.0333333\nevents:\n" + events;
}

ValidationReport ValidateText(const std::string& graph, const std::string& scenario) {
  const auto in = test::PrepareValidation(graph, scenario, kSamples);
  return Validate(in->graph, in->compiled.program, in->scenario);
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void WriteFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// The humanoid sample's skeleton and clips with every translation scaled by `factor`, written as
// documents under `dir`/humanoid, so a sample graph copied into `dir` runs on a bigger character.
void WriteScaledHumanoid(const fs::path& dir, float factor) {
  DiagnosticSink sink;
  const std::optional<Skeleton> skeleton = LoadSkeletonFile(kSamples + "/humanoid/skeleton.yaml", sink);
  REQUIRE(skeleton);
  SkeletonDesc desc;
  desc.name = skeleton->name();
  for (int b = 0; b < skeleton->bone_count(); ++b) {
    Transform bind = skeleton->bind_local(b);
    bind.translation *= factor;
    desc.bones.push_back({skeleton->bone_name(b), skeleton->parent(b), bind, std::nullopt});
  }
  std::string error;
  const std::optional<Skeleton> scaled = Skeleton::Build(desc, error);
  REQUIRE(scaled);
  WriteFile(dir / "humanoid/skeleton.yaml", WriteSkeletonYaml(*scaled));
  for (const fs::directory_entry& entry : fs::directory_iterator(kSamples + "/humanoid")) {
    if (entry.path().extension() != ".json") continue;
    const std::optional<Clip> clip =
        LoadClipFile(entry.path().string(), *skeleton, sink, kMaxClipKeyBytes, {ClipEncoding::Dense});
    INFO(FormatText(sink));
    REQUIRE(clip);
    std::optional<Clip> out =
        Clip::Create(*scaled, clip->name(), clip->sample_rate(), clip->frame_count(), clip->looping(), error);
    REQUIRE(out);
    for (int bone : clip->tracked_bones())
      out->MarkTracked(bone);
    for (int k = 0; k < clip->frame_count(); ++k) {
      for (int b = 0; b < skeleton->bone_count(); ++b) {
        Transform t = GetBoneTransform(clip->frame(k), b);
        t.translation *= factor;
        SetBoneTransform(out->frame(k), b, t);
      }
    }
    WriteFile(dir / "humanoid" / entry.path().filename(),
              WriteClipJson(*out, *scaled, ClipEncodingOptions{}));
  }
}

}  // namespace

TEST_CASE("root_lock without root_bone pins bone 0, on both paths", "[validate][regression]") {
  // The root is moved and turned on purpose; the lock must put it back at its bind pose.
  const std::string graph = Header() +
                            "nodes:\n"
                            "  moved: {kind: bone_transform, pose: {kind: clip, clip: walk}, bone: root,\n"
                            "          translation: [0.4, 0, 0.2], rotation: [0, 40, 0]}\n"
                            "output: {pose: moved, root_lock: true}\n";
  const auto in = test::PrepareValidation(graph, ScenarioText(30, "  []\n"), kSamples);
  const ValidationReport report = Validate(in->graph, in->compiled.program, in->scenario);
  INFO(FormatReport(report));
  REQUIRE(report.agree);

  std::vector<const Clip*> clips;
  for (const Clip& c : in->graph.clips)
    clips.push_back(&c);
  const BindResult bound = ProgramBinding::Bind(in->compiled.program, in->graph.skeleton, clips);
  REQUIRE(bound.binding);
  AnimInstance instance(in->compiled.program);
  AnimTaskList list;
  BuildTasks(*bound.binding, instance, 1.0f / 30.0f, list);
  REQUIRE(list.PinnedRootBone() == 0);
  Pose pose;
  ExecuteTaskList(list, {.local_pose = &pose});
  const Transform& bind = in->graph.skeleton.bind_local(0);
  CHECK(pose.Get(0).translation == bind.translation);
  CHECK(pose.Get(0).rotation == bind.rotation);

  DirectEvaluator direct(in->graph.graph, in->graph.skeleton, clips);
  direct.Frame(1.0f / 30.0f);
  CHECK(direct.local_pose().bones[0].t.x == bind.translation.x);
  CHECK(direct.local_pose().bones[0].r.y == bind.rotation.y);
}

TEST_CASE("a ramp whose span overflows and a non-finite expression agree with the VM",
          "[validate][regression]") {
  // docs/semantics.md: a non-finite parameter value changes nothing, a ramp's end sets `to` exactly,
  // and a scalar result that is not finite is 0.
  const std::string graph =
      Header() +
      "parameters: {x: {type: float, default: 0.25}}\n"
      "nodes:\n"
      "  mix: {kind: blend, a: {kind: clip, clip: walk}, b: {kind: clip, clip: run},\n"
      "        alpha: \"clamp(x, 0, 1)\"}\n"
      "  far: {kind: blend, a: mix, b: {kind: reference_pose}, alpha: \"min(x * 1e30 * 1e30, 1)\"}\n"
      "output: {pose: far}\n";
  const ValidationReport report =
      ValidateText(graph, ScenarioText(40,
                                       "  - {ramp: x, start: 0.2, end: 0.8, from: -3e38, to: 3e38}\n"
                                       "  - {set: x, at: 1.0, value: 2e10}\n"));
  INFO(FormatReport(report));
  REQUIRE(report.agree);
}

TEST_CASE("validation tolerances are relative to the character's size", "[validate][regression]") {
  // The worked example on the humanoid, then on the same humanoid a thousand times bigger: both
  // agree at the default tolerance, and the report says what its errors are relative to.
  for (const float factor : {1.0f, 1000.0f}) {
    INFO("scale " << factor);
    test::TempDir dir;
    WriteScaledHumanoid(dir.path(), factor);
    WriteFile(dir.path() / "worked_example.yaml", ReadFile(kSamples + "/worked_example.yaml"));
    const auto in = test::PrepareValidationFiles(dir.file("worked_example.yaml"),
                                                 kSamples + "/worked_example.scenario.yaml");
    const ValidationReport report = Validate(in->graph, in->compiled.program, in->scenario);
    INFO(FormatReport(report));
    REQUIRE(report.agree);
    CHECK(report.extent == Approx(2.408f * factor).epsilon(0.01));
    CHECK(report.max_error < 1e-5f);
    CHECK_THAT(FormatReport(report), Catch::Contains("lengths relative to the character's extent"));
  }
}

TEST_CASE("a scenario that changes the LOD cut mid-run agrees, and the cut changes the pose",
          "[validate][regression][lod]") {
  // Foot IK on a leg past the cut idles; below it, it plants. Transitions run across both changes.
  const std::string graph =
      Header() +
      "parameters: {speed: {type: float, default: 0}}\n"
      "nodes:\n"
      "  gait:\n"
      "    kind: state_machine\n"
      "    initial: walk\n"
      "    states: {walk: {kind: clip, clip: walk}, run: {kind: clip, clip: run}}\n"
      "    transitions:\n"
      "      - {from: walk, to: run, condition: \"speed > 1\", duration: 0.3}\n"
      "      - {from: run, to: walk, condition: \"speed < 1\", duration: 0.3, blend: dead_blend}\n"
      "  planted: {kind: foot_ik, pose: gait, thigh: thigh_r, calf: calf_r, foot: foot_r,\n"
      "            ground_height: 0.05, plant_distance: 0.2}\n"
      "output: {pose: planted}\n";
  const std::string events =
      "  - {set: speed, at: 0.5, value: 2}\n  - {lod: 19, at: 0.4}\n"
      "  - {set: speed, at: 1.5, value: 0}\n  - {lod: 0, at: 1.8}\n";
  const auto with_lod = test::PrepareValidation(graph, ScenarioText(90, events), kSamples);
  const ValidationReport report = Validate(with_lod->graph, with_lod->compiled.program, with_lod->scenario);
  INFO(FormatReport(report));
  REQUIRE(report.agree);

  // The same run without the cut gives other poses while it lasts.
  std::vector<const Clip*> clips;
  for (const Clip& c : with_lod->graph.clips)
    clips.push_back(&c);
  DirectEvaluator cut(with_lod->graph.graph, with_lod->graph.skeleton, clips);
  DirectEvaluator full(with_lod->graph.graph, with_lod->graph.skeleton, clips);
  cut.SetActiveBoneCount(19);
  cut.Frame(1.0f / 30.0f);
  full.Frame(1.0f / 30.0f);
  const int thigh = with_lod->graph.skeleton.FindBone("thigh_r");
  REQUIRE(thigh == 19);  // the first bone past the cut
  const direct::DTransform bind = cut.skeleton().bind.bones[thigh];
  CHECK(cut.local_pose().bones[thigh].r.w == bind.r.w);
  CHECK(full.local_pose().bones[thigh].r.w != bind.r.w);
}

TEST_CASE("direct evaluation includes none of the task path's pose maths", "[validate][regression]") {
  // docs/architecture.md: the two paths share data types, asset loading and the IR, nothing that
  // computes a pose.
  const std::vector<std::string> forbidden = {"#include \"executor/resolve/", "#include \"executor/ops/",
                                              "#include \"executor/kernels/", "#include \"executor/tasks/",
                                              "#include \"vm/"};
  int files = 0;
  for (const fs::directory_entry& entry :
       fs::directory_iterator(std::string(ANIMTC_SOURCE_DIR) + "/compiler/direct")) {
    if (entry.path().extension() != ".h" && entry.path().extension() != ".cpp") continue;
    ++files;
    std::istringstream text(ReadFile(entry.path()));
    int line_number = 0;
    for (std::string line; std::getline(text, line);) {
      ++line_number;
      INFO(entry.path().filename().string() << ":" << line_number << ": " << line);
      for (const std::string& include : forbidden)
        CHECK(line.find(include) == std::string::npos);
    }
  }
  CHECK(files >= 8);
}
