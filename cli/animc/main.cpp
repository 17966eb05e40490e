// animc: compiles an animation graph document (JSON or YAML) to .animbc bytecode.
//   animc GRAPH [-o OUT.animbc] [--emit ir|asm|json|dot] [--stats] [--no-fold] [-q | -v] [-Werror]
//         [-Werror=CODE] [-Wno-CODE] [--diagnostics-format text|json] [--depfile FILE] [-I DIR]...
// GRAPH and OUT may be "-" for standard input and output; without -o, bytecode goes to GRAPH's name
// with .animbc in the working directory. Exit codes: 0 success, 1 compile
// errors, 2 usage or I/O errors.
#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>

#include <map>
#include <optional>
#include <string>

#include "cli/animc/animc_run.h"
#include "cli/common/command_line.h"
#include "cli/common/tool_logger.h"
#include "cli/common/tool_main.h"
#include "cli/common/version.h"

namespace {

int Main(int argc, char** argv) {
  anim::cli::InstallToolLogger("animc");

  anim::animc::Options options;
  CLI::App app{"animc: compile an animation graph (JSON or YAML) to .animbc bytecode"};
  app.add_option("GRAPH", options.input, "graph document, or - for standard input")
      ->required()
      ->type_name("");
  app.add_option(
         "-o,--output", options.output,
         "output file, or - for standard output (default for bytecode: GRAPH's name with .animbc, here)")
      ->type_name("FILE");
  std::string emit, diagnostics_format = "text";
  anim::cli::Choices(app.add_option("--emit", emit,
                                    "print the IR, a disassembly, a JSON description or the graph as written "
                                    "(Graphviz DOT) instead of bytecode"),
                     {"ir", "asm", "json", "dot"}, true);
  app.add_flag("--stats", options.stats, "print node, value, instruction, register and byte counts");
  app.add_flag("--no-fold", options.no_fold,
               "do not bake additives of clips into the program (docs/semantics.md, \"Baked additives\")");
  app.add_option("-W", options.warning_options,
                 "-Werror: every warning is an error; -Werror=CODE: warning CODE is; -Wno-CODE: warning "
                 "CODE is not given (repeatable; docs/cli.md lists the codes)")
      ->type_name("error|error=CODE|no-CODE");
  bool verbose = false;
  app.add_flag("-q,--quiet", options.quiet, "print no warnings (errors still are)");
  app.add_flag("-v,--verbose", verbose, "also say what was written");
  anim::cli::Choices(app.add_option("--diagnostics-format", diagnostics_format,
                                    "diagnostics as text (FILE:LINE:COL: error[CODE]: ...) or json"),
                     {"text", "json"}, true);
  app.add_option("--depfile", options.depfile, "write a Make-syntax depfile listing every input file")
      ->type_name("FILE");
  app.add_option("-I,--asset-path", options.asset_dirs,
                 "look here for skeleton, clip and glTF files not found beside the graph (repeatable)")
      ->type_name("DIR");
  app.set_version_flag("--version", anim::cli::VersionText("animc"),
                       "print the tool version, the bytecode version and the source revision");

  if (const std::optional<int> exit_code = anim::cli::ParseCommandLine(app, argc, argv)) return *exit_code;
  if (verbose && options.quiet) {
    spdlog::error("--verbose and --quiet cannot be used together");
    return anim::animc::kExitUsageOrIo;
  }
  spdlog::set_level(verbose ? spdlog::level::debug
                            : (options.quiet ? spdlog::level::err : spdlog::level::info));
  const std::map<std::string, anim::animc::Emit> emits{{"", anim::animc::Emit::Bytecode},
                                                       {"ir", anim::animc::Emit::Ir},
                                                       {"asm", anim::animc::Emit::Asm},
                                                       {"json", anim::animc::Emit::Json},
                                                       {"dot", anim::animc::Emit::Dot}};
  options.emit = emits.at(emit);
  options.diagnostics_format = diagnostics_format == "json" ? anim::animc::DiagnosticsFormat::Json
                                                            : anim::animc::DiagnosticsFormat::Text;
  return anim::animc::RunAnimc(options);
}

}  // namespace

int main(int argc, char** argv) {
  return anim::cli::GuardedMain("animc", [&] { return Main(argc, argv); });
}
