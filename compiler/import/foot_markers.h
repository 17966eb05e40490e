// Foot-down sync markers found from a clip's foot contacts (docs/import.md, "Sync markers"):
// `anim-import --markers feet:BONE_L,BONE_R`. A foot's lowest point is the lowest of its bone and the
// joints below it (a toe). The foot is down in a frame when that point is low (within 3% of the
// skeleton's height above the lowest it gets in the clip) and slow (below halfway from its slowest
// to its fastest in the clip, in the clip's own space with any root motion, and always below a tenth
// of the skeleton's height a second); each contact of at least 0.08 s (and two frames) gives a marker
// at its first frame. A cycle (a looping clip, or one whose feet end at the heights they started
// at) has its contacts wrap around its end; any other clip's first frame starts no contact.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim {

struct FootMarkerSpec {
  int bone = 0;        // the foot (ankle) bone
  std::string marker;  // the name its foot-downs get
};

std::vector<SyncMarker> DetectFootMarkers(const Clip& clip, const Skeleton& skeleton,
                                          std::span<const FootMarkerSpec> feet);

}  // namespace anim
