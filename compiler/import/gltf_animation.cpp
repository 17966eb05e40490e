#include "compiler/import/gltf_animation.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "compiler/import/gltf_accessor.h"
#include "compiler/import/gltf_morph.h"
#include "executor/kernels/pose_kernels.h"
#include "executor/resolve/forward_kinematics.h"

namespace anim::gltf {

namespace {

// The sampler of `channel` as a track of `components` values per key, its output accessor holding
// `element` floats per element (a weights channel's are scalars: one per target). Reports errors.
std::optional<SamplerTrack> ReadChannelTrack(const tinygltf::Model& model, const tinygltf::Animation& source,
                                             const tinygltf::AnimationChannel& channel, int components,
                                             int element, const std::string& channel_label,
                                             const SourceLocation& where, DiagnosticSink& diagnostics) {
  if (channel.sampler < 0 || static_cast<std::size_t>(channel.sampler) >= source.samplers.size()) {
    diagnostics.Error(
        "I203", where,
        channel_label + " uses sampler " + std::to_string(channel.sampler) + ", which does not exist");
    return std::nullopt;
  }
  const tinygltf::AnimationSampler& sampler = source.samplers[static_cast<std::size_t>(channel.sampler)];
  const auto interpolation = ParseInterpolation(sampler.interpolation);
  if (!interpolation) {
    diagnostics.Error("I209", where,
                      channel_label + ": unknown interpolation '" + sampler.interpolation + "'");
    return std::nullopt;
  }
  SamplerTrack track;
  track.interpolation = *interpolation;
  track.components = components;
  AccessorError error;
  auto times = ReadFloatAccessor(model, sampler.input, 1, error);
  auto values = times ? ReadFloatAccessor(model, sampler.output, element, error) : std::nullopt;
  if (!values) {
    diagnostics.Error(error.code, where, channel_label + ": " + error.message);
    return std::nullopt;
  }
  track.times = std::move(*times);
  track.values = std::move(*values);
  if (const std::string problem = CheckTrack(track); !problem.empty()) {
    diagnostics.Error("I209", where, channel_label + ": " + problem);
    return std::nullopt;
  }
  return track;
}

// One scalar track per target out of a weights track holding every target's weight per key (three
// groups per key for CUBICSPLINE: in-tangents, values, out-tangents): EvaluateTrack would take four
// weights for a rotation.
std::vector<SamplerTrack> SplitTargets(const SamplerTrack& weights) {
  const auto targets = static_cast<std::size_t>(weights.components);
  const std::size_t groups = weights.interpolation == Interpolation::CubicSpline ? 3 : 1;
  std::vector<SamplerTrack> out(targets);
  for (std::size_t i = 0; i < targets; ++i) {
    SamplerTrack& target = out[i];
    target.interpolation = weights.interpolation;
    target.components = 1;
    target.times = weights.times;
    target.values.reserve(weights.times.size() * groups);
    for (std::size_t g = 0; g < weights.times.size() * groups; ++g)
      target.values.push_back(weights.values[g * targets + i]);
  }
  return out;
}

std::optional<Path> ParsePath(const std::string& name) {
  if (name == "translation") return kTranslation;
  if (name == "rotation") return kRotation;
  if (name == "scale") return kScale;
  return std::nullopt;
}

// Every track whose key times count for the animation's key rate: a morph channel's targets share
// their times, so only its first.
std::vector<const SamplerTrack*> KeyedTracks(const SourceAnimation& animation) {
  std::vector<const SamplerTrack*> tracks;
  for (const SamplerTrack& track : animation.tracks)
    tracks.push_back(&track);
  for (const MorphChannel& channel : animation.morph_channels)
    tracks.push_back(&channel.targets.front());
  return tracks;
}

// Each morph target's weight at each of the clip's frame `times`, as a curve named by `names`.
bool AddMorphCurves(const SourceAnimation& animation, const std::vector<std::vector<std::string>>& names,
                    const std::vector<double>& times, double snap, Clip& clip, std::string& error) {
  for (const MorphChannel& channel : animation.morph_channels) {
    const auto node = static_cast<std::size_t>(channel.node);
    const std::vector<std::string> none;
    const std::vector<std::string>& node_names = node < names.size() ? names[node] : none;
    for (std::size_t i = 0; i < channel.targets.size(); ++i) {
      ClipCurve curve;
      curve.name = i < node_names.size() ? node_names[i] : "";
      curve.step = channel.targets[i].interpolation == Interpolation::Step;
      curve.keys.reserve(times.size());
      for (double time : times) {
        double weight = 0;
        EvaluateTrack(channel.targets[i], time, &weight, snap);
        curve.keys.push_back(static_cast<float>(weight));
      }
      // MorphCurveNames names every target of every node a weights channel animates, uniquely.
      if (curve.name.empty() || !clip.AddCurve(std::move(curve))) {
        error = "no unique curve name for morph target " + std::to_string(i) + " of node " +
                std::to_string(channel.node);
        return false;
      }
    }
  }
  return true;
}

}  // namespace

std::optional<SourceAnimation> ReadAnimation(const LoadedModel& loaded, int index, const std::string& file,
                                             DiagnosticSink& diagnostics) {
  const tinygltf::Model& model = loaded.model;
  const tinygltf::Animation& source = model.animations[static_cast<std::size_t>(index)];
  const SourceLocation where{file, 0, 0};
  const std::string label =
      "animation " + std::to_string(index) + (source.name.empty() ? "" : " '" + source.name + "'");
  SourceAnimation out;
  out.name = source.name;
  out.node_tracks.assign(model.nodes.size(), {-1, -1, -1});
  std::vector<char> weights_animated(model.nodes.size(), 0);
  bool any_key = false;
  const auto extend = [&](const SamplerTrack& track) {
    const double first = track.times.front(), last = track.times.back();
    out.start = any_key ? std::min(out.start, first) : first;
    out.end = any_key ? std::max(out.end, last) : last;
    any_key = true;
  };
  for (std::size_t c = 0; c < source.channels.size(); ++c) {
    const tinygltf::AnimationChannel& channel = source.channels[c];
    const std::string channel_label = label + " channel " + std::to_string(c);
    const bool weights = channel.target_path == "weights";
    const std::optional<Path> path = ParsePath(channel.target_path);
    if (!weights && !path) {
      diagnostics.Error("I205", where,
                        channel_label + " targets '" + channel.target_path + "', which is not supported");
      return std::nullopt;
    }
    if (channel.target_node < 0 || static_cast<std::size_t>(channel.target_node) >= model.nodes.size()) {
      diagnostics.Error(
          "I203", where,
          channel_label + " targets node " + std::to_string(channel.target_node) + ", which does not exist");
      return std::nullopt;
    }
    const auto node = static_cast<std::size_t>(channel.target_node);
    const int targets = weights ? MorphTargetCount(model, channel.target_node) : 0;
    if (weights && targets == 0) {
      ++out.skipped_weight_channels;  // nothing to animate: no curves to make
      continue;
    }
    const int components = weights ? targets : *path == kRotation ? 4 : 3;
    std::optional<SamplerTrack> track = ReadChannelTrack(
        model, source, channel, components, weights ? 1 : components, channel_label, where, diagnostics);
    if (!track) return std::nullopt;
    const bool taken = weights ? weights_animated[node] != 0 : out.node_tracks[node][*path] != -1;
    if (taken) {
      diagnostics.Error("I209", where,
                        channel_label + " animates the " + channel.target_path + " of node " +
                            std::to_string(channel.target_node) + ", which an earlier channel animates");
      return std::nullopt;
    }
    extend(*track);
    if (weights) {
      weights_animated[node] = 1;
      out.morph_channels.push_back({channel.target_node, SplitTargets(*track)});
    } else {
      out.node_tracks[node][*path] = static_cast<int>(out.tracks.size());
      out.tracks.push_back(std::move(*track));
    }
  }
  for (std::size_t n = 0; n < out.node_tracks.size(); ++n) {
    const auto& t = out.node_tracks[n];
    if (t[0] != -1 || t[1] != -1 || t[2] != -1) out.animated_nodes.push_back(static_cast<int>(n));
  }
  std::sort(out.morph_channels.begin(), out.morph_channels.end(),
            [](const MorphChannel& a, const MorphChannel& b) { return a.node < b.node; });
  return out;
}

NodeTrs NodeTrsAt(const LoadedModel& loaded, const SourceAnimation& animation, int node, double time,
                  double snap) {
  NodeTrs trs = loaded.rest[static_cast<std::size_t>(node)];
  const auto& tracks = animation.node_tracks[static_cast<std::size_t>(node)];
  if (tracks[kTranslation] != -1) {
    EvaluateTrack(animation.tracks[static_cast<std::size_t>(tracks[kTranslation])], time,
                  trs.translation.data(), snap);
  }
  if (tracks[kRotation] != -1) {
    EvaluateTrack(animation.tracks[static_cast<std::size_t>(tracks[kRotation])], time, trs.rotation.data(),
                  snap);
  }
  if (tracks[kScale] != -1)
    EvaluateTrack(animation.tracks[static_cast<std::size_t>(tracks[kScale])], time, trs.scale.data(), snap);
  return trs;
}

double SourceKeyRate(const SourceAnimation& animation, double fallback, double max_rate) {
  const std::vector<const SamplerTrack*> tracks = KeyedTracks(animation);
  std::vector<double> intervals;
  for (const SamplerTrack* track : tracks) {
    for (std::size_t k = 1; k < track->times.size(); ++k) {
      const double interval = static_cast<double>(track->times[k]) - static_cast<double>(track->times[k - 1]);
      if (interval > 0.0) intervals.push_back(interval);
    }
  }
  if (intervals.empty()) return fallback;
  // The median: a few uneven keys (a held pose, a hand-placed extra key) do not set the rate.
  const auto middle = intervals.begin() + static_cast<std::ptrdiff_t>(intervals.size() / 2);
  std::nth_element(intervals.begin(), middle, intervals.end());
  const double exact = std::clamp(1.0 / *middle, 1.0, max_rate);
  const double whole = std::round(exact);
  const double rounded = std::fabs(exact - whole) <= 0.01 * whole ? whole : exact;
  // The lowest multiple at which every key (the last one included: a last key closer than one
  // interval to the one before needs a finer grid) lands on a frame. A rate rounded to whole Hz
  // is tried first; 23.976 Hz keys only align at their exact rate.
  const auto aligned = [&](double rate) {
    for (const SamplerTrack* track : tracks) {
      for (float time : track->times) {
        const double frame = (static_cast<double>(time) - animation.start) * rate;
        if (std::fabs(frame - std::round(frame)) > 1e-3) return false;
      }
    }
    return true;
  };
  for (double base : {rounded, exact}) {
    for (double rate = base; rate <= max_rate; rate += base) {
      if (aligned(rate)) return rate;
    }
  }
  return rounded;
}

std::optional<Clip> ResampleAnimation(const LoadedModel& loaded, const SkinRig& rig, const Skeleton& skeleton,
                                      const SourceAnimation& animation,
                                      const std::vector<std::vector<std::string>>& curve_names,
                                      const std::string& clip_name, double rate, std::uint64_t max_key_bytes,
                                      double& max_skew, std::string& error) {
  const double duration = animation.end - animation.start;
  // Whole intervals spanning the animation. Key times are floats, so a duration meant to be 410
  // intervals may read as 410.00001: a thousandth of an interval of tolerance keeps it at 410.
  const double intervals = duration > 0 ? std::max(1.0, std::ceil(duration * rate - 1e-3)) : 0.0;
  double curves = 0;
  for (const MorphChannel& channel : animation.morph_channels)
    curves += static_cast<double>(channel.targets.size());
  const double bytes = (intervals + 1) * (PoseFloatCount(skeleton.bone_count()) + curves) * sizeof(float);
  if (bytes > static_cast<double>(max_key_bytes)) {
    error = "animation too long for " + std::to_string(rate) + " Hz: " + std::to_string(duration) +
            " s would need more than the " + std::to_string(max_key_bytes >> 20) + " MiB of key data left";
    return std::nullopt;
  }
  const int frames = static_cast<int>(intervals) + 1;
  const double actual_rate = duration > 0 ? intervals / duration : rate;
  auto clip = Clip::Create(skeleton, clip_name, static_cast<float>(actual_rate), frames, false, error);
  if (!clip) return std::nullopt;
  std::vector<int> bones;
  for (int node : animation.animated_nodes) {
    const int bone = rig.node_bone[static_cast<std::size_t>(node)];
    if (bone != -1) bones.push_back(bone);
  }
  std::sort(bones.begin(), bones.end());
  for (int bone : bones) {
    clip->MarkTracked(bone);
    // A STEP sampler holds each key until the next: the clip's channel steps too (its keys land on
    // frames: the rate is a multiple of the key rate).
    const auto& tracks =
        animation.node_tracks[static_cast<std::size_t>(rig.bone_node[static_cast<std::size_t>(bone)])];
    for (int path : {kTranslation, kRotation, kScale}) {
      const int track = tracks[static_cast<std::size_t>(path)];
      if (track != -1 &&
          animation.tracks[static_cast<std::size_t>(track)].interpolation == Interpolation::Step)
        clip->MarkStep(bone, static_cast<TrackChannel>(path));
    }
  }
  max_skew = 0;
  // A frame within a thousandth of an interval of a key is at that key (key times are floats).
  const double snap = duration > 0 ? 1e-3 * duration / intervals : 0.0;
  std::vector<double> times(static_cast<std::size_t>(frames));
  for (int k = 0; k < frames; ++k)
    times[static_cast<std::size_t>(k)] = k + 1 == frames ? animation.end : animation.start + k / actual_rate;
  for (int k = 0; k < frames; ++k) {
    const double time = times[static_cast<std::size_t>(k)];
    const PoseView frame = clip->frame(k);
    for (int bone : bones) {
      double skew = 0;
      Transform local = BoneLocal(
          rig, bone, NodeTrsAt(loaded, animation, rig.bone_node[static_cast<std::size_t>(bone)], time, snap),
          skew);
      max_skew = std::max(max_skew, skew);
      // Consecutive keys in one hemisphere, so blending between them takes the short way.
      if (k > 0)
        local.rotation = AlignHemisphere(local.rotation, GetBoneTransform(clip->frame(k - 1), bone).rotation);
      SetBoneTransform(frame, bone, local);
    }
  }
  if (!AddMorphCurves(animation, curve_names, times, snap, *clip, error)) return std::nullopt;
  return clip;
}

ClipSource SourceOfClip(const LoadedModel& loaded, const SkinRig& rig, const SourceAnimation& animation,
                        double snap) {
  return [&loaded, &rig, &animation, snap](double clip_time, std::vector<direct::DMat4>& model) {
    const double time = animation.start + clip_time;
    const std::size_t node_count = loaded.model.nodes.size();
    std::vector<DMat4> global(node_count);
    std::vector<char> done(node_count, 0);
    // Exact global transform of a node: its ancestors' animated locals composed from the root.
    auto global_of = [&](auto&& self, int node) -> const DMat4& {
      const std::size_t n = static_cast<std::size_t>(node);
      if (!done[n]) {
        // A node with a matrix cannot be animated (glTF 2.0 section 3.5.3): keep its shear.
        const auto& tracks = animation.node_tracks[n];
        const bool animated = tracks[kTranslation] != -1 || tracks[kRotation] != -1 || tracks[kScale] != -1;
        const DMat4 local =
            animated ? ComposeTrs(NodeTrsAt(loaded, animation, node, time, snap)) : loaded.rest_matrix[n];
        const int parent = loaded.node_parent[n];
        global[n] = parent == -1 ? local : self(self, parent) * local;
        done[n] = 1;
      }
      return global[n];
    };
    model.resize(rig.bone_node.size());
    for (std::size_t bone = 0; bone < rig.bone_node.size(); ++bone) {
      const DMat4& exact = global_of(global_of, rig.bone_node[bone]);
      for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c)
          model[bone].e[r][c] = exact.m[c][r];  // glTF matrices are column-major
      }
    }
  };
}

}  // namespace anim::gltf
