// The sample humanoid's skeleton and clips (samples/humanoid), loaded once per test process for the
// tests that build the worked example's list by hand.
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "tools/worked_example/worked_example_list.h"

namespace anim::test {

inline const HumanoidAssets& Humanoid() {
  static const std::unique_ptr<HumanoidAssets> assets = [] {
    std::string error;
    auto loaded = LoadHumanoidAssets(std::string(ANIMTC_SOURCE_DIR) + "/samples/humanoid", error);
    INFO(error);
    REQUIRE(loaded);
    return loaded;
  }();
  return *assets;
}

}  // namespace anim::test
