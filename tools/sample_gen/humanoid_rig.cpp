#include "tools/sample_gen/humanoid_rig.h"

#include <stdexcept>
#include <string>

namespace anim::sample_gen {
namespace {

// Appends bones parents first and returns their indices.
class RigBuilder {
 public:
  explicit RigBuilder(SkeletonDesc& desc) : desc_(desc) {}

  int Add(const std::string& name, int parent, Vec3 offset) {
    SkeletonDesc::Bone bone;
    bone.name = name;
    bone.parent = parent;
    bone.bind_local.translation = offset;
    desc_.bones.push_back(bone);
    return static_cast<int>(desc_.bones.size()) - 1;
  }

  // A bone whose offset is mirrored along X on the right side.
  int AddSided(const std::string& stem, int side, int parent, Vec3 left_offset) {
    const Vec3 offset{static_cast<float>(SideSign(side)) * left_offset.x, left_offset.y, left_offset.z};
    return Add(stem + (side == kLeft ? "_l" : "_r"), parent, offset);
  }

 private:
  SkeletonDesc& desc_;
};

void AddArm(RigBuilder& b, HumanoidRig& rig, int side) {
  HumanoidRig::Side& s = rig.side[static_cast<std::size_t>(side)];
  s.clavicle = b.AddSided("clavicle", side, rig.spine[2], {0.03f, 0.12f, 0.0f});
  s.upperarm = b.AddSided("upperarm", side, s.clavicle, {0.15f, 0.0f, 0.0f});
  s.lowerarm = b.AddSided("lowerarm", side, s.upperarm, {0.28f, 0.0f, 0.0f});
  s.hand = b.AddSided("hand", side, s.lowerarm, {0.25f, 0.0f, 0.0f});
}

void AddLeg(RigBuilder& b, HumanoidRig& rig, int side) {
  HumanoidRig::Side& s = rig.side[static_cast<std::size_t>(side)];
  s.thigh = b.AddSided("thigh", side, rig.pelvis, {0.09f, -0.05f, 0.0f});
  s.calf = b.AddSided("calf", side, s.thigh, {0.0f, -0.42f, 0.0f});
  s.foot = b.AddSided("foot", side, s.calf, {0.0f, -0.40f, 0.0f});
  s.toe = b.AddSided("toe", side, s.foot, {0.0f, -0.06f, 0.13f});
}

// Palm down in the T-pose: fingers run along the arm, spread across Z, thumb towards +Z.
void AddFingers(RigBuilder& b, HumanoidRig& rig, int side) {
  HumanoidRig::Side& s = rig.side[static_cast<std::size_t>(side)];
  int joint = b.AddSided("thumb_01", side, s.hand, {0.03f, -0.01f, 0.03f});
  joint = b.AddSided("thumb_02", side, joint, {0.025f, 0.0f, 0.025f});
  b.AddSided("thumb_03", side, joint, {0.025f, 0.0f, 0.02f});
  struct Finger {
    const char* name;
    float knuckle_x, knuckle_z, length;
  };
  const Finger fingers[] = {{"index", 0.095f, 0.028f, 0.95f},
                            {"middle", 0.1f, 0.009f, 1.0f},
                            {"ring", 0.095f, -0.01f, 0.93f},
                            {"pinky", 0.085f, -0.028f, 0.75f}};
  std::size_t slot = 0;
  for (const Finger& f : fingers) {
    const std::string stem = f.name;
    joint = b.AddSided(stem + "_01", side, s.hand, {f.knuckle_x, 0.0f, f.knuckle_z});
    s.fingers[slot++] = joint;
    joint = b.AddSided(stem + "_02", side, joint, {0.045f * f.length, 0.0f, 0.0f});
    s.fingers[slot++] = joint;
    joint = b.AddSided(stem + "_03", side, joint, {0.028f * f.length, 0.0f, 0.0f});
    s.fingers[slot++] = joint;
  }
}

void AddTwistBones(RigBuilder& b, const HumanoidRig& rig, int side) {
  const HumanoidRig::Side& s = rig.side[static_cast<std::size_t>(side)];
  b.AddSided("upperarm_twist", side, s.upperarm, {0.14f, 0.0f, 0.0f});
  b.AddSided("lowerarm_twist", side, s.lowerarm, {0.125f, 0.0f, 0.0f});
  b.AddSided("thigh_twist", side, s.thigh, {0.0f, -0.21f, 0.0f});
  b.AddSided("calf_twist", side, s.calf, {0.0f, -0.2f, 0.0f});
}

}  // namespace

HumanoidRig MakeHumanoidRig() {
  HumanoidRig rig;
  rig.desc.name = "humanoid";
  RigBuilder b(rig.desc);

  // Low-detail body: everything a distant character needs to read as walking.
  const int root = b.Add("root", kNoParent, {0.0f, 0.0f, 0.0f});
  rig.pelvis = b.Add("pelvis", root, {0.0f, 0.95f, 0.0f});
  rig.spine[0] = b.Add("spine_01", rig.pelvis, {0.0f, 0.08f, 0.0f});
  rig.spine[1] = b.Add("spine_02", rig.spine[0], {0.0f, 0.12f, 0.0f});
  rig.spine[2] = b.Add("spine_03", rig.spine[1], {0.0f, 0.13f, 0.0f});
  rig.neck = b.Add("neck", rig.spine[2], {0.0f, 0.16f, 0.0f});
  rig.head = b.Add("head", rig.neck, {0.0f, 0.1f, 0.0f});
  AddArm(b, rig, kLeft);
  AddArm(b, rig, kRight);
  AddLeg(b, rig, kLeft);
  AddLeg(b, rig, kRight);
  rig.desc.low_detail_bone_count = static_cast<int>(rig.desc.bones.size());

  // Detail bones past the LOD cut.
  AddFingers(b, rig, kLeft);
  AddFingers(b, rig, kRight);
  AddTwistBones(b, rig, kLeft);
  AddTwistBones(b, rig, kRight);
  b.Add("jaw", rig.head, {0.0f, 0.03f, 0.02f});
  b.Add("eye_l", rig.head, {0.032f, 0.09f, 0.085f});
  b.Add("eye_r", rig.head, {-0.032f, 0.09f, 0.085f});

  // IK helpers at the bind positions of the feet and hands (model space under the root).
  const int ik_foot_root = b.Add("ik_foot_root", root, {0.0f, 0.0f, 0.0f});
  b.Add("ik_foot_l", ik_foot_root, {0.09f, 0.08f, 0.0f});
  b.Add("ik_foot_r", ik_foot_root, {-0.09f, 0.08f, 0.0f});
  const int ik_hand_root = b.Add("ik_hand_root", root, {0.0f, 0.0f, 0.0f});
  const int ik_hand_gun = b.Add("ik_hand_gun", ik_hand_root, {-0.71f, 1.4f, 0.0f});
  b.Add("ik_hand_r", ik_hand_gun, {0.0f, 0.0f, 0.0f});
  b.Add("ik_hand_l", ik_hand_gun, {1.42f, 0.0f, 0.0f});

  if (rig.desc.bones.size() < 60 || rig.desc.bones.size() > 80) {
    throw std::logic_error("the sample humanoid must have 60 to 80 bones");
  }
  return rig;
}

}  // namespace anim::sample_gen
