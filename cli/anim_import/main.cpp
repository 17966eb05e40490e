// anim-import: imports a glTF 2.0 skin and its animations as skeleton and clip documents.
//   anim-import FILE.glb|FILE.gltf [--skin N] [--rate HZ] [--encoding dense|compressed]
//               [--precision UNITS] [--markers feet:BONE_L,BONE_R] [--report text|json] [-Werror] -o DIR
// Exit codes: 0 success, 1 import errors, 2 usage or I/O errors.
#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

#include "cli/anim_import/import_run.h"
#include "cli/common/tool_logger.h"
#include "cli/common/tool_main.h"
#include "cli/common/version.h"

namespace {

// "feet:LEFT,RIGHT": the two bone names, neither empty.
std::optional<std::vector<std::string>> ParseMarkerFeet(const std::string& text) {
  const std::string prefix = "feet:";
  if (text.rfind(prefix, 0) != 0) return std::nullopt;
  const std::string bones = text.substr(prefix.size());
  const std::size_t comma = bones.find(',');
  if (comma == std::string::npos || bones.find(',', comma + 1) != std::string::npos) return std::nullopt;
  std::vector<std::string> feet{bones.substr(0, comma), bones.substr(comma + 1)};
  if (feet[0].empty() || feet[1].empty()) return std::nullopt;
  return feet;
}

int Main(int argc, char** argv) {
  anim::cli::InstallToolLogger("anim-import");

  anim::import_tool::Options options;
  CLI::App app{"anim-import: glTF 2.0 (.gltf, .glb) skin and animations to skeleton and clip documents"};
  app.add_option("file", options.input, "the .gltf or .glb file")->required();
  app.add_option("-o,--output", options.output_dir,
                 "directory for skeleton.yaml and one <clip>.json per animation")
      ->required();
  app.add_option("--skin", options.skin, "which skin becomes the skeleton (default 0)")
      ->check(CLI::NonNegativeNumber);
  app.add_option(
         "--rate", options.rate,
         "key rate of the clips in Hz (default: each animation's own key rate, so no source key is lost)")
      ->check(CLI::Range(0.001, 10000.0));
  std::string encoding = "compressed", report = "text";
  app.add_option("--encoding", encoding,
                 "how the clip documents ask to be held once loaded: compressed (default) or dense")
      ->check(CLI::IsMember({"dense", "compressed"}));
  app.add_option(
         "--precision", options.precision,
         "largest model-space error of a clip against its source, in skeleton units (default: 0.01 cm "
         "for a skeleton 180 cm tall, scaled by its height)")
      ->check(CLI::PositiveNumber);
  app.add_option("--report", report, "the report on standard output: text (default) or json")
      ->check(CLI::IsMember({"text", "json"}));
  std::string markers;
  app.add_option(
      "--markers", markers,
      "feet:BONE_L,BONE_R: mark each foot-down of those foot bones as sync markers foot_l and foot_r "
      "(docs/import.md, \"Sync markers\")");
  std::string warning_flag;
  app.add_option("-W", warning_flag, "-Werror: treat warnings as errors")->check(CLI::IsMember({"error"}));
  app.set_version_flag("--version", anim::cli::VersionText("anim-import"),
                       "print the tool version, the bytecode version and the source revision");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : anim::import_tool::kExitUsageOrIo;
  }
  if (!markers.empty()) {
    const std::optional<std::vector<std::string>> feet = ParseMarkerFeet(markers);
    if (!feet) {
      spdlog::error("--markers '{}': expected feet:BONE_L,BONE_R (two foot bones of the skeleton)", markers);
      return anim::import_tool::kExitUsageOrIo;
    }
    options.marker_feet = *feet;
  }
  options.warnings_as_errors = warning_flag == "error";
  options.encoding = encoding == "dense" ? anim::ClipEncoding::Dense : anim::ClipEncoding::Compressed;
  options.report =
      report == "json" ? anim::import_tool::ReportFormat::Json : anim::import_tool::ReportFormat::Text;
  return anim::import_tool::RunImport(options);
}

}  // namespace

int main(int argc, char** argv) {
  return anim::cli::GuardedMain("anim-import", [&] { return Main(argc, argv); });
}
