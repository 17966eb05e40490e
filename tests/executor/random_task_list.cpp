#include "tests/executor/random_task_list.h"

#include <random>
#include <string>

namespace anim::test {
namespace {

using Rng = std::mt19937;

float Uniform(Rng& rng, float lo, float hi) {
  return std::uniform_real_distribution<float>(lo, hi)(rng);
}
int UniformInt(Rng& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}

Quat RandomRotation(Rng& rng, float max_angle) {
  const Vec3 axis = NormalizeOr({Uniform(rng, -1, 1), Uniform(rng, -1, 1), Uniform(rng, -1, 1)}, {0, 1, 0});
  return FromAxisAngle(axis, Uniform(rng, -max_angle, max_angle));
}

std::unique_ptr<Skeleton> RandomSkeleton(Rng& rng) {
  SkeletonDesc desc;
  desc.name = "random";
  const int n = UniformInt(rng, 1, 40);
  for (int i = 0; i < n; ++i) {
    SkeletonDesc::Bone b;
    b.name = "b" + std::to_string(i);
    // Mostly chains with some branching, so IK chains exist.
    b.parent = i == 0 ? kNoParent : (UniformInt(rng, 0, 3) == 0 ? UniformInt(rng, 0, i - 1) : i - 1);
    b.bind_local.translation = {Uniform(rng, -0.1f, 0.1f), Uniform(rng, 0.1f, 0.4f),
                                Uniform(rng, -0.1f, 0.1f)};
    b.bind_local.rotation = RandomRotation(rng, 0.6f);
    const float s = UniformInt(rng, 0, 4) == 0 ? Uniform(rng, 0.8f, 1.2f) : 1.0f;
    b.bind_local.scale = {s, s, s};
    desc.bones.push_back(b);
  }
  std::string error;
  return std::make_unique<Skeleton>(*Skeleton::Build(desc, error));
}

Clip RandomClip(Rng& rng, const Skeleton& skeleton, int index) {
  std::string error;
  const int frames = UniformInt(rng, 1, 6);
  Clip clip = *Clip::Create(skeleton, "clip" + std::to_string(index), 10.0f, frames,
                            UniformInt(rng, 0, 1) == 1, error);
  for (int bone = 0; bone < skeleton.bone_count(); ++bone) {
    if (UniformInt(rng, 0, 2) == 0) continue;  // untracked: bind pose
    clip.MarkTracked(bone);
    for (int k = 0; k < frames; ++k) {
      Transform t = skeleton.bind_local(bone);
      t.rotation = RandomRotation(rng, 1.2f) * t.rotation;
      if (UniformInt(rng, 0, 1) == 0) t.rotation = Negate(t.rotation);  // the other hemisphere
      t.translation +=
          {Uniform(rng, -0.05f, 0.05f), Uniform(rng, -0.05f, 0.05f), Uniform(rng, -0.05f, 0.05f)};
      SetBoneTransform(clip.frame(k), bone, t);
    }
  }
  return clip;
}

// A component-space target around `root` (bind pose) at a distance that keeps the solve well
// conditioned: clearly inside the reach `length` or clearly beyond it. Near full reach the bend
// angle is so sensitive that float rounding in the input is amplified a hundredfold, which would
// make two correct executors disagree.
Vec3 ConditionedTarget(Rng& rng, const Skeleton& skeleton, int root, float length) {
  const Vec3 dir = NormalizeOr({Uniform(rng, -1, 1), Uniform(rng, -1, 1), Uniform(rng, -1, 1)}, {0, 1, 0});
  const float fraction = UniformInt(rng, 0, 2) == 0 ? Uniform(rng, 1.3f, 2.0f) : Uniform(rng, 0.3f, 0.8f);
  return skeleton.bind_model()[root].Translation() + dir * (length * fraction);
}

float ChainLength(const Skeleton& skeleton, int root, int tip) {
  float length = 0.0f;
  for (int b = tip; b != root && b >= 0; b = skeleton.parent(b))
    length += Length(skeleton.bind_local(b).translation);
  return length;
}

int16_t RandomDep(Rng& rng, int index) {
  if (index == 0 || UniformInt(rng, 0, 19) == 0) return AnimTask::NoTask;
  // Bias toward recent tasks, so chains get deep, with some long-range fan-out.
  const int back =
      UniformInt(rng, 0, 2) == 0 ? UniformInt(rng, 1, index) : UniformInt(rng, 1, std::min(index, 3));
  return static_cast<int16_t>(index - back);
}

uint16_t RandomBone(Rng& rng, int bones) {
  // Rarely out of range, which must give the bind pose.
  return static_cast<uint16_t>(UniformInt(rng, 0, 40) == 0 ? bones + 3 : UniformInt(rng, 0, bones - 1));
}

AnimTask RandomTask(Rng& rng, const RandomScene& scene, int index) {
  const int bones = scene.skeleton->bone_count();
  AnimTask t;
  t.type = static_cast<AnimTaskType>(UniformInt(rng, 0, kAnimTaskTypeCount - 1));
  t.dep_a = RandomDep(rng, index);
  t.dep_b = RandomDep(rng, index);
  static constexpr float kAlphas[] = {-0.5f, 0.0f, 0.3f, 1.0f, 1.7f};
  t.alpha = UniformInt(rng, 0, 1) == 0 ? kAlphas[UniformInt(rng, 0, 4)] : Uniform(rng, 0.0f, 1.0f);
  t.bone_a = RandomBone(rng, bones);
  t.bone_b = RandomBone(rng, bones);
  t.bone_c = RandomBone(rng, bones);
  t.t = {Uniform(rng, -1, 1), Uniform(rng, -1, 1), Uniform(rng, -1, 1)};
  t.r = RandomRotation(rng, 1.0f);
  t.s = {Uniform(rng, -1, 1), Uniform(rng, 0.2f, 1), Uniform(rng, -1, 1)};
  switch (t.type) {
    case AnimTaskType::SampleClip:
      t.resource = static_cast<uint16_t>(
          UniformInt(rng, 0, static_cast<int>(scene.clips.size())));  // may be out of range
      t.time = Uniform(rng, -1.0f, 2.0f);
      break;
    case AnimTaskType::BlendMasked:
      t.resource = static_cast<uint16_t>(UniformInt(rng, 0, static_cast<int>(scene.masks.size()) - 1));
      break;
    case AnimTaskType::MakeAdditive:
      t.space = static_cast<uint8_t>(UniformInt(rng, 0, 1));
      t.mode = static_cast<uint8_t>(UniformInt(rng, 0, 1));
      break;
    case AnimTaskType::Inertialize:
      t.resource = static_cast<uint16_t>(UniformInt(rng, 0, scene.blends - 1));
      t.alpha = Uniform(rng, 0.1f, 0.5f);  // duration
      break;
    case AnimTaskType::DeadBlend:
      t.resource = static_cast<uint16_t>(UniformInt(rng, 0, scene.blends - 1));
      t.alpha = Uniform(rng, 0.1f, 0.5f);  // duration
      t.aux = Uniform(rng, 0.05f, 0.2f);   // half-life
      break;
    case AnimTaskType::Crossfade:
      t.resource = static_cast<uint16_t>(UniformInt(rng, 0, scene.blends - 1));
      t.alpha = Uniform(rng, 0.1f, 0.5f);                          // duration
      t.mode = static_cast<uint8_t>(UniformInt(rng, 0, 3));        // the curve; 3 is unknown (linear)
      if (UniformInt(rng, 0, 2) == 0) t.dep_b = AnimTask::NoTask;  // fades from the frozen output
      break;
    case AnimTaskType::SavePoseSnapshot:
    case AnimTaskType::LoadPoseSnapshot:
      t.resource = static_cast<uint16_t>(UniformInt(rng, 0, scene.snapshots));  // may be out of range
      break;
    case AnimTaskType::BoneTransform:
      t.space = static_cast<uint8_t>(UniformInt(rng, 0, 1));
      t.mode = static_cast<uint8_t>(UniformInt(rng, 0, 1));
      t.s = {1.0f, 1.0f, 1.0f};
      break;
    case AnimTaskType::TwoBoneIK:
    case AnimTaskType::FootIK:
      // A real chain most of the time: three consecutive ancestors.
      if (UniformInt(rng, 0, 3) != 0 && bones >= 3) {
        int end = UniformInt(rng, 2, bones - 1);
        const int mid = scene.skeleton->parent(end);
        const int root = mid >= 0 ? scene.skeleton->parent(mid) : -1;
        if (root >= 0) {
          t.bone_a = static_cast<uint16_t>(root);
          t.bone_b = static_cast<uint16_t>(mid);
          t.bone_c = static_cast<uint16_t>(end);
          t.t = ConditionedTarget(rng, *scene.skeleton, root, ChainLength(*scene.skeleton, root, end));
        }
      }
      t.mode = static_cast<uint8_t>(UniformInt(rng, 0, 1));
      if (t.type == AnimTaskType::FootIK) {
        t.aux = Uniform(rng, -0.5f, 0.5f);
        t.s = {Uniform(rng, -0.3f, 0.3f), 1.0f, Uniform(rng, -0.3f, 0.3f)};
        t.t = {Uniform(rng, 0.0f, 0.1f), Uniform(rng, 0.0f, 0.1f), 0.0f};
      }
      break;
    case AnimTaskType::FABRIK:
      t.bone_c = static_cast<uint16_t>(UniformInt(rng, 1, 12));  // iterations
      t.aux = 0.0f;  // a tolerance exit is discontinuous: rounding could change the iteration count
      if (UniformInt(rng, 0, 3) != 0) {  // a real chain: the tip and an ancestor
        const int tip = UniformInt(rng, 0, bones - 1);
        int root = tip;
        for (int up = UniformInt(rng, 1, 4); up > 0 && scene.skeleton->parent(root) >= 0; --up) {
          root = scene.skeleton->parent(root);
        }
        t.bone_a = static_cast<uint16_t>(root);
        t.bone_b = static_cast<uint16_t>(tip);
        t.t = ConditionedTarget(rng, *scene.skeleton, root, ChainLength(*scene.skeleton, root, tip));
      }
      break;
    case AnimTaskType::LookAt:
      t.s = NormalizeOr(t.s, {0, 0, 1});
      t.aux = Uniform(rng, 0.2f, 3.0f);
      break;
    default:
      break;
  }
  return t;
}

}  // namespace

TaskStateStorage RandomScene::MakeState() const {
  TaskStateStorage state;
  state.blends.resize(blends);
  state.snapshots.resize(snapshots);
  return state;
}

void RandomScene::AdvanceFrame(uint32_t seed, int frame) {
  Rng rng(seed * 7919u + static_cast<uint32_t>(frame));
  for (AnimTask& t : list.tasks) {
    switch (t.type) {
      case AnimTaskType::SampleClip:
        t.time += list.delta_time;
        break;
      case AnimTaskType::Inertialize:
      case AnimTaskType::DeadBlend:
      case AnimTaskType::Crossfade:
        t.flags = UniformInt(rng, 0, 3) == 0 ? kTaskFlagCapture | kTaskFlagApply : kTaskFlagApply;
        t.time = (t.flags & kTaskFlagCapture) ? 0.0f : t.time + list.delta_time;
        break;
      default:
        break;
    }
  }
}

std::unique_ptr<RandomScene> MakeRandomScene(uint32_t seed) {
  Rng rng(seed);
  auto scene = std::make_unique<RandomScene>();
  scene->skeleton = RandomSkeleton(rng);
  const Skeleton& sk = *scene->skeleton;
  const int clip_count = UniformInt(rng, 1, 4);
  for (int i = 0; i < clip_count; ++i)
    scene->clips.push_back(RandomClip(rng, sk, i));
  for (const Clip& c : scene->clips)
    scene->clip_table.push_back(&c);
  for (int m = 0; m < 2; ++m) {
    BoneMask mask;
    for (int b = 0; b < sk.bone_count(); ++b)
      mask.weights.push_back(UniformInt(rng, 0, 2) == 0 ? 0.0f : Uniform(rng, 0, 1));
    scene->masks.push_back(mask);
  }
  scene->blends = UniformInt(rng, 1, 3);
  scene->snapshots = UniformInt(rng, 1, 3);

  AnimTaskList& list = scene->list;
  list.skeleton = &sk;
  list.clips = scene->clip_table;
  list.masks = scene->masks;
  list.delta_time = 1.0f / 30.0f;
  list.active_bone_count = UniformInt(rng, 0, 2) == 0 ? UniformInt(rng, 1, sk.bone_count()) : 0;
  list.lock_root = UniformInt(rng, 0, 2) == 0;
  list.root_bone = UniformInt(rng, 0, sk.bone_count() - 1);
  const int task_count = UniformInt(rng, 1, 48);
  for (int i = 0; i < task_count; ++i)
    list.Add(RandomTask(rng, *scene, i));
  // Usually the last task, sometimes an earlier one (leaving a dead tail), rarely none at all.
  const int pick = UniformInt(rng, 0, 9);
  list.output_task = static_cast<int16_t>(pick == 0  ? AnimTask::NoTask
                                          : pick < 3 ? UniformInt(rng, 0, task_count - 1)
                                                     : task_count - 1);
  return scene;
}

}  // namespace anim::test
