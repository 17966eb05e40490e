#include "tests/frontend/same_keys.h"

#include <catch2/catch.hpp>

namespace anim::test {

GltfImportOptions RateOptions(double rate) {
  GltfImportOptions options;
  options.sample_rate = rate;
  return options;
}

const Clip& ImportedClip(const GltfImport& import, const std::string& name) {
  for (const Clip& clip : import.clips)
    if (clip.name() == name) return clip;
  FAIL("no imported clip " << name);
  return import.clips.front();
}

void CheckSameKeys(const Clip& a, const Clip& b) {
  REQUIRE(a.frame_count() == b.frame_count());
  REQUIRE(a.bone_count() == b.bone_count());
  CHECK(a.sample_rate() == b.sample_rate());
  CHECK(a.encoding() == b.encoding());
  CHECK(a.tracked_bones() == b.tracked_bones());
  Pose x(a.bone_count()), y(b.bone_count());
  for (int k = 0; k < a.frame_count(); ++k) {
    a.DecodeFrame(k, x.view());
    b.DecodeFrame(k, y.view());
    for (int bone = 0; bone < a.bone_count(); ++bone) {
      REQUIRE(x.Get(bone).translation.x == y.Get(bone).translation.x);
      REQUIRE(x.Get(bone).translation.y == y.Get(bone).translation.y);
      REQUIRE(x.Get(bone).translation.z == y.Get(bone).translation.z);
      REQUIRE(x.Get(bone).rotation == y.Get(bone).rotation);
      REQUIRE(x.Get(bone).scale.x == y.Get(bone).scale.x);
      REQUIRE(x.Get(bone).scale.y == y.Get(bone).scale.y);
      REQUIRE(x.Get(bone).scale.z == y.Get(bone).scale.z);
    }
  }
}

}  // namespace anim::test
