// anim-sample-gen OUTPUT_DIR: writes the sample skeletons and clips under OUTPUT_DIR/humanoid and
// OUTPUT_DIR/litmus. The output is byte-for-byte reproducible; samples/ holds the committed copy.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tools/sample_gen/asset_writer.h"
#include "tools/sample_gen/gait_clips.h"
#include "tools/sample_gen/humanoid_rig.h"
#include "tools/sample_gen/litmus.h"
#include "tools/sample_gen/pose_clips.h"

namespace fs = std::filesystem;
using namespace anim::sample_gen;

namespace {

struct OutputFile {
  fs::path path;
  std::string text;
};

std::vector<OutputFile> SampleFiles(const fs::path& out) {
  std::vector<OutputFile> files;
  const HumanoidRig rig = MakeHumanoidRig();
  const fs::path humanoid = out / "humanoid";
  files.push_back({humanoid / "skeleton.yaml", WriteSkeletonYaml(rig.desc)});
  std::vector<ClipFrames> clips = GaitClips(rig);
  clips.push_back(IdleClip(rig));
  clips.push_back(JumpClip(rig));
  clips.push_back(AimPoseClip(rig));
  for (const ClipFrames& clip : clips) {
    files.push_back({humanoid / (clip.name + ".json"), WriteClipJson(clip, rig.desc)});
  }

  const anim::SkeletonDesc litmus = LitmusSkeleton();
  files.push_back({out / "litmus" / "skeleton.yaml", WriteSkeletonYaml(litmus)});
  files.push_back({out / "litmus" / "straight.json", WriteClipJson(LitmusStraightClip(litmus), litmus)});
  return files;
}

bool WriteFile(const OutputFile& file) {
  std::error_code error;
  fs::create_directories(file.path.parent_path(), error);
  if (error) {
    std::fprintf(stderr, "anim-sample-gen: cannot create %s: %s\n", file.path.parent_path().c_str(),
                 error.message().c_str());
    return false;
  }
  std::ofstream stream(file.path, std::ios::binary | std::ios::trunc);
  stream << file.text;
  stream.close();
  if (!stream) {
    std::fprintf(stderr, "anim-sample-gen: cannot write %s\n", file.path.c_str());
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(
        stderr,
        "usage: anim-sample-gen OUTPUT_DIR\n  writes OUTPUT_DIR/humanoid/* and OUTPUT_DIR/litmus/*\n");
    return 2;
  }
  try {
    for (const OutputFile& file : SampleFiles(argv[1])) {
      if (!WriteFile(file)) return 1;
      std::printf("wrote %s (%zu bytes)\n", file.path.c_str(), file.text.size());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "anim-sample-gen: %s\n", e.what());
    return 1;
  }
  return 0;
}
