#include "tools/worked_example/worked_example_list.h"

#include "compiler/assets/asset_loader.h"

namespace anim {
namespace {

constexpr const char* kClipNames[] = {"idle",     "walk_fwd", "walk_back", "run_fwd",
                                      "run_back", "jump",     "aim_pose"};
enum ClipIndex : uint16_t { kIdle, kWalkFwd, kWalkBack, kRunFwd, kRunBack, kJump, kAimPose };

AnimTask Sample(uint16_t clip, float time) {
  AnimTask t;
  t.type = AnimTaskType::SampleClip;
  t.resource = clip;
  t.time = time;
  return t;
}

AnimTask Consumer(AnimTaskType type, int16_t a, int16_t b = AnimTask::NoTask, float alpha = 1.0f) {
  AnimTask t;
  t.type = type;
  t.dep_a = a;
  t.dep_b = b;
  t.alpha = alpha;
  return t;
}

}  // namespace

std::unique_ptr<HumanoidAssets> LoadHumanoidAssets(const std::string& sample_dir, std::string& error) {
  DiagnosticSink diagnostics;
  std::optional<Skeleton> skeleton = LoadSkeletonFile(sample_dir + "/skeleton.yaml", diagnostics);
  if (!skeleton) {
    error = FormatText(diagnostics);
    return nullptr;
  }
  auto assets = std::make_unique<HumanoidAssets>(HumanoidAssets{*std::move(skeleton), {}, {}});
  for (const char* name : kClipNames) {
    std::optional<Clip> clip = LoadClipFile(sample_dir + "/" + name + ".json", assets->skeleton, diagnostics);
    if (!clip) {
      error = FormatText(diagnostics);
      return nullptr;
    }
    assets->clips.push_back(*std::move(clip));
  }
  for (const Clip& clip : assets->clips)
    assets->clip_table.push_back(&clip);
  return assets;
}

void BuildWorkedExample(const HumanoidAssets& assets, float time, WorkedExample& out) {
  const Skeleton& sk = assets.skeleton;
  out.state.blends.resize(1);
  AnimTaskList& list = out.list;
  list.Reset();
  list.skeleton = &sk;
  list.clips = assets.clip_table;
  list.state = &out.state;
  list.delta_time = 1.0f / 30.0f;
  list.Add(Sample(kIdle, time));                                  // 0
  list.Add(Sample(kWalkFwd, time));                               // 1
  list.Add(Sample(kWalkBack, time));                              // 2
  list.Add(Consumer(AnimTaskType::Blend, 1, 2, 0.3f));            // 3
  list.Add(Sample(kRunFwd, time));                                // 4
  list.Add(Sample(kRunBack, time));                               // 5
  list.Add(Consumer(AnimTaskType::Blend, 4, 5, 0.3f));            // 6
  list.Add(Sample(kJump, time));                                  // 7
  AnimTask inertialize = Consumer(AnimTaskType::Inertialize, 6);  // 8: the current state, run
  inertialize.alpha = 0.2f;                                       // duration
  inertialize.flags = kTaskFlagApply;
  list.Add(inertialize);
  list.Add(Sample(kAimPose, 0.0f));                              // 9
  list.Add(Consumer(AnimTaskType::MakeAdditive, 9));             // 10: against the bind pose
  list.Add(Consumer(AnimTaskType::ApplyAdditive, 8, 10, 1.0f));  // 11
  AnimTask foot = Consumer(AnimTaskType::FootIK, 11);            // 12
  foot.bone_a = static_cast<uint16_t>(sk.FindBone("thigh_l"));
  foot.bone_b = static_cast<uint16_t>(sk.FindBone("calf_l"));
  foot.bone_c = static_cast<uint16_t>(sk.FindBone("foot_l"));
  foot.s = {0.0f, 1.0f, 0.0f};  // flat ground at height 0
  list.output_task = list.Add(foot);
}

}  // namespace anim
