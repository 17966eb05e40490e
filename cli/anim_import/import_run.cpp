#include "cli/anim_import/import_run.h"

#include <spdlog/spdlog.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <set>
#include <vector>

#include "cli/common/output_file.h"
#include "compiler/diag/diagnostics.h"
#include "compiler/diag/escape.h"
#include "compiler/import/asset_writer.h"
#include "compiler/import/gltf_importer.h"

namespace anim::import_tool {

namespace fs = std::filesystem;

std::string SanitizeFileStem(const std::string& name) {
  std::string out;
  for (const char c : name) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '_' || c == '.';
    out += keep ? c : '_';
  }
  if (out.empty() || out.front() == '.') out.insert(out.begin(), '_');
  return out;
}

int RunImport(const Options& options) {
  DiagnosticSink diagnostics;
  diagnostics.set_warnings_as_errors(options.warnings_as_errors);
  GltfImportOptions import_options;
  import_options.skin = options.skin;
  import_options.sample_rate = options.rate;
  const auto start = std::chrono::steady_clock::now();
  auto imported = ImportGltf(options.input, import_options, diagnostics);
  const double import_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!diagnostics.diagnostics().empty()) std::fputs(FormatText(diagnostics).c_str(), stderr);
  if (!imported || diagnostics.has_errors()) return kExitImportError;

  std::error_code ec;
  fs::create_directories(options.output_dir, ec);
  if (ec || !fs::is_directory(options.output_dir)) {
    spdlog::error("cannot create output directory '{}': {}", EscapeTerminal(options.output_dir),
                  ec ? ec.message() : std::string("it exists and is not a directory"));
    return kExitUsageOrIo;
  }
  const fs::path dir(options.output_dir);
  std::vector<std::pair<std::string, std::string>> outputs;  // file name, text
  outputs.emplace_back("skeleton.yaml", WriteSkeletonYaml(imported->skeleton));
  std::set<std::string> used{"skeleton"};
  for (const Clip& clip : imported->clips) {
    std::string stem = SanitizeFileStem(clip.name());
    for (int n = 2; used.count(stem) != 0; ++n)
      stem = SanitizeFileStem(clip.name()) + "_" + std::to_string(n);
    used.insert(stem);
    outputs.emplace_back(stem + ".json", WriteClipJson(clip, imported->skeleton));
  }
  // Every file is written in full (docs/cli.md, "Output files") before any replaces what is
  // there; a failure before that removes the temporaries and leaves DIR as it was.
  cli::InputFiles inputs;
  inputs.Add(options.input);
  std::vector<std::unique_ptr<cli::OutputFile>> files;
  std::string error;
  for (const auto& [name, text] : outputs) {
    std::unique_ptr<cli::OutputFile> file = cli::OutputFile::Open((dir / name).string(), inputs, error);
    if (!file || !file->Write(text, error) || !file->Close(error)) {
      spdlog::error("{}", error);
      return kExitUsageOrIo;
    }
    files.push_back(std::move(file));
  }
  for (const std::unique_ptr<cli::OutputFile>& file : files) {
    if (!file->Commit(error)) {
      spdlog::error("{}", error);
      return kExitUsageOrIo;
    }
  }

  const Skeleton& skeleton = imported->skeleton;
  // File, skeleton and animation names come from the file: any bytes, shown as terminal text.
  std::printf("%s: skeleton '%s', %d bones, height %.4g; imported in %.1f ms\n",
              EscapeTerminal(options.input).c_str(), EscapeTerminal(skeleton.name()).c_str(),
              skeleton.bone_count(), imported->bind_height, import_ms);
  for (std::size_t i = 0; i < imported->clips.size(); ++i) {
    const Clip& clip = imported->clips[i];
    const GltfClipReport& report = imported->reports[i];
    const double per_key_bone =
        static_cast<double>(clip.key_bytes()) /
        (static_cast<double>(clip.frame_count()) * static_cast<double>(clip.bone_count()));
    std::printf(
        "  %-16s %4d frames  %7.4f s  %.3f Hz  max error %.3g (%.3g%% of height)  %.1f bytes/key/bone%s\n",
        EscapeTerminal(clip.name()).c_str(), clip.frame_count(), static_cast<double>(clip.duration()),
        static_cast<double>(clip.sample_rate()), report.max_position_error,
        imported->bind_height > 0 ? 100.0 * report.max_position_error / imported->bind_height : 0.0,
        per_key_bone, report.source_start > 0 ? "  (shifted from its start time)" : "");
  }
  if (std::fflush(stdout) != 0) {
    spdlog::error("cannot write to standard output: {}", std::strerror(errno));
    return kExitUsageOrIo;
  }
  return kExitSuccess;
}

}  // namespace anim::import_tool
