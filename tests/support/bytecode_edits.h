// Editing compiled program files in tests: random byte mutations, and resealing the header so an
// edited body gets past the checksum to the parser and the verifier.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace anim::test {

// Rewrites the header's body size and checksum to match the body as it now is. Files shorter
// than a header are left alone (the loader refuses them anyway).
void ResealProgram(std::vector<uint8_t>& bytes);

// One to four random edits: a flipped bit, a random byte, a truncation, an inserted byte, or a
// byte set to 0x00 or 0xFF.
void MutateBytes(std::vector<uint8_t>& bytes, std::mt19937& rng);

}  // namespace anim::test
