#include "compiler/import/gltf_importer.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include "compiler/diag/suggest.h"
#include "compiler/import/foot_markers.h"
#include "compiler/import/gltf_animation.h"
#include "compiler/import/gltf_markers.h"
#include "compiler/import/gltf_model.h"
#include "compiler/import/gltf_morph.h"
#include "compiler/import/gltf_skeleton.h"

namespace anim {

namespace {

bool NonUniform(const Vec3& s) {
  const float lo = std::min({std::fabs(s.x), std::fabs(s.y), std::fabs(s.z)});
  const float hi = std::max({std::fabs(s.x), std::fabs(s.y), std::fabs(s.z)});
  return hi - lo > 1e-4f * hi;
}

// The first bone with children whose scale is non-uniform in the bind pose or in any frame of a
// clip, or -1: its children's hierarchy is skewed, which only matrices represent.
int FirstSkewingBone(const Skeleton& skeleton, const std::vector<Clip>& clips) {
  std::vector<char> has_children(static_cast<std::size_t>(skeleton.bone_count()), 0);
  Pose pose(skeleton.bone_count());
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    if (skeleton.parent(b) >= 0) has_children[static_cast<std::size_t>(skeleton.parent(b))] = 1;
  }
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    if (!has_children[static_cast<std::size_t>(b)]) continue;
    if (NonUniform(skeleton.bind_local(b).scale)) return b;
    for (const Clip& clip : clips) {
      for (int k = 0; k < clip.frame_count(); ++k) {
        clip.DecodeFrame(k, pose.view());
        if (NonUniform(pose.Get(b).scale)) return b;
      }
    }
  }
  return -1;
}

}  // namespace

std::optional<GltfImport> ImportGltf(const std::string& path, const GltfImportOptions& options,
                                     DiagnosticSink& diagnostics) {
  const SourceLocation where{path, 0, 0};
  const bool source_rate = options.sample_rate == 0.0;
  if (!source_rate && (!(options.sample_rate > 0) || !std::isfinite(options.sample_rate) ||
                       options.sample_rate > kMaxGltfSampleRate)) {
    diagnostics.Error("I211", where,
                      "sample rate must be above 0 and at most 10000 Hz (or 0: the source's own)");
    return std::nullopt;
  }
  const auto loaded = gltf::LoadGltfModel(path, diagnostics);
  if (!loaded) return std::nullopt;
  const std::string skeleton_name =
      options.skeleton_name.empty() ? std::filesystem::path(path).stem().string() : options.skeleton_name;
  auto rig = gltf::BuildSkinRig(*loaded, options.skin, skeleton_name.empty() ? "skeleton" : skeleton_name,
                                path, diagnostics);
  if (!rig) return std::nullopt;
  std::string error;
  auto skeleton = Skeleton::Build(rig->desc, error);
  if (!skeleton) {
    diagnostics.Error("I201", where, "the skin does not make a valid skeleton: " + error);
    return std::nullopt;
  }
  GltfImport out{std::move(*skeleton), {}, {}, {}, rig->bone_node, 0.0};
  out.bind_height = SkeletonHeight(out.skeleton);
  const ClipPrecision precision = PrecisionFor(options.encoding, out.skeleton);
  std::vector<FootMarkerSpec> feet;
  for (std::size_t f = 0; f < options.marker_feet.size(); ++f) {
    const int bone = out.skeleton.FindBone(options.marker_feet[f]);
    if (bone < 0) {
      std::vector<std::string_view> names;
      for (int b = 0; b < out.skeleton.bone_count(); ++b)
        names.push_back(out.skeleton.bone_name(b));
      diagnostics.Error("I213", where,
                        "--markers feet: no bone '" + options.marker_feet[f] + "' in the skeleton" +
                            DidYouMean(options.marker_feet[f], names));
      return std::nullopt;
    }
    feet.push_back({bone, f == 0 ? "foot_l" : "foot_r"});
  }

  if (const std::size_t curves = gltf::MorphCurveCount(loaded->model); curves > kMaxGltfMorphCurves) {
    diagnostics.Error("I205", where,
                      "the animated morph weights would make " + std::to_string(curves) +
                          " curves, more than the " + std::to_string(kMaxGltfMorphCurves) + " supported");
    return std::nullopt;
  }
  std::set<std::string> used_names;
  // Over the whole file, so a morph target's curve has one name in every clip.
  const std::vector<std::vector<std::string>> curve_names = gltf::MorphCurveNames(loaded->model);
  const auto& animations = loaded->model.animations;
  std::uint64_t key_bytes_left = options.max_key_bytes;
  for (std::size_t a = 0; a < animations.size(); ++a) {
    auto source = gltf::ReadAnimation(*loaded, static_cast<int>(a), path, diagnostics);
    if (!source) return std::nullopt;
    std::string name = source->name.empty() ? "animation_" + std::to_string(a) : source->name;
    if (!used_names.insert(name).second) {
      name += "_" + std::to_string(a);
      used_names.insert(name);
    }
    const std::string label = "animation '" + name + "'";
    GltfClipReport report;
    report.source_name = source->name;
    report.animation_index = static_cast<int>(a);
    report.source_start = source->start;
    report.morph_channels = static_cast<int>(source->morph_channels.size());
    int non_joint = 0;
    for (int node : source->animated_nodes) {
      if (rig->node_bone[static_cast<std::size_t>(node)] == -1) ++non_joint;
    }
    report.skipped_channels = source->skipped_weight_channels + non_joint;
    if (source->skipped_weight_channels > 0 || non_joint > 0) {
      std::string what;
      if (source->skipped_weight_channels > 0) {
        what = std::to_string(source->skipped_weight_channels) +
               " morph-weight channel(s) of nodes without morph targets";
      }
      if (non_joint > 0) {
        what += (what.empty() ? "" : " and ") + std::string("the channels of ") + std::to_string(non_joint) +
                " node(s) outside the skin";
      }
      diagnostics.Warning("I206", where, label + ": skipped " + what);
    }
    if (source->start > 0) {
      diagnostics.Warning(
          "I207", where,
          label + " starts at " + std::to_string(source->start) + " s; the clip starts there (shifted to 0)");
    }
    double skew = 0;
    double rate = source_rate ? gltf::SourceKeyRate(*source, kFallbackGltfSampleRate, kMaxSourceKeyRate)
                              : options.sample_rate;
    report.source_key_rate = rate;
    // Float key times round either side of their key by a few float steps of the time; a snap that
    // wide (and a ten-thousandth of a frame) absorbs that and stays far from the times measured
    // between frames, which a STEP key must not reach early.
    const double float_steps = 2.4e-7 * std::max(std::fabs(source->start), std::fabs(source->end));
    const auto exact_at = [&](double clip_rate) {
      return gltf::SourceOfClip(*loaded, *rig, *source, std::max(1e-4 / clip_rate, float_steps));
    };
    std::optional<Clip> clip;
    for (;;) {
      std::optional<Clip> at_rate = gltf::ResampleAnimation(*loaded, *rig, out.skeleton, *source, curve_names,
                                                            name, rate, key_bytes_left, skew, error);
      if (!at_rate) break;
      clip = std::move(at_rate);
      // Doubling keeps every source key on a frame; a rate asked for is kept. A doubled rate past
      // the key budget keeps the last one that fitted.
      report.dense_error =
          MeasureClipAccuracy(*clip, out.skeleton, precision.shell, exact_at(clip->sample_rate())).Worst();
      if (!source_rate || !options.follow_source || report.dense_error <= 0.5 * precision.precision ||
          2 * rate > kMaxFollowingKeyRate) {
        break;
      }
      rate *= 2;
    }
    if (!clip) {
      diagnostics.Error("I209", where, label + ": " + error);
      return std::nullopt;
    }
    if (skew > 1e-4) {
      diagnostics.Warning("I208", where,
                          label + ": the nodes above a root joint hold a shear; it is approximated");
    }
    std::vector<std::string> skipped;
    std::vector<SyncMarker> markers =
        gltf::ReadMarkers(animations[a], source->start, clip->duration(), skipped);
    if (!feet.empty()) {
      std::erase_if(markers, [&](const SyncMarker& m) {
        return std::any_of(feet.begin(), feet.end(),
                           [&](const FootMarkerSpec& f) { return f.marker == m.name; });
      });
      for (SyncMarker& m : DetectFootMarkers(*clip, out.skeleton, feet))
        markers.push_back(std::move(m));
    }
    clip->SetMarkers(std::move(markers));
    // Extras are anyone's: a few lines say what is wrong, the rest are counted.
    constexpr std::size_t kShown = 8;
    for (std::size_t i = 0; i < std::min(skipped.size(), kShown); ++i)
      diagnostics.Warning("I212", where, label + ": sync marker skipped: " + skipped[i]);
    if (skipped.size() > kShown) {
      diagnostics.Warning(
          "I212", where,
          label + ": " + std::to_string(skipped.size() - kShown) + " more sync markers skipped");
    }
    report.curves = static_cast<int>(clip->curves().size());
    key_bytes_left -= clip->dense_key_bytes();  // its curves' keys included
    const ClipSource exact = exact_at(clip->sample_rate());
    out.clips.push_back(EncodeClip(*clip, out.skeleton, options.encoding, report.dense_error, exact,
                                   options.measure ? &report.encoding : nullptr));
    if (!options.measure) {
      report.encoding.encoding = out.clips.back().encoding();
      report.encoding.bytes = out.clips.back().key_bytes();
      report.encoding.dense_bytes = clip->key_bytes();
    }
    if (options.keep_dense) out.dense_clips.push_back(std::move(*clip));
    out.reports.push_back(std::move(report));
  }
  if (const int bone = FirstSkewingBone(out.skeleton, out.clips); bone != -1) {
    diagnostics.Warning(
        "I208", where,
        "joint '" + out.skeleton.bone_name(bone) +
            "' has non-uniform scale and children, so their hierarchy is skewed: forward kinematics "
            "composes it exactly, but rotation-only operations (IK, mesh-space additives) approximate it");
  }
  return out;
}

}  // namespace anim
