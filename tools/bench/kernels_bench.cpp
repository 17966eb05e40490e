// anim-bench-kernels: time per bone of every pose kernel, SIMD and scalar reference, on 64- and
// 256-bone poses, plus clip sampling (random dense keys, and the sample humanoid's run clip dense
// and compressed), skinning resolve, and the IK solvers on a pose of the humanoid's run clip. Read
// the per_bone column (time per bone) for the kernels.
#include <benchmark/benchmark.h>

#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "compiler/assets/asset_loader.h"
#include "executor/kernels/pose_kernels.h"
#include "executor/ops/fabrik.h"
#include "executor/ops/foot_ik.h"
#include "executor/ops/look_at.h"
#include "executor/ops/model_space.h"
#include "executor/ops/two_bone_ik.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"
#include "executor/resolve/forward_kinematics.h"

namespace anim {
namespace {

Quat RandomUnitQuat(std::mt19937& rng) {
  std::normal_distribution<float> n(0.0f, 1.0f);
  return Normalize(Quat{n(rng), n(rng), n(rng), n(rng)});
}

Transform RandomTransform(std::mt19937& rng) {
  std::uniform_real_distribution<float> t(-1.0f, 1.0f), s(0.5f, 2.0f);
  return {{t(rng), t(rng), t(rng)}, RandomUnitQuat(rng), {s(rng), s(rng), s(rng)}};
}

// Everything one benchmark touches, built once outside the timed loop.
struct Fixture {
  explicit Fixture(int bones) : a(bones), b(bones), out(bones), weights(bones), parents(bones) {
    std::mt19937 rng(static_cast<unsigned>(bones));
    SkeletonDesc desc;
    desc.name = "bench";
    for (int i = 0; i < bones; ++i) {
      a.Set(i, RandomTransform(rng));
      b.Set(i, RandomTransform(rng));
      weights[i] = i % 4 == 0 ? 0.0f : 0.5f;
      parents[i] = static_cast<int16_t>(i == 0 ? -1 : static_cast<int>(rng() % static_cast<unsigned>(i)));
      desc.bones.push_back({"bone" + std::to_string(i), parents[i], RandomTransform(rng), std::nullopt});
    }
    std::string error;
    skeleton = Skeleton::Build(desc, error);
    clip = Clip::Create(*skeleton, "bench", 30.0f, 31, true, error);
    for (int k = 0; k < clip->frame_count(); ++k) {
      for (int i = 0; i < bones; ++i)
        SetBoneTransform(clip->frame(k), i, RandomTransform(rng));
    }
    model.resize(bones);
    skinning.resize(bones);
  }

  Pose a, b, out;
  std::vector<float> weights;
  std::vector<int16_t> parents;
  std::optional<Skeleton> skeleton;
  std::optional<Clip> clip;
  std::vector<Mat4> model, skinning;
  float time = 0.0f;
};

using KernelRun = std::function<void(Fixture&, int)>;

// One fixture per bone count, shared by every kernel: where its poses happen to lie (their
// addresses' offsets against each other) moves a copy's time by a third, so a kernel and the
// memcpy it is held to must read and write the same buffers.
Fixture& SharedFixture(int bones) {
  static std::map<int, std::unique_ptr<Fixture>> fixtures;
  std::unique_ptr<Fixture>& f = fixtures[bones];
  if (!f) f = std::make_unique<Fixture>(bones);
  return *f;
}

void RunKernel(benchmark::State& state, const KernelRun& run) {
  const int bones = static_cast<int>(state.range(0));
  Fixture& f = SharedFixture(bones);
  for (auto _ : state) {
    run(f, bones);
    benchmark::DoNotOptimize(f.out.view().translations);
    benchmark::ClobberMemory();
  }
  // Seconds per bone: the rate of bones per second, inverted.
  state.counters["per_bone"] =
      benchmark::Counter(bones, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

struct KernelPair {
  const char* name;
  KernelRun simd;
  KernelRun reference;
};

std::vector<KernelPair> Kernels() {
  return {
      {"BlendPoses", [](Fixture& f, int n) { BlendPoses(f.out.view(), f.a.view(), f.b.view(), 0.3f, n); },
       [](Fixture& f, int n) { reference::BlendPoses(f.out.view(), f.a.view(), f.b.view(), 0.3f, n); }},
      {"BlendPosesMasked",
       [](Fixture& f, int n) {
         BlendPosesMasked(f.out.view(), f.a.view(), f.b.view(), f.weights.data(), 0.7f, n);
       },
       [](Fixture& f, int n) {
         reference::BlendPosesMasked(f.out.view(), f.a.view(), f.b.view(), f.weights.data(), 0.7f, n);
       }},
      {"MakeAdditiveLocal",
       [](Fixture& f, int n) { MakeAdditiveLocal(f.out.view(), f.a.view(), f.b.view(), n); },
       [](Fixture& f, int n) { reference::MakeAdditiveLocal(f.out.view(), f.a.view(), f.b.view(), n); }},
      {"ApplyAdditiveLocal",
       [](Fixture& f, int n) { ApplyAdditiveLocal(f.out.view(), f.a.view(), f.b.view(), 0.6f, n); },
       [](Fixture& f, int n) {
         reference::ApplyAdditiveLocal(f.out.view(), f.a.view(), f.b.view(), 0.6f, n);
       }},
      {"MakeAdditiveMesh",
       [](Fixture& f, int n) { MakeAdditiveMesh(f.out.view(), f.a.view(), f.b.view(), f.parents.data(), n); },
       [](Fixture& f, int n) {
         reference::MakeAdditiveMesh(f.out.view(), f.a.view(), f.b.view(), f.parents.data(), n);
       }},
      {"ApplyAdditiveMesh",
       [](Fixture& f, int n) {
         ApplyAdditiveMesh(f.out.view(), f.a.view(), f.b.view(), 0.6f, f.parents.data(), n);
       },
       [](Fixture& f, int n) {
         reference::ApplyAdditiveMesh(f.out.view(), f.a.view(), f.b.view(), 0.6f, f.parents.data(), n);
       }},
      {"CopyPose", [](Fixture& f, int n) { CopyPose(f.out.view(), f.a.view(), n); },
       [](Fixture& f, int n) { reference::CopyPose(f.out.view(), f.a.view(), n); }},
      {"SampleClip",
       [](Fixture& f, int n) {
         SampleClip(f.out.view(), *f.clip, f.time, n);
         f.time += 0.0137f;
       },
       [](Fixture& f, int n) {
         reference::SampleClip(f.out.view(), *f.clip, f.time, n);
         f.time += 0.0137f;
       }},
  };
}

// The sample humanoid's run clip in both encodings: what decoding compressed keys costs against
// reading dense ones, on real motion (random keys would compress to nothing like a real clip).
struct HumanoidRun {
  std::optional<Skeleton> skeleton;
  std::optional<Clip> dense;
  std::optional<Clip> compressed;
};

const HumanoidRun& LoadHumanoidRun() {
  static const HumanoidRun run = [] {
    const std::string folder = std::string(ANIMTC_SOURCE_DIR) + "/samples/humanoid";
    DiagnosticSink sink;
    HumanoidRun r;
    r.skeleton = LoadSkeletonFile(folder + "/skeleton.yaml", sink);
    if (!r.skeleton) throw std::runtime_error("cannot load " + folder + "/skeleton.yaml");
    for (ClipEncoding encoding : {ClipEncoding::Dense, ClipEncoding::Compressed}) {
      std::optional<Clip> clip =
          LoadClipFile(folder + "/run_fwd.json", *r.skeleton, sink, kMaxClipKeyBytes, {encoding});
      if (!clip) throw std::runtime_error("cannot load " + folder + "/run_fwd.json");
      (encoding == ClipEncoding::Dense ? r.dense : r.compressed) = std::move(clip);
    }
    return r;
  }();
  return run;
}

template <auto Sample>
void SampleHumanoidRun(benchmark::State& state, bool compressed) {
  const HumanoidRun& run = LoadHumanoidRun();
  const Clip& clip = compressed ? *run.compressed : *run.dense;
  const int bones = run.skeleton->bone_count();
  Pose out(bones);
  float time = 0.0f;
  for (auto _ : state) {
    Sample(out.view(), clip, time, bones);
    time += 0.0137f;
    benchmark::DoNotOptimize(out.view().translations);
    benchmark::ClobberMemory();
  }
  state.counters["per_bone"] =
      benchmark::Counter(bones, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["key_bytes"] = static_cast<double>(clip.key_bytes());
}

// One IK solve on the humanoid's run clip sampled at 0.3 s. Each iteration first restores the
// rotations of the bones the solver edits (all an IK solver changes), so every solve starts from
// the same clip pose.
struct HumanoidIK {
  const Skeleton& skeleton;
  Pose input, pose;
  int Bone(const char* name) const {
    const int bone = skeleton.FindBone(name);
    if (bone < 0) throw std::runtime_error(std::string("no bone ") + name);
    return bone;
  }
};

HumanoidIK SampleHumanoidPose() {
  const HumanoidRun& run = LoadHumanoidRun();
  const int bones = run.skeleton->bone_count();
  HumanoidIK ik{*run.skeleton, Pose(bones), Pose(bones)};
  SampleClip(ik.input.view(), *run.dense, 0.3f, bones);
  CopyPose(ik.pose.view(), ik.input.view(), bones);
  return ik;
}

template <typename Solve>
void RunIK(benchmark::State& state, HumanoidIK& ik, std::vector<int> edited, Solve solve) {
  for (auto _ : state) {
    for (int bone : edited)
      SetQuat(ik.pose.view().rotations, bone, GetQuat(ik.input.view().rotations, bone));
    solve(ik.pose.view());
    benchmark::DoNotOptimize(ik.pose.view().rotations);
    benchmark::ClobberMemory();
  }
}

// Left leg, target a little in front of and above the foot: reachable, the knee bends more.
void BenchTwoBoneIK(benchmark::State& state) {
  HumanoidIK ik = SampleHumanoidPose();
  const int thigh = ik.Bone("thigh_l"), calf = ik.Bone("calf_l"), foot = ik.Bone("foot_l");
  const Vec3 target = ModelPosition(ik.input.view(), ik.skeleton, foot) + Vec3{0.0f, 0.1f, 0.05f};
  const int count = ik.skeleton.bone_count();
  RunIK(state, ik, {thigh, calf, foot}, [&](PoseView pose) {
    SolveTwoBoneIK(pose, ik.skeleton, count, thigh, calf, foot, target, nullptr, 1.0f);
  });
}

// Ground on a slope under the left foot: at the foot's height (planted) or well below it (not).
void BenchFootIK(benchmark::State& state, bool planted) {
  HumanoidIK ik = SampleHumanoidPose();
  const int thigh = ik.Bone("thigh_l"), calf = ik.Bone("calf_l"), foot = ik.Bone("foot_l");
  const float foot_y = ModelPosition(ik.input.view(), ik.skeleton, foot).y;
  const FootGround ground{planted ? foot_y : foot_y - 0.5f,
                          NormalizeOr(Vec3{0.1f, 1.0f, 0.2f}, Vec3{0.0f, 1.0f, 0.0f}), 0.08f, 0.02f};
  const int count = ik.skeleton.bone_count();
  RunIK(state, ik, {thigh, calf, foot},
        [&](PoseView pose) { SolveFootIK(pose, ik.skeleton, count, thigh, calf, foot, ground, 1.0f); });
}

// Left arm, clavicle to hand, toward a point in front of the chest within reach.
void BenchFabrik(benchmark::State& state) {
  HumanoidIK ik = SampleHumanoidPose();
  const int clavicle = ik.Bone("clavicle_l"), upper = ik.Bone("upperarm_l"), lower = ik.Bone("lowerarm_l"),
            hand = ik.Bone("hand_l");
  const Vec3 target = ModelPosition(ik.input.view(), ik.skeleton, clavicle) + Vec3{0.2f, -0.2f, 0.35f};
  const int count = ik.skeleton.bone_count();
  RunIK(state, ik, {clavicle, upper, lower, hand}, [&](PoseView pose) {
    SolveFabrik(pose, ik.skeleton, count, clavicle, hand, target, 10, 1e-3f, 1.0f);
  });
}

// The head turns its +z toward a point ahead and to the side, limited to 60 degrees.
void BenchLookAt(benchmark::State& state) {
  HumanoidIK ik = SampleHumanoidPose();
  const int head = ik.Bone("head");
  const Vec3 target = ModelPosition(ik.input.view(), ik.skeleton, head) + Vec3{1.0f, 0.3f, 2.0f};
  const int count = ik.skeleton.bone_count();
  RunIK(state, ik, {head}, [&](PoseView pose) {
    SolveLookAt(pose, ik.skeleton, count, head, target, Vec3{0.0f, 0.0f, 1.0f}, 1.05f, 1.0f);
  });
}

void RegisterAll() {
  for (const KernelPair& k : Kernels()) {
    for (const auto& [impl, run] : {std::pair{"simd", k.simd}, std::pair{"reference", k.reference}}) {
      benchmark::RegisterBenchmark((std::string(k.name) + "/" + impl).c_str(),
                                   [run = run](benchmark::State& state) { RunKernel(state, run); })
          ->Arg(64)
          ->Arg(256);
    }
  }
  // What CopyPose is held to (issue 18: within 1.2x): a plain memcpy of the same bytes.
  benchmark::RegisterBenchmark("CopyPose/memcpy",
                               [](benchmark::State& state) {
                                 RunKernel(state, [](Fixture& f, int n) {
                                   std::memcpy(f.out.view().translations, f.a.view().translations,
                                               static_cast<std::size_t>(PoseFloatCount(n)) * sizeof(float));
                                 });
                               })
      ->Arg(64)
      ->Arg(256);
  // Resolve has one implementation: forward kinematics and skinning in one pass over every bone.
  benchmark::RegisterBenchmark("ToSkinningMatrices",
                               [](benchmark::State& state) {
                                 RunKernel(state, [](Fixture& f, int) {
                                   ToSkinningMatrices(*f.skeleton, f.a.view(), f.model.data(),
                                                      f.skinning.data());
                                   benchmark::DoNotOptimize(f.skinning.data());
                                 });
                               })
      ->Arg(64)
      ->Arg(256);
  for (bool compressed : {false, true}) {
    const std::string encoding = compressed ? "compressed" : "dense";
    benchmark::RegisterBenchmark(
        ("SampleClip/humanoid_run/" + encoding + "/simd").c_str(),
        [compressed](benchmark::State& state) { SampleHumanoidRun<SampleClip>(state, compressed); });
    benchmark::RegisterBenchmark(("SampleClip/humanoid_run/" + encoding + "/reference").c_str(),
                                 [compressed](benchmark::State& state) {
                                   SampleHumanoidRun<reference::SampleClip>(state, compressed);
                                 });
  }
  benchmark::RegisterBenchmark("TwoBoneIK", BenchTwoBoneIK);
  benchmark::RegisterBenchmark("FootIK/planted", [](benchmark::State& state) { BenchFootIK(state, true); });
  benchmark::RegisterBenchmark("FootIK/not_planted",
                               [](benchmark::State& state) { BenchFootIK(state, false); });
  benchmark::RegisterBenchmark("FABRIK", BenchFabrik);
  benchmark::RegisterBenchmark("LookAt", BenchLookAt);
}

}  // namespace
}  // namespace anim

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  anim::RegisterAll();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
