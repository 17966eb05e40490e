// The third-party glTF files in ANIMTC_GLTF_ASSETS (registered only when they are there) imported and checked
// against an independent evaluation of the same animations (tests/import/gltf_reference.h): joint counts,
// clip names and durations, and model-space joint transforms at a spread of frame times within 1e-4 of the
// height.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "compiler/import/gltf_importer.h"
#include "executor/kernels/pose_kernels.h"
#include "executor/resolve/forward_kinematics.h"
#include "tests/import/gltf_reference.h"
#include "tests/import/temp_dir.h"

namespace anim {
namespace {

const std::string kAssets = std::string(ANIMTC_GLTF_ASSETS) + "/";

struct Imported {
  GltfImport result;
  DiagnosticSink diagnostics;
};

// Dense: these tests compare the importer's resampling itself with the reference.
Imported Import(const std::string& relative, double rate = 30.0) {
  DiagnosticSink diagnostics;
  GltfImportOptions options;
  options.sample_rate = rate;
  options.encoding.encoding = ClipEncoding::Dense;
  auto result = ImportGltf(kAssets + relative, options, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(result);
  REQUIRE_FALSE(diagnostics.has_errors());
  return {std::move(*result), diagnostics};
}

int CountCode(const DiagnosticSink& diagnostics, const std::string& code) {
  return static_cast<int>(std::count_if(diagnostics.diagnostics().begin(), diagnostics.diagnostics().end(),
                                        [&](const Diagnostic& d) { return d.code == code; }));
}

// Largest model-space error over every bone between the clip sampled at `clip_time` and the
// reference at `source_time`: position distance, and each rotation/scale column relative to its length.
struct PoseError {
  double position = 0;
  double basis = 0;
};

PoseError CompareAt(const Imported& imported, const test::ReferenceGltf& reference, int clip_index,
                    double clip_time, double source_time) {
  const Skeleton& skeleton = imported.result.skeleton;
  const Clip& clip = imported.result.clips[static_cast<std::size_t>(clip_index)];
  Pose pose(skeleton.bone_count());
  SampleClip(pose.view(), clip, static_cast<float>(clip_time), skeleton.bone_count());
  std::vector<Mat4> model(static_cast<std::size_t>(skeleton.bone_count()));
  LocalToModel(skeleton, pose.view(), model.data());
  const std::vector<test::Matrix> exact = reference.Globals(
      imported.result.reports[static_cast<std::size_t>(clip_index)].animation_index, source_time);
  PoseError error;
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    const test::Matrix& e =
        exact[static_cast<std::size_t>(imported.result.bone_nodes[static_cast<std::size_t>(b)])];
    const Mat4& m = model[static_cast<std::size_t>(b)];
    double d2 = 0;
    for (int i = 0; i < 3; ++i)
      d2 += std::pow(m.m[3][i] - e[static_cast<std::size_t>(12 + i)], 2);
    error.position = std::max(error.position, std::sqrt(d2));
    for (int c = 0; c < 3; ++c) {
      double len = 0, diff = 0;
      for (int r = 0; r < 3; ++r) {
        const double ev = e[static_cast<std::size_t>(c * 4 + r)];
        len += ev * ev;
        diff = std::max(diff, std::fabs(m.m[c][r] - ev));
      }
      error.basis = std::max(error.basis, diff / std::max(std::sqrt(len), 1e-12));
    }
  }
  return error;
}

// Every clip: name, duration from the file's key times, and the pose at a spread of frames.
void CheckAgainstReference(const Imported& imported, const std::string& relative) {
  const test::ReferenceGltf reference(kAssets + relative);
  const double height = reference.Height(0);
  REQUIRE(height > 0);
  REQUIRE(imported.result.skeleton.bone_count() == static_cast<int>(reference.Joints(0).size()));
  const auto& animations = reference.json()["animations"];
  REQUIRE(imported.result.clips.size() == animations.size());
  for (std::size_t a = 0; a < animations.size(); ++a) {
    const Clip& clip = imported.result.clips[a];
    const int index = static_cast<int>(a);
    INFO("clip " << clip.name());
    if (animations[a].contains("name")) CHECK(clip.name() == animations[a]["name"].get<std::string>());
    const double start = reference.StartTime(index);
    CHECK(imported.result.reports[a].source_start == Approx(start).margin(1e-6));
    CHECK(clip.duration() == Approx(reference.EndTime(index) - start).margin(1e-5));
    const int n = clip.frame_count();
    for (int k : {0, 1, n / 3, n / 2, (2 * n) / 3, n - 2, n - 1}) {
      if (k < 0 || k >= n) continue;
      const double t = clip.duration() * k / std::max(1, n - 1);
      INFO("frame " << k << " time " << t);
      const PoseError error = CompareAt(imported, reference, index, t, start + t);
      CHECK(error.position <= 1e-4 * height);
      CHECK(error.basis <= 1e-4);
    }
  }
}

TEST_CASE("Fox: 24 joints, Survey, Walk and Run agree with the glTF evaluated directly") {
  const Imported fox = Import("fox/Fox.glb");
  CHECK(fox.result.skeleton.bone_count() == 24);
  std::vector<std::string> names;
  for (const Clip& clip : fox.result.clips)
    names.push_back(clip.name());
  CHECK(names == std::vector<std::string>{"Survey", "Walk", "Run"});
  CHECK(fox.result.skeleton.FindBone("b_Head_05") >= 0);
  CHECK(fox.diagnostics.diagnostics().empty());
  CheckAgainstReference(fox, "fox/Fox.glb");
}

TEST_CASE("CesiumMan: 19 unnamed joints get stable names - translation, rotation and scale channels") {
  const Imported man = Import("cesiumman/CesiumMan.glb");
  REQUIRE(man.result.skeleton.bone_count() == 19);
  for (int b = 0; b < 19; ++b) {
    CHECK(man.result.skeleton.bone_name(b) ==
          "joint_" + std::to_string(man.result.bone_nodes[static_cast<std::size_t>(b)]));
  }
  const test::ReferenceGltf reference(kAssets + "cesiumman/CesiumMan.glb");
  std::set<std::string> paths;
  for (const auto& channel : reference.json()["animations"][0]["channels"])
    paths.insert(channel["target"]["path"]);
  CHECK(paths == std::set<std::string>{"translation", "rotation", "scale"});
  CHECK(man.result.clips.at(0).name() == "animation_0");
  CheckAgainstReference(man, "cesiumman/CesiumMan.glb");
}

TEST_CASE("RobotExpressive: 43 joints, 14 clips, the face's morph weights as curves") {
  const Imported robot = Import("robotexpressive/RobotExpressive.glb");
  CHECK(robot.result.skeleton.bone_count() == 43);
  CHECK(robot.result.clips.size() == 14);
  for (const char* name : {"Idle", "Walking", "Running", "Jump", "Wave"}) {
    const bool found = std::any_of(robot.result.clips.begin(), robot.result.clips.end(),
                                   [&](const Clip& c) { return c.name() == name; });
    CHECK(found);
  }
  // The head is three mesh nodes (Head_2, Head_3, Head_4), each with the targets Angry, Surprised and
  // Sad, all animated: each curve takes its node's name. The file keys them all at 0.
  CHECK(CountCode(robot.diagnostics, "I206") == 0);
  std::vector<std::string> expected;
  for (const char* node : {"Head_2", "Head_3", "Head_4"}) {
    for (const char* target : {"Angry", "Surprised", "Sad"})
      expected.push_back(std::string(node) + "." + target);
  }
  for (std::size_t c = 0; c < robot.result.clips.size(); ++c) {
    const Clip& clip = robot.result.clips[c];
    INFO(clip.name());
    CHECK(robot.result.reports[c].skipped_channels == 0);
    CHECK(robot.result.reports[c].morph_channels == 3);
    CHECK(robot.result.reports[c].curves == 9);
    std::vector<std::string> names;
    for (const ClipCurve& curve : clip.curves()) {
      names.push_back(curve.name);
      CHECK_FALSE(curve.step);
      CHECK(curve.keys == std::vector<float>(static_cast<std::size_t>(clip.frame_count()), 0.0f));
    }
    CHECK(names == expected);
  }
  // The root's non-joint ancestors (a 100x scale and a rotation) are folded into its bind pose.
  CHECK(robot.result.skeleton.bind_local(0).scale.x == Approx(100.0f));
  CheckAgainstReference(robot, "robotexpressive/RobotExpressive.glb");
}

TEST_CASE("RiggedSimple: a clip that starts late is shifted to 0 and reported") {
  const Imported rigged = Import("riggedsimple/RiggedSimple.gltf");
  CHECK(rigged.result.skeleton.bone_count() == 2);
  CHECK(CountCode(rigged.diagnostics, "I207") == 1);
  CHECK(rigged.result.reports.at(0).source_start > 0.04);
  CheckAgainstReference(rigged, "riggedsimple/RiggedSimple.gltf");
}

TEST_CASE("simple_skin: two joints, a rotation clip") {
  const Imported skin = Import("simple_skin/simple_skin.gltf");
  CHECK(skin.result.skeleton.bone_count() == 2);
  CHECK(skin.result.skeleton.parent(1) == 0);
  CHECK(skin.result.clips.at(0).tracked_bones() == std::vector<int>{1});
  CheckAgainstReference(skin, "simple_skin/simple_skin.gltf");
}

TEST_CASE("A skin that lists a child joint before its parent is stored parents first") {
  const test::TempDir dir;
  nlohmann::json doc = test::ReferenceGltf(kAssets + "simple_skin/simple_skin.gltf").json();
  doc["skins"][0]["joints"] = {2, 1};
  const std::string path = dir.file("reversed.gltf");
  std::ofstream(path) << doc.dump();
  // The buffers are embedded data URIs, so the copy stands alone.
  DiagnosticSink diagnostics;
  const auto result = ImportGltf(path, {}, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(result);
  CHECK(result->bone_nodes == std::vector<int>{1, 2});
  CHECK(result->skeleton.bone_name(0) == "joint_1");
  CHECK(result->skeleton.parent(1) == 0);
  CHECK(result->clips.at(0).tracked_bones() == std::vector<int>{1});
}

TEST_CASE("The import report's error at the keys matches an independent measurement") {
  for (const char* file : {"fox/Fox.glb", "robotexpressive/RobotExpressive.glb"}) {
    INFO(file);
    DiagnosticSink diagnostics;
    GltfImportOptions options;
    options.measure = true;
    const std::optional<GltfImport> result = ImportGltf(kAssets + file, options, diagnostics);
    REQUIRE(result);
    const Imported imported{*result, diagnostics};
    const test::ReferenceGltf reference(kAssets + file);
    for (std::size_t a = 0; a < imported.result.clips.size(); ++a) {
      const int index = static_cast<int>(a);
      const Clip& clip = imported.result.clips[a];
      INFO(clip.name());
      double worst = 0;
      const double start = reference.StartTime(index);
      for (int k = 0; k < clip.frame_count(); ++k) {
        const double t = k / static_cast<double>(clip.sample_rate());
        worst = std::max(worst, CompareAt(imported, reference, index, t, start + t).position);
      }
      // The report poses in double, CompareAt in float: they differ by the float rounding.
      CHECK(imported.result.reports[a].encoding.accuracy.at_keys.joint ==
            Approx(worst).margin(2e-6 * reference.Height(0)));
    }
  }
}

TEST_CASE("At a multiple of the source key rate a dense clip is exact at its keys") {
  // Fox is keyed at 24 Hz: at 120 Hz every source key is a clip frame.
  const auto dense_at = [](double rate) {
    DiagnosticSink diagnostics;
    GltfImportOptions options;
    options.sample_rate = rate;
    options.encoding.encoding = ClipEncoding::Dense;
    options.measure = true;
    std::optional<GltfImport> result = ImportGltf(kAssets + "fox/Fox.glb", options, diagnostics);
    REQUIRE(result);
    return std::move(*result);
  };
  const GltfImport fox = dense_at(120.0);
  const double height = test::ReferenceGltf(kAssets + "fox/Fox.glb").Height(0);
  for (const GltfClipReport& report : fox.reports)
    CHECK(report.encoding.accuracy.at_keys.Worst() < 1e-5 * height);
  const GltfImport coarse = dense_at(30.0);
  CHECK(coarse.reports[1].encoding.accuracy.Worst() > 100 * fox.reports[1].encoding.accuracy.at_keys.Worst());
}

TEST_CASE(
    "By default every animation keeps its source keys on frames, raising the rate only to follow the "
    "source") {
  for (const char* file : {"fox/Fox.glb", "robotexpressive/RobotExpressive.glb"}) {
    INFO(file);
    DiagnosticSink diagnostics;
    const std::optional<GltfImport> imported = ImportGltf(kAssets + file, GltfImportOptions{}, diagnostics);
    REQUIRE(imported);
    const ClipPrecision precision = DefaultClipPrecision(imported->bind_height);
    for (std::size_t c = 0; c < imported->clips.size(); ++c) {
      INFO(imported->clips[c].name());
      const double multiple = imported->clips[c].sample_rate() / 24.0;  // 5 for Fox's Run (see SourceKeyRate)
      CHECK(multiple == Approx(std::round(multiple)).margin(1e-4));
      CHECK(imported->reports[c].dense_error <= 0.5 * precision.precision);
      // Raised only when the source's own rate was not enough: at half the rate it was.
      if (imported->clips[c].sample_rate() > 1.01 * imported->reports[c].source_key_rate) {
        GltfImportOptions half;
        half.sample_rate = imported->clips[c].sample_rate() / 2;
        half.encoding.encoding = ClipEncoding::Dense;
        half.measure = true;
        DiagnosticSink sink;
        const std::optional<GltfImport> at_half = ImportGltf(kAssets + file, half, sink);
        REQUIRE(at_half);
        CHECK(at_half->reports[c].encoding.accuracy.Worst() > 0.5 * precision.precision);
      }
    }
  }
}

}  // namespace
}  // namespace anim
