// anim-sample-job FOLDER: the quickstart job. Loads a sample folder (skeleton and clips) through the
// asset loader, blends walk_fwd and run_fwd half and half at a few shared phases with the pose
// kernels, runs forward kinematics and prints the pelvis and foot heights.
#include <cstdio>
#include <string>
#include <vector>

#include "executor/kernels/pose_kernels.h"
#include "executor/resolve/forward_kinematics.h"
#include "tools/sample_job/sample_folder.h"

using namespace anim;

namespace {

constexpr float kBlendWeight = 0.5f;
constexpr float kPhases[] = {0.0f, 0.25f, 0.5f, 0.75f};

void PrintClips(const SampleFolder& sample) {
  const Skeleton& s = sample.skeleton;
  std::printf("skeleton %s: %d bones, low-detail cut at %d\n", s.name().c_str(), s.bone_count(),
              s.low_detail_bone_count());
  std::printf("clips:\n");
  for (const Clip& clip : sample.clips) {
    std::printf("  %-12s %4d frames  %6.3f s  %s, %zu tracked bones\n", clip.name().c_str(),
                clip.frame_count(), clip.duration(), clip.looping() ? "loop" : "once",
                clip.tracked_bones().size());
  }
}

// Samples both clips at the same normalised phase, so their foot contacts line up, and blends them.
void PrintBlend(const Skeleton& skeleton, const Clip& walk, const Clip& run, int pelvis, int foot_l,
                int foot_r) {
  const int n = skeleton.bone_count();
  Pose walk_pose(n), run_pose(n), blended(n);
  std::vector<Mat4> model(static_cast<std::size_t>(n));
  std::printf("%s + %s, weight %.2f, at equal phase (heights in skeleton units):\n", walk.name().c_str(),
              run.name().c_str(), kBlendWeight);
  for (float phase : kPhases) {
    const float walk_time = phase * walk.duration();
    const float run_time = phase * run.duration();
    SampleClip(walk_pose.view(), walk, walk_time, n);
    SampleClip(run_pose.view(), run, run_time, n);
    BlendPoses(blended.view(), walk_pose.view(), run_pose.view(), kBlendWeight, n);
    LocalToModel(skeleton, blended.view(), model.data());
    std::printf("  phase %.2f (walk %.3f s, run %.3f s): pelvis %.3f  left foot %.3f  right foot %.3f\n",
                phase, walk_time, run_time, model[static_cast<std::size_t>(pelvis)].Translation().y,
                model[static_cast<std::size_t>(foot_l)].Translation().y,
                model[static_cast<std::size_t>(foot_r)].Translation().y);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: anim-sample-job SAMPLE_FOLDER   (e.g. anim-sample-job samples/humanoid)\n");
    return 2;
  }
  DiagnosticSink diagnostics;
  const std::optional<SampleFolder> sample = LoadSampleFolder(argv[1], diagnostics);
  if (!sample) {
    std::fprintf(stderr, "%s", FormatText(diagnostics).c_str());
    return 1;
  }
  PrintClips(*sample);

  const Skeleton& skeleton = sample->skeleton;
  const Clip* walk = sample->FindClip("walk_fwd");
  const Clip* run = sample->FindClip("run_fwd");
  const int pelvis = skeleton.FindBone("pelvis");
  const int foot_l = skeleton.FindBone("foot_l");
  const int foot_r = skeleton.FindBone("foot_r");
  if (walk == nullptr || run == nullptr || pelvis < 0 || foot_l < 0 || foot_r < 0) {
    std::fprintf(
        stderr, "%s: error: the blend needs clips walk_fwd and run_fwd and bones pelvis, foot_l and foot_r\n",
        argv[1]);
    return 1;
  }
  PrintBlend(skeleton, *walk, *run, pelvis, foot_l, foot_r);
  return 0;
}
