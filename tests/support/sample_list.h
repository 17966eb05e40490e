// The sample graphs under samples/ (documents declaring `format: animtc.graph`, not scenarios), and
// which of them read the third-party glTF assets: those say so on a line of their own,
// "# needs: ANIMTC_GLTF_ASSETS" (samples/README.md), and are compiled with ANIMTC_GLTF_ASSETS as an
// asset folder (-I) by the tests that are registered only when the assets are there.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace anim::test {

inline std::string ReadSampleText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline bool IsGraphDocument(const std::string& text) {
  return text.find("format: animtc.graph") != std::string::npos ||
         text.find("\"format\": \"animtc.graph\"") != std::string::npos;
}

inline bool NeedsGltfAssets(const std::string& text) {
  return text.rfind("# needs: ANIMTC_GLTF_ASSETS", 0) == 0 ||
         text.find("\n# needs: ANIMTC_GLTF_ASSETS") != std::string::npos;
}

// Paths (relative to `samples_dir`'s parent, e.g. "samples/litmus.yaml") of the graph documents
// anywhere under `samples_dir`, sorted, with or without the glTF assets line.
inline std::vector<std::string> SampleGraphPaths(const std::filesystem::path& samples_dir, bool gltf_assets) {
  namespace fs = std::filesystem;
  std::vector<std::string> paths;
  for (const auto& entry : fs::recursive_directory_iterator(samples_dir)) {
    const fs::path& path = entry.path();
    if (!entry.is_regular_file() || (path.extension() != ".yaml" && path.extension() != ".json")) continue;
    const std::string text = ReadSampleText(path);
    if (!IsGraphDocument(text) || NeedsGltfAssets(text) != gltf_assets) continue;
    paths.push_back((samples_dir.filename() / fs::relative(path, samples_dir)).string());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

}  // namespace anim::test
