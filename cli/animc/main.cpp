// animc: compiles an animation graph document (JSON or YAML) to .animbc bytecode.
//   animc GRAPH [-o OUT.animbc] [--emit ir|asm|json|dot] [--stats] [--no-fold] [-q] [-Werror] [-Werror=CODE]
//         [-Wno-CODE]
//         [--diagnostics-format text|json] [--depfile FILE] [-I DIR]...
// GRAPH and OUT may be "-" for standard input and output; without -o, bytecode goes to GRAPH's name
// with .animbc in the working directory. Exit codes: 0 success, 1 compile
// errors, 2 usage or I/O errors.
#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>

#include <map>

#include "cli/animc/animc_run.h"
#include "cli/common/tool_logger.h"
#include "cli/common/tool_main.h"
#include "cli/common/version.h"

namespace {

int Main(int argc, char** argv) {
  anim::cli::InstallToolLogger("animc");

  anim::animc::Options options;
  CLI::App app{"animc: compile an animation graph (JSON or YAML) to .animbc bytecode"};
  app.add_option("graph", options.input, "graph document, or - for standard input")->required();
  app.add_option(
      "-o,--output", options.output,
      "output file, or - for standard output (default for bytecode: GRAPH's name with .animbc, here)");
  const std::map<std::string, anim::animc::Emit> emits{{"ir", anim::animc::Emit::Ir},
                                                       {"asm", anim::animc::Emit::Asm},
                                                       {"json", anim::animc::Emit::Json},
                                                       {"dot", anim::animc::Emit::Dot}};
  app.add_option("--emit", options.emit,
                 "print the IR, a disassembly, a JSON description or the graph as written (Graphviz DOT) "
                 "instead of bytecode")
      ->transform(CLI::CheckedTransformer(emits, CLI::ignore_case));
  app.add_flag("--stats", options.stats, "print node, value, instruction, register and byte counts");
  app.add_flag("--no-fold", options.no_fold,
               "do not bake additives of clips into the program (docs/semantics.md, \"Baked additives\")");
  app.add_option("-W", options.warning_options,
                 "-Werror: every warning is an error; -Werror=CODE: warning CODE is; -Wno-CODE: warning "
                 "CODE is not given (repeatable; docs/cli.md lists the codes)");
  app.add_flag("-q,--quiet", options.quiet, "print no warnings (errors still are)");
  const std::map<std::string, anim::animc::DiagnosticsFormat> formats{
      {"text", anim::animc::DiagnosticsFormat::Text}, {"json", anim::animc::DiagnosticsFormat::Json}};
  app.add_option("--diagnostics-format", options.diagnostics_format, "text (file:line:col: ...) or json")
      ->transform(CLI::CheckedTransformer(formats, CLI::ignore_case));
  app.add_option("--depfile", options.depfile, "write a Make-syntax depfile listing every input file");
  app.add_option("-I,--asset-path", options.asset_dirs,
                 "look here for skeleton, clip and glTF files not found beside the graph (repeatable)");
  app.set_version_flag("--version", anim::cli::VersionText("animc"),
                       "print the tool version, the bytecode version and the source revision");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Help and version exit 0 on stdout; anything else is a usage error.
    const int code = app.exit(e);
    return code == 0 ? 0 : anim::animc::kExitUsageOrIo;
  }
  return anim::animc::RunAnimc(options);
}

}  // namespace

int main(int argc, char** argv) {
  return anim::cli::GuardedMain("animc", [&] { return Main(argc, argv); });
}
