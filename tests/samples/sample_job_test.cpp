// anim-sample-job, the quickstart's job: it summarises a good sample folder and fails with
// diagnostics on a bad one.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "compiler/assets/asset_loader.h"
#include "tests/samples/tool_runner.h"

namespace fs = std::filesystem;
using anim::test::RunTool;
using anim::test::TempDir;
using anim::test::ToolRun;

namespace {

const fs::path kSamples = fs::path(ANIMTC_SOURCE_DIR) / "samples";

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("the sample job summarises the humanoid and its walk/run blend", "[samples][sample_job]") {
  anim::DiagnosticSink diagnostics;
  const std::optional<anim::Skeleton> skeleton =
      anim::LoadSkeletonFile((kSamples / "humanoid" / "skeleton.yaml").string(), diagnostics);
  REQUIRE(skeleton);

  const ToolRun run = RunTool(ANIM_SAMPLE_JOB, {(kSamples / "humanoid").string()});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  CHECK(run.err.empty());
  CHECK(Contains(run.out, std::to_string(skeleton->bone_count()) + " bones"));
  CHECK(Contains(run.out, "low-detail cut at " + std::to_string(skeleton->low_detail_bone_count())));
  for (const char* clip : {"idle", "walk_fwd", "walk_back", "run_fwd", "run_back", "jump", "aim_pose"}) {
    CHECK(Contains(run.out, std::string("  ") + clip + " "));
  }
  CHECK(Contains(run.out, "phase 0.50"));
  CHECK(Contains(run.out, "left foot"));
}

TEST_CASE("the sample job fails with diagnostics on a bad folder", "[samples][sample_job]") {
  SECTION("no argument") {
    const ToolRun run = RunTool(ANIM_SAMPLE_JOB, {});
    CHECK(run.exit_code != 0);
    CHECK(Contains(run.err, "usage"));
  }
  SECTION("a folder that does not exist") {
    const ToolRun run = RunTool(ANIM_SAMPLE_JOB, {(kSamples / "no_such_sample").string()});
    CHECK(run.exit_code != 0);
    CHECK(Contains(run.err, "error[E100]"));
  }
  SECTION("a folder without walk and run clips") {
    const ToolRun run = RunTool(ANIM_SAMPLE_JOB, {(kSamples / "litmus").string()});
    CHECK(run.exit_code != 0);
    CHECK(Contains(run.err, "walk_fwd"));
  }
  SECTION("a clip naming a bone the skeleton lacks") {
    TempDir folder;
    fs::copy_file(kSamples / "litmus" / "skeleton.yaml", folder.path() / "skeleton.yaml");
    std::ofstream(folder.path() / "bad.json")
        << "{\"format\": \"animtc.clip\", \"version\": 1, \"name\": \"bad\", \"sample_rate\": 30,\n"
           " \"frame_count\": 1, \"tracks\": [{\"bone\": \"pelvis\", \"rotation\": [0, 0, 0, 1]}]}\n";
    const ToolRun run = RunTool(ANIM_SAMPLE_JOB, {folder.path().string()});
    INFO(run.err);
    CHECK(run.exit_code != 0);
    CHECK(Contains(run.err, "bad.json:2:"));
    CHECK(Contains(run.err, "error[E110]"));
    CHECK(run.out.empty());
  }
  SECTION("a folder without a skeleton") {
    TempDir folder;
    fs::copy_file(kSamples / "litmus" / "straight.json", folder.path() / "straight.json");
    const ToolRun run = RunTool(ANIM_SAMPLE_JOB, {folder.path().string()});
    CHECK(run.exit_code != 0);
    CHECK(Contains(run.err, "no skeleton"));
  }
}
