#include "compiler/graph/graph_reader.h"

#include "compiler/assets/asset_checks.h"
#include "compiler/graph/graph_checks.h"
#include "compiler/graph/reader/asset_reader.h"
#include "compiler/graph/reader/bone_table.h"
#include "compiler/graph/reader/event_reader.h"
#include "compiler/graph/reader/mask_reader.h"
#include "compiler/graph/reader/node_reader.h"
#include "compiler/graph/reader/parameter_reader.h"
#include "compiler/graph/reader/root_motion_reader.h"
#include "compiler/graph/reader/scalar_field_reader.h"
#include "compiler/graph/reader/sync_reader.h"

namespace anim::graph {
namespace {

constexpr std::string_view kTopFields[] = {
    "format",     "version", "asset_paths", "skeleton", "clip_encoding", "clip_precision", "clips",
    "parameters", "masks",   "nodes",       "output",   "root_motion",   "events",         "event_threshold"};
constexpr std::string_view kOutputFields[] = {"pose", "root_lock", "root_bone"};

void ReadOutput(GraphReadState& state, NodeReader& nodes, BoneTable& bones, const DocNode& doc) {
  if (state.reader.Mapping(doc, "'output'") == nullptr) return;
  FieldReader fields(state.reader, doc, "'output'", kOutputFields);
  fields.ReportUnknownFields();
  GraphNode consumer;
  if (const DocNode* pose = fields.Get("pose", Field::Required))
    state.model.output = nodes.ReadPose(consumer, *pose, "'output'", "output");
  state.model.lock_root = fields.Bool("root_lock", Field::Optional).value_or(false);
  if (const std::optional<std::string> bone = fields.String("root_bone", Field::Optional)) {
    const int index = bones.Ref(*bone, doc.Find("root_bone")->position, "'root_bone' of 'output'");
    if (index >= 0) state.model.root_bone = static_cast<uint16_t>(index);
  }
}

}  // namespace

std::optional<ReadGraphResult> ReadGraph(const Document& document, std::string_view source,
                                         const std::string& base_dir,
                                         const std::vector<std::string>& asset_dirs,
                                         DiagnosticSink& diagnostics) {
  GraphReadState state(document, source, base_dir, diagnostics);
  const int errors_before = diagnostics.error_count();
  const DocNode* root = state.reader.Mapping(document.root(), "the graph document");
  if (root == nullptr) return std::nullopt;
  FieldReader top(state.reader, *root, "the graph", kTopFields);
  top.ReportUnknownFields();
  if (!CheckFormatAndVersion(state.reader, top, "animtc.graph")) return std::nullopt;

  BoneTable bones(state);
  MaskReader masks(state, bones);
  ScalarFieldReader scalars(state);
  NodeReader nodes(state, bones, masks, scalars);
  ReadAssetPaths(state, top, asset_dirs);
  ReadAssets(state, top);
  CollectCurves(state);
  if (const DocNode* params = top.Find("parameters")) ReadParameters(state, *params);
  if (const DocNode* mask_table = top.Find("masks")) masks.ReadMasks(*mask_table);
  if (const DocNode* root_motion = top.Find("root_motion")) ReadRootMotion(state, bones, *root_motion);
  ReadEventTable(state, top.Find("events"), top.Find("event_threshold"));
  const DocNode* node_table = top.Get("nodes", Field::Required);
  // Past the node budget (E028) the nodes read are not the graph's: nothing more is checked.
  if (node_table != nullptr && !nodes.ReadNodes(*node_table)) return std::nullopt;
  nodes.ResolveSnapshotLoads();
  PassSyncToSamples(state.model);
  // Without nodes every output reference would be undefined: one E101 says it all.
  if (const DocNode* output = top.Get("output", Field::Required); output != nullptr && node_table != nullptr)
    ReadOutput(state, nodes, bones, *output);
  ResolveRootMotionBone(state, bones);
  if (!nodes.within_budget()) return std::nullopt;
  CheckGraph(state.model, document, diagnostics, !diagnostics.has_errors());
  if (diagnostics.error_count() != errors_before || !state.skeleton) return std::nullopt;
  return ReadGraphResult{std::move(state.model), std::move(*state.skeleton), std::move(state.clips),
                         std::move(state.files), std::move(state.skeleton_origin)};
}

}  // namespace anim::graph
