// A growable float array aligned for SIMD loads. Growing never shrinks, so buffers reused across
// frames stop allocating once they have seen their largest size.
#pragma once

#include <cstddef>
#include <cstring>
#include <new>

namespace anim {

inline constexpr std::size_t kSimdAlignment = 32;  // one AVX register

class AlignedFloats {
 public:
  AlignedFloats() = default;
  explicit AlignedFloats(std::size_t count) { Reserve(count); }
  AlignedFloats(const AlignedFloats& other) { *this = other; }
  AlignedFloats(AlignedFloats&& other) noexcept { Swap(other); }
  ~AlignedFloats() { Release(); }

  AlignedFloats& operator=(const AlignedFloats& other) {
    if (this != &other) {
      Reserve(other.capacity_);
      if (other.capacity_ > 0) std::memcpy(data_, other.data_, other.capacity_ * sizeof(float));
    }
    return *this;
  }
  AlignedFloats& operator=(AlignedFloats&& other) noexcept {
    Swap(other);
    return *this;
  }

  // Ensures room for `count` floats. New storage is zeroed; existing contents are not kept.
  void Reserve(std::size_t count) {
    if (count <= capacity_) return;
    Release();
    const std::size_t bytes = (count * sizeof(float) + kSimdAlignment - 1) / kSimdAlignment * kSimdAlignment;
    // Through operator new, so allocation counters (tests, benchmarks) see pose buffers too.
    data_ = static_cast<float*>(::operator new(bytes, kAlignment));
    std::memset(data_, 0, bytes);
    capacity_ = count;
  }

  float* data() { return data_; }
  const float* data() const { return data_; }
  std::size_t capacity() const { return capacity_; }

 private:
  static constexpr std::align_val_t kAlignment{kSimdAlignment};

  void Release() {
    if (data_ != nullptr) ::operator delete(data_, kAlignment);
    data_ = nullptr;
    capacity_ = 0;
  }

  void Swap(AlignedFloats& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(capacity_, other.capacity_);
  }

  float* data_ = nullptr;
  std::size_t capacity_ = 0;
};

}  // namespace anim
