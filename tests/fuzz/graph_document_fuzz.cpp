// Target "graph": a graph document, through the whole compiler and a few frames of its program.
#include <string>
#include <string_view>

#include "compiler/codegen/compile.h"
#include "compiler/codegen/program_writer.h"
#include "compiler/graph/load_graph.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/fuzz_targets.h"
#include "vm/bytecode/program_loader.h"

namespace anim::fuzz {

int FuzzGraphDocument(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (NamesSystemFiles(text)) return 0;
  DiagnosticSink diagnostics;
  // The name shows in diagnostics only; asset paths resolve against samples/ as in the samples.
  std::optional<CompiledGraph> graph = ParseGraph(text, "fuzz.yaml", SamplesDir(), diagnostics);
  std::optional<codegen::CompiledProgram> compiled;
  if (graph) compiled = codegen::CompileGraph(graph->graph, diagnostics);
  // Diagnostics quote the document's names and text: both formats take any bytes.
  (void)FormatText(diagnostics);
  (void)FormatJson(diagnostics);
  if (!compiled) return 0;

  // What the compiler writes, the runtime loads and verifies (docs/architecture.md, invariants),
  // and it binds to the assets it was compiled against.
  if (compiled->bytes != codegen::WriteProgram(compiled->program))
    InvariantFailed("CompileGraph's bytes are not WriteProgram(program)");
  const LoadResult loaded = LoadVerifiedProgram(compiled->bytes);
  if (!loaded.ok()) InvariantFailed("a compiled graph's program does not load: " + loaded.error);
  std::vector<const Clip*> clips;
  for (const Clip& clip : graph->clips)
    clips.push_back(&clip);
  const BindResult bound = ProgramBinding::Bind(loaded.program, graph->skeleton, clips);
  if (!bound.binding)
    InvariantFailed("a compiled graph's program does not bind to its assets: " + bound.error);

  AnimInstance instance(loaded.program);
  const std::vector<uint8_t> script = PseudoRandomBytes(HashBytes({data, size}), 96);
  ByteStream stream(script);
  RunFrames(*bound.binding, instance, stream, 1 + stream.U8() % kMaxFrames);
  return 0;
}

}  // namespace anim::fuzz
