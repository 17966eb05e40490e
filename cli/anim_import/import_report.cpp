#include "cli/anim_import/import_report.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "compiler/diag/escape.h"

namespace anim::import_tool {
namespace {

constexpr const char* kFormatNames[] = {"8-bit", "32-bit packed", "16-bit", "float"};  // KeyFormat order

std::size_t TotalBytes(const GltfImport& imported, bool dense) {
  std::size_t total = 0;
  for (const GltfClipReport& r : imported.reports)
    total += dense ? r.encoding.dense_bytes : r.encoding.bytes;
  return total;
}

nlohmann::json ErrorJson(const ClipErrorAt& e, const Skeleton& skeleton, double height) {
  return {{"joint", e.joint},
          {"joint_of_height", e.joint / height},
          {"vertex", e.vertex},
          {"vertex_of_height", e.vertex / height},
          {"bone", skeleton.bone_name(e.bone)},
          {"time", e.time}};
}

std::string ErrorText(const ClipErrorAt& e, const Skeleton& skeleton, double height) {
  return fmt::format("joint {:.3g} ({:.2g} of height), vertex {:.3g} ({:.2g}), worst at '{}' t={:.4f} s",
                     e.joint, e.joint / height, e.vertex, e.vertex / height,
                     EscapeTerminal(skeleton.bone_name(e.bone)), e.time);
}

}  // namespace

std::string ImportReportText(const GltfImport& imported, const std::string& input, double import_ms) {
  const Skeleton& skeleton = imported.skeleton;
  const double height = imported.bind_height;
  std::string out = fmt::format("{}: skeleton '{}', {} bones, height {:.4g}; imported in {:.1f} ms\n",
                                EscapeTerminal(input), EscapeTerminal(skeleton.name()), skeleton.bone_count(),
                                height, import_ms);
  for (std::size_t i = 0; i < imported.clips.size(); ++i) {
    const Clip& clip = imported.clips[i];
    const GltfClipReport& r = imported.reports[i];
    const ClipEncodingReport& e = r.encoding;
    out +=
        fmt::format("  {}: {}, {} frames at {:.6g} Hz ({:.4f} s){}{}\n", EscapeTerminal(clip.name()),
                    EncodingName(e.encoding), clip.frame_count(), clip.sample_rate(), clip.duration(),
                    clip.sample_rate() > 1.5 * r.source_key_rate  // raised by doubling; else only fitted
                        ? fmt::format(", keys raised from {:.6g} Hz to follow the source", r.source_key_rate)
                        : "",
                    r.source_start > 0 ? ", shifted from its start time" : "");
    out += fmt::format("    bytes {} (dense {}, {:.1f}x smaller)\n", e.bytes, e.dense_bytes,
                       e.bytes > 0 ? static_cast<double>(e.dense_bytes) / static_cast<double>(e.bytes) : 0.0);
    const CompressionOutcome& c = e.compression;
    if (e.encoding == ClipEncoding::Compressed) {
      std::string formats;
      for (std::size_t f = 0; f < c.animated_tracks.size(); ++f)
        formats += fmt::format("{}{} {}", f == 0 ? "" : ", ", c.animated_tracks[f], kFormatNames[f]);
      out += fmt::format("    tracks: {} default, {} constant, animated {}\n", c.default_tracks,
                         c.constant_tracks, formats);
    }
    if (r.curves > 0) {
      out += fmt::format("    curves: {} from {} morph-weight channel(s)\n", r.curves, r.morph_channels);
    }
    out += fmt::format("    precision {:.3g} at a {:.3g} shell\n", e.precision.precision, e.precision.shell);
    out += "    at keys:      " + ErrorText(e.accuracy.at_keys, skeleton, height) + "\n";
    out += fmt::format("    between keys: {} ({} times)\n",
                       ErrorText(e.accuracy.between_keys, skeleton, height), e.accuracy.times_between);
  }
  const std::size_t bytes = TotalBytes(imported, false), dense = TotalBytes(imported, true);
  out += fmt::format("  all clips: {} bytes (dense {}, {:.1f}x smaller)\n", bytes, dense,
                     bytes > 0 ? static_cast<double>(dense) / static_cast<double>(bytes) : 0.0);
  return out;
}

std::string ImportReportJson(const GltfImport& imported, const std::string& input) {
  const Skeleton& skeleton = imported.skeleton;
  const double height = imported.bind_height;
  nlohmann::json clips = nlohmann::json::array();
  for (std::size_t i = 0; i < imported.clips.size(); ++i) {
    const Clip& clip = imported.clips[i];
    const GltfClipReport& r = imported.reports[i];
    const ClipEncodingReport& e = r.encoding;
    nlohmann::json tracks = {{"default", e.compression.default_tracks},
                             {"constant", e.compression.constant_tracks}};
    nlohmann::json animated = nlohmann::json::object();
    for (std::size_t f = 0; f < e.compression.animated_tracks.size(); ++f)
      animated[kFormatNames[f]] = e.compression.animated_tracks[f];
    tracks["animated"] = animated;
    clips.push_back({{"name", clip.name()},
                     {"source_name", r.source_name},
                     {"animation_index", r.animation_index},
                     {"encoding", EncodingName(e.encoding)},
                     {"bytes", e.bytes},
                     {"dense_bytes", e.dense_bytes},
                     {"frames", clip.frame_count()},
                     {"key_rate", clip.sample_rate()},
                     {"source_key_rate", r.source_key_rate},
                     {"duration", clip.duration()},
                     {"source_start", r.source_start},
                     {"tracks", e.encoding == ClipEncoding::Compressed ? tracks : nlohmann::json(nullptr)},
                     {"curves", r.curves},
                     {"morph_channels", r.morph_channels},
                     {"precision", e.precision.precision},
                     {"shell", e.precision.shell},
                     {"error_at_keys", ErrorJson(e.accuracy.at_keys, skeleton, height)},
                     {"error_between_keys", ErrorJson(e.accuracy.between_keys, skeleton, height)},
                     {"times_between_keys", e.accuracy.times_between}});
  }
  const nlohmann::json report = {{"format_version", 1},
                                 {"kind", "import-report"},
                                 {"input", input},
                                 {"skeleton", skeleton.name()},
                                 {"bones", skeleton.bone_count()},
                                 {"height", height},
                                 {"bytes", TotalBytes(imported, false)},
                                 {"dense_bytes", TotalBytes(imported, true)},
                                 {"clips", clips}};
  // Names come from the file: the JSON keeps any bytes, invalid UTF-8 replaced.
  return report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace anim::import_tool
