// The example character, built in code: an engine links only animtc::executor and animtc::vm,
// which read no documents, so it makes its skeleton and clips from its own data (here, the same
// numbers as assets/*.yaml, which animc compiled the graphs against). Bind checks the skeleton by
// content hash and finds clips by name.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace example {

struct Character {
  anim::Skeleton skeleton;
  std::vector<anim::Clip> clips;  // idle, walk, wave
};

// Builds the skeleton of assets/skeleton.yaml and the clips of assets/{idle,walk,wave}.yaml.
// On failure (which would be a bug in the data) returns nullopt and sets `error`.
std::optional<Character> BuildCharacter(std::string& error);

}  // namespace example
