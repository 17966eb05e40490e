// Bone masks: the graph's `masks` and masks written inline in a masked blend, each expanded to one
// weight per skeleton bone, and optionally one per curve (docs/graph-format.md, "Masks").
#pragma once

#include <string>
#include <unordered_map>

#include "compiler/graph/reader/bone_table.h"
#include "compiler/graph/reader/graph_read_state.h"

namespace anim::graph {

class MaskReader {
 public:
  MaskReader(GraphReadState& state, BoneTable& bones) : s_(state), bones_(bones) {}

  void ReadMasks(const DocNode& masks);
  // A mask field: a name from `masks` (E007 when undefined), or an inline mask named `derived`.
  // The index in GraphModel::masks, or -1.
  int Ref(const DocNode& doc, const std::string& what, const std::string& derived);

 private:
  int ReadMask(const DocNode& node, const std::string& name, const std::string& what);
  void ReadCurveWeights(const DocNode& node, int index, const std::string& what);

  GraphReadState& s_;
  BoneTable& bones_;
  std::unordered_map<std::string, int> index_;
};

}  // namespace anim::graph
