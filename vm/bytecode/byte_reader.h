// Bounds-checked little-endian reads over a byte span, for the bytecode loader. A read past the
// end fails (returns false) and leaves the reader where it was; nothing reads out of bounds.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <string>

namespace anim {

class ByteReader {
 public:
  explicit ByteReader(std::span<const uint8_t> bytes) : bytes_(bytes) {}

  std::size_t offset() const { return offset_; }
  std::size_t remaining() const { return bytes_.size() - offset_; }

  bool U8(uint8_t& out) { return Little(out); }
  bool U16(uint16_t& out) { return Little(out); }
  bool U32(uint32_t& out) { return Little(out); }
  bool U64(uint64_t& out) { return Little(out); }
  bool F32(float& out) {
    uint32_t bits = 0;
    if (!U32(bits)) return false;
    std::memcpy(&out, &bits, sizeof out);
    return true;
  }
  // A u16 length followed by that many bytes.
  bool String(std::string& out) {
    uint16_t length = 0;
    const std::size_t start = offset_;
    if (!U16(length)) return false;
    if (remaining() < length) {
      offset_ = start;
      return false;
    }
    out.assign(reinterpret_cast<const char*>(bytes_.data() + offset_), length);
    offset_ += length;
    return true;
  }
  // The next `count` bytes as a sub-span, consumed.
  bool Bytes(std::size_t count, std::span<const uint8_t>& out) {
    if (remaining() < count) return false;
    out = bytes_.subspan(offset_, count);
    offset_ += count;
    return true;
  }

 private:
  template <typename T>
  bool Little(T& out) {
    if (remaining() < sizeof(T)) return false;
    uint64_t value = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
      value |= static_cast<uint64_t>(bytes_[offset_ + i]) << (8 * i);
    out = static_cast<T>(value);
    offset_ += sizeof(T);
    return true;
  }

  std::span<const uint8_t> bytes_;
  std::size_t offset_ = 0;
};

}  // namespace anim
