// Crossfade weights: each curve's shape, its ends, and the edge cases of the duration.
#include "executor/ops/crossfade.h"

#include <catch2/catch.hpp>

#include <string>

namespace anim {
namespace {

TEST_CASE("crossfade curves start at 0, end at 1 and follow their formula between", "[ops][crossfade]") {
  struct Expected {
    FadeCurve curve;
    float at_quarter, at_half, at_three_quarters;
  };
  // linear u; smoothstep u^2 (3 - 2u); cubic ease in and out 4u^3, then 1 - (2 - 2u)^3 / 2.
  const Expected expected[] = {{FadeCurve::Linear, 0.25f, 0.5f, 0.75f},
                               {FadeCurve::Smoothstep, 0.15625f, 0.5f, 0.84375f},
                               {FadeCurve::Cubic, 0.0625f, 0.5f, 0.9375f}};
  for (const Expected& e : expected) {
    INFO(FadeCurveName(static_cast<uint8_t>(e.curve)));
    CHECK(CrossfadeWeight(e.curve, 0.0f, 0.4f) == 0.0f);
    CHECK(CrossfadeWeight(e.curve, 0.1f, 0.4f) == Approx(e.at_quarter).margin(1e-6));
    CHECK(CrossfadeWeight(e.curve, 0.2f, 0.4f) == Approx(e.at_half).margin(1e-6));
    CHECK(CrossfadeWeight(e.curve, 0.3f, 0.4f) == Approx(e.at_three_quarters).margin(1e-6));
    CHECK(CrossfadeWeight(e.curve, 0.4f, 0.4f) == 1.0f);
    // Past the end it stays at 1; before the start, at 0.
    CHECK(CrossfadeWeight(e.curve, 9.0f, 0.4f) == 1.0f);
    CHECK(CrossfadeWeight(e.curve, -1.0f, 0.4f) == 0.0f);
    // Monotonic.
    float previous = 0.0f;
    for (int i = 1; i <= 100; ++i) {
      const float w = CrossfadeWeight(e.curve, 0.004f * static_cast<float>(i), 0.4f);
      CHECK(w >= previous);
      previous = w;
    }
  }
}

TEST_CASE("a crossfade of no duration is the target at once, and an unknown curve is linear",
          "[ops][crossfade][bad-input]") {
  CHECK(CrossfadeWeight(FadeCurve::Smoothstep, 0.0f, 0.0f) == 1.0f);
  CHECK(CrossfadeWeight(FadeCurve::Linear, 0.0f, -1.0f) == 1.0f);
  CHECK(CrossfadeWeight(static_cast<FadeCurve>(7), 0.1f, 0.4f) == Approx(0.25f));
  CHECK(std::string(FadeCurveName(7)) == "unknown");
}

}  // namespace
}  // namespace anim
