#include "tools/sample_job/sample_folder.h"

#include <algorithm>
#include <filesystem>

#include "compiler/assets/asset_loader.h"

namespace fs = std::filesystem;

namespace anim {
namespace {

bool IsDocument(const fs::path& path) {
  const std::string ext = path.extension().string();
  return ext == ".json" || ext == ".yaml" || ext == ".yml";
}

}  // namespace

const Clip* SampleFolder::FindClip(const std::string& name) const {
  for (const Clip& clip : clips) {
    if (clip.name() == name) return &clip;
  }
  return nullptr;
}

std::optional<SampleFolder> LoadSampleFolder(const std::string& folder, DiagnosticSink& diagnostics) {
  std::error_code error;
  if (!fs::is_directory(folder, error)) {
    diagnostics.Error("E100", {folder, 0, 0}, "not a sample folder: the directory does not exist");
    return std::nullopt;
  }
  std::vector<fs::path> skeleton_files;
  std::vector<fs::path> clip_files;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
    if (!entry.is_regular_file() || !IsDocument(entry.path())) continue;
    (entry.path().stem() == "skeleton" ? skeleton_files : clip_files).push_back(entry.path());
  }
  if (error) {
    diagnostics.Error("E100", {folder, 0, 0}, "cannot list the folder: " + error.message());
    return std::nullopt;
  }
  if (skeleton_files.size() != 1) {
    diagnostics.Error("E101", {folder, 0, 0},
                      skeleton_files.empty() ? "no skeleton: expected skeleton.yaml or skeleton.json"
                                             : "more than one skeleton file: keep one of skeleton.yaml and "
                                               "skeleton.json");
    return std::nullopt;
  }
  std::optional<Skeleton> skeleton = LoadSkeletonFile(skeleton_files.front().string(), diagnostics);
  if (!skeleton) return std::nullopt;

  std::sort(clip_files.begin(), clip_files.end());
  SampleFolder sample{std::move(*skeleton), {}};
  for (const fs::path& file : clip_files) {
    std::optional<Clip> clip = LoadClipFile(file.string(), sample.skeleton, diagnostics);
    if (clip) sample.clips.push_back(std::move(*clip));
  }
  if (diagnostics.has_errors()) return std::nullopt;
  return sample;
}

}  // namespace anim
