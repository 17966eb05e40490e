// Clip documents (docs/asset-formats.md) to a Clip bound to a skeleton: every problem reported with
// its place, and key frames filled only when the whole document is valid.
#include <algorithm>
#include <array>
#include <climits>
#include <cstdio>
#include <unordered_map>

#include "compiler/assets/asset_checks.h"
#include "compiler/assets/asset_loader.h"
#include "compiler/clips/clip_encoding.h"
#include "compiler/diag/suggest.h"
#include "compiler/document/document_parser.h"

namespace anim {
namespace {

constexpr std::string_view kClipFormat = "animtc.clip";
constexpr std::array<std::string_view, 12> kClipFields = {"format",      "version",     "name",    "skeleton",
                                                          "sample_rate", "frame_count", "loop",    "tracks",
                                                          "encoding",    "precision",   "markers", "curves"};
constexpr std::array<std::string_view, 2> kMarkerFields = {"name", "time"};
constexpr std::array<std::string_view, 3> kCurveFields = {"name", "values", "step"};
constexpr std::array<std::string_view, 5> kTrackFields = {"bone", "translation", "rotation", "scale", "step"};
constexpr std::string_view kChannelNames[] = {"translation", "rotation", "scale"};  // TrackChannel order

// One channel as written: `width` numbers for a constant, or width * frame_count, frame after frame.
struct Channel {
  std::vector<float> values;
  int width = 3;
  const float* At(int frame) const {
    return values.size() == static_cast<std::size_t>(width) ? values.data() : values.data() + width * frame;
  }
};

struct Track {
  int bone = -1;
  std::optional<Channel> translation, rotation, scale;
  std::vector<TrackChannel> steps;  // channels that hold each key until the next
};

// One curve as written: one value (a constant) or one per frame.
struct Curve {
  std::string name;
  std::vector<float> values;
  bool step = false;
};

struct ClipHeader {
  std::string name;
  float sample_rate = 0.0f;
  int frame_count = 0;  // 0 when invalid: channel lengths are then not checked
  bool looping = false;
  ClipEncodingOptions encoding;
  std::vector<SyncMarker> markers;
  std::vector<Curve> curves;
};

class ClipDocumentReader {
 public:
  ClipDocumentReader(DocumentReader& reader, const Skeleton& skeleton, std::uint64_t max_key_bytes)
      : reader_(reader), skeleton_(skeleton), max_key_bytes_(max_key_bytes) {
    for (int i = 0; i < skeleton.bone_count(); ++i) {
      bone_index_.emplace(skeleton.bone_name(i), i);
      bone_names_.push_back(skeleton.bone_name(i));
    }
  }

  bool Read(const DocNode& root, ClipHeader& header, std::vector<Track>& tracks) {
    if (!reader_.Mapping(root, "the clip document")) return false;
    FieldReader fields(reader_, root, "the clip", kClipFields);
    if (!CheckFormatAndVersion(reader_, fields, kClipFormat)) return false;
    fields.ReportUnknownFields();

    header.name = RequiredName(reader_, fields, "name").value_or("");
    if (const std::optional<std::string> for_skeleton = fields.String("skeleton", Field::Optional)) {
      if (*for_skeleton != skeleton_.name()) {
        reader_.Error("E111", *fields.Find("skeleton"),
                      "clip is made for skeleton '" + *for_skeleton +
                          "', but is being loaded for skeleton '" + skeleton_.name() + "'");
      }
    }
    if (const std::optional<float> rate = fields.Float("sample_rate", Field::Required)) {
      if (*rate > 0.0f) {
        header.sample_rate = *rate;
      } else {
        reader_.Error(
            "E106", *fields.Find("sample_rate"),
            "expected 'sample_rate' > 0 (frames per second), found " + fields.Find("sample_rate")->text);
      }
    }
    if (const std::optional<std::int64_t> frames = fields.Integer("frame_count", Field::Required)) {
      if (CheckFrameCount(*fields.Find("frame_count"), *frames))
        header.frame_count = static_cast<int>(*frames);
    }
    header.looping = fields.Bool("loop", Field::Optional).value_or(false);
    ReadEncoding(fields, header.encoding);
    if (const DocNode* list = fields.Sequence("markers", Field::Optional)) ReadMarkers(*list, header);
    if (const DocNode* list = fields.Sequence("curves", Field::Optional)) ReadCurves(*list, header);
    if (const DocNode* list = fields.Sequence("tracks", Field::Required)) {
      for (std::size_t i = 0; i < list->items.size(); ++i) {
        ReadTrack(*list->items[i], "'tracks'[" + std::to_string(i) + "]", header.frame_count, tracks);
      }
    }
    return true;
  }

 private:
  // `encoding: dense | compressed` (compressed when absent) and `precision: UNITS` (> 0).
  void ReadEncoding(FieldReader& fields, ClipEncodingOptions& options) {
    if (const std::optional<std::string> name = fields.String("encoding", Field::Optional)) {
      if (const std::optional<ClipEncoding> encoding = ParseEncoding(*name)) {
        options.encoding = *encoding;
      } else {
        reader_.Error("E106", *fields.Find("encoding"),
                      "expected 'encoding' dense or compressed, found " + fields.Find("encoding")->text);
      }
    }
    if (const std::optional<float> precision = fields.Float("precision", Field::Optional)) {
      if (*precision > 0.0f) {
        options.precision = *precision;
      } else {
        reader_.Error(
            "E106", *fields.Find("precision"),
            "expected 'precision' > 0 (the largest error allowed, in the skeleton's units), found " +
                fields.Find("precision")->text);
      }
    }
  }

  // `markers: [{name, time}]`: a name and a time within the clip, [0, duration] (both known by now).
  void ReadMarkers(const DocNode& list, ClipHeader& header) {
    const bool timed = header.sample_rate > 0.0f && header.frame_count > 0;
    const float duration = timed ? static_cast<float>(header.frame_count - 1) / header.sample_rate : 0.0f;
    for (std::size_t i = 0; i < list.items.size(); ++i) {
      const std::string where = "'markers'[" + std::to_string(i) + "]";
      if (!reader_.Mapping(*list.items[i], where)) continue;
      FieldReader fields(reader_, *list.items[i], where, kMarkerFields);
      fields.ReportUnknownFields();
      const std::optional<std::string> name = RequiredName(reader_, fields, "name");
      const std::optional<float> time = fields.Float("time", Field::Required);
      if (!name || !time) continue;
      if (timed && !(*time >= 0.0f && *time <= duration)) {
        char limit[32];
        std::snprintf(limit, sizeof limit, "%g", static_cast<double>(duration));
        reader_.Error("E106", *fields.Find("time"),
                      "expected 'time' of " + where + " within the clip, 0 to " + limit + " s, found " +
                          fields.Find("time")->text);
        continue;
      }
      header.markers.push_back({*name, *time});
    }
  }

  // `curves: [{name, values, step}]`: named float curves, each a constant or one value per frame.
  void ReadCurves(const DocNode& list, ClipHeader& header) {
    std::unordered_map<std::string, const DocNode*> first_named;  // name -> its first curve's `name`
    for (std::size_t i = 0; i < list.items.size(); ++i) {
      const std::string where = "'curves'[" + std::to_string(i) + "]";
      if (!reader_.Mapping(*list.items[i], where)) continue;
      FieldReader fields(reader_, *list.items[i], where, kCurveFields);
      fields.ReportUnknownFields();
      std::optional<std::string> name = RequiredName(reader_, fields, "name");
      if (name) {
        const auto [first, inserted] = first_named.emplace(*name, fields.Find("name"));
        if (!inserted) {
          Diagnostic& error = reader_.Error("E108", *fields.Find("name"), "two curves named '" + *name + "'");
          reader_.Note(error, *first->second, "first curve named '" + *name + "' here");
          name.reset();
        }
      }
      std::optional<std::vector<float>> values = ReadCurveValues(fields, where, header.frame_count);
      const bool step = fields.Bool("step", Field::Optional).value_or(false);
      if (name && values) header.curves.push_back({std::move(*name), std::move(*values), step});
    }
    if (header.frame_count > 0 && !header.curves.empty()) CheckCurveBytes(list, header);
  }

  // One number (a constant) or one per frame.
  std::optional<std::vector<float>> ReadCurveValues(FieldReader& fields, const std::string& where,
                                                    int frame_count) {
    std::optional<std::vector<float>> values = fields.FloatArray("values", Field::Required);
    if (!values || frame_count <= 0) return std::nullopt;  // a bad frame_count was reported already
    const std::size_t found = values->size();
    if (found == 1 || found == static_cast<std::size_t>(frame_count)) return values;
    const std::string expected = frame_count == 1 ? "1 number"
                                                  : "1 number (constant) or " + std::to_string(frame_count) +
                                                        " numbers (one per frame)";
    reader_.Error("E105", *fields.Find("values"),
                  "expected " + expected + " for 'values' of " + where + ", found " + std::to_string(found));
    return std::nullopt;
  }

  // A constant curve still holds a key per frame once loaded: a short file must not be able to ask
  // for more than the clip's key-data limit that way either.
  void CheckCurveBytes(const DocNode& list, ClipHeader& header) {
    const auto frames = static_cast<std::uint64_t>(header.frame_count);
    const std::uint64_t floats_per_frame =
        static_cast<std::uint64_t>(PoseFloatCount(skeleton_.bone_count())) + header.curves.size();
    if (floats_per_frame * sizeof(float) <= max_key_bytes_ / frames) return;
    const std::uint64_t room = max_key_bytes_ / frames / sizeof(float);
    const std::uint64_t pose = static_cast<std::uint64_t>(PoseFloatCount(skeleton_.bone_count()));
    reader_.Error("E106", list,
                  "too many curves for " + std::to_string(frames) +
                      " frames: " + std::to_string(header.curves.size()) + ", and at most " +
                      std::to_string(room > pose ? room - pose : 0) + " fit the " + KeyDataLimit() +
                      " beside the keys of " + std::to_string(skeleton_.bone_count()) + " bones");
    header.curves.clear();
  }

  // What bounds a clip's keys, for messages.
  std::string KeyDataLimit() const {
    return max_key_bytes_ == kMaxClipKeyBytes
               ? std::to_string(kMaxClipKeyBytes >> 20) + " MiB key-data limit"
               : std::to_string(max_key_bytes_ >> 20) + " MiB of key data left of the " +
                     std::to_string(kMaxClipKeyBytes >> 20) + " MiB its graph's clips may hold";
  }

  bool CheckFrameCount(const DocNode& at, std::int64_t frames) {
    if (frames < 1) {
      reader_.Error("E106", at, "expected 'frame_count' >= 1, found " + std::to_string(frames));
      return false;
    }
    const auto frame_bytes =
        static_cast<std::uint64_t>(PoseFloatCount(skeleton_.bone_count())) * sizeof(float);
    if (frames > INT_MAX || static_cast<std::uint64_t>(frames) > max_key_bytes_ / frame_bytes) {
      reader_.Error("E106", at,
                    "'frame_count' " + std::to_string(frames) + " is too large: at most " +
                        std::to_string(max_key_bytes_ / frame_bytes) + " frames of " +
                        std::to_string(skeleton_.bone_count()) + " bones fit the " + KeyDataLimit());
      return false;
    }
    return true;
  }

  void ReadTrack(const DocNode& node, const std::string& where, int frame_count, std::vector<Track>& tracks) {
    if (!reader_.Mapping(node, where)) return;
    FieldReader fields(reader_, node, where, kTrackFields);
    fields.ReportUnknownFields();
    Track track;
    if (const std::optional<std::string> bone = fields.String("bone", Field::Required)) {
      track.bone = ResolveBone(*fields.Find("bone"), *bone);
    }
    track.translation = ReadChannel(fields, "translation", 3, frame_count);
    track.rotation = ReadChannel(fields, "rotation", 4, frame_count);
    track.scale = ReadChannel(fields, "scale", 3, frame_count);
    if (track.rotation) NormaliseRotations(*fields.Find("rotation"), *track.rotation);
    if (const DocNode* steps = fields.Sequence("step", Field::Optional)) ReadSteps(*steps, where, track);
    tracks.push_back(std::move(track));
  }

  // `step: [translation, rotation, scale]`: the channels of the track that step.
  void ReadSteps(const DocNode& list, const std::string& where, Track& track) {
    for (std::size_t i = 0; i < list.items.size(); ++i) {
      const std::optional<std::string> name =
          reader_.String(*list.items[i], "'step'[" + std::to_string(i) + "] of " + where);
      if (!name) continue;
      const auto found = std::find(std::begin(kChannelNames), std::end(kChannelNames), *name);
      if (found == std::end(kChannelNames)) {
        reader_.Error(
            "E106", *list.items[i],
            "expected a channel in 'step' (translation, rotation or scale), found " + list.items[i]->text);
        continue;
      }
      track.steps.push_back(static_cast<TrackChannel>(found - std::begin(kChannelNames)));
    }
  }

  int ResolveBone(const DocNode& at, const std::string& name) {
    const auto found = bone_index_.find(name);
    if (found == bone_index_.end()) {
      reader_.Error("E110", at,
                    "unknown bone '" + name + "': skeleton '" + skeleton_.name() + "' has no such bone" +
                        DidYouMean(name, bone_names_));
      return -1;
    }
    const auto [first, inserted] = tracked_.emplace(found->second, &at);
    if (!inserted) {
      Diagnostic& error = reader_.Error("E108", at, "two tracks for bone '" + name + "'");
      reader_.Note(error, *first->second, "first track for '" + name + "' here");
    }
    return found->second;
  }

  // A channel of `width` numbers (constant) or `width * frame_count` (one per frame).
  std::optional<Channel> ReadChannel(FieldReader& fields, std::string_view key, int width, int frame_count) {
    std::optional<std::vector<float>> values = fields.FloatArray(key, Field::Optional);
    if (!values) return std::nullopt;
    const std::size_t found = values->size();
    const auto constant = static_cast<std::size_t>(width);
    const std::size_t animated = constant * static_cast<std::size_t>(frame_count);
    const std::string name = "'" + std::string(key) + "'";
    if (frame_count > 0 && found != constant && found != animated) {
      const std::string expected =
          frame_count == 1
              ? std::to_string(constant) + " numbers"
              : std::to_string(constant) + " numbers (constant) or " + std::to_string(animated) +
                    " numbers (" + std::to_string(frame_count) + " frames x " + std::to_string(width) + ")";
      reader_.Error("E105", *fields.Find(key),
                    "expected " + expected + " for " + name + ", found " + std::to_string(found));
    }
    if (found == 0 || found % constant != 0) return std::nullopt;
    return Channel{std::move(*values), width};
  }

  // Checks every quaternion (reported at its first number, or at the array for a constant) and
  // normalises those within tolerance.
  void NormaliseRotations(const DocNode& array, Channel& rotation) {
    const std::size_t count = rotation.values.size() / 4;
    for (std::size_t k = 0; k < count; ++k) {
      float* q = rotation.values.data() + 4 * k;
      const DocNode& at = count == 1 ? array : *array.items[4 * k];
      const std::string what = count == 1 ? "'rotation'" : "'rotation' of frame " + std::to_string(k);
      if (const std::optional<Quat> unit = UnitQuaternion(reader_, at, q, what)) {
        q[0] = unit->x, q[1] = unit->y, q[2] = unit->z, q[3] = unit->w;
      }
    }
  }

  DocumentReader& reader_;
  const Skeleton& skeleton_;
  std::uint64_t max_key_bytes_;
  std::unordered_map<std::string, int> bone_index_;
  std::vector<std::string_view> bone_names_;
  std::unordered_map<int, const DocNode*> tracked_;  // bone -> its first track's `bone` value
};

// A constant curve holds its value in every frame.
void AddCurves(std::vector<Curve> curves, Clip& clip) {
  for (Curve& curve : curves) {
    std::vector<float> keys = std::move(curve.values);
    const float first = keys.front();
    keys.resize(static_cast<std::size_t>(clip.frame_count()), first);
    // Names are unique and keys one per frame by now, so the clip takes every curve.
    clip.AddCurve({std::move(curve.name), std::move(keys), curve.step});
  }
}

void FillKeyFrames(const Skeleton& skeleton, const std::vector<Track>& tracks, Clip& clip) {
  for (const Track& track : tracks) {
    for (int k = 0; k < clip.frame_count(); ++k) {
      Transform x = skeleton.bind_local(track.bone);
      if (track.translation) {
        const float* t = track.translation->At(k);
        x.translation = {t[0], t[1], t[2]};
      }
      if (track.rotation) {
        const float* r = track.rotation->At(k);
        x.rotation = {r[0], r[1], r[2], r[3]};
      }
      if (track.scale) {
        const float* s = track.scale->At(k);
        x.scale = {s[0], s[1], s[2]};
      }
      SetBoneTransform(clip.frame(k), track.bone, x);
    }
    clip.MarkTracked(track.bone);
    for (TrackChannel channel : track.steps)
      clip.MarkStep(track.bone, channel);
  }
}

std::optional<Clip> ReadClip(const Document& document, const Skeleton& skeleton, DiagnosticSink& diagnostics,
                             int errors_before, std::uint64_t max_key_bytes,
                             const ClipEncodingOverride& held_as) {
  DocumentReader reader(document, diagnostics);
  ClipHeader header;
  std::vector<Track> tracks;
  if (!ClipDocumentReader(reader, skeleton, max_key_bytes).Read(document.root(), header, tracks))
    return std::nullopt;
  if (diagnostics.error_count() > errors_before) return std::nullopt;
  std::string error;
  std::optional<Clip> clip =
      Clip::Create(skeleton, header.name, header.sample_rate, header.frame_count, header.looping, error);
  if (!clip) {
    reader.Error("E106", document.root(), error);
    return std::nullopt;
  }
  FillKeyFrames(skeleton, tracks, *clip);
  clip->SetMarkers(std::move(header.markers));
  AddCurves(std::move(header.curves), *clip);
  ClipEncodingOptions options = header.encoding;
  if (held_as.encoding) options.encoding = *held_as.encoding;
  if (held_as.precision > 0.0) options.precision = held_as.precision;
  // The document's keys are its source: the dense clip is exact.
  return EncodeClip(*clip, skeleton, options, 0.0, DenseKeysSource(*clip, skeleton));
}

}  // namespace

std::optional<Clip> LoadClipFile(const std::string& path, const Skeleton& skeleton,
                                 DiagnosticSink& diagnostics, std::uint64_t max_key_bytes,
                                 const ClipEncodingOverride& held_as) {
  const int errors_before = diagnostics.error_count();
  const std::optional<Document> document = LoadDocumentFile(path, diagnostics);
  return document ? ReadClip(*document, skeleton, diagnostics, errors_before, max_key_bytes, held_as)
                  : std::nullopt;
}

std::optional<Clip> ParseClip(std::string_view text, const std::string& file_name, const Skeleton& skeleton,
                              DiagnosticSink& diagnostics, std::uint64_t max_key_bytes,
                              const ClipEncodingOverride& held_as) {
  const int errors_before = diagnostics.error_count();
  const std::optional<Document> document = ParseDocument(text, file_name, diagnostics);
  return document ? ReadClip(*document, skeleton, diagnostics, errors_before, max_key_bytes, held_as)
                  : std::nullopt;
}

}  // namespace anim
