// Bone names against the graph's skeleton: E006 (with "did you mean") for an unknown one, and the
// graph's bone table (GraphModel::bones), which holds each bone the graph names once, in order of
// first use.
#pragma once

#include <string>
#include <unordered_map>

#include "compiler/graph/reader/graph_read_state.h"

namespace anim::graph {

class BoneTable {
 public:
  explicit BoneTable(GraphReadState& state) : s_(state) {}

  // The skeleton's index of `name`, or -1 after E006 (silent when the skeleton did not load).
  int SkeletonBone(const std::string& name, TextPosition at, const std::string& what);
  // The index in the graph's bone table, adding the bone on first use; -1 after E006.
  int Ref(const std::string& name, TextPosition at, const std::string& what);

 private:
  GraphReadState& s_;
  std::unordered_map<std::string, int> index_;
};

}  // namespace anim::graph
