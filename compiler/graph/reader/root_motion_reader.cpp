#include "compiler/graph/reader/root_motion_reader.h"

#include <algorithm>

namespace anim::graph {
namespace {

constexpr std::string_view kModes[] = {"keep", "extract", "ignore"};
static_assert(std::size(kModes) == kRootMotionModeCount, "one spelling per RootMotionMode, in its order");
constexpr std::string_view kRootMotionFields[] = {"mode", "bone"};

void ReadMode(GraphReadState& state, const DocNode& doc, const std::string& what) {
  const int option = ReadOption(state.reader, doc, what, kModes);
  if (option >= 0) state.model.root_motion = static_cast<RootMotionMode>(option);
}

}  // namespace

void ReadRootMotion(GraphReadState& state, BoneTable& bones, const DocNode& doc) {
  if (doc.kind == NodeKind::String) {
    ReadMode(state, doc, "'root_motion'");
    return;
  }
  if (state.reader.Mapping(doc, "'root_motion' (a mode, or a mapping {mode, bone})") == nullptr) return;
  FieldReader fields(state.reader, doc, "'root_motion'", kRootMotionFields);
  fields.ReportUnknownFields();
  if (const DocNode* mode = fields.Get("mode", Field::Required))
    ReadMode(state, *mode, "'mode' of 'root_motion'");
  if (const std::optional<std::string> bone = fields.String("bone", Field::Optional)) {
    const int index = bones.Ref(*bone, doc.Find("bone")->position, "'bone' of 'root_motion'");
    if (index >= 0) state.model.root_motion_bone = index;
  }
}

RootMotionMode EffectiveRootMotion(const GraphModel& model, const GraphNode& clip_node) {
  const FieldValue& own = clip_node.field("root_motion");
  return own.doc != nullptr && own.index >= 0 ? static_cast<RootMotionMode>(own.index) : model.root_motion;
}

void ResolveRootMotionBone(GraphReadState& state, BoneTable& bones) {
  GraphModel& model = state.model;
  if (model.root_motion_bone >= 0 || !state.skeleton || state.skeleton->bone_count() == 0) return;
  const bool used = std::any_of(model.nodes.begin(), model.nodes.end(), [&](const GraphNode& node) {
    return node.kind != nullptr && node.kind->type == NodeType::Clip &&
           EffectiveRootMotion(model, node) != RootMotionMode::Keep;
  });
  if (!used) return;
  if (model.root_bone != kNoOperand) {
    model.root_motion_bone = model.root_bone;
    return;
  }
  model.root_motion_bone = bones.Ref(state.skeleton->bone_name(0), {}, "the skeleton's first bone");
}

}  // namespace anim::graph
