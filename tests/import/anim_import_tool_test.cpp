// anim-import's driver, on a .glb the test writes (the sample humanoid, compiler/export): the files
// it writes, identical bytes on a re-import, exit codes, and a failed import leaving the output
// directory as it was.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "cli/anim_import/import_report.h"
#include "cli/anim_import/import_run.h"
#include "cli/anim_import/import_tree.h"
#include "tests/import/import_checks.h"
#include "tests/import/temp_dir.h"
#include "tests/support/sample_gltf.h"

namespace anim {
namespace {

using test::ReadFileBytes;

int Run(const std::string& input, const std::string& output, double rate = 30.0) {
  import_tool::Options options;
  options.input = input;
  options.output_dir = output;
  options.rate = rate;
  return import_tool::RunImport(options);
}

TEST_CASE("anim-import writes skeleton.yaml and one JSON clip per animation, byte-identical on re-import") {
  const test::TempDir dir;
  test::WriteHumanoidGlb(dir.file("humanoid.glb"));
  REQUIRE(Run(dir.file("humanoid.glb"), dir.file("a")) == import_tool::kExitSuccess);
  REQUIRE(Run(dir.file("humanoid.glb"), dir.file("b")) == import_tool::kExitSuccess);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path() / "a")) {
    ++files;
    const std::string name = entry.path().filename().string();
    CHECK(ReadFileBytes(entry.path()) == ReadFileBytes(dir.path() / "b" / name));
  }
  CHECK(files == 10);
  for (const char* name :
       {"skeleton.yaml", "aim_pose.json", "idle.json", "jump.json", "run_back.json", "run_fwd.json",
        "walk_back.json", "walk_fwd.json", "walk_left.json", "walk_right.json"}) {
    CHECK(std::filesystem::is_regular_file(dir.path() / "a" / name));
  }
  CHECK(ReadFileBytes(dir.path() / "a" / "walk_fwd.json").find("\"skeleton\": \"humanoid\"") !=
        std::string::npos);
}

// Whether ajv (tools/install-deps) finds `document` valid against schemas/<schema>.
bool ValidAgainstSchema(const std::filesystem::path& document, const std::string& schema) {
  const std::string command = "ajv validate --spec=draft2020 --strict=false -s '" +
                              std::string(ANIMTC_SOURCE_DIR) + "/schemas/" + schema + "' -d '" +
                              document.string() + "' >/dev/null 2>&1";
  return std::system(command.c_str()) == 0;
}

TEST_CASE(
    "The import report gives each clip's bytes and its error at and between keys, as text and as JSON") {
  const test::TempDir dir;
  test::WriteHumanoidGlb(dir.file("humanoid.glb"));
  GltfImportOptions options;
  options.measure = true;
  DiagnosticSink sink;
  const std::optional<GltfImport> imported = ImportGltf(dir.file("humanoid.glb"), options, sink);
  REQUIRE(imported);
  const std::string text = import_tool::ImportReportText(*imported, "humanoid.glb", 1.0);
  INFO(text);
  for (const char* line : {"walk_fwd: compressed", "tracks: ", "at keys:", "between keys:", "all clips: "})
    CHECK(text.find(line) != std::string::npos);
  const std::string json_text = import_tool::ImportReportJson(*imported, "humanoid.glb");
  const nlohmann::json report = nlohmann::json::parse(json_text);
  REQUIRE(report["clips"].size() == 9);
  for (const nlohmann::json& clip : report["clips"]) {
    INFO(clip["name"]);
    CHECK(clip["encoding"] == "compressed");
    // The glTF writer writes no morph weights: no curves (tests/import/gltf_morph_test.cpp has some).
    CHECK(clip["curves"] == 0);
    CHECK(clip["morph_channels"] == 0);
    // A raised rate is a doubled one, and the clip's line says so exactly then.
    const std::size_t line_start = text.find("  " + clip["name"].get<std::string>() + ": compressed");
    REQUIRE(line_start != std::string::npos);
    const std::string line = text.substr(line_start, text.find('\n', line_start) - line_start);
    const bool raised = clip["key_rate"].get<double>() > 1.5 * clip["source_key_rate"].get<double>();
    CHECK((line.find("keys raised from") != std::string::npos) == raised);
    CHECK(clip["times_between_keys"].get<int>() >= std::min(50, 5 * (clip["frames"].get<int>() - 1)));
    for (const char* at : {"error_at_keys", "error_between_keys"}) {
      CHECK(clip[at]["joint"].get<double>() <= clip["precision"].get<double>());
      CHECK(clip[at]["vertex"].get<double>() <= clip["precision"].get<double>());
    }
  }
  CHECK(report["bytes"].get<long>() * 8 <= report["dense_bytes"].get<long>());
  // Against its schema, and a report missing a field is not (the check can fail).
  std::ofstream(dir.file("report.json")) << json_text;
  CHECK(ValidAgainstSchema(dir.file("report.json"), "import-report.schema.json"));
  nlohmann::json broken = report;
  broken["clips"][0].erase("error_between_keys");
  std::ofstream(dir.file("broken.json")) << broken.dump();
  CHECK_FALSE(ValidAgainstSchema(dir.file("broken.json"), "import-report.schema.json"));
}

TEST_CASE("A failed import writes nothing and exits 1, an unreadable input or unwritable output exits 2") {
  const test::TempDir dir;
  test::WriteHumanoidGlb(dir.file("humanoid.glb"));
  const std::string glb = ReadFileBytes(dir.file("humanoid.glb"));
  {
    std::ofstream out(dir.file("cut.glb"), std::ios::binary);
    out.write(glb.data(), 1000);
  }
  std::filesystem::create_directories(dir.path() / "out");
  { std::ofstream(dir.path() / "out" / "skeleton.yaml") << "keep me"; }
  CHECK(Run(dir.file("cut.glb"), dir.file("out")) == import_tool::kExitImportError);
  CHECK(ReadFileBytes(dir.path() / "out" / "skeleton.yaml") == "keep me");
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path() / "out"), {}) == 1);
  // The output "directory" is a regular file.
  CHECK(Run(dir.file("humanoid.glb"), dir.file("cut.glb")) == import_tool::kExitUsageOrIo);
  // An input that is missing or a directory cannot be opened: an I/O error, as docs/import.md says.
  CHECK(Run(dir.file("missing.glb"), dir.file("out")) == import_tool::kExitUsageOrIo);
  CHECK(Run(dir.path().string(), dir.file("out")) == import_tool::kExitUsageOrIo);
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path() / "out"), {}) == 1);
}

TEST_CASE("An output that may not be replaced stops the import before any file is replaced") {
  const test::TempDir dir;
  test::WriteHumanoidGlb(dir.file("humanoid.glb"));
  const std::string out = dir.file("out");
  std::filesystem::create_directories(out);
  { std::ofstream(dir.path() / "out" / "skeleton.yaml") << "keep me"; }
  { std::ofstream(dir.path() / "victim") << "precious"; }
  // walk_fwd.json, written after skeleton.yaml, is a symbolic link: refused, and skeleton.yaml,
  // already written to its temporary by then, is not replaced either.
  std::filesystem::create_symlink("../victim", dir.path() / "out" / "walk_fwd.json");
  CHECK(Run(dir.file("humanoid.glb"), out) == import_tool::kExitUsageOrIo);
  CHECK(ReadFileBytes(dir.path() / "out" / "skeleton.yaml") == "keep me");
  CHECK(ReadFileBytes(dir.path() / "victim") == "precious");
  CHECK(std::filesystem::is_symlink(dir.path() / "out" / "walk_fwd.json"));
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path() / "out"), {}) == 2);
  // A directory where a clip goes: the same.
  std::filesystem::remove(dir.path() / "out" / "walk_fwd.json");
  std::filesystem::create_directories(dir.path() / "out" / "run_fwd.json");
  CHECK(Run(dir.file("humanoid.glb"), out) == import_tool::kExitUsageOrIo);
  CHECK(ReadFileBytes(dir.path() / "out" / "skeleton.yaml") == "keep me");
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path() / "out"), {}) == 2);
}

// A tree line's bone name and the column it starts at (after the branches, three columns a level).
std::pair<std::string, std::size_t> TreeEntry(const std::string& line) {
  std::size_t at = 0, column = 0;
  while (at < line.size() && (line[at] == ' ' || static_cast<unsigned char>(line[at]) >= 0x80)) {
    // Branch glyphs are three UTF-8 bytes and one column each.
    at += line[at] == ' ' ? 1 : 3;
    ++column;
  }
  return {line.substr(at, line.find("  (node ") - at), column};
}

TEST_CASE("anim-import --tree prints every bone once under its parent, with its node, and the animations") {
  const test::TempDir dir;
  test::WriteHumanoidGlb(dir.file("humanoid.glb"));
  DiagnosticSink sink;
  const std::optional<GltfImport> imported = ImportGltf(dir.file("humanoid.glb"), GltfImportOptions{}, sink);
  REQUIRE(imported);
  const std::string tree = import_tool::ImportTreeText(*imported, "humanoid.glb", 0);
  INFO(tree);
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < tree.size();) {
    const std::size_t end = tree.find('\n', at);
    lines.push_back(tree.substr(at, end - at));
    at = end + 1;
  }
  const Skeleton& skeleton = imported->skeleton;
  REQUIRE(lines.size() == 1 + static_cast<std::size_t>(skeleton.bone_count()) + imported->clips.size());
  CHECK(lines[0] == "humanoid.glb: skin 0, 71 bones, 9 animations");
  // Bones in depth-first order, each three columns right of its parent, with its glTF node.
  std::map<std::string, std::size_t> column;
  for (std::size_t l = 1; l <= static_cast<std::size_t>(skeleton.bone_count()); ++l) {
    const auto [name, at] = TreeEntry(lines[l]);
    const int bone = skeleton.FindBone(name);
    REQUIRE(bone >= 0);
    CHECK(column.emplace(name, at).second);
    const int parent = skeleton.parent(bone);
    CHECK(at == (parent < 0 ? 0 : column.at(skeleton.bone_name(parent)) + 3));
    CHECK(lines[l].ends_with("  (node " +
                             std::to_string(imported->bone_nodes[static_cast<std::size_t>(bone)]) + ")"));
  }
  CHECK(lines[1 + static_cast<std::size_t>(skeleton.bone_count())].rfind(
            "animations: aim_pose: 5 frames at 30 Hz", 0) == 0);
}

TEST_CASE("Clip file names are sanitised") {
  CHECK(import_tool::SanitizeFileStem("Walk") == "Walk");
  CHECK(import_tool::SanitizeFileStem("Wave/Left hand") == "Wave_Left_hand");
  CHECK(import_tool::SanitizeFileStem("../../etc/passwd") == "_.._.._etc_passwd");
  CHECK(import_tool::SanitizeFileStem("") == "_");
}

}  // namespace
}  // namespace anim
