// glTF animations: reading their channels, evaluating them exactly on the node hierarchy, and
// resampling them onto a skin's bones as a uniform-rate Clip.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "compiler/clips/clip_accuracy.h"
#include "compiler/diag/diagnostics.h"
#include "compiler/import/gltf_model.h"
#include "compiler/import/gltf_sampler.h"
#include "compiler/import/gltf_skeleton.h"
#include "executor/pose/clip.h"

namespace anim::gltf {

enum Path { kTranslation = 0, kRotation = 1, kScale = 2 };

// A morph-weight channel: one scalar track per morph target of the node's mesh (the channel's
// per-key weights taken apart), all on the channel's key times.
struct MorphChannel {
  int node = -1;
  std::vector<SamplerTrack> targets;
};

// One animation's transform and morph-weight channels.
struct SourceAnimation {
  std::string name;  // as in the file; may be empty
  std::vector<SamplerTrack> tracks;
  std::vector<std::array<int, 3>> node_tracks;  // per node: the track of each Path, or -1
  std::vector<int> animated_nodes;              // nodes with at least one track, ascending
  std::vector<MorphChannel> morph_channels;     // by node, ascending
  int skipped_weight_channels = 0;              // on nodes without morph targets (MorphTargetCount 0)
  double start = 0.0;                           // earliest key time, weights included
  double end = 0.0;                             // latest key time, weights included
};

// Reads animation `index`. Errors (I203, I204, I205, I209) name the animation and channel.
std::optional<SourceAnimation> ReadAnimation(const LoadedModel& loaded, int index, const std::string& file,
                                             DiagnosticSink& diagnostics);

// The local TRS of `node` at `time`: its rest transform with the animation's channels applied
// (`snap` as EvaluateTrack's).
NodeTrs NodeTrsAt(const LoadedModel& loaded, const SourceAnimation& animation, int node, double time,
                  double snap = 0.0);

// The animation's own key rate in Hz: the reciprocal of the median interval between consecutive
// keys over all its tracks (a morph-weight channel's once), rounded to a whole number of Hz when within 1% of
// one (24 Hz keys are stored as 0.041666... s), and kept within [1, max_rate]; then the lowest multiple of it
// (or, failing that, of the unrounded rate), up to max_rate, at which every key time lands on a frame (Fox's
// Run ends 0.8 of an interval after its last whole one: 120 Hz). An animation with no interval (one key per
// track) gives `fallback`.
double SourceKeyRate(const SourceAnimation& animation, double fallback, double max_rate);

// Resamples the animation onto the rig's bones from `start` to `end` at about `rate` Hz: the rate is
// adjusted so a whole number of frames spans the animation exactly. Bones without channels hold
// their bind pose and are not tracked. Each morph target of a morph-weight channel becomes a curve
// named by `curve_names` (MorphCurveNames), in node then target order, stepping when its sampler
// is STEP. `max_skew` receives the largest shear dropped by folding. Refused (with `error`) when the
// keys, curves included, would take more than `max_key_bytes`.
std::optional<Clip> ResampleAnimation(const LoadedModel& loaded, const SkinRig& rig, const Skeleton& skeleton,
                                      const SourceAnimation& animation,
                                      const std::vector<std::vector<std::string>>& curve_names,
                                      const std::string& clip_name, double rate, std::uint64_t max_key_bytes,
                                      double& max_skew, std::string& error);

// The animation evaluated exactly on the node hierarchy, as the model matrices of the rig's bones
// at a clip time (seconds from the animation's start): what the clip is measured against. A time
// within `snap` seconds of a key is that key (EvaluateTrack), as the runtime snaps to its frames.
// It holds references to its arguments.
ClipSource SourceOfClip(const LoadedModel& loaded, const SkinRig& rig, const SourceAnimation& animation,
                        double snap);

}  // namespace anim::gltf
