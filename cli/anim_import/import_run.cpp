#include "cli/anim_import/import_run.h"

#include "cli/anim_import/import_report.h"
#include "cli/anim_import/import_tree.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
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

namespace {

// An input that cannot be opened is an I/O error (exit 2), as for animc and anim-dump; what the
// file holds is the importer's to judge (I200 and the rest, exit 1).
std::optional<std::string> InputProblem(const std::string& input) {
  std::error_code ec;
  const fs::file_status status = fs::status(input, ec);
  if (!fs::exists(status)) return "cannot open '" + EscapeTerminal(input) + "': no such file";
  if (fs::is_directory(status)) return "cannot open '" + EscapeTerminal(input) + "': it is a directory";
  if (::access(input.c_str(), R_OK) != 0)
    return "cannot read '" + EscapeTerminal(input) + "': " + std::strerror(errno);
  return std::nullopt;
}

// The run's result on standard output.
int Print(const std::string& text) {
  std::fputs(text.c_str(), stdout);
  if (std::fflush(stdout) != 0) {
    spdlog::error("cannot write to standard output: {}", std::strerror(errno));
    return kExitUsageOrIo;
  }
  return kExitSuccess;
}

}  // namespace

int RunImport(const Options& options) {
  if (const std::optional<std::string> problem = InputProblem(options.input)) {
    spdlog::error("{}", *problem);
    return kExitUsageOrIo;
  }
  DiagnosticSink diagnostics;
  diagnostics.set_warnings_as_errors(options.warnings_as_errors);
  GltfImportOptions import_options;
  import_options.skin = options.skin;
  import_options.sample_rate = options.rate;
  import_options.encoding = {options.encoding, options.precision};
  import_options.marker_feet = options.marker_feet;
  import_options.measure = !options.tree;
  import_options.keep_dense = true;
  const auto start = std::chrono::steady_clock::now();
  auto imported = ImportGltf(options.input, import_options, diagnostics);
  const double import_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (options.diagnostics_format == DiagnosticsFormat::Json) {
    std::fputs((FormatJson(diagnostics, !options.quiet) + "\n").c_str(), stderr);
  } else {
    std::fputs(FormatText(diagnostics, !options.quiet).c_str(), stderr);
  }
  if (!imported || diagnostics.has_errors()) return kExitImportError;
  if (options.tree && options.output_dir.empty())
    return Print(ImportTreeText(*imported, options.input, options.skin));

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
  for (std::size_t i = 0; i < imported->dense_clips.size(); ++i) {
    const Clip& clip = imported->dense_clips[i];
    std::string stem = SanitizeFileStem(clip.name());
    for (int n = 2; used.count(stem) != 0; ++n)
      stem = SanitizeFileStem(clip.name()) + "_" + std::to_string(n);
    used.insert(stem);
    // The document holds the dense keys; compressed on loading within what the precision leaves
    // once the keys' own error against the source is taken off, it is the clip reported here.
    const ClipEncodingReport& report = imported->reports[i].encoding;
    const double left = std::max(report.precision.precision - imported->reports[i].dense_error,
                                 0.1 * report.precision.precision);
    const ClipEncodingOptions held_as{options.encoding,
                                      options.encoding == ClipEncoding::Compressed ? left : 0.0};
    outputs.emplace_back(stem + ".json", WriteClipJson(clip, imported->skeleton, held_as));
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
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!files[i]->Commit(error)) {
      spdlog::error("{}", error);
      return kExitUsageOrIo;
    }
    spdlog::debug("wrote {}", EscapeTerminal((dir / outputs[i].first).string()));
  }

  if (options.tree) return Print(ImportTreeText(*imported, options.input, options.skin));
  return Print(options.report == ReportFormat::Json ? ImportReportJson(*imported, options.input)
                                                    : ImportReportText(*imported, options.input, import_ms));
}

}  // namespace anim::import_tool
