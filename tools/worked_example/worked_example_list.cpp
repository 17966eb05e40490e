#include <algorithm>

#include "tools/worked_example/worked_example_list.h"

#include "compiler/assets/asset_loader.h"
#include "compiler/passes/pose_folding.h"
#include "vm/baked_clips.h"

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
  auto assets = std::make_unique<HumanoidAssets>(HumanoidAssets{*std::move(skeleton), {}, {}, {}, {}});
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

  // A program of these clips carrying the baked aim layer, so the binding builds it as it builds a
  // compiled program's (vm/baked_clips.h).
  Program program;
  for (const Clip& clip : assets->clips) {
    program.clips.push_back(clip.name());
    for (const ClipCurve& curve : clip.curves())
      if (std::find(program.curves.begin(), program.curves.end(), curve.name) == program.curves.end())
        program.curves.push_back(curve.name);
  }
  program.baked_clips.push_back(
      ir::BakeAdditive(assets->clips[kAimPose], kAimPose, assets->skeleton, program.curves, -1));
  std::optional<std::vector<Clip>> baked =
      BuildBakedClips(program, assets->skeleton, assets->clip_table, error);
  if (!baked) return nullptr;
  assets->baked = *std::move(baked);
  assets->clip_table_with_baked = assets->clip_table;
  assets->clip_table_with_baked.push_back(&assets->baked[0]);
  return assets;
}

void BuildWorkedExample(const HumanoidAssets& assets, float time, WorkedExample& out, AimLayer aim) {
  const Skeleton& sk = assets.skeleton;
  out.state.blends.resize(1);
  AnimTaskList& list = out.list;
  list.Reset();
  list.skeleton = &sk;
  list.clips = aim == AimLayer::Baked ? assets.clip_table_with_baked : assets.clip_table;
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
  int16_t additive;
  if (aim == AimLayer::Baked) {
    additive = list.Add(Sample(static_cast<uint16_t>(assets.clip_table.size()), 0.0f));  // 9: ready-made
  } else {
    list.Add(Sample(kAimPose, 0.0f));                              // 9
    additive = list.Add(Consumer(AnimTaskType::MakeAdditive, 9));  // 10: against the bind pose
  }
  const int16_t aimed = list.Add(Consumer(AnimTaskType::ApplyAdditive, 8, additive, 1.0f));  // 11 (10)
  AnimTask foot = Consumer(AnimTaskType::FootIK, aimed);                                     // 12 (11)
  foot.bone_a = static_cast<uint16_t>(sk.FindBone("thigh_l"));
  foot.bone_b = static_cast<uint16_t>(sk.FindBone("calf_l"));
  foot.bone_c = static_cast<uint16_t>(sk.FindBone("foot_l"));
  foot.s = {0.0f, 1.0f, 0.0f};    // flat ground at height 0
  foot.t = {0.08f, 0.03f, 0.0f};  // ankle height and plant distance, as samples/worked_example.yaml
  list.output_task = list.Add(foot);
}

}  // namespace anim
