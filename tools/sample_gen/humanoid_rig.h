// The sample humanoid: 71 bones in metres, Y up, facing +Z (the character's left is +X), bound in
// a T-pose with identity bind rotations. The first 23 bones are the low-detail body; fingers,
// twist bones, face and IK helpers come after the LOD cut.
#pragma once

#include <array>

#include "executor/pose/skeleton.h"

namespace anim::sample_gen {

inline constexpr int kLeft = 0;
inline constexpr int kRight = 1;

struct HumanoidRig {
  struct Side {
    int clavicle = 0, upperarm = 0, lowerarm = 0, hand = 0;
    int thigh = 0, calf = 0, foot = 0, toe = 0;
    std::array<int, 12> fingers{};  // index, middle, ring, pinky: three joints each (thumbs stay put)
  };
  SkeletonDesc desc;
  int pelvis = 0;
  std::array<int, 3> spine{};
  int neck = 0, head = 0;
  std::array<Side, 2> side{};  // kLeft, kRight
};

HumanoidRig MakeHumanoidRig();

// +1 for the left side, -1 for the right: the mirror factor along X.
inline double SideSign(int side) {
  return side == kLeft ? 1.0 : -1.0;
}

}  // namespace anim::sample_gen
