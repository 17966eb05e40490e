#include "compiler/expr/functions.h"

namespace anim::expr {
namespace {

constexpr FunctionSpec kFunctions[] = {
    {"min", 2, ir::Op::Min},
    {"max", 2, ir::Op::Max},
    {"clamp", 3, ir::Op::Clamp},
    {"abs", 1, ir::Op::Abs},
    {"lerp", 3, ir::Op::Lerp},
    {"smoothstep", 3, ir::Op::Smoothstep},
    {"remap", 5, ir::Op::Remap},
    {"sin", 1, ir::Op::Sin},
    {"cos", 1, ir::Op::Cos},
    {"vec3", 3, ir::Op::MakeVec3},
    {"select", 3, ir::Op::Select},
    {"damp", 2, ir::Op::Damp},
    {"spring", 2, ir::Op::Spring},
    {"curve", 1, ir::Op::Curve},
    {"float", 1, ir::Op::Const, Conversion::ToFloat},
    {"bool", 1, ir::Op::Const, Conversion::ToBool},
};

}  // namespace

std::span<const FunctionSpec> Functions() {
  return kFunctions;
}

const FunctionSpec* FindFunction(std::string_view name) {
  for (const FunctionSpec& f : kFunctions)
    if (f.name == name) return &f;
  return nullptr;
}

bool IsReservedName(std::string_view name) {
  return name == "true" || name == "false" || name == kTimeInState || name == kStateProgress;
}

}  // namespace anim::expr
