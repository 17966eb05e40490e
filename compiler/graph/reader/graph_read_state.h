// What the parts of the graph reader share while one graph document is read: the document and its
// diagnostics, the model being filled, the assets it loaded, and the name tables references
// resolve through. Each part (assets, parameters, bones and masks, scalar fields, nodes, state
// machines) reads its own fields into this; compiler/graph/graph_reader.cpp runs them in order.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "compiler/document/document.h"
#include "compiler/document/document_reader.h"
#include "compiler/graph/graph_model.h"
#include "compiler/graph/skeleton_origin.h"
#include "compiler/graph/source_columns.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim::graph {

struct GraphReadState {
  GraphReadState(const Document& doc, std::string_view source, std::string base, DiagnosticSink& sink)
      : document(doc), diagnostics(sink), reader(doc, sink), columns(source), base_dir(std::move(base)) {}

  const Document& document;
  DiagnosticSink& diagnostics;
  DocumentReader reader;
  SourceColumns columns;                 // for columns inside expression strings
  std::string base_dir;                  // relative asset paths resolve against it ...
  std::vector<std::string> search_dirs;  // ... or, when nothing is there, against these, in order

  GraphModel model;
  std::optional<Skeleton> skeleton;
  SkeletonOrigin skeleton_origin;
  std::vector<Clip> clips;                           // the clips that loaded
  std::vector<float> clip_durations;                 // parallel to model.clips; -1 when not loaded
  std::vector<std::string> files;                    // every file read, in order, once
  std::unordered_map<std::string, int> clip_index;   // clip name -> model.clips index
  std::unordered_map<std::string, int> named;        // named node -> model.nodes index
  std::unordered_map<std::string, int> sync_index;   // sync group name -> model.sync_groups index
  std::unordered_map<std::string, int> event_index;  // event name -> model.event_names index
};

// Small pieces of messages and lookups the parts share.
inline std::string Quoted(std::string_view text) {
  return "'" + std::string(text) + "'";
}
std::string Number(double value);
// The keys of a name table, sorted, for "did you mean" and lists.
std::vector<std::string_view> SortedKeys(const std::unordered_map<std::string, int>& map);
// The index of `doc`'s string in `options`, or -1 after E023 (with a suggestion or the list).
int ReadOption(DocumentReader& reader, const DocNode& doc, const std::string& what,
               std::span<const std::string_view> options);

}  // namespace anim::graph
