// anim-import: imports a glTF 2.0 skin and its animations as skeleton and clip documents.
//   anim-import FILE.glb|FILE.gltf [--skin N] [--rate HZ] [--encoding dense|compressed]
//               [--precision UNITS] [--markers feet:BONE_L,BONE_R] [--report text|json] [--tree]
//               [--diagnostics-format text|json] [-q | -v] [-Werror] -o DIR
// Exit codes: 0 success, 1 import errors, 2 usage or I/O errors.
#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

#include "cli/anim_import/import_run.h"
#include "cli/common/command_line.h"
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
  app.add_option("FILE", options.input, "the .gltf or .glb file")->required()->type_name("");
  app.add_option("-o,--output", options.output_dir,
                 "directory for skeleton.yaml and one <clip>.json per animation (required unless --tree)")
      ->type_name("DIR");
  app.add_option("--skin", options.skin, "which skin becomes the skeleton (default 0)");
  anim::cli::NumberIn(
      app.add_option(
          "--rate", options.rate,
          "key rate of the clips in Hz, 0.001 to 10000 (default: each animation's own key rate, so no source "
          "key is lost)"),
      0.001, 10000.0, "HZ");
  std::string encoding = "compressed", report = "text";
  anim::cli::Choices(
      app.add_option("--encoding", encoding,
                     "how the clip documents ask to be held once loaded: compressed (default) or dense"),
      {"dense", "compressed"});
  anim::cli::PositiveNumber(
      app.add_option("--precision", options.precision,
                     "largest model-space error of a clip against its source, in skeleton units, "
                     "above 0 (default: 0.01 cm for a skeleton 180 cm tall, scaled by its height)"),
      "UNITS");
  anim::cli::Choices(
      app.add_option("--report", report, "the report on standard output: text (default) or json"),
      {"text", "json"});
  app.add_flag("--tree", options.tree,
               "print the skeleton's bone hierarchy and the file's animations instead of the report; without "
               "-o, write nothing");
  std::string diagnostics_format = "text";
  anim::cli::Choices(app.add_option("--diagnostics-format", diagnostics_format,
                                    "diagnostics as text (FILE: error[CODE]: ...) or json"),
                     {"text", "json"});
  bool verbose = false;
  app.add_flag("-q,--quiet", options.quiet, "print no warnings (errors still are)");
  app.add_flag("-v,--verbose", verbose, "also say each file written");
  std::string markers;
  app.add_option(
         "--markers", markers,
         "mark each foot-down of those foot bones as sync markers foot_l and foot_r (docs/import.md, \"Sync "
         "markers\")")
      ->type_name("feet:BONE_L,BONE_R");
  std::string warning_flag;
  anim::cli::Choices(app.add_option("-W", warning_flag, "-Werror: treat warnings as errors"), {"error"});
  app.set_version_flag("--version", anim::cli::VersionText("anim-import"),
                       "print the tool version, the bytecode version and the source revision");
  if (const std::optional<int> exit_code = anim::cli::ParseCommandLine(app, argc, argv)) return *exit_code;
  if (verbose && options.quiet) {
    spdlog::error("--verbose and --quiet cannot be used together");
    return anim::import_tool::kExitUsageOrIo;
  }
  if (options.skin < 0) {
    spdlog::error("--skin: {} is not a skin (skins are numbered from 0)", options.skin);
    return anim::import_tool::kExitUsageOrIo;
  }
  if (options.output_dir.empty() && !options.tree) {
    spdlog::error("-o DIR is required: the directory for skeleton.yaml and the clips (--tree only looks)");
    return anim::import_tool::kExitUsageOrIo;
  }
  if (options.tree && report == "json") {
    spdlog::error("--tree prints text: it cannot be combined with --report json");
    return anim::import_tool::kExitUsageOrIo;
  }
  spdlog::set_level(verbose ? spdlog::level::debug
                            : (options.quiet ? spdlog::level::err : spdlog::level::info));
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
  options.diagnostics_format = diagnostics_format == "json" ? anim::import_tool::DiagnosticsFormat::Json
                                                            : anim::import_tool::DiagnosticsFormat::Text;
  return anim::import_tool::RunImport(options);
}

}  // namespace

int main(int argc, char** argv) {
  return anim::cli::GuardedMain("anim-import", [&] { return Main(argc, argv); });
}
