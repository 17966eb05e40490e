#include "compiler/graph/graph_reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <deque>
#include <filesystem>
#include <limits>
#include <unordered_map>

#include "compiler/assets/asset_checks.h"
#include "compiler/assets/asset_loader.h"
#include "compiler/diag/suggest.h"
#include "compiler/document/document_reader.h"
#include "compiler/expr/expr_check.h"
#include "compiler/expr/expr_eval.h"
#include "compiler/expr/expr_parser.h"
#include "compiler/expr/functions.h"
#include "compiler/graph/graph_checks.h"
#include "compiler/graph/source_columns.h"
#include "compiler/import/gltf_importer.h"

namespace anim::graph {
namespace {

using ir::Type;

constexpr std::string_view kTopFields[] = {"format",     "version", "skeleton", "clips",
                                           "parameters", "masks",   "nodes",    "output"};
constexpr std::string_view kParamTypes[] = {"float", "bool", "int", "trigger", "vec3"};
constexpr std::string_view kRangedParamFields[] = {"type", "default", "min", "max"};
constexpr std::string_view kPlainParamFields[] = {"type", "default"};
constexpr std::string_view kMaskFields[] = {"bones", "subtree"};
constexpr std::string_view kSampleFields[] = {"position", "pose"};
constexpr std::string_view kTransitionFields[] = {"from",  "to",        "condition",    "duration",
                                                  "blend", "half_life", "can_interrupt"};
constexpr std::string_view kBlendModes[] = {"inertialize", "dead_blend"};
constexpr std::string_view kOutputFields[] = {"pose", "root_lock", "root_bone"};
constexpr std::string_view kAnyState = "any";
constexpr std::string_view kGltfSkeletonFields[] = {"gltf", "skin"};
constexpr std::string_view kGltfClipFields[] = {"gltf", "animation", "loop", "rate"};
constexpr double kDefaultGltfRate = 0.0;  // the importer's default: each animation's own key rate
constexpr double kMaxGltfRate = 1000.0;

bool IsGltfPath(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension == ".glb" || extension == ".gltf";
}

std::string Quoted(std::string_view text) {
  return "'" + std::string(text) + "'";
}

std::string Number(double value) {
  return FormatFloat(static_cast<float>(value));
}

bool IsIdentifier(std::string_view name) {
  if (name.empty()) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    if (!letter && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

template <typename Map>
std::vector<std::string_view> Keys(const Map& map) {
  std::vector<std::string_view> keys;
  for (const auto& entry : map)
    keys.push_back(entry.first);
  std::sort(keys.begin(), keys.end());
  return keys;
}

class GraphReader {
 public:
  GraphReader(const Document& document, std::string_view source, std::string base_dir,
              DiagnosticSink& diagnostics)
      : document_(document),
        diagnostics_(diagnostics),
        reader_(document, diagnostics),
        columns_(source),
        base_dir_(std::move(base_dir)) {}

  std::optional<ReadGraphResult> Run() {
    const int errors_before = diagnostics_.error_count();
    const DocNode* root = reader_.Mapping(document_.root(), "the graph document");
    if (root == nullptr) return std::nullopt;
    FieldReader top(reader_, *root, "the graph", kTopFields);
    top.ReportUnknownFields();
    if (!CheckFormatAndVersion(reader_, top, "animtc.graph")) return std::nullopt;
    ReadAssets(top);
    if (const DocNode* params = top.Find("parameters")) ReadParameters(*params);
    if (const DocNode* masks = top.Find("masks")) ReadMasks(*masks);
    const DocNode* nodes = top.Get("nodes", Field::Required);
    if (nodes != nullptr) ReadNodes(*nodes);
    ResolveSnapshotLoads();
    // Without nodes every output reference would be undefined: one E101 says it all.
    if (const DocNode* output = top.Get("output", Field::Required); output != nullptr && nodes != nullptr)
      ReadOutput(*output);
    CheckGraph(model_, document_, diagnostics_, !diagnostics_.has_errors());
    if (diagnostics_.error_count() != errors_before || !skeleton_) return std::nullopt;
    return ReadGraphResult{std::move(model_), std::move(*skeleton_), std::move(clips_), std::move(files_)};
  }

 private:
  // ---- skeleton and clips -------------------------------------------------------------------

  std::string Resolve(const std::string& path) const {
    const std::filesystem::path p(path);
    if (p.is_absolute() || base_dir_.empty()) return p.lexically_normal().string();
    return (std::filesystem::path(base_dir_) / p).lexically_normal().string();
  }

  // Runs an asset load into its own sink so each of its errors can point back at the graph.
  template <typename Load>
  auto LoadAsset(const DocNode& reference, const std::string& what, Load load) {
    DiagnosticSink local;
    auto asset = load(local);
    for (const Diagnostic& d : local.diagnostics()) {
      Diagnostic& copy = d.severity == Severity::Warning ? diagnostics_.Warning(d.code, d.location, d.message)
                                                         : diagnostics_.Error(d.code, d.location, d.message);
      copy.notes = d.notes;
      DiagnosticSink::AddNote(copy, document_.Locate(reference), what + " is referenced here");
    }
    return asset;
  }

  void ReadAssets(FieldReader& top) {
    if (const DocNode* skeleton = top.Get("skeleton", Field::Required)) ReadSkeleton(*skeleton);
    const DocNode* clips = top.Find("clips");
    if (clips == nullptr || reader_.Mapping(*clips, "'clips'") == nullptr) return;
    for (const DocEntry& entry : clips->entries) {
      clip_index_[entry.key] = static_cast<int>(model_.clips.size());
      model_.clips.push_back(entry.key);
      clip_durations_.push_back(-1.0f);
      const std::string what = "clip " + Quoted(entry.key);
      std::optional<Clip> clip = entry.value->kind == anim::NodeKind::Mapping
                                     ? ReadGltfClip(*entry.value, what)
                                     : ReadClipFile(entry, what);
      if (!clip) continue;
      clip_durations_.back() = clip->duration();
      clip->set_name(entry.key);  // the program binds it by the graph's name for it
      clips_.push_back(std::move(*clip));
    }
  }

  void ReadSkeleton(const DocNode& node) {
    if (node.kind == anim::NodeKind::Mapping) {
      FieldReader fields(reader_, node, "'skeleton'", kGltfSkeletonFields);
      fields.ReportUnknownFields();
      const std::optional<std::string> path = fields.String("gltf", Field::Required);
      const int skin = ReadSkin(fields);
      if (path && skin >= 0) ReadGltfSkeleton(*node.Find("gltf"), Resolve(*path), skin);
      return;
    }
    const std::optional<std::string> path = reader_.String(node, "'skeleton'");
    if (!path) return;
    const std::string file = Resolve(*path);
    if (IsGltfPath(file)) {
      ReadGltfSkeleton(node, file, 0);
      return;
    }
    AddFile(file);
    skeleton_ =
        LoadAsset(node, "the skeleton", [&](DiagnosticSink& sink) { return LoadSkeletonFile(file, sink); });
  }

  int ReadSkin(FieldReader& fields) {
    const std::optional<std::int64_t> skin = fields.Integer("skin", Field::Optional);
    if (!skin) return fields.Find("skin") == nullptr ? 0 : -1;
    if (*skin < 0 || *skin > std::numeric_limits<int>::max()) {
      reader_.Error("E012", *fields.Find("skin"),
                    "'skin' of 'skeleton' must be a skin index (0 or more), found " + std::to_string(*skin));
      return -1;
    }
    return static_cast<int>(*skin);
  }

  void ReadGltfSkeleton(const DocNode& reference, const std::string& file, int skin) {
    skeleton_gltf_ = file;
    skeleton_skin_ = skin;
    if (const GltfImport* import = ImportOnce(reference, file, skin, kDefaultGltfRate, "the skeleton"))
      skeleton_ = import->skeleton;
  }

  std::optional<Clip> ReadClipFile(const DocEntry& entry, const std::string& what) {
    const std::optional<std::string> path = reader_.String(*entry.value, what);
    if (!path) return std::nullopt;
    const std::string file = Resolve(*path);
    AddFile(file);
    if (!skeleton_) return std::nullopt;  // clips bind to the skeleton: nothing to check them against
    return LoadAsset(*entry.value, what,
                     [&](DiagnosticSink& sink) { return LoadClipFile(file, *skeleton_, sink); });
  }

  // `{gltf: FILE, animation: NAME, loop: BOOL, rate: HZ}`: one animation of a glTF file whose skin
  // is the graph's skeleton.
  std::optional<Clip> ReadGltfClip(const DocNode& node, const std::string& what) {
    FieldReader fields(reader_, node, what, kGltfClipFields);
    fields.ReportUnknownFields();
    const std::optional<std::string> path = fields.String("gltf", Field::Required);
    const std::optional<std::string> animation = fields.String("animation", Field::Required);
    const bool loop = fields.Bool("loop", Field::Optional).value_or(false);
    double rate = kDefaultGltfRate;
    if (const DocNode* rate_node = fields.Find("rate")) {
      const std::optional<double> value = reader_.Number(*rate_node, "'rate' of " + what);
      if (!value) return std::nullopt;
      if (!(*value > 0.0 && *value <= kMaxGltfRate)) {
        reader_.Error("E012", *rate_node,
                      "'rate' of " + what + " must be above 0 and at most " + Number(kMaxGltfRate) +
                          " Hz, found " + rate_node->text);
        return std::nullopt;
      }
      rate = *value;
    }
    if (!path || !animation || !skeleton_) return std::nullopt;
    const std::string file = Resolve(*path);
    // The skeleton's own file imports with the skeleton's skin; another file must match it with skin 0.
    const int skin = file == skeleton_gltf_ ? skeleton_skin_ : 0;
    const GltfImport* import = ImportOnce(*node.Find("gltf"), file, skin, rate, what);
    if (import == nullptr) return std::nullopt;
    if (import->skeleton.content_hash() != skeleton_->content_hash()) {
      reader_.Error("E025", *node.Find("gltf"),
                    "skin " + std::to_string(skin) + " of " + Quoted(*path) + " (" +
                        std::to_string(import->skeleton.bone_count()) +
                        " bones) is not the graph's skeleton " + Quoted(skeleton_->name()) + " (" +
                        std::to_string(skeleton_->bone_count()) +
                        " bones): a clip must come from the same skin");
      return std::nullopt;
    }
    std::vector<std::string_view> names;
    for (const Clip& clip : import->clips) {
      if (clip.name() == *animation) return loop ? LoopingCopy(clip) : clip;
      names.push_back(clip.name());
    }
    std::string suggestion = DidYouMean(*animation, names);
    if (suggestion.empty()) {
      suggestion = "; its animations are:";
      for (std::string_view name : names)
        suggestion += " " + std::string(name);
    }
    reader_.Error("E024", *node.Find("animation"),
                  "glTF file " + Quoted(*path) + " has no animation " + Quoted(*animation) + suggestion);
    return std::nullopt;
  }

  // Each (file, skin, rate) is imported once per graph, however many clips come from it. A failed
  // import is remembered too, so its diagnostics are reported once.
  const GltfImport* ImportOnce(const DocNode& reference, const std::string& file, int skin, double rate,
                               const std::string& what) {
    AddFile(file);
    for (const GltfSource& source : gltf_imports_) {
      if (source.file == file && source.skin == skin && source.rate == rate)
        return source.import ? &*source.import : nullptr;
    }
    GltfSource& source = gltf_imports_.emplace_back(GltfSource{file, skin, rate, std::nullopt});
    source.import = LoadAsset(reference, what, [&](DiagnosticSink& sink) {
      return ImportGltf(file, GltfImportOptions{skin, rate, {}}, sink);
    });
    return source.import ? &*source.import : nullptr;
  }

  // glTF has no looping flag, so imported clips play once; `loop: true` asks for the same keys in a
  // looping clip (wrapping time instead of clamping it).
  std::optional<Clip> LoopingCopy(const Clip& source) {
    std::string error;
    std::optional<Clip> clip =
        Clip::Create(*skeleton_, source.name(), source.sample_rate(), source.frame_count(), true, error);
    if (!clip) return std::nullopt;  // the source was created with the same rate and frame count
    for (int k = 0; k < source.frame_count(); ++k) {
      for (int b = 0; b < source.bone_count(); ++b)
        SetBoneTransform(clip->frame(k), b, GetBoneTransform(source.frame(k), b));
    }
    for (int bone : source.tracked_bones())
      clip->MarkTracked(bone);
    return clip;
  }

  void AddFile(const std::string& file) {
    if (std::find(files_.begin(), files_.end(), file) == files_.end()) files_.push_back(file);
  }

  // ---- parameters ---------------------------------------------------------------------------

  void ReadParameters(const DocNode& params) {
    if (reader_.Mapping(params, "'parameters'") == nullptr) return;
    for (const DocEntry& entry : params.entries) {
      const std::string what = "parameter " + Quoted(entry.key);
      if (!IsIdentifier(entry.key) || expr::IsReservedName(entry.key)) {
        reader_.Error("E019", entry.key_position,
                      IsIdentifier(entry.key)
                          ? "parameter name " + Quoted(entry.key) + " is reserved by the expression language"
                          : "parameter name " + Quoted(entry.key) +
                                " is not an identifier (letters, digits and '_', not starting with a digit)");
      }
      ParamDesc param;
      param.name = entry.key;
      if (reader_.Mapping(*entry.value, what) != nullptr) ReadParameter(*entry.value, what, param);
      model_.params.push_back(std::move(param));
    }
  }

  void ReadParameter(const DocNode& node, const std::string& what, ParamDesc& param) {
    const DocNode* type_node = node.Find("type");
    int type = -1;
    if (type_node == nullptr) {
      reader_.Error("E101", node, "missing required field 'type' in " + what);
    } else {
      type = Option(*type_node, "'type' of " + what, kParamTypes);
    }
    const bool ranged = type == 0 || type == 2;
    FieldReader fields(reader_, node, what,
                       ranged || type < 0 ? std::span<const std::string_view>(kRangedParamFields)
                                          : std::span<const std::string_view>(kPlainParamFields));
    fields.ReportUnknownFields();
    if (type < 0) return;
    param.type = static_cast<ParamType>(type);
    if (const DocNode* value = fields.Find("default")) {
      switch (param.type) {
        case ParamType::Float:
          param.default_value[0] = reader_.Float(*value, "'default'").value_or(0.0f);
          break;
        case ParamType::Int:
          param.default_value[0] = static_cast<float>(reader_.Integer(*value, "'default'").value_or(0));
          break;
        case ParamType::Bool:
        case ParamType::Trigger:
          param.default_value[0] = reader_.Bool(*value, "'default'").value_or(false) ? 1.0f : 0.0f;
          break;
        case ParamType::Vec3:
          if (const std::optional<std::vector<float>> v = reader_.FloatArray(*value, "'default'")) {
            if (v->size() != 3) {
              reader_.Error("E105", *value,
                            "expected 3 numbers (x, y, z) for 'default', found " + std::to_string(v->size()));
            } else {
              std::copy(v->begin(), v->end(), param.default_value);
            }
          }
          break;
      }
    }
    if (!ranged) return;
    const DocNode* min = fields.Find("min");
    const DocNode* max = fields.Find("max");
    if (min == nullptr && max == nullptr) return;
    param.has_range = true;
    param.min = min ? reader_.Float(*min, "'min'").value_or(0.0f) : -std::numeric_limits<float>::max();
    param.max = max ? reader_.Float(*max, "'max'").value_or(0.0f) : std::numeric_limits<float>::max();
    if (min && max && param.min > param.max) {
      reader_.Error(
          "E012", *min,
          "'min' " + Number(param.min) + " is greater than 'max' " + Number(param.max) + " in " + what);
      return;
    }
    const DocNode* fallback = fields.Find("default");
    const float d = param.default_value[0];
    if (fallback != nullptr && (d < param.min || d > param.max)) {
      reader_.Error("E012", *fallback,
                    "default " + Number(d) + " of " + what + " is outside its range [" +
                        (min ? Number(param.min) : "-inf") + ", " + (max ? Number(param.max) : "inf") + "]");
    }
  }

  // ---- masks --------------------------------------------------------------------------------

  void ReadMasks(const DocNode& masks) {
    if (reader_.Mapping(masks, "'masks'") == nullptr) return;
    for (const DocEntry& entry : masks.entries) {
      mask_index_[entry.key] = ReadMask(*entry.value, entry.key, "mask " + Quoted(entry.key));
    }
  }

  int ReadMask(const DocNode& node, const std::string& name, const std::string& what) {
    const int index = static_cast<int>(model_.masks.size());
    model_.masks.push_back({name, {}});
    if (reader_.Mapping(node, what) == nullptr) return index;
    FieldReader fields(reader_, node, what, kMaskFields);
    fields.ReportUnknownFields();
    const bool subtree = fields.Bool("subtree", Field::Optional).value_or(true);
    const DocNode* bones = fields.Get("bones", Field::Required);
    if (bones == nullptr || reader_.Mapping(*bones, "'bones' of " + what) == nullptr) return index;
    std::vector<float> listed(skeleton_ ? static_cast<std::size_t>(skeleton_->bone_count()) : 0, -1.0f);
    for (const DocEntry& bone : bones->entries) {
      const int b = SkeletonBone(bone.key, bone.key_position, "'bones' of " + what);
      const std::optional<float> weight = reader_.Float(*bone.value, "the weight of " + Quoted(bone.key));
      if (weight && !InRange(Range::Unit, *weight)) {
        reader_.Error(
            "E012", *bone.value,
            "mask weight of " + Quoted(bone.key) + " must be between 0 and 1, found " + Number(*weight));
      }
      if (b >= 0 && weight) listed[static_cast<std::size_t>(b)] = *weight;
    }
    // Bones are stored parents first, so a parent's weight is final before its children read it.
    std::vector<float>& weights = model_.masks[static_cast<std::size_t>(index)].weights;
    weights.assign(listed.size(), 0.0f);
    for (std::size_t b = 0; b < listed.size(); ++b) {
      const int parent = skeleton_->parent(static_cast<int>(b));
      if (listed[b] >= 0.0f) {
        weights[b] = listed[b];
      } else if (subtree && parent >= 0) {
        weights[b] = weights[static_cast<std::size_t>(parent)];
      }
    }
    return index;
  }

  // ---- nodes --------------------------------------------------------------------------------

  void ReadNodes(const DocNode& nodes) {
    if (reader_.Mapping(nodes, "'nodes'") == nullptr) return;
    for (const DocEntry& entry : nodes.entries) {
      named_[entry.key] = static_cast<int>(model_.nodes.size());
      GraphNode& node = model_.nodes.emplace_back();
      node.name = entry.key;
      node.position = entry.key_position;
      node.named = true;
    }
    for (const DocEntry& entry : nodes.entries)
      ReadNode(named_[entry.key], *entry.value);
  }

  // Fills model_.nodes[index] (already holding its name and position) from `doc`.
  void ReadNode(int index, const DocNode& doc) {
    GraphNode node = std::move(model_.nodes[static_cast<std::size_t>(index)]);
    const std::string what = "node " + Quoted(node.name);
    if (reader_.Mapping(doc, what) != nullptr) {
      if (const DocNode* kind = doc.Find("kind")) {
        if (const std::optional<std::string> name = reader_.String(*kind, "'kind' of " + what)) {
          node.kind = FindNodeKind(*name);
          if (node.kind == nullptr) UnknownKind(*kind, *name, what);
        }
      } else {
        reader_.Error("E101", doc, "missing required field 'kind' in " + what);
      }
      if (node.kind != nullptr) ReadFields(index, node, doc, what);
    }
    model_.nodes[static_cast<std::size_t>(index)] = std::move(node);
  }

  void UnknownKind(const DocNode& at, const std::string& name, const std::string& what) {
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
    reader_.Error("E001", at, message + suggestion);
  }

  void ReadFields(int index, GraphNode& node, const DocNode& doc, const std::string& what) {
    std::vector<std::string_view> known{"kind"};
    for (const FieldSpec& spec : node.kind->fields)
      known.push_back(spec.name);
    FieldReader fields(reader_, doc, what, known);
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
        ReadSamples(node, fields);
        break;
      case NodeType::StateMachine:
        ReadStateMachine(node, fields);
        break;
      case NodeType::Clip:
        CheckClipStart(node);
        break;
      default:
        break;
    }
    if (node.kind->bone_chain) CheckBoneChain(node);
  }

  void ReadField(int index, GraphNode& node, const FieldSpec& spec, FieldValue& value, const DocNode& doc) {
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
        const Type type = spec.type == FieldType::Float ? Type::Float : Type::Vec3;
        if (v == nullptr && spec.type == FieldType::OptionalVec3) break;
        if (v == nullptr && spec.required) break;
        value.expr = v ? ReadValue(*v, type, what, false, spec.range).value_or(expr::Expr{})
                       : Literal(type, spec.fallback, doc.position);
        break;
      }
      case FieldType::ConstFloat:
        value.number = v ? ReadConstant(*v, what, spec.range).value_or(0.0f) : spec.fallback[0];
        break;
      case FieldType::ConstInt:
        value.number = spec.fallback[0];
        if (v == nullptr) break;
        if (const std::optional<std::int64_t> n = reader_.Integer(*v, what)) {
          value.number = static_cast<double>(*n);
          if (!InRange(spec.range, value.number) || *n > 65535)
            reader_.Error("E012", *v,
                          what + " must be " + RangeText(spec.range) + " and at most 65535, found " +
                              std::to_string(*n));
        }
        break;
      case FieldType::Bool:
        value.number = spec.fallback[0];
        if (v != nullptr) value.number = reader_.Bool(*v, what).value_or(false) ? 1.0 : 0.0;
        break;
      case FieldType::Bone:
        if (v != nullptr) {
          if (const std::optional<std::string> name = reader_.String(*v, what))
            value.index = BoneRef(*name, v->position, what);
        }
        break;
      case FieldType::Clip:
        if (v != nullptr) {
          if (const std::optional<std::string> name = reader_.String(*v, what))
            value.index = ClipRef(*name, *v);
        }
        break;
      case FieldType::Mask:
        if (v != nullptr) value.index = MaskRef(*v, what, node.name + ".mask");
        break;
      case FieldType::Snapshot:
        if (v != nullptr) {
          if (const std::optional<std::string> name = reader_.String(*v, what))
            SnapshotRef(index, node, value, *name, *v);
        }
        break;
      case FieldType::Enum:
        value.index = v ? Option(*v, what, spec.options) : 0;
        break;
      case FieldType::Special:
        break;
    }
  }

  // A pose input: a node's name, or an inline node named `derived`.
  int ReadPose(GraphNode& user, const DocNode& doc, const std::string& what, const std::string& derived) {
    int input = -1;
    if (doc.kind == anim::NodeKind::String) {
      const auto it = named_.find(doc.text);
      if (it != named_.end()) {
        input = it->second;
      } else {
        reader_.Error(
            "E003", doc,
            "undefined node " + Quoted(doc.text) + " for " + what + DidYouMean(doc.text, Keys(named_)));
      }
    } else if (doc.kind == anim::NodeKind::Mapping) {
      input = static_cast<int>(model_.nodes.size());
      GraphNode& inline_node = model_.nodes.emplace_back();
      inline_node.name = derived;
      inline_node.position = doc.position;
      ReadNode(input, doc);
    } else {
      reader_.Error(
          "E002", doc,
          "expected a pose for " + what + " (a node name or an inline node), found " + DescribeNode(doc));
    }
    if (input >= 0) user.inputs.push_back({input, doc.position});
    return input;
  }

  // ---- scalar fields ------------------------------------------------------------------------

  static expr::Expr Literal(Type type, const float* values, TextPosition at) {
    expr::Expr e;
    auto number = [&](float v) {
      expr::ExprNode n;
      n.kind = expr::ExprKind::Number;
      n.number = v;
      n.position = at;
      return e.Add(std::move(n));
    };
    if (type != Type::Vec3) {
      e.root = number(values[0]);
      return e;
    }
    expr::ExprNode call;
    call.kind = expr::ExprKind::Call;
    call.op = ir::Op::MakeVec3;
    call.text = "vec3";
    call.type = Type::Vec3;
    call.position = at;
    call.args = {number(values[0]), number(values[1]), number(values[2])};
    e.root = e.Add(std::move(call));
    return e;
  }

  // A string's expression tree, its nodes placed in the file; nullopt after E013.
  std::optional<expr::Expr> ParseString(const DocNode& doc) {
    expr::ParseResult parsed = expr::ParseExpression(doc.text);
    if (!parsed.expr) {
      // YAML reads a plain `!x`, `&x` or `*x` as a tag, anchor or alias, leaving no text here.
      const std::string hint =
          doc.text.empty() ? " (in YAML, quote expressions that start with '!', '&' or '*')" : "";
      reader_.Error("E013", columns_.At(doc.position, parsed.error.offset),
                    "syntax error in expression: " + parsed.error.message + hint);
      return std::nullopt;
    }
    for (expr::ExprNode& node : parsed.expr->nodes)
      node.position = columns_.At(doc.position, node.offset);
    return std::move(parsed.expr);
  }

  // One scalar (not a whole vec3 array): a number, a bool or an expression string.
  std::optional<expr::Expr> ReadTerm(const DocNode& doc, const std::string& what) {
    if (doc.kind == anim::NodeKind::String) return ParseString(doc);
    expr::Expr e;
    expr::ExprNode n;
    n.position = doc.position;
    if (doc.kind == anim::NodeKind::Bool) {
      n.kind = expr::ExprKind::Bool;
      n.boolean = doc.boolean;
    } else if (doc.kind == anim::NodeKind::Number) {
      const std::optional<float> v = reader_.Float(doc, what);
      if (!v) return std::nullopt;
      n.number = *v;
    } else {
      reader_.Error(doc.kind == anim::NodeKind::Mapping ? "E002" : "E102", doc,
                    "expected a number, a boolean or an expression string for " + what + ", found " +
                        (doc.kind == anim::NodeKind::Mapping ? "a mapping (only pose fields take nodes)"
                                                             : DescribeNode(doc)));
      return std::nullopt;
    }
    e.root = e.Add(std::move(n));
    return e;
  }

  // A value field: parsed, checked against `type`, and a constant checked against `range`.
  std::optional<expr::Expr> ReadValue(const DocNode& doc, Type type, const std::string& what, bool condition,
                                      Range range) {
    std::optional<expr::Expr> e;
    if (doc.kind == anim::NodeKind::Sequence && type == Type::Vec3) {
      e = ReadVectorArray(doc, what);
    } else if (doc.kind == anim::NodeKind::Sequence) {
      reader_.Error("E016", doc, what + " must be a " + ir::TypeName(type) + ", found " + DescribeNode(doc));
    } else {
      e = ReadTerm(doc, what);
    }
    if (!e) return std::nullopt;
    expr::CheckContext context;
    context.params = model_.params;
    context.in_condition = condition;
    context.is_node = [this](std::string_view name) { return named_.count(std::string(name)) != 0; };
    const std::optional<Type> found = expr::CheckExpression(*e, context, reader_);
    if (!found) return std::nullopt;
    const bool fits = *found == type || (type == Type::Float && *found == Type::Int);
    if (!fits) {
      reader_.Error("E016", doc.kind == anim::NodeKind::String ? columns_.At(doc.position, 0) : doc.position,
                    what + " must be a " + ir::TypeName(type) + ", found " + ir::TypeName(*found));
      return std::nullopt;
    }
    if (const std::optional<expr::ConstValue> c = expr::EvaluateConstant(*e)) {
      const int n = c->type == Type::Vec3 ? 3 : 1;
      for (int i = 0; i < n; ++i) {
        if (!std::isfinite(c->v[i])) {
          reader_.Error("E012", doc, what + " evaluates to a non-finite number (" + Number(c->v[i]) + ")");
          return std::nullopt;
        }
      }
      if (type == Type::Float && !InRange(range, c->v[0])) {
        reader_.Error("E012", doc, what + " must be " + RangeText(range) + ", found " + Number(c->v[0]));
        return std::nullopt;
      }
    }
    return e;
  }

  std::optional<expr::Expr> ReadVectorArray(const DocNode& doc, const std::string& what) {
    if (doc.items.size() != 3) {
      reader_.Error(
          "E105", doc,
          "expected 3 values (x, y, z) for " + what + ", found " + std::to_string(doc.items.size()));
      return std::nullopt;
    }
    expr::Expr e;
    expr::ExprNode call;
    call.kind = expr::ExprKind::Call;
    call.text = "vec3";
    call.position = doc.position;
    bool ok = true;
    for (std::size_t i = 0; i < 3; ++i) {
      std::optional<expr::Expr> item = ReadTerm(*doc.items[i], what + "[" + std::to_string(i) + "]");
      ok = ok && item.has_value();
      if (item) call.args.push_back(e.Graft(*item));
    }
    if (!ok) return std::nullopt;
    e.root = e.Add(std::move(call));
    return e;
  }

  std::optional<float> ReadConstant(const DocNode& doc, const std::string& what, Range range) {
    std::optional<expr::Expr> e = ReadValue(doc, Type::Float, what, false, range);
    if (!e) return std::nullopt;
    const std::optional<expr::ConstValue> c = expr::EvaluateConstant(*e);
    if (!c) {
      reader_.Error("E020", doc, what + " must be a constant: it cannot read parameters or state values");
      return std::nullopt;
    }
    return c->v[0];
  }

  // ---- names --------------------------------------------------------------------------------

  int Option(const DocNode& doc, const std::string& what, std::span<const std::string_view> options) {
    const std::optional<std::string> text = reader_.String(doc, what);
    if (!text) return -1;
    for (std::size_t i = 0; i < options.size(); ++i)
      if (options[i] == *text) return static_cast<int>(i);
    std::string message = "unknown option " + Quoted(*text) + " for " + what;
    std::string suggestion = DidYouMean(*text, options);
    if (suggestion.empty()) {
      suggestion = "; expected one of:";
      for (std::string_view option : options)
        suggestion += " " + std::string(option);
    }
    reader_.Error("E023", doc, message + suggestion);
    return -1;
  }

  // The skeleton's index of `name`, or -1 after E006 (silent when the skeleton did not load).
  int SkeletonBone(const std::string& name, TextPosition at, const std::string& what) {
    if (!skeleton_) return -1;
    const int bone = skeleton_->FindBone(name);
    if (bone >= 0) return bone;
    std::vector<std::string_view> names;
    for (int b = 0; b < skeleton_->bone_count(); ++b)
      names.push_back(skeleton_->bone_name(b));
    reader_.Error("E006", at,
                  "unknown bone " + Quoted(name) + " in " + what + ": skeleton " + Quoted(skeleton_->name()) +
                      " has no such bone" + DidYouMean(name, names));
    return -1;
  }

  // The index in the graph's bone table, adding the bone on first use.
  int BoneRef(const std::string& name, TextPosition at, const std::string& what) {
    const int bone = SkeletonBone(name, at, what);
    if (bone < 0) return -1;
    const auto [it, inserted] = bone_index_.try_emplace(name, static_cast<int>(model_.bones.size()));
    if (inserted) model_.bones.push_back({name, static_cast<uint16_t>(bone)});
    return it->second;
  }

  int ClipRef(const std::string& name, const DocNode& at) {
    const auto it = clip_index_.find(name);
    if (it != clip_index_.end()) return it->second;
    std::string message = "undefined clip " + Quoted(name);
    const std::string suggestion = DidYouMean(name, Keys(clip_index_));
    reader_.Error("E005", at,
                  message + (suggestion.empty() ? "; the graph's 'clips' do not name it" : suggestion));
    return -1;
  }

  int MaskRef(const DocNode& doc, const std::string& what, const std::string& derived) {
    if (doc.kind == anim::NodeKind::Mapping) return ReadMask(doc, derived, "mask of " + what);
    const std::optional<std::string> name = reader_.String(doc, what);
    if (!name) return -1;
    const auto it = mask_index_.find(*name);
    if (it != mask_index_.end()) return it->second;
    reader_.Error("E007", doc,
                  "undefined mask " + Quoted(*name) + " for " + what + DidYouMean(*name, Keys(mask_index_)));
    return -1;
  }

  void SnapshotRef(int index, const GraphNode& node, FieldValue& value, const std::string& name,
                   const DocNode& at) {
    if (node.kind->type == NodeType::LoadSnapshot) {
      pending_loads_.push_back({index, name, &at});
      return;
    }
    const auto [it, inserted] = snapshot_index_.try_emplace(name, static_cast<int>(model_.snapshots.size()));
    if (!inserted) {
      Diagnostic& error = reader_.Error(
          "E010", at,
          "duplicate snapshot name " + Quoted(name) + ": another save_snapshot node already saves it");
      reader_.Note(error, *snapshot_sites_[static_cast<std::size_t>(it->second)], "first saved here");
      return;
    }
    model_.snapshots.push_back(name);
    snapshot_sites_.push_back(&at);
    value.index = it->second;
  }

  // Loads may name a snapshot saved by a node read later, so they resolve once all are read.
  void ResolveSnapshotLoads() {
    for (const PendingLoad& load : pending_loads_) {
      const auto it = snapshot_index_.find(load.name);
      if (it != snapshot_index_.end()) {
        GraphNode& node = model_.nodes[static_cast<std::size_t>(load.node)];
        node.fields[static_cast<std::size_t>(FieldIndex(*node.kind, "name"))].index = it->second;
        continue;
      }
      reader_.Error("E018", *load.at,
                    "undefined snapshot " + Quoted(load.name) + ": no save_snapshot node saves it" +
                        DidYouMean(load.name, Keys(snapshot_index_)));
    }
  }

  // ---- node kinds with their own structure ----------------------------------------------------

  void ReadSamples(GraphNode& node, FieldReader& fields) {
    const std::string what = "'samples' of node " + Quoted(node.name);
    const DocNode* samples = fields.Get("samples", Field::Required);
    if (samples == nullptr || reader_.Sequence(*samples, what) == nullptr) return;
    if (samples->items.empty()) {
      reader_.Error("E021", *samples, what + " is empty: a blend space needs at least one sample");
      return;
    }
    const DocNode* previous = nullptr;
    for (std::size_t i = 0; i < samples->items.size(); ++i) {
      const DocNode& item = *samples->items[i];
      const std::string item_what = "'samples'[" + std::to_string(i) + "] of node " + Quoted(node.name);
      if (reader_.Mapping(item, item_what) == nullptr) continue;
      FieldReader sample(reader_, item, item_what, kSampleFields);
      sample.ReportUnknownFields();
      SampleModel model;
      const std::optional<float> position = sample.Float("position", Field::Required);
      if (const DocNode* pose = sample.Get("pose", Field::Required))
        model.node = ReadPose(node, *pose, "'pose' of " + item_what,
                              node.name + ".samples[" + std::to_string(i) + "]");
      if (!position) continue;
      model.position = *position;
      if (previous != nullptr && !(model.position > static_cast<float>(previous->number))) {
        Diagnostic& error = reader_.Error("E021", *item.Find("position"),
                                          "sample positions of node " + Quoted(node.name) +
                                              " must increase: " + Number(model.position) + " comes after " +
                                              Number(previous->number));
        reader_.Note(error, *previous, "the previous sample's position");
      }
      previous = item.Find("position");
      node.samples.push_back(model);
    }
  }

  void ReadStateMachine(GraphNode& node, FieldReader& fields) {
    const std::string what = "state machine " + Quoted(node.name);
    const DocNode* states = fields.Get("states", Field::Required);
    const DocNode* initial = fields.Get("initial", Field::Required);
    if (states != nullptr && reader_.Mapping(*states, "'states' of " + what) != nullptr) {
      if (states->entries.empty()) reader_.Error("E011", *states, what + " has no states");
      for (const DocEntry& entry : states->entries) {
        if (entry.key == kAnyState) {
          reader_.Error("E019", entry.key_position,
                        "a state cannot be named 'any': transitions use 'any' for every state");
        }
        StateModel state{entry.key, entry.key_position, -1};
        state.node = ReadPose(node, *entry.value, "state " + Quoted(entry.key) + " of " + what,
                              node.name + ".states." + entry.key);
        node.states.push_back(std::move(state));
      }
    }
    if (initial != nullptr && !node.states.empty()) {
      if (const std::optional<std::string> name = reader_.String(*initial, "'initial' of " + what))
        node.initial_state = StateRef(node, *name, *initial, "'initial' of " + what, false);
    }
    const DocNode* transitions = fields.Find("transitions");
    if (transitions == nullptr || reader_.Sequence(*transitions, "'transitions' of " + what) == nullptr)
      return;
    for (std::size_t i = 0; i < transitions->items.size(); ++i)
      ReadTransition(node, *transitions->items[i], "'transitions'[" + std::to_string(i) + "] of " + what);
  }

  int StateRef(const GraphNode& machine, const std::string& name, const DocNode& at, const std::string& what,
               bool allow_any) {
    if (allow_any && name == kAnyState) return -1;
    std::vector<std::string_view> names;
    for (std::size_t s = 0; s < machine.states.size(); ++s) {
      if (machine.states[s].name == name) return static_cast<int>(s);
      names.push_back(machine.states[s].name);
    }
    reader_.Error("E008", at, "undefined state " + Quoted(name) + " for " + what + DidYouMean(name, names));
    return -2;
  }

  void ReadTransition(GraphNode& node, const DocNode& doc, const std::string& what) {
    if (reader_.Mapping(doc, what) == nullptr) return;
    FieldReader fields(reader_, doc, what, kTransitionFields);
    fields.ReportUnknownFields();
    TransitionModel t;
    bool ok = true;
    if (const std::optional<std::string> from = fields.String("from", Field::Required)) {
      t.from = StateRef(node, *from, *doc.Find("from"), "'from' of " + what, true);
      ok = ok && t.from != -2;
    }
    if (const std::optional<std::string> to = fields.String("to", Field::Required)) {
      t.to = StateRef(node, *to, *doc.Find("to"), "'to' of " + what, false);
      ok = ok && t.to >= 0;
    } else {
      ok = false;
    }
    if (const DocNode* condition = fields.Get("condition", Field::Required)) {
      std::optional<expr::Expr> e =
          ReadValue(*condition, Type::Bool, "'condition' of " + what, true, Range::Any);
      ok = ok && e.has_value();
      if (e) t.condition = std::move(*e);
    } else {
      ok = false;
    }
    if (const DocNode* duration = fields.Find("duration"))
      t.duration = ReadConstant(*duration, "'duration' of " + what, Range::NonNegative).value_or(0.0f);
    if (const DocNode* half_life = fields.Find("half_life"))
      t.half_life = ReadConstant(*half_life, "'half_life' of " + what, Range::Positive).value_or(0.0f);
    if (const DocNode* blend = fields.Find("blend"))
      t.mode = Option(*blend, "'blend' of " + what, kBlendModes) == 1 ? BlendMode::DeadBlend
                                                                      : BlendMode::Inertialize;
    t.can_interrupt = fields.Bool("can_interrupt", Field::Optional).value_or(false);
    if (ok) node.transitions.push_back(std::move(t));
  }

  void CheckClipStart(const GraphNode& node) {
    const FieldValue& clip = node.field("clip");
    const FieldValue& start = node.field("start");
    if (clip.index < 0 || start.doc == nullptr) return;
    const float duration = clip_durations_[static_cast<std::size_t>(clip.index)];
    if (duration >= 0.0f && start.number > duration) {
      reader_.Error("E012", *start.doc,
                    "'start' " + Number(start.number) + " of node " + Quoted(node.name) +
                        " is past the end of clip " +
                        Quoted(model_.clips[static_cast<std::size_t>(clip.index)]) + " (" + Number(duration) +
                        " s long)");
    }
  }

  // Each bone field must lie below the previous one (a root, mid, end chain).
  void CheckBoneChain(const GraphNode& node) {
    const FieldValue* previous = nullptr;
    for (std::size_t i = 0; i < node.fields.size(); ++i) {
      if (node.kind->fields[i].type != FieldType::Bone) continue;
      const FieldValue& bone = node.fields[i];
      if (previous != nullptr && previous->index >= 0 && bone.index >= 0) {
        const int upper = model_.bones[static_cast<std::size_t>(previous->index)].index;
        int b = model_.bones[static_cast<std::size_t>(bone.index)].index;
        while (b >= 0 && b != upper)
          b = skeleton_->parent(b);
        if (b != upper || bone.index == previous->index) {
          reader_.Error("E022", *bone.doc,
                        "bone " + Quoted(bone.doc->text) + " is not below " + Quoted(previous->doc->text) +
                            " in the skeleton: the bones of node " + Quoted(node.name) +
                            " must form a chain");
        }
      }
      previous = &bone;
    }
  }

  // ---- output ---------------------------------------------------------------------------------

  void ReadOutput(const DocNode& doc) {
    if (reader_.Mapping(doc, "'output'") == nullptr) return;
    FieldReader fields(reader_, doc, "'output'", kOutputFields);
    fields.ReportUnknownFields();
    GraphNode consumer;
    if (const DocNode* pose = fields.Get("pose", Field::Required))
      model_.output = ReadPose(consumer, *pose, "'output'", "output");
    model_.lock_root = fields.Bool("root_lock", Field::Optional).value_or(false);
    if (const std::optional<std::string> bone = fields.String("root_bone", Field::Optional)) {
      const int index = BoneRef(*bone, doc.Find("root_bone")->position, "'root_bone' of 'output'");
      if (index >= 0) model_.root_bone = static_cast<uint16_t>(index);
    }
  }

  struct GltfSource {
    std::string file;
    int skin = 0;
    double rate = kDefaultGltfRate;
    std::optional<GltfImport> import;
  };

  struct PendingLoad {
    int node;
    std::string name;
    const DocNode* at;
  };

  const Document& document_;
  DiagnosticSink& diagnostics_;
  DocumentReader reader_;
  SourceColumns columns_;
  std::string base_dir_;

  GraphModel model_;
  std::optional<Skeleton> skeleton_;
  std::vector<Clip> clips_;
  std::vector<float> clip_durations_;  // parallel to model_.clips; -1 when not loaded
  std::vector<std::string> files_;
  std::deque<GltfSource> gltf_imports_;  // a deque: ImportOnce hands out pointers into it
  std::string skeleton_gltf_;            // the glTF file the skeleton came from, if any
  int skeleton_skin_ = 0;
  std::unordered_map<std::string, int> named_, clip_index_, mask_index_, bone_index_, snapshot_index_;
  std::vector<const DocNode*> snapshot_sites_;
  std::vector<PendingLoad> pending_loads_;
};

}  // namespace

std::optional<ReadGraphResult> ReadGraph(const Document& document, std::string_view source,
                                         const std::string& base_dir, DiagnosticSink& diagnostics) {
  return GraphReader(document, source, base_dir, diagnostics).Run();
}

}  // namespace anim::graph
