// Writing runtime assets back as documents (docs/asset-formats.md): a skeleton as YAML, a clip as
// JSON. The text depends only on the asset, so writing the same asset twice gives identical bytes:
// floats are printed in their shortest round-trip form and -0 as 0.
#pragma once

#include <optional>
#include <string>

#include "compiler/clips/clip_encoding.h"

#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim {

// Every bone with its parent, bind-pose locals and inverse bind matrix.
std::string WriteSkeletonYaml(const Skeleton& skeleton);

// A track per tracked bone; a channel that does not change is written as one constant value, and
// the channels that step are listed. Sync markers and curves (a curve that does not change as one
// value) are written when the clip has them. The document asks to be held as `held_as` says (by default as
// the clip is, with no precision of its own); the keys written are the clip's, decoded.
std::string WriteClipJson(const Clip& clip, const Skeleton& skeleton,
                          std::optional<ClipEncodingOptions> held_as = std::nullopt);

}  // namespace anim
