// Skeleton documents (docs/asset-formats.md) to Skeleton: every problem reported with its place.
#include <array>
#include <unordered_map>

#include "compiler/assets/asset_checks.h"
#include "compiler/assets/asset_loader.h"
#include "compiler/diag/suggest.h"
#include "compiler/document/document_parser.h"

namespace anim {
namespace {

constexpr std::string_view kSkeletonFormat = "animtc.skeleton";
constexpr std::array<std::string_view, 5> kSkeletonFields = {"format", "version", "name",
                                                             "low_detail_bone_count", "bones"};
constexpr std::array<std::string_view, 6> kBoneFields = {"name",     "parent", "translation",
                                                         "rotation", "scale",  "inverse_bind"};

struct BoneName {
  int index;
  const DocNode* node;  // the name's value, for notes
};

// Every bone name in the file and where it is first defined, so a parent that is named later in
// the list can be told apart from one that does not exist.
struct NameTable {
  std::unordered_map<std::string, BoneName> first;
  std::vector<std::string_view> in_order;  // suggestion candidates
};

NameTable CollectNames(const DocNode& bones) {
  NameTable table;
  for (std::size_t i = 0; i < bones.items.size(); ++i) {
    const DocNode* name = bones.items[i]->Find("name");
    if (name == nullptr || name->kind != NodeKind::String) continue;
    if (table.first.emplace(name->text, BoneName{static_cast<int>(i), name}).second) {
      table.in_order.push_back(name->text);
    }
  }
  return table;
}

std::string Element(std::string_view array, int index) {
  return "'" + std::string(array) + "'[" + std::to_string(index) + "]";
}

class SkeletonDocumentReader {
 public:
  explicit SkeletonDocumentReader(DocumentReader& reader) : reader_(reader) {}

  std::optional<SkeletonDesc> Read(const DocNode& root) {
    if (!reader_.Mapping(root, "the skeleton document")) return std::nullopt;
    FieldReader fields(reader_, root, "the skeleton", kSkeletonFields);
    if (!CheckFormatAndVersion(reader_, fields, kSkeletonFormat)) return std::nullopt;
    fields.ReportUnknownFields();

    SkeletonDesc desc;
    desc.name = RequiredName(reader_, fields, "name").value_or("");
    const DocNode* bones = fields.Sequence("bones", Field::Required);
    if (bones != nullptr) ReadBones(*bones, desc);
    if (const std::optional<std::int64_t> lod = fields.Integer("low_detail_bone_count", Field::Optional)) {
      const auto bone_count = static_cast<std::int64_t>(desc.bones.size());
      if (CheckLodCut(*fields.Find("low_detail_bone_count"), *lod, bone_count)) {
        desc.low_detail_bone_count = static_cast<int>(*lod);
      }
    }
    return desc;
  }

 private:
  void ReadBones(const DocNode& bones, SkeletonDesc& desc) {
    if (bones.items.empty()) {
      reader_.Error("E105", bones, "expected at least one bone in 'bones', found an empty sequence");
      return;
    }
    if (bones.items.size() > static_cast<std::size_t>(kMaxBones)) {
      reader_.Error("E105", bones,
                    "expected at most " + std::to_string(kMaxBones) + " bones in 'bones', found " +
                        std::to_string(bones.items.size()));
      return;
    }
    names_ = CollectNames(bones);
    desc.bones.resize(bones.items.size());
    for (std::size_t i = 0; i < bones.items.size(); ++i)
      ReadBone(*bones.items[i], static_cast<int>(i), desc.bones[i]);
  }

  void ReadBone(const DocNode& node, int index, SkeletonDesc::Bone& bone) {
    const std::string where = Element("bones", index);
    if (!reader_.Mapping(node, where)) return;
    FieldReader fields(reader_, node, where, kBoneFields);
    fields.ReportUnknownFields();

    if (const std::optional<std::string> name = RequiredName(reader_, fields, "name")) {
      bone.name = *name;
      const DocNode& name_node = *fields.Find("name");
      const auto [it, first] = defined_.emplace(*name, &name_node);
      if (!first) {
        Diagnostic& error = reader_.Error("E108", name_node, "duplicate bone name '" + *name + "'");
        reader_.Note(error, *it->second, "first defined here");
      }
    }
    if (const std::optional<std::string> parent = fields.StringOrNull("parent", Field::Optional)) {
      bone.parent = ResolveParent(*fields.Find("parent"), *parent, index, bone.name);
    }
    if (const auto t = ReadVector(fields, "translation", 3, "x, y, z"))
      bone.bind_local.translation = {(*t)[0], (*t)[1], (*t)[2]};
    if (const auto s = ReadVector(fields, "scale", 3, "x, y, z"))
      bone.bind_local.scale = {(*s)[0], (*s)[1], (*s)[2]};
    if (const auto r = ReadVector(fields, "rotation", 4, "x, y, z, w")) {
      const std::optional<Quat> q =
          UnitQuaternion(reader_, *fields.Find("rotation"), r->data(), "'rotation'");
      if (q) bone.bind_local.rotation = *q;
    }
    if (const auto m = ReadVector(fields, "inverse_bind", 16, "a column-major 4x4 matrix")) {
      Mat4 inverse_bind;
      for (int i = 0; i < 16; ++i)
        inverse_bind.m[i / 4][i % 4] = (*m)[static_cast<std::size_t>(i)];
      bone.inverse_bind = inverse_bind;
    }
  }

  // An optional array of exactly `count` numbers.
  std::optional<std::vector<float>> ReadVector(FieldReader& fields, std::string_view key, std::size_t count,
                                               std::string_view meaning) {
    std::optional<std::vector<float>> values = fields.FloatArray(key, Field::Optional);
    if (values && values->size() != count) {
      reader_.Error("E105", *fields.Find(key),
                    "expected " + std::to_string(count) + " numbers (" + std::string(meaning) + ") for '" +
                        std::string(key) + "', found " + std::to_string(values->size()));
      return std::nullopt;
    }
    return values;
  }

  int ResolveParent(const DocNode& at, const std::string& parent_name, int index,
                    const std::string& bone_name) {
    const auto found = names_.first.find(parent_name);
    if (found == names_.first.end()) {
      reader_.Error("E110", at,
                    "unknown parent bone '" + parent_name + "'" + DidYouMean(parent_name, names_.in_order));
      return kNoParent;
    }
    const BoneName& parent = found->second;
    if (parent.index == index) {
      reader_.Error("E109", at, "bone '" + bone_name + "' cannot be its own parent");
    } else if (parent.index > index) {
      const std::string child = bone_name.empty() ? "its child" : "its child '" + bone_name + "'";
      Diagnostic& error = reader_.Error("E109", at,
                                        "parent '" + parent_name + "' (" + Element("bones", parent.index) +
                                            ") is defined after " + child + " (" + Element("bones", index) +
                                            "); bones must be stored parents first");
      reader_.Note(error, *parent.node, "'" + parent_name + "' is defined here");
    }
    return parent.index < index ? parent.index : kNoParent;
  }

  // Whether the LOD cut is within [0, bone_count]; a bone count of 0 means the bones were invalid.
  bool CheckLodCut(const DocNode& at, std::int64_t lod, std::int64_t bone_count) {
    if (lod < 0) {
      reader_.Error("E106", at, "expected 'low_detail_bone_count' >= 0, found " + std::to_string(lod));
      return false;
    }
    if (bone_count > 0 && lod > bone_count) {
      reader_.Error("E106", at,
                    "'low_detail_bone_count' " + std::to_string(lod) + " is larger than the bone count (" +
                        std::to_string(bone_count) + ")");
      return false;
    }
    return bone_count > 0;
  }

  DocumentReader& reader_;
  NameTable names_;
  std::unordered_map<std::string, const DocNode*> defined_;  // names seen so far -> first definition
};

std::optional<Skeleton> ReadSkeleton(const Document& document, DiagnosticSink& diagnostics,
                                     int errors_before) {
  DocumentReader reader(document, diagnostics);
  SkeletonDocumentReader skeleton_reader(reader);
  std::optional<SkeletonDesc> desc = skeleton_reader.Read(document.root());
  if (!desc || diagnostics.error_count() > errors_before) return std::nullopt;
  std::string error;
  std::optional<Skeleton> skeleton = Skeleton::Build(*desc, error);
  if (!skeleton) reader.Error("E106", document.root(), error);
  return skeleton;
}

}  // namespace

std::optional<Skeleton> LoadSkeletonFile(const std::string& path, DiagnosticSink& diagnostics) {
  const int errors_before = diagnostics.error_count();
  const std::optional<Document> document = LoadDocumentFile(path, diagnostics);
  return document ? ReadSkeleton(*document, diagnostics, errors_before) : std::nullopt;
}

std::optional<Skeleton> ParseSkeleton(std::string_view text, const std::string& file_name,
                                      DiagnosticSink& diagnostics) {
  const int errors_before = diagnostics.error_count();
  const std::optional<Document> document = ParseDocument(text, file_name, diagnostics);
  return document ? ReadSkeleton(*document, diagnostics, errors_before) : std::nullopt;
}

}  // namespace anim
