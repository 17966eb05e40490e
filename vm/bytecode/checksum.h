// The body checksum of a bytecode file (docs/bytecode.md): FNV-1a 64 over the body bytes.
#pragma once

#include <cstdint>
#include <span>

namespace anim {

inline uint64_t Fnv1a64(std::span<const uint8_t> bytes) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (const uint8_t b : bytes) {
    hash ^= b;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

}  // namespace anim
