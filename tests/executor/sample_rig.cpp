#include "tests/executor/sample_rig.h"

#include <catch2/catch.hpp>

#include "compiler/assets/asset_loader.h"

namespace anim::test {
namespace {

SampleRig LoadHumanoid() {
  const std::string dir = std::string(ANIMTC_SOURCE_DIR) + "/samples/humanoid/";
  DiagnosticSink diagnostics;
  std::optional<Skeleton> skeleton = LoadSkeletonFile(dir + "skeleton.yaml", diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(skeleton);
  SampleRig rig{*std::move(skeleton), {}, {}};
  for (const char* name : {"idle", "walk_fwd", "walk_back", "run_fwd", "run_back", "jump", "aim_pose"}) {
    std::optional<Clip> clip = LoadClipFile(dir + name + ".json", rig.skeleton, diagnostics);
    INFO(FormatText(diagnostics));
    REQUIRE(clip);
    rig.clips.push_back(*std::move(clip));
  }
  for (const Clip& clip : rig.clips) rig.clip_table.push_back(&clip);
  return rig;
}

}  // namespace

uint16_t SampleRig::ClipIndex(const std::string& name) const {
  for (std::size_t i = 0; i < clips.size(); ++i) {
    if (clips[i].name() == name) return static_cast<uint16_t>(i);
  }
  FAIL("no sample clip named " << name);
  return 0;
}

const SampleRig& HumanoidRig() {
  static const SampleRig rig = LoadHumanoid();
  return rig;
}

}  // namespace anim::test
