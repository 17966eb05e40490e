// libFuzzer's entry point for one target: ANIMTC_FUZZ_ENTRY names its function (fuzz_targets.h).
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  return anim::fuzz::ANIMTC_FUZZ_ENTRY(data, size);
}
