// Little-endian appends to a byte vector, the writing side of ByteReader: the bytecode writer and
// the capture format use it.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace anim {

class ByteWriter {
 public:
  explicit ByteWriter(std::vector<uint8_t>& out) : out_(out) {}

  std::size_t size() const { return out_.size(); }

  void U8(uint8_t v) { out_.push_back(v); }
  void U16(uint16_t v) { Little(v, 2); }
  void U32(uint32_t v) { Little(v, 4); }
  void U64(uint64_t v) { Little(v, 8); }
  void F32(float v) { U32(std::bit_cast<uint32_t>(v)); }
  void Count(std::size_t n) { U32(static_cast<uint32_t>(n)); }
  // A u16 length and the bytes; longer strings are cut at 65,535 bytes.
  void String(const std::string& s) {
    const std::size_t n = std::min<std::size_t>(s.size(), 0xFFFF);
    U16(static_cast<uint16_t>(n));
    for (std::size_t i = 0; i < n; ++i)  // push_back: g++ 12 warns falsely on insert of a char range
      out_.push_back(static_cast<uint8_t>(s[i]));
  }
  void Tag(const char (&tag)[5]) {
    for (int i = 0; i < 4; ++i)
      out_.push_back(static_cast<uint8_t>(tag[i]));
  }

  // Starts a section: tag and a size placeholder, patched by EndSection.
  std::size_t BeginSection(const char (&tag)[5]) {
    Tag(tag);
    const std::size_t at = out_.size();
    U32(0);
    return at;
  }
  void EndSection(std::size_t size_at) {
    const auto section_size = static_cast<uint32_t>(out_.size() - size_at - 4);
    for (int i = 0; i < 4; ++i)
      out_[size_at + static_cast<std::size_t>(i)] = static_cast<uint8_t>(section_size >> (8 * i));
  }

 private:
  void Little(uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i)
      out_.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  std::vector<uint8_t>& out_;
};

}  // namespace anim
