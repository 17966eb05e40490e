// Register allocation by liveness over straight-line code: a register is live from the
// instruction that writes it to its last read (operand or implicit). Scanning the code in order
// and always taking the lowest free register uses exactly the peak number of simultaneously live
// values, separately for scalars and poses. An instruction never writes a register it reads, so
// the VM may read operands and write results in any order.
#pragma once

#include <cstdint>
#include <vector>

#include "compiler/codegen/virtual_code.h"

namespace anim::codegen {

struct RegisterAssignment {
  std::vector<uint32_t> scalar;  // virtual scalar register -> physical
  std::vector<uint32_t> pose;    // virtual pose register -> physical
  uint32_t scalar_count = 0;
  uint32_t pose_count = 0;
};

RegisterAssignment AllocateRegisters(const VirtualCode& code);

}  // namespace anim::codegen
