// 2D blend spaces on compiled graphs: the VM's weights at the samples, on edges, inside triangles
// and outside the hull; the direct evaluator's own weights agree with them; every sample records
// and the blend chain's alphas pick out the weighted samples.
#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>
#include <random>
#include <string>

#include "compiler/direct/direct_blend_space.h"
#include "tests/vm_graphs/compiled_rig.h"
#include "vm/frame_logic.h"

using namespace anim;

namespace {

const char* kHeader = R"(format: animtc.graph
version: 1
skeleton: humanoid/skeleton.yaml
clips: {idle: humanoid/idle.json, walk: humanoid/walk_fwd.json, run: humanoid/run_fwd.json,
        back: humanoid/walk_back.json, jump: humanoid/jump.json, aim: humanoid/aim_pose.json}
parameters: {vx: {type: float}, vy: {type: float}}
)";

// A locomotion-like layout: idle in the middle, forward and backward speeds on y, strafes on x.
// The samples are clips named after their position's role.
const char* kPlane = R"(nodes:
  move:
    kind: blend_space_2d
    x: vx
    y: vy
    samples:
      - {position: [0, 0], pose: {kind: clip, clip: idle}}
      - {position: [0, 1.5], pose: {kind: clip, clip: walk}}
      - {position: [0, 4], pose: {kind: clip, clip: run}}
      - {position: [0, -1.5], pose: {kind: clip, clip: back}}
      - {position: [-1.5, 0], pose: {kind: clip, clip: jump}}
      - {position: [1.5, 0], pose: {kind: clip, clip: aim}}
output: {pose: move}
)";

constexpr float kX[] = {0.0f, 0.0f, 0.0f, 0.0f, -1.5f, 1.5f};
constexpr float kY[] = {0.0f, 1.5f, 4.0f, -1.5f, 0.0f, 0.0f};
constexpr int kSamples = 6;

// The VM's weights of every sample after a frame at (x, y).
std::vector<float> WeightsAt(test::Rig& rig, float x, float y) {
  rig.instance->SetFloat("vx", x);
  rig.instance->SetFloat("vy", y);
  rig.Step(1.0f / 30.0f);
  std::vector<float> w;
  for (uint16_t s = 0; s < kSamples; ++s)
    w.push_back(BlendSpaceWeight(*rig.binding, *rig.instance, 0, s, x, y));
  return w;
}

void CheckWeights(const std::vector<float>& got, const std::vector<float>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t s = 0; s < got.size(); ++s) {
    INFO("sample " << s);
    CHECK(got[s] == Approx(want[s]).margin(1e-6));
  }
}

TEST_CASE("2D blend space: a sample's own position gives it all the weight", "[vm][compiled][blend_space]") {
  auto rig = test::Rig::Compile(kPlane, kHeader);
  for (int s = 0; s < kSamples; ++s) {
    std::vector<float> want(kSamples, 0.0f);
    want[static_cast<std::size_t>(s)] = 1.0f;
    INFO("at sample " << s);
    CheckWeights(WeightsAt(*rig, kX[s], kY[s]), want);
  }
}

TEST_CASE("2D blend space: on an edge two samples share, inside a triangle three",
          "[vm][compiled][blend_space]") {
  auto rig = test::Rig::Compile(kPlane, kHeader);
  // A quarter of the way from idle to walk, on their shared edge.
  CheckWeights(WeightsAt(*rig, 0.0f, 0.375f), {0.75f, 0.25f, 0.0f, 0.0f, 0.0f, 0.0f});
  // Inside the triangle idle, aim (right), walk: barycentric, so the weighted positions are the point.
  const std::vector<float> inside = WeightsAt(*rig, 0.5f, 0.5f);
  CHECK(std::accumulate(inside.begin(), inside.end(), 0.0f) == Approx(1.0f).margin(1e-6));
  float x = 0.0f, y = 0.0f;
  int non_zero = 0;
  for (int s = 0; s < kSamples; ++s) {
    CHECK(inside[static_cast<std::size_t>(s)] >= 0.0f);
    x += inside[static_cast<std::size_t>(s)] * kX[s];
    y += inside[static_cast<std::size_t>(s)] * kY[s];
    non_zero += inside[static_cast<std::size_t>(s)] > 0.0f ? 1 : 0;
  }
  CHECK(non_zero == 3);
  CHECK(x == Approx(0.5f).margin(1e-6));
  CHECK(y == Approx(0.5f).margin(1e-6));
  CheckWeights(inside, {1.0f - 0.5f / 1.5f - 0.5f / 1.5f, 0.5f / 1.5f, 0.0f, 0.0f, 0.0f, 0.5f / 1.5f});
}

TEST_CASE("2D blend space: outside the hull, the nearest hull point's edge shares the weight",
          "[vm][compiled][blend_space]") {
  auto rig = test::Rig::Compile(kPlane, kHeader);
  // Straight ahead past run: all run.
  CheckWeights(WeightsAt(*rig, 0.0f, 9.0f), {0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f});
  // Far right: all aim (the hull's corner).
  CheckWeights(WeightsAt(*rig, 5.0f, 0.0f), {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f});
  // Beyond the middle of the edge back (0, -1.5) - right (1.5, 0): half each.
  CheckWeights(WeightsAt(*rig, 1.75f, -1.75f), {0.0f, 0.0f, 0.0f, 0.5f, 0.0f, 0.5f});
  // Absurdly far: still finite weights that sum to 1.
  const std::vector<float> far = WeightsAt(*rig, 3e38f, -3e38f);
  CHECK(std::accumulate(far.begin(), far.end(), 0.0f) == Approx(1.0f).margin(1e-6));
  for (float w : far)
    CHECK(std::isfinite(w));
}

TEST_CASE("2D blend space: the VM's and direct evaluation's weights agree everywhere",
          "[vm][compiled][blend_space]") {
  auto rig = test::Rig::Compile(kPlane, kHeader);
  direct::DirectBlendSpace reference(rig->graph.graph.blend_spaces[0]);
  std::mt19937 random(11);
  std::uniform_real_distribution<float> coordinate(-6.0f, 6.0f);
  for (int i = 0; i < 2000; ++i) {
    const float x = coordinate(random), y = coordinate(random);
    const std::vector<float> vm = WeightsAt(*rig, x, y);
    float sum = 0.0f;
    for (int s = 0; s < kSamples; ++s) {
      INFO("at (" << x << ", " << y << "), sample " << s);
      CHECK(vm[static_cast<std::size_t>(s)] == Approx(reference.Weight(s, x, y)).margin(1e-5));
      CHECK(vm[static_cast<std::size_t>(s)] >= 0.0f);
      sum += vm[static_cast<std::size_t>(s)];
    }
    CHECK(sum == Approx(1.0f).margin(1e-5));
  }
}

TEST_CASE("2D blend space: a thin triangle the compiler accepts is weighed as precisely as a round one",
          "[vm][compiled][blend_space]") {
  // Its doubled area is 3e-8 of the span squared (the limit is 2e-9): its barycentric coefficients
  // are about 3e7, whose products cancel, so they are worked out in double on both paths.
  auto rig = test::Rig::Compile(R"(nodes:
  move:
    kind: blend_space_2d
    x: vx
    y: vy
    samples:
      - {position: [0, 0], pose: {kind: clip, clip: idle}}
      - {position: [1, 0.7], pose: {kind: clip, clip: walk}}
      - {position: [0.5, 0.35000003], pose: {kind: clip, clip: run}}
output: {pose: move}
)",
                                kHeader);
  direct::DirectBlendSpace reference(rig->graph.graph.blend_spaces[0]);
  for (const float x : {0.1f, 0.3f, 0.5f, 0.7f, 0.95f}) {
    for (const float dy : {-0.1f, 0.0f, 1e-8f, 0.1f}) {
      const float y = 0.7f * x + dy;
      rig->instance->SetFloat("vx", x);
      rig->instance->SetFloat("vy", y);
      rig->Step(1.0f / 30.0f);
      float sum = 0.0f;
      for (uint16_t s = 0; s < 3; ++s) {
        const float w = BlendSpaceWeight(*rig->binding, *rig->instance, 0, s, x, y);
        INFO("at (" << x << ", " << y << "), sample " << s);
        CHECK(w == Approx(reference.Weight(s, x, y)).margin(1e-5));
        CHECK(w >= 0.0f);
        sum += w;
      }
      CHECK(sum == Approx(1.0f).margin(1e-6));
    }
  }
}

TEST_CASE("2D blend space: every sample records, and the chain's shares blend in only the weighted ones",
          "[vm][compiled][blend_space]") {
  auto rig = test::Rig::Compile(kPlane, kHeader);
  rig->instance->SetFloat("vx", 0.0f);
  rig->instance->SetFloat("vy", 0.375f);
  rig->Step();
  int sampled = 0;
  for (const AnimTask& t : rig->list.tasks)
    sampled += t.type == AnimTaskType::SampleClip ? 1 : 0;
  CHECK(sampled == kSamples);
  // The chain blends sample i in with alpha w_i / (w_0 + ... + w_i): 0.25 for walk, then 0 for the
  // rest, so the result is idle and walk, 3 to 1.
  std::vector<float> alphas;
  for (const AnimTask& t : rig->list.tasks)
    if (t.type == AnimTaskType::Blend) alphas.push_back(t.alpha);
  REQUIRE(alphas.size() == kSamples - 1);
  CHECK(alphas[0] == Approx(0.25f).margin(1e-6));
  for (std::size_t i = 1; i < alphas.size(); ++i)
    CHECK(alphas[i] == 0.0f);
}

}  // namespace
