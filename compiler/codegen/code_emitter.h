// Scheduling and instruction selection: turns a verified IR graph into straight-line virtual code.
//
// Order: the root scope's code, depth first from the output, then any other pose value of the
// scope; a state machine value expands into its transition conditions, `machine_update`, the code
// of each state's scope (depth first from the state's pose; nested machines expand the same way),
// then `machine_record`; last `output`. Scalars are emitted on demand just
// before their first reader, so they stay live briefly. A pose read from an enclosing scope is
// emitted where first needed if it has not run yet. Vec3 values are three scalar registers;
// `vec3(x, y, z)` emits nothing and reuses its operands' registers.
#pragma once

#include <cstdint>
#include <vector>

#include "compiler/codegen/virtual_code.h"
#include "compiler/ir/ir.h"

namespace anim::codegen {

struct EmittedCode {
  VirtualCode code;
  std::vector<ir::ValueId> source;  // per instruction: the IR value it implements
  std::vector<float> constants;     // the constant table, in first-use order, without duplicates
  std::vector<std::vector<uint32_t>> condition_vregs;   // per machine, per transition
  std::vector<std::vector<uint32_t>> state_pose_vregs;  // per machine, per state
};

EmittedCode EmitCode(const ir::Graph& graph);

}  // namespace anim::codegen
