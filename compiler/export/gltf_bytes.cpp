#include "compiler/export/gltf_bytes.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <exception>
#include <limits>

namespace anim::gltf_bytes {
namespace {

constexpr int kFloat = 5126;  // accessor componentType FLOAT
constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void AppendU32(std::string& out, std::uint32_t v) {
  char bytes[4];
  for (int i = 0; i < 4; ++i)
    bytes[i] = static_cast<char>((v >> (8 * i)) & 0xFF);  // little-endian, as GLB specifies
  out.append(bytes, 4);
}

int Digit(char c) {
  const char* at = std::strchr(kDigits, c);
  return c != '\0' && at != nullptr ? static_cast<int>(at - kDigits) : -1;
}

}  // namespace

// When reading the shortest decimal as a double and rounding to float does not give the float back
// (rare halfway cases), the float's exact double is written instead.
Json Number(float v) {
  if (v == 0.0f) return 0;
  char text[64];
  const auto printed = std::to_chars(text, text + sizeof text, v);
  double parsed = 0.0;
  const auto read = std::from_chars(text, printed.ptr, parsed);
  if (read.ec == std::errc() && static_cast<float>(parsed) == v) return parsed;
  return static_cast<double>(v);
}

Json Numbers(std::initializer_list<float> values) {
  Json list = Json::array();
  for (float v : values)
    list.push_back(Number(v));
  return list;
}

std::string Base64(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const std::uint32_t v = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16 |
                            static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8 |
                            static_cast<unsigned char>(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6)
      out += kDigits[(v >> shift) & 63];
  }
  if (i < bytes.size()) {
    std::uint32_t v = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (i + 1 < bytes.size()) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += kDigits[(v >> 18) & 63];
    out += kDigits[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? kDigits[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::optional<std::string> FromBase64(std::string_view text) {
  while (!text.empty() && text.back() == '=')
    text.remove_suffix(1);
  if (text.size() % 4 == 1) return std::nullopt;
  std::string out;
  out.reserve(text.size() / 4 * 3 + 2);
  std::uint32_t bits = 0;
  int count = 0;
  for (char c : text) {
    const int digit = Digit(c);
    if (digit < 0) return std::nullopt;
    bits = bits << 6 | static_cast<std::uint32_t>(digit);
    if (++count == 4) {
      out += static_cast<char>((bits >> 16) & 0xFF);
      out += static_cast<char>((bits >> 8) & 0xFF);
      out += static_cast<char>(bits & 0xFF);
      bits = 0;
      count = 0;
    }
  }
  if (count == 2) out += static_cast<char>((bits >> 4) & 0xFF);
  if (count == 3) {
    out += static_cast<char>((bits >> 10) & 0xFF);
    out += static_cast<char>((bits >> 2) & 0xFF);
  }
  return out;
}

void BufferBuilder::Align() {
  bytes_.append((4 - bytes_.size() % 4) % 4, '\0');
}

int BufferBuilder::AddAccessor(const std::vector<float>& values, int count, const char* type, bool min_max) {
  Align();
  const std::size_t offset = bytes_.size();
  bytes_.resize(offset + values.size() * sizeof(float));
  // Little-endian IEEE 754 (the only platforms the project builds for).
  if (!values.empty()) std::memcpy(bytes_.data() + offset, values.data(), values.size() * sizeof(float));
  views_.push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", values.size() * sizeof(float)}});
  Json accessor = {
      {"bufferView", views_.size() - 1}, {"componentType", kFloat}, {"count", count}, {"type", type}};
  if (min_max && !values.empty()) {
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    accessor["min"] = Numbers({*lo});
    accessor["max"] = Numbers({*hi});
  }
  accessors_.push_back(std::move(accessor));
  return static_cast<int>(accessors_.size() - 1);
}

int BufferBuilder::AddView(std::string_view data) {
  Align();
  views_.push_back({{"buffer", 0}, {"byteOffset", bytes_.size()}, {"byteLength", data.size()}});
  bytes_.append(data);
  return static_cast<int>(views_.size() - 1);
}

std::optional<GltfFiles> Pack(Json doc, std::string bytes, GltfContainer container,
                              const std::string& buffer_uri, std::string& error) {
  if (bytes.size() > kMaxBufferBytes) {
    error = "the data (" + std::to_string(bytes.size()) + " bytes) does not fit a glTF buffer of 4 GiB";
    return std::nullopt;
  }
  // A file without data has no buffer (a GLB's buffer without a BIN chunk is not valid), and no
  // empty list of views or accessors, which glTF allows only as non-empty arrays. A host's accessor
  // without a view (all zeros, as a skin's inverse binds may be) needs no data and stays.
  for (const char* key : {"bufferViews", "accessors"}) {
    if (const auto list = doc.find(key); list != doc.end() && (list->is_null() || list->empty()))
      doc.erase(list);
  }
  if (bytes.empty()) {
    doc.erase("buffers");
  } else {
    Json buffer = {{"byteLength", bytes.size()}};
    if (container == GltfContainer::GltfEmbedded) {
      buffer["uri"] = "data:application/octet-stream;base64," + Base64(bytes);
    } else if (container == GltfContainer::GltfExternal) {
      buffer["uri"] = buffer_uri;
    }
    doc["buffers"] = Json::array({std::move(buffer)});
  }

  std::string json;
  try {
    json = doc.dump(container == GltfContainer::Glb ? -1 : 2);
  } catch (const std::exception&) {
    error = "a name in the file is not valid UTF-8, which glTF requires";
    return std::nullopt;
  }

  GltfFiles files;
  if (container != GltfContainer::Glb) {
    files.document = std::move(json);
    files.document += '\n';
    if (container == GltfContainer::GltfExternal) files.buffer = std::move(bytes);
    return files;
  }
  json.append((4 - json.size() % 4) % 4, ' ');
  bytes.append((4 - bytes.size() % 4) % 4, '\0');
  const std::uint64_t total = 12 + 8 + json.size() + (bytes.empty() ? 0 : 8 + bytes.size());
  if (total > std::numeric_limits<std::uint32_t>::max()) {
    error = "the file (" + std::to_string(total) + " bytes) does not fit a .glb of 4 GiB";
    return std::nullopt;
  }
  std::string& out = files.document;
  out.reserve(static_cast<std::size_t>(total));
  out += "glTF";
  AppendU32(out, 2);
  AppendU32(out, static_cast<std::uint32_t>(total));
  AppendU32(out, static_cast<std::uint32_t>(json.size()));
  out += "JSON";
  out += json;
  if (!bytes.empty()) {
    AppendU32(out, static_cast<std::uint32_t>(bytes.size()));
    out.append("BIN\0", 4);
    out += bytes;
  }
  return files;
}

}  // namespace anim::gltf_bytes
