// Target "assets": the input as a skeleton document and as a clip document of the humanoid skeleton.
#include <string_view>

#include "compiler/assets/asset_loader.h"
#include "compiler/import/asset_writer.h"
#include "executor/kernels/pose_kernels.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/fuzz_targets.h"

namespace anim::fuzz {
namespace {

// The key data one clip may hold here: the loader's own budget is a gigabyte, which a small document
// may legitimately ask for (frame_count: 1e7) and which would only measure memset under ASan.
constexpr std::uint64_t kFuzzClipKeyBytes = std::uint64_t{16} << 20;

}  // namespace

int FuzzAssetDocument(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  {
    DiagnosticSink diagnostics;
    std::optional<Skeleton> skeleton = ParseSkeleton(text, "fuzz.skeleton.yaml", diagnostics);
    (void)FormatText(diagnostics);
    (void)FormatJson(diagnostics);
    // What the writer makes of a skeleton reads back as the same skeleton (anim-import's output).
    if (skeleton) {
      DiagnosticSink again;
      const std::optional<Skeleton> back = ParseSkeleton(WriteSkeletonYaml(*skeleton), "written.yaml", again);
      if (!back) InvariantFailed("a written skeleton does not read back:\n" + FormatText(again));
      const std::string difference = SkeletonDifference(*skeleton, *back);
      if (!difference.empty()) InvariantFailed("a written skeleton reads back with another " + difference);
    }
  }
  {
    DiagnosticSink diagnostics;
    // Dense, so what is written is what was read; the compressed form is sampled below.
    const Skeleton& skeleton = Humanoid().graph.skeleton;
    std::optional<Clip> clip =
        ParseClip(text, "fuzz.clip.json", skeleton, diagnostics, kFuzzClipKeyBytes, {ClipEncoding::Dense});
    (void)FormatText(diagnostics);
    (void)FormatJson(diagnostics);
    if (clip) {
      DiagnosticSink compressed_sink;
      const std::optional<Clip> compressed =
          ParseClip(text, "fuzz.clip.json", skeleton, compressed_sink, kFuzzClipKeyBytes);
      if (!compressed) InvariantFailed("a clip that loads dense does not load compressed");
      Pose pose(skeleton.bone_count());
      for (float t : {0.0f, 0.37f, compressed->duration()})
        SampleClip(pose.view(), *compressed, t, skeleton.bone_count());
      DiagnosticSink again;
      const std::optional<Clip> back = ParseClip(WriteClipJson(*clip, skeleton), "written.json", skeleton,
                                                 again, kFuzzClipKeyBytes, {ClipEncoding::Dense});
      if (!back) InvariantFailed("a written clip does not read back:\n" + FormatText(again));
      const std::string difference = ClipDifference(*clip, *back);
      if (!difference.empty()) InvariantFailed("a written clip reads back with another " + difference);
    }
  }
  return 0;
}

}  // namespace anim::fuzz
