// The runtime form of a program's baked clips (section BAKE, docs/bytecode.md): dense clips of
// additive deltas, built once when a program is bound, which the binding lists after the loaded
// clips so a clock's clip index reaches either.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"
#include "vm/bytecode/program.h"

namespace anim {

// Builds every baked clip of a verified `program` for `skeleton`, checking each against the loaded
// clip it was baked from (`loaded`, parallel to Program::clips): nullopt with `error` when a
// channel names a bone past the skeleton, the clips would hold more than kMaxBakedKeyBytes, or a
// source's content (or the skeleton's) is not what the clip was baked from: a stale program.
std::optional<std::vector<Clip>> BuildBakedClips(const Program& program, const Skeleton& skeleton,
                                                 std::span<const Clip* const> loaded, std::string& error);

}  // namespace anim
