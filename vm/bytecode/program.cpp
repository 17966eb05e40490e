#include "vm/bytecode/program.h"

namespace anim {

const char* ParamTypeName(ParamType type) {
  switch (type) {
    case ParamType::Float:
      return "float";
    case ParamType::Bool:
      return "bool";
    case ParamType::Int:
      return "int";
    case ParamType::Trigger:
      return "trigger";
    case ParamType::Vec3:
      return "vec3";
  }
  return "unknown";
}

}  // namespace anim
