#include "compiler/import/gltf_importer.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include "compiler/import/gltf_animation.h"
#include "compiler/import/gltf_model.h"
#include "compiler/import/gltf_skeleton.h"

namespace anim {

namespace {

double BindHeight(const Skeleton& skeleton) {
  Vec3 lo = skeleton.bind_model().front().Translation(), hi = lo;
  for (const Mat4& m : skeleton.bind_model()) {
    const Vec3 p = m.Translation();
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
  }
  return std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z});
}

bool NonUniform(const Vec3& s) {
  const float lo = std::min({std::fabs(s.x), std::fabs(s.y), std::fabs(s.z)});
  const float hi = std::max({std::fabs(s.x), std::fabs(s.y), std::fabs(s.z)});
  return hi - lo > 1e-4f * hi;
}

// The first bone with children whose scale is non-uniform in the bind pose or in any frame of a
// clip, or -1: its children's hierarchy is skewed, which only matrices represent.
int FirstSkewingBone(const Skeleton& skeleton, const std::vector<Clip>& clips) {
  std::vector<char> has_children(static_cast<std::size_t>(skeleton.bone_count()), 0);
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    if (skeleton.parent(b) >= 0) has_children[static_cast<std::size_t>(skeleton.parent(b))] = 1;
  }
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    if (!has_children[static_cast<std::size_t>(b)]) continue;
    if (NonUniform(skeleton.bind_local(b).scale)) return b;
    for (const Clip& clip : clips) {
      for (int k = 0; k < clip.frame_count(); ++k) {
        if (NonUniform(GetBoneTransform(clip.frame(k), b).scale)) return b;
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
  GltfImport out{std::move(*skeleton), {}, {}, rig->bone_node, 0.0};
  out.bind_height = BindHeight(out.skeleton);

  std::set<std::string> used_names;
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
    GltfClipReport report{source->name, static_cast<int>(a), source->start, 0.0, source->weight_channels};
    int non_joint = 0;
    for (int node : source->animated_nodes) {
      if (rig->node_bone[static_cast<std::size_t>(node)] == -1) ++non_joint;
    }
    report.skipped_channels += non_joint;
    if (source->weight_channels > 0 || non_joint > 0) {
      std::string what;
      if (source->weight_channels > 0)
        what = std::to_string(source->weight_channels) + " morph-weight channel(s)";
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
    const double rate = source_rate ? gltf::SourceKeyRate(*source, kFallbackGltfSampleRate, kMaxSourceKeyRate)
                                    : options.sample_rate;
    auto clip = gltf::ResampleAnimation(*loaded, *rig, out.skeleton, *source, name, rate, key_bytes_left,
                                        skew, error);
    if (!clip) {
      diagnostics.Error("I209", where, label + ": " + error);
      return std::nullopt;
    }
    if (skew > 1e-4) {
      diagnostics.Warning("I208", where,
                          label + ": the nodes above a root joint hold a shear; it is approximated");
    }
    report.max_position_error = gltf::ResamplingError(*loaded, *rig, out.skeleton, *source, *clip);
    key_bytes_left -= clip->key_bytes();
    out.clips.push_back(std::move(*clip));
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
