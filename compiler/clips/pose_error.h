// The model-space error metric of clip_precision.h, in double precision: forward kinematics of a
// local pose and, per bone, the distance between two poses' joints and between their virtual
// vertices.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "compiler/direct/direct_math.h"

namespace anim {

struct BoneError {
  double joint = 0.0;   // distance between the joint positions
  double vertex = 0.0;  // largest distance between matching virtual vertices
  double Worst() const { return joint > vertex ? joint : vertex; }
};

// Model matrices of a local pose, parents first (a parent index not before its bone reads as a
// root, as everywhere in the runtime).
void ModelMatricesOf(std::span<const int16_t> parents, std::span<const direct::DTransform> locals,
                     std::vector<direct::DMat4>& model);

// The error between one bone's model matrices in two poses, with virtual vertices `shell` model-space
// units from the joint along each of its local axes (the axes' directions: a bone's scale moves its
// children's joints, not the shell).
BoneError BoneErrorOf(const direct::DMat4& a, const direct::DMat4& b, double shell);

}  // namespace anim
