#include "tests/support/bytecode_edits.h"

#include <cstring>
#include <span>

#include "executor/pose/content_hash.h"
#include "vm/bytecode/program_loader.h"

namespace anim::test {

void ResealProgram(std::vector<uint8_t>& bytes) {
  if (bytes.size() < kBytecodeHeaderSize) return;
  const auto body_size = static_cast<uint32_t>(bytes.size() - kBytecodeHeaderSize);
  std::memcpy(&bytes[12], &body_size, 4);
  const uint64_t sum = Fnv1a64(std::span<const uint8_t>(bytes).subspan(kBytecodeHeaderSize));
  std::memcpy(&bytes[16], &sum, 8);
}

void MutateBytes(std::vector<uint8_t>& bytes, std::mt19937& rng) {
  const int edits = 1 + static_cast<int>(rng() % 4);
  for (int e = 0; e < edits && !bytes.empty(); ++e) {
    const std::size_t at = rng() % bytes.size();
    switch (rng() % 5) {
      case 0:
        bytes[at] ^= static_cast<uint8_t>(1u << (rng() % 8));
        break;
      case 1:
        bytes[at] = static_cast<uint8_t>(rng());
        break;
      case 2:
        bytes.resize(at + 1);
        break;
      case 3:
        bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(at), static_cast<uint8_t>(rng()));
        break;
      default:
        bytes[at] = rng() % 2 ? 0xFF : 0x00;
        break;
    }
  }
}

}  // namespace anim::test
