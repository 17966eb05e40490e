// Sync markers carried by a glTF animation (docs/import.md, "Sync markers"). glTF has no markers of
// its own; the convention read here, and written by compiler/export, is the animation's extras:
//   "extras": {"markers": [{"name": "foot_l", "time": 0.2}, ...]}
// with times in the file's timeline. Extras are free-form, so anything else there is skipped with a
// warning, never an error.
#pragma once

#include <string>
#include <vector>

#include "compiler/import/gltf_model.h"
#include "executor/pose/clip.h"

namespace anim::gltf {

// The markers of `animation`, moved to the clip's timeline (`start` is the animation's first key
// time; the clip runs `duration` seconds from it). Each entry that is not a marker within the clip
// adds a line to `skipped` saying why.
std::vector<SyncMarker> ReadMarkers(const tinygltf::Animation& animation, double start, double duration,
                                    std::vector<std::string>& skipped);

}  // namespace anim::gltf
