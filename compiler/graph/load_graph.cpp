#include "compiler/graph/load_graph.h"

#include <filesystem>

#include "compiler/document/document_parser.h"
#include "compiler/document/source_text.h"
#include "compiler/graph/graph_lower.h"
#include "compiler/graph/graph_reader.h"
#include "executor/pose/content_hash.h"

namespace anim {
namespace {

// The graph's text, then its assets by content, so reformatting an asset file changes nothing but
// any change to a bone, a key or the graph does.
uint64_t GraphHash(std::string_view text, const Skeleton& skeleton, const std::vector<Clip>& clips) {
  ContentHash hash;
  hash.Text(text);
  hash.U64(skeleton.content_hash());
  for (const Clip& clip : clips)
    hash.U64(clip.content_hash());
  return hash.value();
}

}  // namespace

std::optional<AuthoredGraph> ParseAuthoredGraph(std::string_view text, const std::string& file_name,
                                                const std::string& base_dir, DiagnosticSink& diagnostics,
                                                const std::vector<std::string>& asset_dirs) {
  std::optional<Document> document = ParseDocument(text, file_name, diagnostics);
  if (!document) return std::nullopt;
  std::optional<graph::ReadGraphResult> read =
      graph::ReadGraph(*document, text, base_dir, asset_dirs, diagnostics);
  if (!read || diagnostics.has_errors()) return std::nullopt;
  ir::Graph graph = graph::LowerGraph(read->model, read->skeleton.content_hash(), file_name, diagnostics);
  if (diagnostics.has_errors()) return std::nullopt;
  graph.source_hash = GraphHash(text, read->skeleton, read->clips);
  return AuthoredGraph{CompiledGraph{std::move(graph), std::move(read->skeleton), std::move(read->clips),
                                     std::move(read->input_files), std::move(read->skeleton_origin)},
                       std::move(*document), std::move(read->model)};
}

std::optional<CompiledGraph> ParseGraph(std::string_view text, const std::string& file_name,
                                        const std::string& base_dir, DiagnosticSink& diagnostics,
                                        const std::vector<std::string>& asset_dirs) {
  std::optional<AuthoredGraph> authored =
      ParseAuthoredGraph(text, file_name, base_dir, diagnostics, asset_dirs);
  if (!authored) return std::nullopt;
  return std::move(authored->compiled);
}

std::optional<CompiledGraph> LoadGraph(const std::string& path, DiagnosticSink& diagnostics,
                                       const std::vector<std::string>& asset_dirs) {
  const std::optional<std::string> text = ReadSourceFile(path, diagnostics);
  if (!text) return std::nullopt;
  const std::string base_dir = std::filesystem::path(path).parent_path().string();
  std::optional<CompiledGraph> compiled = ParseGraph(*text, path, base_dir, diagnostics, asset_dirs);
  if (compiled) compiled->input_files.insert(compiled->input_files.begin(), path);
  return compiled;
}

}  // namespace anim
