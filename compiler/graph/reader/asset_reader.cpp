#include "compiler/graph/reader/asset_reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <deque>
#include <filesystem>
#include <limits>

#include "compiler/assets/asset_loader.h"
#include "compiler/diag/suggest.h"
#include "compiler/import/gltf_importer.h"

namespace anim::graph {
namespace {

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

class AssetReader {
 public:
  explicit AssetReader(GraphReadState& state) : s_(state), reader_(state.reader) {}

  void Run(FieldReader& top) {
    ReadClipEncoding(top);
    if (const DocNode* skeleton = top.Get("skeleton", Field::Required)) ReadSkeleton(*skeleton);
    const DocNode* clips = top.Find("clips");
    if (clips == nullptr || reader_.Mapping(*clips, "'clips'") == nullptr) return;
    for (const DocEntry& entry : clips->entries) {
      s_.clip_index[entry.key] = static_cast<int>(s_.model.clips.size());
      s_.model.clips.push_back(entry.key);
      s_.clip_durations.push_back(-1.0f);
      const std::string what = "clip " + Quoted(entry.key);
      std::optional<Clip> clip = entry.value->kind == anim::NodeKind::Mapping
                                     ? ReadGltfClip(*entry.value, what)
                                     : ReadClipFile(entry, what);
      if (!clip) continue;
      s_.clip_durations.back() = clip->duration();
      clip->set_name(entry.key);  // the program binds it by the graph's name for it
      s_.clips.push_back(std::move(*clip));
    }
  }

 private:
  // `clip_encoding: dense | compressed` and `clip_precision: UNITS`: how every clip of the graph is
  // held, over what its document says.
  void ReadClipEncoding(FieldReader& top) {
    if (const DocNode* node = top.Find("clip_encoding")) {
      if (const std::optional<std::string> name = reader_.String(*node, "'clip_encoding'")) {
        held_as_.encoding = ParseEncoding(*name);
        if (!held_as_.encoding)
          reader_.Error("E012", *node, "'clip_encoding' must be dense or compressed, found " + node->text);
      }
    }
    if (const DocNode* node = top.Find("clip_precision")) {
      if (const std::optional<double> value = reader_.Number(*node, "'clip_precision'")) {
        if (*value > 0.0 && std::isfinite(*value)) {
          held_as_.precision = *value;
        } else {
          reader_.Error("E012", *node,
                        "'clip_precision' must be above 0 (the largest error a clip may have, in the "
                        "skeleton's units), found " +
                            node->text);
        }
      }
    }
  }

  // Beside the graph; else the first search directory that has it; else beside the graph again, so
  // the error names the first place looked (with a note for each other one).
  std::string Resolve(const std::string& path) {
    const std::filesystem::path p(path);
    const std::string beside = Under(s_.base_dir, p);
    searched_.clear();
    if (p.is_absolute()) return beside;
    std::error_code ec;
    if (std::filesystem::exists(beside, ec)) return beside;
    for (const std::string& dir : s_.search_dirs) {
      const std::string candidate = Under(dir, p);
      if (std::filesystem::exists(candidate, ec)) return candidate;
      searched_.push_back(candidate);
    }
    return beside;
  }

  static std::string Under(const std::string& dir, const std::filesystem::path& p) {
    if (p.is_absolute() || dir.empty()) return p.lexically_normal().string();
    return (std::filesystem::path(dir) / p).lexically_normal().string();
  }

  // Runs an asset load into its own sink so each of its errors can point back at the graph.
  template <typename Load>
  auto LoadAsset(const DocNode& reference, const std::string& what, Load load) {
    DiagnosticSink local;
    auto asset = load(local);
    for (const Diagnostic& d : local.diagnostics()) {
      Diagnostic& copy = d.severity == Severity::Warning
                             ? s_.diagnostics.Warning(d.code, d.location, d.message)
                             : s_.diagnostics.Error(d.code, d.location, d.message);
      copy.notes = d.notes;
      DiagnosticSink::AddNote(copy, s_.document.Locate(reference), what + " is referenced here");
      for (const std::string& candidate : searched_)
        DiagnosticSink::AddNote(copy, {candidate, 0, 0}, "not here either (asset_paths, -I)");
    }
    return asset;
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
    s_.skeleton =
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
    s_.skeleton_origin = {.gltf = file, .skin = skin};
    if (const GltfImport* import = ImportOnce(reference, file, skin, kDefaultGltfRate, "the skeleton"))
      s_.skeleton = import->skeleton;
  }

  std::optional<Clip> ReadClipFile(const DocEntry& entry, const std::string& what) {
    const std::optional<std::string> path = reader_.String(*entry.value, what);
    if (!path) return std::nullopt;
    const std::string file = Resolve(*path);
    AddFile(file);
    if (!s_.skeleton) return std::nullopt;  // clips bind to the skeleton: nothing to check them against
    std::optional<Clip> clip = LoadAsset(*entry.value, what, [&](DiagnosticSink& sink) {
      return LoadClipFile(file, *s_.skeleton, sink, key_bytes_left_, held_as_);
    });
    if (clip) key_bytes_left_ -= clip->dense_key_bytes();
    return clip;
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
    if (!path || !animation || !s_.skeleton) return std::nullopt;
    const std::string file = Resolve(*path);
    // The skeleton's own file imports with the skeleton's skin; another file must match it with skin 0.
    const int skin = file == s_.skeleton_origin.gltf ? s_.skeleton_origin.skin : 0;
    const GltfImport* import = ImportOnce(*node.Find("gltf"), file, skin, rate, what);
    if (import == nullptr) return std::nullopt;
    if (import->skeleton.content_hash() != s_.skeleton->content_hash()) {
      reader_.Error("E025", *node.Find("gltf"),
                    "skin " + std::to_string(skin) + " of " + Quoted(*path) + " (" +
                        std::to_string(import->skeleton.bone_count()) +
                        " bones) is not the graph's skeleton " + Quoted(s_.skeleton->name()) + " (" +
                        std::to_string(s_.skeleton->bone_count()) +
                        " bones): a clip must come from the same skin");
      return std::nullopt;
    }
    std::vector<std::string_view> names;
    for (const Clip& clip : import->clips) {
      if (clip.name() == *animation) return loop ? LoopingCopy(clip, node) : clip;
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
      GltfImportOptions options;
      options.skin = skin;
      options.sample_rate = rate;
      options.max_key_bytes = key_bytes_left_;
      if (held_as_.encoding) options.encoding.encoding = *held_as_.encoding;
      options.encoding.precision = held_as_.precision;
      return ImportGltf(file, options, sink);
    });
    if (!source.import) return nullptr;
    for (const Clip& clip : source.import->clips)
      key_bytes_left_ -= clip.dense_key_bytes();
    return &*source.import;
  }

  // glTF has no looping flag, so imported clips play once; `loop: true` asks for the same keys in a
  // looping clip (wrapping time instead of clamping it).
  std::optional<Clip> LoopingCopy(const Clip& source, const DocNode& at) {
    if (source.dense_key_bytes() > key_bytes_left_) {
      s_.reader.Error("E106", at,
                      "a looping copy of clip " + Quoted(source.name()) + " needs more than the " +
                          std::to_string(key_bytes_left_ >> 20) + " MiB of key data the graph has left");
      return std::nullopt;
    }
    key_bytes_left_ -= source.dense_key_bytes();
    Clip clip = source;
    clip.set_looping(true);
    return clip;
  }

  void AddFile(const std::string& file) {
    if (std::find(s_.files.begin(), s_.files.end(), file) == s_.files.end()) s_.files.push_back(file);
  }

  struct GltfSource {
    std::string file;
    int skin = 0;
    double rate = kDefaultGltfRate;
    std::optional<GltfImport> import;
  };

  GraphReadState& s_;
  DocumentReader& reader_;
  std::deque<GltfSource> gltf_imports_;  // a deque: ImportOnce hands out pointers into it
  std::vector<std::string> searched_;    // the last reference's other candidates, when none exists
  // What the graph's clips may still hold: one budget for every clip it loads or imports.
  std::uint64_t key_bytes_left_ = kMaxClipKeyBytes;
  ClipEncodingOverride held_as_;
};

}  // namespace

void ReadAssetPaths(GraphReadState& state, FieldReader& top, const std::vector<std::string>& asset_dirs) {
  if (const DocNode* paths = top.Find("asset_paths")) {
    if (state.reader.Sequence(*paths, "'asset_paths'") != nullptr) {
      for (std::size_t i = 0; i < paths->items.size(); ++i) {
        const std::optional<std::string> dir =
            state.reader.String(*paths->items[i], "'asset_paths'[" + std::to_string(i) + "]");
        if (!dir) continue;
        const std::filesystem::path p(*dir);
        state.search_dirs.push_back(
            p.is_absolute() || state.base_dir.empty()
                ? p.lexically_normal().string()
                : (std::filesystem::path(state.base_dir) / p).lexically_normal().string());
      }
    }
  }
  state.search_dirs.insert(state.search_dirs.end(), asset_dirs.begin(), asset_dirs.end());
}

void ReadAssets(GraphReadState& state, FieldReader& top) {
  AssetReader(state).Run(top);
}

void CollectCurves(GraphReadState& state) {
  std::vector<std::string>& curves = state.model.curves;
  for (const Clip& clip : state.clips) {
    for (const ClipCurve& curve : clip.curves()) {
      if (std::find(curves.begin(), curves.end(), curve.name) == curves.end()) curves.push_back(curve.name);
    }
  }
}

}  // namespace anim::graph
