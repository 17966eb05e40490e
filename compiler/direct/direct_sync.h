// Sync groups for direct evaluation (docs/semantics.md, "Sync groups"), written apart from the
// VM's: which phase a clip shows, matched by sync markers or by normalised time.
#pragma once

#include <vector>

#include "executor/pose/clip.h"

namespace anim::direct {

// A member clock as phase matching sees it.
struct SyncClip {
  float duration = 0.0f;  // above 0
  bool loop = true;
  const std::vector<SyncMarker>* markers = nullptr;
};

// The time in `to` at the phase `from` shows at `from_time`: the same fraction of the way between
// the same two markers (the place nearest `to_near` when `to` has several), else the same fraction
// of the clip.
float MatchPhase(const SyncClip& from, float from_time, const SyncClip& to, float to_near);

}  // namespace anim::direct
