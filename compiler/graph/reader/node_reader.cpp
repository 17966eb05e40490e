#include "compiler/graph/reader/node_reader.h"

#include "compiler/diag/suggest.h"
#include "compiler/graph/reader/blend_space_reader.h"
#include "compiler/graph/reader/event_reader.h"
#include "compiler/graph/reader/state_machine_reader.h"
#include "compiler/graph/reader/sync_reader.h"

namespace anim::graph {

bool NodeReader::ReadNodes(const DocNode& nodes) {
  if (s_.reader.Mapping(nodes, "'nodes'") == nullptr) return true;
  if (nodes.entries.size() > kMaxGraphNodes) {
    s_.reader.Error("E028", nodes.entries[kMaxGraphNodes].key_position,
                    "the graph holds more than " + std::to_string(kMaxGraphNodes) + " nodes by here");
    budget_reported_ = true;
    return false;
  }
  for (const DocEntry& entry : nodes.entries) {
    s_.named[entry.key] = static_cast<int>(s_.model.nodes.size());
    GraphNode& node = s_.model.nodes.emplace_back();
    node.name = entry.key;
    node.position = entry.key_position;
    node.named = true;
  }
  for (const DocEntry& entry : nodes.entries)
    ReadNode(s_.named[entry.key], *entry.value);
  return !budget_reported_;
}

// Fills model.nodes[index] (already holding its name and position) from `doc`.
void NodeReader::ReadNode(int index, const DocNode& doc) {
  GraphNode node = std::move(s_.model.nodes[static_cast<std::size_t>(index)]);
  const std::string what = "node " + Quoted(node.name);
  if (s_.reader.Mapping(doc, what) != nullptr) {
    if (const DocNode* kind = doc.Find("kind")) {
      if (const std::optional<std::string> name = s_.reader.String(*kind, "'kind' of " + what)) {
        node.kind = FindNodeKind(*name);
        if (node.kind == nullptr) UnknownKind(*kind, *name, what);
      }
    } else {
      s_.reader.Error("E101", doc, "missing required field 'kind' in " + what);
    }
    if (node.kind != nullptr) ReadFields(index, node, doc, what);
  }
  s_.model.nodes[static_cast<std::size_t>(index)] = std::move(node);
}

void NodeReader::UnknownKind(const DocNode& at, const std::string& name, const std::string& what) {
  std::vector<std::string_view> kinds;
  for (const NodeKindSpec& spec : NodeKinds())
    kinds.push_back(spec.name);
  std::string message = "unknown node kind " + Quoted(name) + " for " + what;
  std::string suggestion = DidYouMean(name, kinds);
  if (suggestion.empty()) {
    suggestion = "; the kinds are:";
    for (std::string_view kind : kinds)
      suggestion += " " + std::string(kind);
  }
  s_.reader.Error("E001", at, message + suggestion);
}

void NodeReader::ReadFields(int index, GraphNode& node, const DocNode& doc, const std::string& what) {
  std::vector<std::string_view> known{"kind"};
  for (const FieldSpec& spec : node.kind->fields)
    known.push_back(spec.name);
  FieldReader fields(s_.reader, doc, what, known);
  fields.ReportUnknownFields();
  node.fields.resize(node.kind->fields.size());
  for (std::size_t i = 0; i < node.kind->fields.size(); ++i) {
    const FieldSpec& spec = node.kind->fields[i];
    FieldValue& value = node.fields[i];
    value.doc = spec.required && spec.type != FieldType::Special ? fields.Get(spec.name, Field::Required)
                                                                 : fields.Find(spec.name);
    ReadField(index, node, spec, value, doc);
  }
  switch (node.kind->type) {
    case NodeType::BlendSpace1D:
    case NodeType::BlendSpace2D:
      ReadBlendSpaceSamples(s_, *this, node, fields);
      ReadSync(s_, node, node.field("sync").doc);
      break;
    case NodeType::StateMachine:
      ReadStateMachine(s_, *this, node, fields);
      break;
    case NodeType::Clip: {
      CheckClipStart(node);
      ReadSync(s_, node, node.field("sync").doc);
      const int clip = node.field("clip").index;
      ReadClipEvents(s_, node, node.field("events").doc,
                     clip >= 0 ? s_.clip_durations[static_cast<std::size_t>(clip)] : -1.0f);
      break;
    }
    default:
      break;
  }
  if (node.kind->bone_chain) CheckBoneChain(node);
}

void NodeReader::ReadField(int index, GraphNode& node, const FieldSpec& spec, FieldValue& value,
                           const DocNode& doc) {
  DocumentReader& reader = s_.reader;
  const std::string what = Quoted(spec.name) + " of node " + Quoted(node.name);
  const DocNode* v = value.doc;
  switch (spec.type) {
    case FieldType::Pose:
    case FieldType::OptionalPose:
      if (v != nullptr) value.node = ReadPose(node, *v, what, node.name + "." + std::string(spec.name));
      break;
    case FieldType::Float:
    case FieldType::Vec3:
    case FieldType::OptionalVec3: {
      const ir::Type type = spec.type == FieldType::Float ? ir::Type::Float : ir::Type::Vec3;
      if (v == nullptr && spec.type == FieldType::OptionalVec3) break;
      if (v == nullptr && spec.required) break;
      value.expr = v ? scalars_.ReadValue(*v, type, what, spec.range).value_or(expr::Expr{})
                     : ScalarFieldReader::Literal(type, spec.fallback, doc.position);
      break;
    }
    case FieldType::ConstFloat:
      value.number = v ? scalars_.ReadConstant(*v, what, spec.range).value_or(0.0f) : spec.fallback[0];
      break;
    case FieldType::ConstInt:
      value.number = spec.fallback[0];
      if (v == nullptr) break;
      if (const std::optional<std::int64_t> n = reader.Integer(*v, what)) {
        value.number = static_cast<double>(*n);
        if (!InRange(spec.range, value.number) || *n > 65535)
          reader.Error(
              "E012", *v,
              what + " must be " + RangeText(spec.range) + " and at most 65535, found " + std::to_string(*n));
      }
      break;
    case FieldType::Bool:
      value.number = spec.fallback[0];
      if (v != nullptr) value.number = reader.Bool(*v, what).value_or(false) ? 1.0 : 0.0;
      break;
    case FieldType::Bone:
      if (v != nullptr) {
        if (const std::optional<std::string> name = reader.String(*v, what))
          value.index = bones_.Ref(*name, v->position, what);
      }
      break;
    case FieldType::Clip:
      if (v != nullptr) {
        if (const std::optional<std::string> name = reader.String(*v, what)) value.index = ClipRef(*name, *v);
      }
      break;
    case FieldType::Mask:
      if (v != nullptr) value.index = masks_.Ref(*v, what, node.name + ".mask");
      break;
    case FieldType::Snapshot:
      if (v != nullptr) {
        if (const std::optional<std::string> name = reader.String(*v, what))
          SnapshotRef(index, node, value, *name, *v);
      }
      break;
    case FieldType::Enum:
      value.index = v ? ReadOption(reader, *v, what, spec.options) : 0;
      break;
    case FieldType::Special:
      break;
  }
}

int NodeReader::ReadPose(GraphNode& user, const DocNode& doc, const std::string& what,
                         const std::string& derived) {
  DocumentReader& reader = s_.reader;
  int input = -1;
  if (doc.kind == anim::NodeKind::String) {
    const auto it = s_.named.find(doc.text);
    if (it != s_.named.end()) {
      input = it->second;
    } else {
      reader.Error("E003", doc,
                   "undefined node " + Quoted(doc.text) + " for " + what + DidYouMean(doc.text, NodeNames()));
    }
  } else if (doc.kind == anim::NodeKind::Mapping) {
    if (depth_ == kMaxInlineDepth) {
      if (!depth_reported_) {  // once: every sibling past the limit would say the same
        reader.Error("E026", doc,
                     "inline nodes nest more than " + std::to_string(kMaxInlineDepth) + " deep at " + what +
                         ": name the inner nodes (a named node costs no depth)");
      }
      depth_reported_ = true;
      return -1;
    }
    if (s_.model.nodes.size() >= kMaxGraphNodes) {
      if (!budget_reported_) {
        reader.Error("E028", doc,
                     "the graph holds more than " + std::to_string(kMaxGraphNodes) +
                         " nodes by here (each inline node counts once for every place it is written, "
                         "YAML aliases included)");
      }
      budget_reported_ = true;
      return -1;
    }
    if (const auto named = s_.named.find(derived); named != s_.named.end()) {
      Diagnostic& error =
          reader.Error("E027", s_.model.nodes[static_cast<std::size_t>(named->second)].position,
                       "node name " + Quoted(derived) + " is also the name of the inline node written at " +
                           what + ": rename the node (inline nodes are named after where they are written)");
      reader.Note(error, doc, "the inline node");
    }
    input = static_cast<int>(s_.model.nodes.size());
    GraphNode& inline_node = s_.model.nodes.emplace_back();
    inline_node.name = derived;
    inline_node.position = doc.position;
    ++depth_;
    ReadNode(input, doc);
    --depth_;
  } else {
    reader.Error(
        "E002", doc,
        "expected a pose for " + what + " (a node name or an inline node), found " + DescribeNode(doc));
  }
  if (input >= 0) user.inputs.push_back({input, doc.position});
  return input;
}

const std::vector<std::string_view>& NodeReader::NodeNames() {
  if (node_names_.empty()) node_names_ = SortedKeys(s_.named);  // every named node is registered by now
  return node_names_;
}

int NodeReader::ClipRef(const std::string& name, const DocNode& at) {
  const auto it = s_.clip_index.find(name);
  if (it != s_.clip_index.end()) return it->second;
  const std::string suggestion = DidYouMean(name, SortedKeys(s_.clip_index));
  s_.reader.Error("E005", at,
                  "undefined clip " + Quoted(name) +
                      (suggestion.empty() ? "; the graph's 'clips' do not name it" : suggestion));
  return -1;
}

void NodeReader::SnapshotRef(int index, const GraphNode& node, FieldValue& value, const std::string& name,
                             const DocNode& at) {
  if (node.kind->type == NodeType::LoadSnapshot) {
    pending_loads_.push_back({index, name, &at});
    return;
  }
  const auto [it, inserted] = snapshot_index_.try_emplace(name, static_cast<int>(s_.model.snapshots.size()));
  if (!inserted) {
    Diagnostic& error = s_.reader.Error(
        "E010", at,
        "duplicate snapshot name " + Quoted(name) + ": another save_snapshot node already saves it");
    s_.reader.Note(error, *snapshot_sites_[static_cast<std::size_t>(it->second)], "first saved here");
    return;
  }
  s_.model.snapshots.push_back(name);
  snapshot_sites_.push_back(&at);
  value.index = it->second;
}

void NodeReader::ResolveSnapshotLoads() {
  for (const PendingLoad& load : pending_loads_) {
    const auto it = snapshot_index_.find(load.name);
    if (it != snapshot_index_.end()) {
      GraphNode& node = s_.model.nodes[static_cast<std::size_t>(load.node)];
      node.fields[static_cast<std::size_t>(FieldIndex(*node.kind, "name"))].index = it->second;
      continue;
    }
    s_.reader.Error("E018", *load.at,
                    "undefined snapshot " + Quoted(load.name) + ": no save_snapshot node saves it" +
                        DidYouMean(load.name, SortedKeys(snapshot_index_)));
  }
}

void NodeReader::CheckClipStart(const GraphNode& node) {
  const FieldValue& clip = node.field("clip");
  const FieldValue& start = node.field("start");
  if (clip.index < 0 || start.doc == nullptr) return;
  const float duration = s_.clip_durations[static_cast<std::size_t>(clip.index)];
  if (duration >= 0.0f && start.number > duration) {
    s_.reader.Error("E012", *start.doc,
                    "'start' " + Number(start.number) + " of node " + Quoted(node.name) +
                        " is past the end of clip " +
                        Quoted(s_.model.clips[static_cast<std::size_t>(clip.index)]) + " (" +
                        Number(duration) + " s long)");
  }
}

// Each bone field must lie below the previous one (a root, mid, end chain).
void NodeReader::CheckBoneChain(const GraphNode& node) {
  const FieldValue* previous = nullptr;
  for (std::size_t i = 0; i < node.fields.size(); ++i) {
    if (node.kind->fields[i].type != FieldType::Bone) continue;
    const FieldValue& bone = node.fields[i];
    if (previous != nullptr && previous->index >= 0 && bone.index >= 0) {
      const int upper = s_.model.bones[static_cast<std::size_t>(previous->index)].index;
      int b = s_.model.bones[static_cast<std::size_t>(bone.index)].index;
      while (b >= 0 && b != upper)
        b = s_.skeleton->parent(b);
      if (b != upper || bone.index == previous->index) {
        s_.reader.Error("E022", *bone.doc,
                        "bone " + Quoted(bone.doc->text) + " is not below " + Quoted(previous->doc->text) +
                            " in the skeleton: the bones of node " + Quoted(node.name) +
                            " must form a chain");
      }
    }
    previous = &bone;
  }
}

}  // namespace anim::graph
