// glTF animation samplers (glTF 2.0 section 3.11 and appendix C): STEP, LINEAR (slerp for
// rotations) and CUBICSPLINE (Hermite, tangents scaled by the key interval), evaluated in double.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace anim::gltf {

enum class Interpolation { Step, Linear, CubicSpline };

// One sampler's keys. `values` holds `components` floats per key for STEP and LINEAR, and three
// groups per key (in-tangent, value, out-tangent) for CUBICSPLINE. Rotations have 4 components.
struct SamplerTrack {
  Interpolation interpolation = Interpolation::Linear;
  int components = 3;
  std::vector<float> times;
  std::vector<float> values;
};

// The interpolation named by a glTF sampler ("" is LINEAR), or nullopt for an unknown name.
std::optional<Interpolation> ParseInterpolation(const std::string& name);

// Checks the track's shape: at least one key, times not decreasing, values matching the key count.
// Returns an empty string when it is valid, else what is wrong.
std::string CheckTrack(const SamplerTrack& track);

// Writes the track's `components` values at `time` into `out`. Before the first key and after the
// last the end values hold. Rotations are spherically interpolated (LINEAR) or normalised
// (CUBICSPLINE). A time within `snap` seconds of a key is that key's time: resampling asks for a
// key's time computed in double, which its float key time may round either side of, and a STEP
// track must then give that key, not the one before. The track must pass CheckTrack.
void EvaluateTrack(const SamplerTrack& track, double time, double* out, double snap = 0.0);

}  // namespace anim::gltf
