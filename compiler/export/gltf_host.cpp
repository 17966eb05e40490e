#include "compiler/export/gltf_host.h"

#include <cctype>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "compiler/diag/diagnostics.h"
#include "compiler/export/gltf_bytes.h"
#include "compiler/export/gltf_prune.h"
#include "compiler/import/gltf_model.h"
#include "compiler/import/gltf_skeleton.h"

namespace anim {
namespace {

using gltf_bytes::Json;

constexpr std::uintmax_t kMaxImageBytes = std::uintmax_t{256} << 20;

// The first error of `sink`, as one line.
std::string FirstError(const DiagnosticSink& sink) {
  for (const Diagnostic& d : sink.diagnostics()) {
    if (d.severity == Severity::Error) return d.message;
  }
  return "it does not read as glTF";
}

std::string PercentDecoded(const std::string& uri) {
  std::string out;
  for (std::size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
      out += static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}

std::string MimeTypeOf(const std::filesystem::path& file) {
  std::string extension = file.extension().string();
  for (char& c : extension)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (extension == ".png") return "image/png";
  if (extension == ".jpg" || extension == ".jpeg") return "image/jpeg";
  if (extension == ".webp") return "image/webp";
  if (extension == ".ktx2") return "image/ktx2";
  return {};
}

// The bytes of image `index` written as `uri` (a data: URI, or a file beside the document), and its
// media type. Sets `error` when they cannot be had.
std::optional<std::string> ImageBytes(const std::string& uri, const std::string& base_dir, int index,
                                      std::string& mime_type, std::string& error) {
  const std::string which = "image " + std::to_string(index);
  if (uri.rfind("data:", 0) == 0) {
    const std::size_t comma = uri.find(',');
    const std::string header = uri.substr(5, comma == std::string::npos ? 0 : comma - 5);
    const std::size_t base64 = header.find(";base64");
    std::optional<std::string> data;
    if (comma != std::string::npos && base64 != std::string::npos)
      data = gltf_bytes::FromBase64(std::string_view(uri).substr(comma + 1));
    if (!data) {
      error = which + " is a data: URI that is not base64";
      return std::nullopt;
    }
    if (mime_type.empty()) mime_type = header.substr(0, base64);
    return data;
  }
  const std::filesystem::path file = PercentDecoded(uri);
  if (file.is_absolute() || uri.find("://") != std::string::npos) {
    error = which + " ('" + uri + "') is not a file beside the document";
    return std::nullopt;
  }
  const std::filesystem::path path = std::filesystem::path(base_dir) / file;
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec || size > kMaxImageBytes) {
    error = "cannot embed " + which + " ('" + path.string() +
            "'): " + (ec ? ec.message() : "it is larger than 256 MiB");
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) {
    error = "cannot embed " + which + " ('" + path.string() + "'): it does not read";
    return std::nullopt;
  }
  if (mime_type.empty()) mime_type = MimeTypeOf(file);
  if (mime_type.empty()) {
    error = "cannot embed " + which + " ('" + uri + "'): no mimeType, and its extension names none";
    return std::nullopt;
  }
  return data;
}

// Every buffer into one (each 4-byte aligned, its views rebased onto it), then every image written
// as a URI into a view of it.
bool MergeBuffers(const gltf::LoadedModel& loaded, Json& doc, gltf_bytes::BufferBuilder& builder,
                  std::string& error) {
  std::vector<std::size_t> base;
  std::string bytes;
  for (const tinygltf::Buffer& buffer : loaded.model.buffers) {
    bytes.append((4 - bytes.size() % 4) % 4, '\0');
    base.push_back(bytes.size());
    bytes.append(buffer.data.begin(), buffer.data.end());
  }
  Json views = doc.value("bufferViews", Json::array());
  for (Json& view : views) {
    const std::size_t buffer = view.value("buffer", std::size_t{0});
    if (buffer >= base.size()) {
      error = "a buffer view names buffer " + std::to_string(buffer) + ", which does not exist";
      return false;
    }
    view["buffer"] = 0;
    view["byteOffset"] = base[buffer] + view.value("byteOffset", std::size_t{0});
  }
  builder =
      gltf_bytes::BufferBuilder(std::move(bytes), std::move(views), doc.value("accessors", Json::array()));
  if (!doc.contains("images")) return true;
  for (std::size_t i = 0; i < doc["images"].size(); ++i) {
    Json& image = doc["images"][i];
    if (!image.contains("uri")) continue;
    std::string mime_type = image.value("mimeType", std::string());
    const std::optional<std::string> data =
        ImageBytes(image["uri"].get<std::string>(), loaded.base_dir, static_cast<int>(i), mime_type, error);
    if (!data) return false;
    image.erase("uri");
    image["bufferView"] = builder.AddView(*data);
    image["mimeType"] = mime_type;
  }
  return true;
}

bool SameSkeleton(const gltf::SkinRig& rig, const Skeleton& skeleton) {
  if (rig.desc.bones.size() != static_cast<std::size_t>(skeleton.bone_count())) return false;
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    const SkeletonDesc::Bone& bone = rig.desc.bones[static_cast<std::size_t>(b)];
    if (bone.name != skeleton.bone_name(b) || bone.parent != skeleton.parent(b)) return false;
  }
  return true;
}

// The host of `skeleton` (skin `rig` of `loaded`, whose JSON is `doc`).
std::optional<GltfHost> Host(const gltf::LoadedModel& loaded, const gltf::SkinRig& rig,
                             const Skeleton& skeleton, Json doc, const std::string& path,
                             std::string& error) {
  gltf_bytes::BufferBuilder builder;
  if (!MergeBuffers(loaded, doc, builder, error)) {
    error = "cannot carry '" + path + "': " + error;
    return std::nullopt;
  }

  GltfHost host;
  host.bone_nodes = rig.bone_node;
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    const std::size_t node = static_cast<std::size_t>(host.bone_nodes[static_cast<std::size_t>(b)]);
    // glTF animates translation, rotation and scale only: a joint written as a matrix becomes TRS.
    Json& written = doc["nodes"][node];
    if (written.contains("matrix")) {
      written.erase("matrix");
      const gltf::NodeTrs& rest = loaded.rest[node];
      written["translation"] = rest.translation;
      written["rotation"] = rest.rotation;
      written["scale"] = rest.scale;
    }
    const bool folded = rig.folded[static_cast<std::size_t>(b)];
    const std::optional<gltf::DMat4> unfold =
        folded ? gltf::InverseAffine(rig.fold[static_cast<std::size_t>(b)]) : gltf::DMat4{};
    if (!unfold) {
      error = "cannot carry '" + path + "': the nodes above joint '" + skeleton.bone_name(b) +
              "' scale it to nothing";
      return std::nullopt;
    }
    host.unfolds.push_back(*unfold);
    host.folded.push_back(folded ? 1 : 0);
  }
  doc.erase("animations");
  doc["buffers"] = nullptr;  // one, written with the animation (gltf_bytes::Pack)
  doc["bufferViews"] = std::move(builder.views());
  doc["accessors"] = std::move(builder.accessors());
  host.bytes = std::move(builder.bytes());
  // The left-out animations' keys would be dead weight in the file (and unused objects to a validator).
  gltf_bytes::DropUnreferencedData(doc, host.bytes);
  host.json = doc.dump();
  return host;
}

}  // namespace

Transform GltfHost::NodeLocal(int bone, const Transform& local) const {
  if (!folded[static_cast<std::size_t>(bone)]) return local;
  gltf::NodeTrs trs;
  trs.translation = {local.translation.x, local.translation.y, local.translation.z};
  trs.rotation = {local.rotation.x, local.rotation.y, local.rotation.z, local.rotation.w};
  trs.scale = {local.scale.x, local.scale.y, local.scale.z};
  double skew = 0.0;
  return gltf::ToTransform(
      gltf::DecomposeMatrix(unfolds[static_cast<std::size_t>(bone)] * gltf::ComposeTrs(trs), skew));
}

std::optional<GltfHost> ReadGltfHost(const std::string& path, int skin, const Skeleton& skeleton,
                                     std::string& error) {
  DiagnosticSink sink;
  const std::unique_ptr<gltf::LoadedModel> loaded = gltf::LoadGltfModel(path, sink);
  std::optional<gltf::SkinRig> rig;
  if (loaded) rig = gltf::BuildSkinRig(*loaded, skin, skeleton.name(), path, sink);
  if (!rig) {
    error = "cannot read '" + path + "': " + FirstError(sink);
    return std::nullopt;
  }
  if (!SameSkeleton(*rig, skeleton)) {
    error =
        "skin " + std::to_string(skin) + " of '" + path + "' is no longer skeleton '" + skeleton.name() + "'";
    return std::nullopt;
  }
  // tinygltf read the file, so its JSON has glTF's shape; a value of another type than glTF says
  // (which tinygltf may have let through) is a refusal, not a crash.
  try {
    return Host(*loaded, *rig, skeleton, Json::parse(loaded->json), path, error);
  } catch (const Json::exception& e) {
    error = "cannot carry '" + path + "': " + e.what();
    return std::nullopt;
  }
}

}  // namespace anim
