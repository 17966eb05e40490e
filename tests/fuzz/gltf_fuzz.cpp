// Target "gltf": a .gltf or .glb file (the importer tells them by the binary magic), imported as
// anim-import does, and its skeleton and clips written as documents and read back; then read as the
// host of an export (anim-dump export), its clips written into it, and that file imported again.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/assets/asset_loader.h"
#include "compiler/export/gltf_host.h"
#include "compiler/export/gltf_writer.h"
#include "compiler/import/asset_writer.h"
#include "compiler/import/gltf_importer.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/fuzz_targets.h"

namespace anim::fuzz {
namespace {

// The importer's own budget is a gigabyte of keys; an input of a few bytes may ask for it (a key at
// t = 1e6 s), which would only measure memset under ASan. Resampled keys are not constant, so what
// is imported is also written out and read back: a megabyte keeps that fast.
constexpr std::uint64_t kFuzzClipKeyBytes = std::uint64_t{1} << 20;

// ImportGltf reads a path: each input is written to one file in a folder of this process's own,
// removed when the process exits normally.
class InputFile {
 public:
  InputFile() {
    dir_ = std::filesystem::temp_directory_path() / ("animtc-fuzz-gltf-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    path_ = (dir_ / "fuzz.gltf").string();
    exported_ = (dir_ / "exported.glb").string();
  }
  ~InputFile() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& Write(std::string_view bytes) {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) InvariantFailed("cannot write the fuzz input to " + path_);
    return path_;
  }

  // Beside the input, so the file it is exported into reads as it does.
  const std::string& WriteExported(const std::string& bytes) {
    std::ofstream out(exported_, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) InvariantFailed("cannot write the export to " + exported_);
    return exported_;
  }

 private:
  std::filesystem::path dir_;
  std::string path_;
  std::string exported_;
};

}  // namespace

// The file a skeleton came from, as `anim-dump export` writes into it: read as a host, its clips
// written into it; what is written must import again as the same bones and one animation each.
void ExportInto(const std::string& path, const GltfImport& imported, int skin, InputFile& file) {
  std::string error;
  const std::optional<GltfHost> host = ReadGltfHost(path, skin, imported.skeleton, error);
  if (!host) {
    if (error.empty()) InvariantFailed("a host refused without a reason");
    return;
  }
  // anim-dump export writes a clip of every bone; a clip of curves alone (morph weights) would be
  // an animation without channels, which glTF does not allow.
  std::vector<const Clip*> clips;
  for (const Clip& clip : imported.dense_clips) {
    if (!clip.tracked_bones().empty()) clips.push_back(&clip);
  }
  GltfWriteOptions options;
  options.host = &*host;
  const std::optional<GltfFiles> written = WriteGltf(imported.skeleton, clips, options, error);
  if (!written) return;  // a clip's non-finite keys, a file over 4 GiB: refused with a reason
  DiagnosticSink diagnostics;
  GltfImportOptions again;
  again.skin = skin;
  again.max_key_bytes = kFuzzClipKeyBytes;
  const std::optional<GltfImport> back =
      ImportGltf(file.WriteExported(written->document), again, diagnostics);
  if (!back) InvariantFailed("a file exported into a host does not import:\n" + FormatText(diagnostics));
  if (back->skeleton.bone_count() != imported.skeleton.bone_count() || back->clips.size() != clips.size())
    InvariantFailed("a file exported into a host imports with other bones or animations");
  for (int b = 0; b < back->skeleton.bone_count(); ++b) {
    if (back->skeleton.bone_name(b) != imported.skeleton.bone_name(b) ||
        back->skeleton.parent(b) != imported.skeleton.parent(b))
      InvariantFailed("a file exported into a host imports with bone " + std::to_string(b) + " changed");
  }
}

int FuzzGltf(const uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  // External buffers and images are files too (see NamesSystemFiles).
  if (NamesSystemFiles(bytes)) return 0;
  static InputFile file;
  const std::string& path = file.Write(bytes);

  const uint64_t hash = HashBytes({data, size});
  GltfImportOptions options;
  static constexpr double kRates[] = {0.0, 0.0, 30.0, 7.5};
  options.sample_rate = kRates[hash % 4];
  options.skin = (hash >> 8) % 8 == 0 ? 1 : 0;
  options.max_key_bytes = kFuzzClipKeyBytes;
  options.keep_dense = true;  // compressed as a graph holds them; written dense, as anim-import does
  DiagnosticSink diagnostics;
  const std::optional<GltfImport> imported = ImportGltf(path, options, diagnostics);
  (void)FormatText(diagnostics);
  (void)FormatJson(diagnostics);
  if (!imported) return 0;

  // anim-import's output: documents the asset loader reads back as the same assets.
  DiagnosticSink again;
  const std::optional<Skeleton> skeleton =
      ParseSkeleton(WriteSkeletonYaml(imported->skeleton), "written.yaml", again);
  if (!skeleton) InvariantFailed("an imported skeleton, written, does not read back:\n" + FormatText(again));
  const std::string difference = SkeletonDifference(imported->skeleton, *skeleton);
  if (!difference.empty())
    InvariantFailed("an imported skeleton, written, reads back with another " + difference);
  for (const Clip& clip : imported->dense_clips) {
    const std::optional<Clip> back = ParseClip(WriteClipJson(clip, imported->skeleton), "written.json",
                                               *skeleton, again, kFuzzClipKeyBytes, {ClipEncoding::Dense});
    if (!back) InvariantFailed("an imported clip, written, does not read back:\n" + FormatText(again));
    const std::string clip_difference = ClipDifference(clip, *back);
    if (!clip_difference.empty())
      InvariantFailed("an imported clip, written, reads back with another " + clip_difference);
  }
  ExportInto(path, *imported, options.skin, file);
  return 0;
}

}  // namespace anim::fuzz
