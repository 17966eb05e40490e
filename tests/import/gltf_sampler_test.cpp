// InterpolationTest.gltf's (ANIMTC_GLTF_ASSETS; registered only when it is there; the same on files
// the tests write: gltf_writer_test.cpp) STEP, LINEAR and CUBICSPLINE samplers (it has no skin, so the
// sampler functions are tested on its channels directly) against values computed by hand from the file's
// keys: the Hermite basis at u = 1/2 is (1/2, 1/8, 1/2, -1/8), slerp halfway is the normalised sum.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "compiler/import/gltf_animation.h"
#include "compiler/import/gltf_model.h"
#include "tests/import/gltf_reference.h"

namespace anim {
namespace {

const std::string kFile = std::string(ANIMTC_GLTF_ASSETS) + "/interpolationtest/InterpolationTest.gltf";

struct Channel {
  gltf::SamplerTrack track;           // as the importer reads it
  std::vector<double> times, values;  // as the reference reader reads it
  int components = 0;
};

Channel Load(const std::string& animation_name) {
  DiagnosticSink diagnostics;
  const auto loaded = gltf::LoadGltfModel(kFile, diagnostics);
  REQUIRE(loaded);
  const test::ReferenceGltf reference(kFile);
  const auto& animations = reference.json()["animations"];
  for (std::size_t a = 0; a < animations.size(); ++a) {
    if (animations[a]["name"] != animation_name) continue;
    auto source = gltf::ReadAnimation(*loaded, static_cast<int>(a), kFile, diagnostics);
    REQUIRE(source);
    REQUIRE(source->tracks.size() == 1);
    const auto& sampler = animations[a]["samplers"][0];
    Channel channel{source->tracks[0], reference.Floats(sampler["input"]),
                    reference.Floats(sampler["output"]), source->tracks[0].components};
    return channel;
  }
  FAIL("no animation " << animation_name);
  return {};
}

std::vector<double> Evaluate(const Channel& c, double time) {
  std::vector<double> out(static_cast<std::size_t>(c.components));
  gltf::EvaluateTrack(c.track, time, out.data());
  return out;
}

void CheckEqual(const std::vector<double>& got, const std::vector<double>& expected) {
  REQUIRE(got.size() == expected.size());
  for (std::size_t i = 0; i < got.size(); ++i)
    CHECK(got[i] == Approx(expected[i]).margin(1e-6));
}

std::vector<double> Key(const Channel& c, std::size_t k, std::size_t group = 0, std::size_t groups = 1) {
  const std::size_t n = static_cast<std::size_t>(c.components);
  const auto begin = c.values.begin() + static_cast<std::ptrdiff_t>((k * groups + group) * n);
  return {begin, begin + static_cast<std::ptrdiff_t>(n)};
}

std::vector<double> Normalised(std::vector<double> q) {
  double len = 0;
  for (double v : q)
    len += v * v;
  for (double& v : q)
    v /= std::sqrt(len);
  return q;
}

TEST_CASE("STEP holds each key until the next, for scale, rotation and translation") {
  for (const char* name : {"Step Scale", "Step Rotation", "Step Translation"}) {
    INFO(name);
    const Channel c = Load(name);
    CHECK(c.track.interpolation == gltf::Interpolation::Step);
    for (std::size_t k = 0; k + 1 < c.times.size(); ++k) {
      const double mid = 0.5 * (c.times[k] + c.times[k + 1]);
      CheckEqual(Evaluate(c, mid), c.components == 4 ? Normalised(Key(c, k)) : Key(c, k));
      CheckEqual(Evaluate(c, c.times[k + 1]), c.components == 4 ? Normalised(Key(c, k + 1)) : Key(c, k + 1));
    }
    // Before the first key and after the last the end keys hold.
    CheckEqual(Evaluate(c, c.times.front() - 1), c.components == 4 ? Normalised(Key(c, 0)) : Key(c, 0));
    CheckEqual(Evaluate(c, c.times.back() + 1),
               c.components == 4 ? Normalised(Key(c, c.times.size() - 1)) : Key(c, c.times.size() - 1));
  }
}

TEST_CASE("LINEAR: lerp for scale and translation, slerp for rotation") {
  for (const char* name : {"Linear Scale", "Linear Translation"}) {
    INFO(name);
    const Channel c = Load(name);
    for (std::size_t k = 0; k + 1 < c.times.size(); ++k) {
      const double quarter = c.times[k] + 0.25 * (c.times[k + 1] - c.times[k]);
      std::vector<double> expected = Key(c, k);
      const std::vector<double> next = Key(c, k + 1);
      for (std::size_t i = 0; i < expected.size(); ++i)
        expected[i] = 0.75 * expected[i] + 0.25 * next[i];
      CheckEqual(Evaluate(c, quarter), expected);
    }
  }
  const Channel c = Load("Linear Rotation");
  REQUIRE(c.components == 4);
  for (std::size_t k = 0; k + 1 < c.times.size(); ++k) {
    std::vector<double> a = Key(c, k), b = Key(c, k + 1);
    double dot = 0;
    for (std::size_t i = 0; i < 4; ++i)
      dot += a[i] * b[i];
    if (dot < 0) {
      for (double& v : b)
        v = -v;
    }
    std::vector<double> sum(4);
    for (std::size_t i = 0; i < 4; ++i)
      sum[i] = a[i] + b[i];
    CheckEqual(Evaluate(c, 0.5 * (c.times[k] + c.times[k + 1])), Normalised(sum));
  }
}

TEST_CASE("CUBICSPLINE: Hermite with in/out tangents scaled by the key interval") {
  for (const char* name : {"CubicSpline Scale", "CubicSpline Translation", "CubicSpline Rotation"}) {
    INFO(name);
    const Channel c = Load(name);
    CHECK(c.track.interpolation == gltf::Interpolation::CubicSpline);
    for (std::size_t k = 0; k + 1 < c.times.size(); ++k) {
      const double dt = c.times[k + 1] - c.times[k];
      const std::vector<double> p0 = Key(c, k, 1, 3), out0 = Key(c, k, 2, 3);
      const std::vector<double> p1 = Key(c, k + 1, 1, 3), in1 = Key(c, k + 1, 0, 3);
      std::vector<double> expected(p0.size());
      for (std::size_t i = 0; i < p0.size(); ++i) {
        expected[i] = 0.5 * p0[i] + 0.125 * dt * out0[i] + 0.5 * p1[i] - 0.125 * dt * in1[i];
      }
      CheckEqual(Evaluate(c, c.times[k] + 0.5 * dt), c.components == 4 ? Normalised(expected) : expected);
      // At a key the spline passes through the key's value.
      CheckEqual(Evaluate(c, c.times[k]), c.components == 4 ? Normalised(p0) : p0);
    }
  }
}

TEST_CASE("A sampler whose times decrease or whose outputs do not match its inputs is refused") {
  gltf::SamplerTrack track;
  track.components = 3;
  track.times = {0.0f, 1.0f, 0.5f};
  track.values.assign(9, 0.0f);
  CHECK(gltf::CheckTrack(track).find("decrease") != std::string::npos);
  track.times = {0.0f, 1.0f};
  CHECK(gltf::CheckTrack(track).find("output values") != std::string::npos);
  track.interpolation = gltf::Interpolation::CubicSpline;
  track.values.assign(18, 0.0f);
  CHECK(gltf::CheckTrack(track).empty());
  CHECK_FALSE(gltf::ParseInterpolation("SMOOTH"));
}

}  // namespace
}  // namespace anim
