// What the crowd tests do to each entity's parameters, frame by frame: the locomotion graph's
// velocity moving differently per entity, some entities standing still at first (so they cross
// from idle into the move state later), and jumps at staggered frames.
#pragma once

#include <cmath>

#include "vm/instance/anim_instance.h"

namespace anim::test {

inline void DriveLocomotion(AnimInstance& instance, int entity, int frame) {
  const float e = static_cast<float>(entity);
  instance.SetFloat(0, 0.8f * std::sin(0.37f * e + 0.05f * static_cast<float>(frame)));    // vx
  instance.SetFloat(1, entity % 4 == 0 && frame < 20 ? 0.0f : 2.5f * std::cos(0.3f * e));  // vy
  if ((frame + 3 * entity) % 45 == 10) instance.FireTrigger(2);                            // jump
}

}  // namespace anim::test
