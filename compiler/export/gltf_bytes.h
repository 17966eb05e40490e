// The pieces of a glTF file both writers share (compiler/export): numbers written so they read back
// as the same float, one binary buffer with a view and an accessor per array, base64, and the
// containers (.glb chunks, or .gltf with the buffer embedded or beside it).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/export/gltf_writer.h"

namespace anim::gltf_bytes {

using Json = nlohmann::ordered_json;

// A float as a JSON number: the shortest decimal that reads back as the same float. -0 is 0.
Json Number(float v);
Json Numbers(std::initializer_list<float> values);

std::string Base64(std::string_view bytes);
// The bytes of base64 text (padding optional, no whitespace); nothing when it is not base64.
std::optional<std::string> FromBase64(std::string_view text);

// The binary buffer (buffer 0) with one buffer view and one accessor per float array, appended
// after what it starts with (a host file's merged buffer, views and accessors).
class BufferBuilder {
 public:
  BufferBuilder() = default;
  BufferBuilder(std::string bytes, Json views, Json accessors)
      : bytes_(std::move(bytes)), views_(std::move(views)), accessors_(std::move(accessors)) {}

  // An accessor of `count` elements of `type` ("SCALAR", "VEC3", "VEC4", "MAT4") over `values`.
  int AddAccessor(const std::vector<float>& values, int count, const char* type, bool min_max = false);
  // A view over `data` (an image), 4-byte aligned; returns its index.
  int AddView(std::string_view data);

  std::string& bytes() { return bytes_; }
  Json& views() { return views_; }
  Json& accessors() { return accessors_; }

 private:
  void Align();
  std::string bytes_;
  Json views_ = Json::array();
  Json accessors_ = Json::array();
};

// The largest buffer a container holds (a .glb's length is 32 bits).
inline constexpr std::uint64_t kMaxBufferBytes = std::uint64_t{0xFFFFFFFF} - 1024;

// `doc` with `buffer` as its one buffer (its "buffers" set here), as `container` says; for
// GltfExternal, `buffer_uri` names the .bin. Sets `error` for a name that is not UTF-8 or a file
// too large for its container.
std::optional<GltfFiles> Pack(Json doc, std::string buffer, GltfContainer container,
                              const std::string& buffer_uri, std::string& error);

}  // namespace anim::gltf_bytes
