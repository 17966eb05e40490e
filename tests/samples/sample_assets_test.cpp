// The committed samples load through the asset loader and have the shape their README promises:
// a 60-80 bone humanoid stored parents first with a low-detail prefix, seamless loops, walk and run
// sharing foot-contact phases, a play-once jump, and a litmus chain that stays straight.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "compiler/assets/asset_loader.h"
#include "compiler/clips/clip_encoding.h"
#include "compiler/diag/diagnostics.h"
#include "executor/kernels/pose_kernels.h"
#include "executor/resolve/forward_kinematics.h"
#include "tests/samples/tool_runner.h"

using namespace anim;

namespace {

const std::string kHumanoid = std::string(ANIMTC_SOURCE_DIR) + "/samples/humanoid/";
const std::string kLitmus = std::string(ANIMTC_SOURCE_DIR) + "/samples/litmus/";

Skeleton LoadSkeleton(const std::string& path) {
  DiagnosticSink diagnostics;
  std::optional<Skeleton> skeleton = LoadSkeletonFile(path, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(skeleton);
  REQUIRE_FALSE(diagnostics.has_errors());
  return std::move(*skeleton);
}

// Dense unless asked: these tests read the samples' keys as written.
Clip LoadClip(const std::string& path, const Skeleton& skeleton,
              ClipEncoding encoding = ClipEncoding::Dense) {
  DiagnosticSink diagnostics;
  std::optional<Clip> clip = LoadClipFile(path, skeleton, diagnostics, kMaxClipKeyBytes, {encoding});
  INFO(FormatText(diagnostics));
  REQUIRE(clip);
  REQUIRE_FALSE(diagnostics.has_errors());
  return std::move(*clip);
}

int Bone(const Skeleton& skeleton, const char* name) {
  const int bone = skeleton.FindBone(name);
  INFO(name);
  REQUIRE(bone >= 0);
  return bone;
}

bool SameFrame(ConstPoseView a, ConstPoseView b) {
  for (int i = 0; i < a.bone_count; ++i) {
    if (!(GetBoneTransform(a, i) == GetBoneTransform(b, i))) return false;
  }
  return true;
}

std::vector<Mat4> ModelMatrices(const Skeleton& skeleton, ConstPoseView pose) {
  std::vector<Mat4> model(static_cast<std::size_t>(skeleton.bone_count()));
  LocalToModel(skeleton, pose, model.data());
  return model;
}

float Height(const std::vector<Mat4>& model, int bone) {
  return model[static_cast<std::size_t>(bone)].Translation().y;
}

// Detail bones the LOD cut leaves out: fingers, twist bones, face and IK helpers.
bool IsDetailBone(const std::string& name) {
  for (const char* part : {"thumb", "index", "middle", "ring", "pinky", "twist", "jaw", "eye", "ik_"}) {
    if (name.find(part) != std::string::npos) return true;
  }
  return false;
}

bool HasCode(const DiagnosticSink& diagnostics, const std::string& code) {
  for (const Diagnostic& d : diagnostics.diagnostics()) {
    if (d.code == code) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("the humanoid skeleton is a 60-80 bone rig stored parents first", "[samples]") {
  const Skeleton skeleton = LoadSkeleton(kHumanoid + "skeleton.yaml");
  CHECK(skeleton.name() == "humanoid");
  CHECK(skeleton.bone_count() >= 60);
  CHECK(skeleton.bone_count() <= 80);
  CHECK(skeleton.parent(0) == kNoParent);
  for (int i = 1; i < skeleton.bone_count(); ++i) {
    INFO(skeleton.bone_name(i));
    CHECK(skeleton.parent(i) >= 0);
    CHECK(skeleton.parent(i) < i);
  }
  for (const char* name :
       {"root",       "pelvis",     "spine_01",   "spine_02",    "spine_03",  "neck",      "head",
        "clavicle_l", "upperarm_r", "lowerarm_l", "hand_r",      "thigh_l",   "calf_r",    "foot_l",
        "toe_r",      "thumb_03_l", "index_01_r", "middle_02_l", "ring_03_r", "pinky_01_l"}) {
    Bone(skeleton, name);
  }
}

TEST_CASE("the humanoid's low-detail prefix is the body and everything past it is detail", "[samples]") {
  const Skeleton skeleton = LoadSkeleton(kHumanoid + "skeleton.yaml");
  const int cut = skeleton.low_detail_bone_count();
  REQUIRE(cut > 0);
  REQUIRE(cut < skeleton.bone_count());
  for (int i = 0; i < skeleton.bone_count(); ++i) {
    INFO(skeleton.bone_name(i) << " at index " << i << ", cut " << cut);
    CHECK(IsDetailBone(skeleton.bone_name(i)) == (i >= cut));
  }
}

TEST_CASE("the humanoid's bind pose has plausible proportions in metres", "[samples]") {
  const Skeleton skeleton = LoadSkeleton(kHumanoid + "skeleton.yaml");
  const auto height = [&](const char* name) {
    return skeleton.bind_model()[Bone(skeleton, name)].Translation().y;
  };
  CHECK(height("head") > 1.4f);
  CHECK(height("head") < 1.8f);
  CHECK(height("pelvis") > 0.8f);
  CHECK(height("pelvis") < 1.1f);
  CHECK(height("foot_l") > 0.0f);
  CHECK(height("foot_l") < 0.15f);
  // Facing +Z with Y up: the character's left is +X.
  CHECK(skeleton.bind_model()[Bone(skeleton, "hand_l")].Translation().x > 0.3f);
  CHECK(skeleton.bind_model()[Bone(skeleton, "hand_r")].Translation().x < -0.3f);
  CHECK(skeleton.bind_model()[Bone(skeleton, "toe_l")].Translation().z > 0.05f);
}

TEST_CASE("every humanoid clip loads, loops close exactly and the jump plays once", "[samples]") {
  const Skeleton skeleton = LoadSkeleton(kHumanoid + "skeleton.yaml");
  const int root = Bone(skeleton, "root");
  for (const char* name :
       {"idle", "walk_fwd", "walk_back", "run_fwd", "run_back", "walk_left", "walk_right"}) {
    INFO(name);
    Clip clip = LoadClip(kHumanoid + name + ".json", skeleton);
    CHECK(clip.name() == name);
    CHECK(clip.sample_rate() == 30.0f);
    CHECK(clip.looping());
    REQUIRE(clip.frame_count() > 2);
    // The last frame is the first, but for the root: a moving cycle ends a cycle's walk further on.
    const int last = clip.frame_count() - 1;
    const Vec3 travelled =
        GetVec3(clip.frame(last).translations, root) - GetVec3(clip.frame(0).translations, root);
    SetVec3(clip.frame(last).translations, root, GetVec3(clip.frame(0).translations, root));
    CHECK(SameFrame(clip.frame(0), clip.frame(last)));
    if (std::string(name) == "idle") {
      CHECK(Length(travelled) == 0.0f);
    } else {
      CHECK(Length(travelled) > 0.3f);  // half a metre to two metres a cycle
      CHECK(Length(travelled) < 2.5f);
    }
    // The loop is not trivially still: the middle of the cycle differs from its start.
    CHECK_FALSE(SameFrame(clip.frame(0), clip.frame(clip.frame_count() / 2 - 1)));
  }
  const Clip jump = LoadClip(kHumanoid + "jump.json", skeleton);
  CHECK_FALSE(jump.looping());
  CHECK(jump.duration() == Approx(1.2f).margin(0.1f));
  CHECK_FALSE(SameFrame(jump.frame(0), jump.frame(jump.frame_count() / 2)));

  const Clip aim = LoadClip(kHumanoid + "aim_pose.json", skeleton);
  CHECK_FALSE(aim.looping());
  CHECK(aim.frame_count() >= 2);
  CHECK(aim.frame_count() <= 10);
  const Clip idle = LoadClip(kHumanoid + "idle.json", skeleton);
  // Arms raised to aim: both hands well above where they hang in the idle.
  const std::vector<Mat4> aim_model = ModelMatrices(skeleton, aim.frame(0));
  const std::vector<Mat4> idle_model = ModelMatrices(skeleton, idle.frame(0));
  for (const char* hand : {"hand_l", "hand_r"}) {
    INFO(hand);
    CHECK(Height(aim_model, Bone(skeleton, hand)) > Height(idle_model, Bone(skeleton, hand)) + 0.3f);
  }
}

TEST_CASE("with its root motion, a moving cycle's planted foot stays put on the ground", "[samples]") {
  const Skeleton skeleton = LoadSkeleton(kHumanoid + "skeleton.yaml");
  const int foot = Bone(skeleton, "foot_l");
  Pose pose(skeleton.bone_count());
  struct Stance {
    const char* clip;
    double from, to;  // phases in which the left foot lies flat (inset from the contact's ends)
  };
  for (const Stance& s :
       {Stance{"walk_fwd", 0.1, 0.36}, Stance{"walk_back", 0.26, 0.52}, Stance{"run_fwd", 0.07, 0.17},
        Stance{"run_back", 0.19, 0.29}, Stance{"walk_left", 0.07, 0.43}, Stance{"walk_right", 0.07, 0.43}}) {
    INFO(s.clip);
    const Clip clip = LoadClip(kHumanoid + s.clip + ".json", skeleton);
    Vec3 lo{1e9f, 1e9f, 1e9f}, hi{-1e9f, -1e9f, -1e9f};
    for (double phase = s.from; phase <= s.to; phase += 0.01) {
      SampleClip(pose.view(), clip, static_cast<float>(phase) * clip.duration(), skeleton.bone_count());
      const Vec3 p = ModelMatrices(skeleton, pose.view())[static_cast<std::size_t>(foot)].Translation();
      lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
      hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    }
    // The root carries the body on at the speed the stance foot slides back under it on average;
    // the procedural hip curves ease (and the pelvis sways), so the foot stays within a few cm.
    // Without the root motion it would slide 20 to 50 cm.
    CHECK(hi.x - lo.x < 0.07f);
    CHECK(hi.z - lo.z < 0.07f);
  }
}

TEST_CASE("walk and run plant the left foot at phase 0 and the right at phase 0.5", "[samples]") {
  const Skeleton skeleton = LoadSkeleton(kHumanoid + "skeleton.yaml");
  const int feet[2][2] = {{Bone(skeleton, "foot_l"), Bone(skeleton, "toe_l")},
                          {Bone(skeleton, "foot_r"), Bone(skeleton, "toe_r")}};
  Pose pose(skeleton.bone_count());
  constexpr double kNear = 0.07;  // about two frames of a walk, one and a half of a run
  for (const char* name : {"walk_fwd", "walk_back", "run_fwd", "run_back"}) {
    const Clip clip = LoadClip(kHumanoid + name + ".json", skeleton);
    // Height of a foot's lowest joint (ankle or toe) at a normalised phase.
    const auto sole = [&](int side, double phase) {
      const double wrapped = phase - std::floor(phase);
      SampleClip(pose.view(), clip, static_cast<float>(wrapped) * clip.duration(), skeleton.bone_count());
      const std::vector<Mat4> model = ModelMatrices(skeleton, pose.view());
      return std::min(Height(model, feet[side][0]), Height(model, feet[side][1]));
    };
    for (int side : {0, 1}) {
      const double plant = 0.5 * side;
      float ground = sole(side, 0.0);
      for (int k = 1; k < clip.frame_count(); ++k)
        ground = std::min(ground, sole(side, double(k) / clip.frame_count()));
      // In the air just before its plant, on the ground just after it. A planted foot rests on its
      // toe joint at the lowest height that foot reaches in the cycle.
      INFO(name << (side == 0 ? " left" : " right") << " foot; lowest " << ground << ", before the plant "
                << sole(side, plant - kNear) << ", after it " << sole(side, plant + kNear));
      CHECK(sole(side, plant - kNear) > ground + 0.03f);
      CHECK(sole(side, plant + kNear) < ground + 0.01f);
    }
  }
}

TEST_CASE("the litmus chain stays straight along +Y in every frame and between frames", "[samples]") {
  const Skeleton skeleton = LoadSkeleton(kLitmus + "skeleton.yaml");
  REQUIRE(skeleton.bone_count() == 12);
  const float link = skeleton.bind_local(0).translation.y;
  REQUIRE(link > 0.0f);
  // Dense, exactly; compressed, within the default precision.
  for (const auto& [encoding, precision] :
       {std::pair{ClipEncoding::Dense, 1e-6},
        std::pair{ClipEncoding::Compressed, DefaultClipPrecision(SkeletonHeight(skeleton)).precision}}) {
    INFO(EncodingName(encoding));
    const double margin = precision;  // a variable the lambda below can capture (C++17 bindings: not)
    const Clip clip = LoadClip(kLitmus + "straight.json", skeleton, encoding);
    CHECK(clip.looping());
    CHECK(clip.tracked_bones().size() == 12);
    const auto require_straight = [&](ConstPoseView pose) {
      const std::vector<Mat4> model = ModelMatrices(skeleton, pose);
      for (int i = 0; i < skeleton.bone_count(); ++i) {
        INFO("joint " << i);
        const Vec3 p = model[static_cast<std::size_t>(i)].Translation();
        REQUIRE(p.x == Approx(0.0f).margin(margin));
        REQUIRE(p.z == Approx(0.0f).margin(margin));
        REQUIRE(p.y == Approx(link * static_cast<float>(i + 1)).epsilon(1e-5f).margin(margin));
      }
    };
    Pose pose(skeleton.bone_count());
    for (int k = 0; k < clip.frame_count(); ++k) {
      INFO("frame " << k);
      clip.DecodeFrame(k, pose.view());
      require_straight(pose.view());
    }
    for (float t : {0.013f, 0.5f, 0.987f, 1.7f}) {
      INFO("time " << t);
      SampleClip(pose.view(), clip, t, skeleton.bone_count());
      require_straight(pose.view());
    }
  }
}

TEST_CASE("a humanoid clip is rejected against the litmus skeleton", "[samples]") {
  const Skeleton litmus = LoadSkeleton(kLitmus + "skeleton.yaml");
  DiagnosticSink diagnostics;
  CHECK_FALSE(LoadClipFile(kHumanoid + "walk_fwd.json", litmus, diagnostics));
  INFO(FormatText(diagnostics));
  CHECK(HasCode(diagnostics, "E111"));
}

TEST_CASE("a truncated sample is reported, not half-loaded", "[samples]") {
  const Skeleton skeleton = LoadSkeleton(kHumanoid + "skeleton.yaml");
  const std::string clip_text = test::ReadFile(kHumanoid + "run_fwd.json");
  DiagnosticSink diagnostics;
  CHECK_FALSE(ParseClip(clip_text.substr(0, clip_text.size() / 2), "run_fwd.json", skeleton, diagnostics));
  INFO(FormatText(diagnostics));
  CHECK(HasCode(diagnostics, "E100"));
}
