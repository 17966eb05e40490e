#include "compiler/graph/reader/mask_reader.h"

#include <algorithm>

#include "compiler/diag/suggest.h"
#include "compiler/graph/node_kinds.h"

namespace anim::graph {
namespace {

constexpr std::string_view kMaskFields[] = {"bones", "subtree", "curves"};

}  // namespace

void MaskReader::ReadMasks(const DocNode& masks) {
  if (s_.reader.Mapping(masks, "'masks'") == nullptr) return;
  for (const DocEntry& entry : masks.entries)
    index_[entry.key] = ReadMask(*entry.value, entry.key, "mask " + Quoted(entry.key));
}

int MaskReader::Ref(const DocNode& doc, const std::string& what, const std::string& derived) {
  if (doc.kind == anim::NodeKind::Mapping) return ReadMask(doc, derived, "mask of " + what);
  const std::optional<std::string> name = s_.reader.String(doc, what);
  if (!name) return -1;
  const auto it = index_.find(*name);
  if (it != index_.end()) return it->second;
  s_.reader.Error("E007", doc,
                  "undefined mask " + Quoted(*name) + " for " + what + DidYouMean(*name, SortedKeys(index_)));
  return -1;
}

int MaskReader::ReadMask(const DocNode& node, const std::string& name, const std::string& what) {
  DocumentReader& reader = s_.reader;
  const int index = static_cast<int>(s_.model.masks.size());
  s_.model.masks.push_back({name, {}, {}});
  if (reader.Mapping(node, what) == nullptr) return index;
  FieldReader fields(reader, node, what, kMaskFields);
  fields.ReportUnknownFields();
  const bool subtree = fields.Bool("subtree", Field::Optional).value_or(true);
  if (const DocNode* curves = fields.Get("curves", Field::Optional)) ReadCurveWeights(*curves, index, what);
  const DocNode* bones = fields.Get("bones", Field::Required);
  if (bones == nullptr || reader.Mapping(*bones, "'bones' of " + what) == nullptr) return index;
  std::vector<float> listed(s_.skeleton ? static_cast<std::size_t>(s_.skeleton->bone_count()) : 0, -1.0f);
  for (const DocEntry& bone : bones->entries) {
    const int b = bones_.SkeletonBone(bone.key, bone.key_position, "'bones' of " + what);
    const std::optional<float> weight = reader.Float(*bone.value, "the weight of " + Quoted(bone.key));
    if (weight && !InRange(Range::Unit, *weight)) {
      reader.Error(
          "E012", *bone.value,
          "mask weight of " + Quoted(bone.key) + " must be between 0 and 1, found " + Number(*weight));
    }
    if (b >= 0 && weight) listed[static_cast<std::size_t>(b)] = *weight;
  }
  // Bones are stored parents first, so a parent's weight is final before its children read it.
  std::vector<float>& weights = s_.model.masks[static_cast<std::size_t>(index)].weights;
  weights.assign(listed.size(), 0.0f);
  for (std::size_t b = 0; b < listed.size(); ++b) {
    const int parent = s_.skeleton->parent(static_cast<int>(b));
    if (listed[b] >= 0.0f) {
      weights[b] = listed[b];
    } else if (subtree && parent >= 0) {
      weights[b] = weights[static_cast<std::size_t>(parent)];
    }
  }
  return index;
}

// `curves: {name: weight}`: the listed curves blend by the alpha times their weight, the others not
// at all (docs/graph-format.md, "Masks").
void MaskReader::ReadCurveWeights(const DocNode& node, int index, const std::string& what) {
  DocumentReader& reader = s_.reader;
  const std::string where = "'curves' of " + what;
  if (reader.Mapping(node, where) == nullptr) return;
  const std::vector<std::string>& names = s_.model.curves;
  std::vector<float> weights(names.size(), 0.0f);
  for (const DocEntry& curve : node.entries) {
    const auto it = std::find(names.begin(), names.end(), curve.key);
    if (it == names.end()) {
      std::string message = "unknown curve " + Quoted(curve.key) + " in " + where +
                            DidYouMean(curve.key, std::vector<std::string_view>(names.begin(), names.end()));
      if (names.empty()) message += ": none of the graph's clips has curves";
      reader.Error("E031", curve.key_position, std::move(message));
      continue;
    }
    const std::optional<float> weight =
        reader.Float(*curve.value, "the weight of curve " + Quoted(curve.key));
    if (!weight) continue;
    if (!InRange(Range::Unit, *weight)) {
      reader.Error(
          "E012", *curve.value,
          "mask weight of curve " + Quoted(curve.key) + " must be between 0 and 1, found " + Number(*weight));
      continue;
    }
    weights[static_cast<std::size_t>(it - names.begin())] = *weight;
  }
  s_.model.masks[static_cast<std::size_t>(index)].curve_weights = std::move(weights);
}

}  // namespace anim::graph
