#include "tests/support/sample_gltf.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "compiler/assets/asset_loader.h"

namespace anim::test {

namespace fs = std::filesystem;

std::vector<const Clip*> SampleRig::ClipPointers() const {
  std::vector<const Clip*> pointers;
  for (const Clip& clip : clips)
    pointers.push_back(&clip);
  return pointers;
}

SampleRig LoadSampleRig(const std::string& folder) {
  const fs::path dir = fs::path(ANIMTC_SOURCE_DIR) / "samples" / folder;
  DiagnosticSink diagnostics;
  std::optional<Skeleton> skeleton = LoadSkeletonFile((dir / "skeleton.yaml").string(), diagnostics);
  if (!skeleton) throw std::runtime_error(FormatText(diagnostics));
  SampleRig rig{*std::move(skeleton), {}};
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    // Dense: the keys as the samples write them, which the writer tests compare exactly.
    std::optional<Clip> clip =
        LoadClipFile(file.string(), rig.skeleton, diagnostics, kMaxClipKeyBytes, {ClipEncoding::Dense});
    if (!clip) throw std::runtime_error(FormatText(diagnostics));
    rig.clips.push_back(*std::move(clip));
  }
  return rig;
}

namespace {

void WriteBytes(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

void WriteGltfFile(const fs::path& path, const Skeleton& skeleton, const std::vector<const Clip*>& clips,
                   const GltfWriteOptions& options) {
  std::string error;
  const std::optional<GltfFiles> files = WriteGltf(skeleton, clips, options, error);
  if (!files) throw std::runtime_error("WriteGltf refused: " + error);
  WriteBytes(path, files->document);
  if (options.container == GltfContainer::GltfExternal)
    WriteBytes(path.parent_path() / options.buffer_uri, files->buffer);
}

void WriteHumanoidGlb(const fs::path& path) {
  const SampleRig rig = LoadSampleRig("humanoid");
  WriteGltfFile(path, rig.skeleton, rig.ClipPointers(), GltfWriteOptions{});
}

}  // namespace anim::test
