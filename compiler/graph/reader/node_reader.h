// The graph's `nodes`: every named node and every node written inline where a pose is expected,
// each with its kind's fields read and resolved (input nodes, bones, clips, masks, snapshots by
// index; value fields as checked expressions), plus the structure of blend spaces and state
// machines (docs/graph-format.md, "Nodes").
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/graph/reader/bone_table.h"
#include "compiler/graph/reader/graph_read_state.h"
#include "compiler/graph/reader/mask_reader.h"
#include "compiler/graph/reader/scalar_field_reader.h"

namespace anim::graph {

// How deep inline nodes may nest (a node written inside a node ...). Reading them recurses, so
// the depth is bounded; deeper graphs name their inner nodes, which costs no depth.
inline constexpr int kMaxInlineDepth = 64;
// How many nodes a graph may hold, counting an inline node once for every place it is written (a
// YAML alias repeats its anchor's nodes). A program records at most 32766 pose tasks, so this leaves
// room for unused nodes while a few kilobytes of aliases cannot ask for gigabytes.
inline constexpr std::size_t kMaxGraphNodes = 65536;

class NodeReader {
 public:
  NodeReader(GraphReadState& state, BoneTable& bones, MaskReader& masks, ScalarFieldReader& scalars)
      : s_(state), bones_(bones), masks_(masks), scalars_(scalars) {}

  // Registers every named node (so references may point forward), then reads each. False when the
  // nodes are past the graph's budget (E028): nothing more can be checked against them.
  bool ReadNodes(const DocNode& nodes);
  // A pose input of `user`: a node's name (E003 when undefined), or an inline node named `derived`,
  // read now. Its index in GraphModel::nodes, or -1.
  int ReadPose(GraphNode& user, const DocNode& doc, const std::string& what, const std::string& derived);
  // Loads may name a snapshot saved by a node read later, so they resolve once all are read.
  void ResolveSnapshotLoads();

  ScalarFieldReader& scalars() { return scalars_; }
  // False once E028 was given.
  bool within_budget() const { return !budget_reported_; }

 private:
  struct PendingLoad {
    int node;
    std::string name;
    const DocNode* at;
  };

  void ReadNode(int index, const DocNode& doc);
  void UnknownKind(const DocNode& at, const std::string& name, const std::string& what);
  void ReadFields(int index, GraphNode& node, const DocNode& doc, const std::string& what);
  void ReadField(int index, GraphNode& node, const FieldSpec& spec, FieldValue& value, const DocNode& doc);
  // The named nodes' names, sorted once, for "did you mean".
  const std::vector<std::string_view>& NodeNames();
  int ClipRef(const std::string& name, const DocNode& at);
  void SnapshotRef(int index, const GraphNode& node, FieldValue& value, const std::string& name,
                   const DocNode& at);
  void CheckClipStart(const GraphNode& node);
  void CheckBoneChain(const GraphNode& node);

  GraphReadState& s_;
  BoneTable& bones_;
  MaskReader& masks_;
  ScalarFieldReader& scalars_;
  int depth_ = 0;  // inline nodes being read, one inside the other
  bool depth_reported_ = false;
  bool budget_reported_ = false;  // E028 given: the nodes read are not the graph's nodes
  std::vector<std::string_view> node_names_;
  std::unordered_map<std::string, int> snapshot_index_;
  std::vector<const DocNode*> snapshot_sites_;
  std::vector<PendingLoad> pending_loads_;
};

}  // namespace anim::graph
