// FNV-1a 64, the project's one hash: the content hashes of skeletons and clips, the bytecode body's
// checksum and the graph hash a program records (docs/bytecode.md). Incremental, so one hash can
// cover several pieces in order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace anim {

class ContentHash {
 public:
  void Bytes(const void* data, std::size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i)
      hash_ = (hash_ ^ p[i]) * 0x100000001b3ull;
  }
  void Text(std::string_view text) { Bytes(text.data(), text.size()); }
  void Float(float f) { Bytes(&f, sizeof f); }
  void U64(uint64_t v) { Bytes(&v, sizeof v); }
  uint64_t value() const { return hash_; }

 private:
  uint64_t hash_ = 0xcbf29ce484222325ull;
};

inline uint64_t Fnv1a64(std::span<const uint8_t> bytes) {
  ContentHash hash;
  hash.Bytes(bytes.data(), bytes.size());
  return hash.value();
}

}  // namespace anim
