#include "compiler/graph/reader/sync_reader.h"

namespace anim::graph {
namespace {

constexpr std::string_view kSyncFields[] = {"group", "role"};
constexpr std::string_view kSyncRoles[] = {"auto", "leader", "follower"};
static_assert(std::size(kSyncRoles) == kSyncRoleCount, "one spelling per SyncRole, in its order");

int GroupIndex(GraphReadState& state, const std::string& name) {
  const auto [it, inserted] =
      state.sync_index.try_emplace(name, static_cast<int>(state.model.sync_groups.size()));
  if (inserted) state.model.sync_groups.push_back(name);
  return it->second;
}

}  // namespace

void ReadSync(GraphReadState& state, GraphNode& node, const DocNode* sync) {
  if (sync == nullptr) return;
  DocumentReader& reader = state.reader;
  const std::string what = "'sync' of node " + Quoted(node.name);
  const DocNode* group = sync;
  if (sync->kind == NodeKind::Mapping) {
    FieldReader fields(reader, *sync, what, kSyncFields);
    fields.ReportUnknownFields();
    group = fields.Get("group", Field::Required);
    if (const DocNode* role = fields.Find("role")) {
      const int option = ReadOption(reader, *role, "'role' of " + what, kSyncRoles);
      if (option >= 0) node.sync_role = static_cast<SyncRole>(option);
    }
    if (group == nullptr) return;
  } else if (sync->kind != NodeKind::String) {
    reader.Error("E102", *sync, "expected a sync group's name or a mapping {group, role} for " + what);
    return;
  }
  const std::optional<std::string> name = reader.String(*group, "the group of " + what);
  if (!name) return;
  if (name->empty()) {
    reader.Error("E012", *group, "the group of " + what + " is empty: name the sync group");
    return;
  }
  node.sync_group = GroupIndex(state, *name);
}

void PassSyncToSamples(GraphModel& model) {
  for (const GraphNode& space : model.nodes) {
    if (space.sync_group < 0) continue;
    for (const SampleModel& sample : space.samples) {
      if (sample.node < 0) continue;
      GraphNode& player = model.nodes[static_cast<std::size_t>(sample.node)];
      if (player.kind == nullptr || player.kind->type != NodeType::Clip || player.sync_group >= 0) continue;
      player.sync_group = space.sync_group;
      player.sync_role = space.sync_role;
    }
  }
}

}  // namespace anim::graph
