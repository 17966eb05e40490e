#include "vm/bytecode/program.h"

#include <algorithm>

#include "executor/pose/content_hash.h"

namespace anim {

uint64_t BakedClipInputsHash(uint64_t skeleton_hash, uint64_t source_clip_hash) {
  ContentHash hash;
  hash.Text("baked additive v1");
  hash.U64(skeleton_hash);
  hash.U64(source_clip_hash);
  return hash.value();
}

const std::string& ClipName(const Program& program, std::size_t clip) {
  static const std::string unknown = "?";
  if (clip < program.clips.size()) return program.clips[clip];
  clip -= program.clips.size();
  return clip < program.baked_clips.size() ? program.baked_clips[clip].name : unknown;
}

const char* BlendModeName(BlendMode mode) {
  switch (mode) {
    case BlendMode::Inertialize:
      return "inertialize";
    case BlendMode::DeadBlend:
      return "dead_blend";
    case BlendMode::Crossfade:
      return "crossfade";
  }
  return "unknown";
}

const char* BlendCurveName(BlendCurve curve) {
  switch (curve) {
    case BlendCurve::Linear:
      return "linear";
    case BlendCurve::Smoothstep:
      return "smoothstep";
    case BlendCurve::Cubic:
      return "cubic";
  }
  return "unknown";
}

const char* SyncRoleName(SyncRole role) {
  switch (role) {
    case SyncRole::Auto:
      return "auto";
    case SyncRole::Leader:
      return "leader";
    case SyncRole::Follower:
      return "follower";
  }
  return "unknown";
}

double BlendSpaceExtent(const BlendSpaceDesc& space) {
  if (space.positions.size() < 2) return 0.0;
  double min_x = space.positions[0], max_x = min_x, min_y = space.positions[1], max_y = min_y;
  for (std::size_t i = 0; i + 1 < space.positions.size(); i += 2) {
    min_x = std::min(min_x, double{space.positions[i]}), max_x = std::max(max_x, double{space.positions[i]});
    min_y = std::min(min_y, double{space.positions[i + 1]});
    max_y = std::max(max_y, double{space.positions[i + 1]});
  }
  return std::max(max_x - min_x, max_y - min_y);
}

double TwiceTriangleArea(const BlendSpaceDesc& space, const uint16_t* corners) {
  auto x = [&](int k) { return double{space.positions[2 * std::size_t{corners[k]}]}; };
  auto y = [&](int k) { return double{space.positions[2 * std::size_t{corners[k]} + 1]}; };
  return (x(1) - x(0)) * (y(2) - y(0)) - (y(1) - y(0)) * (x(2) - x(0));
}

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

const char* StateEventKindName(StateEventKind kind) {
  switch (kind) {
    case StateEventKind::Enter:
      return "on_enter";
    case StateEventKind::Exit:
      return "on_exit";
    case StateEventKind::FullyBlended:
      return "on_fully_blended";
  }
  return "unknown";
}

std::size_t SmootherCount(const Program& program) {
  std::size_t count = 0;
  for (std::size_t pc = 0; pc < program.code.size();) {
    const OpcodeInfo* info = FindOpcode(program.code[pc]);
    if (info == nullptr || program.code.size() - pc - 1 < info->operand_count) break;
    count += info->opcode == Opcode::Damp || info->opcode == Opcode::Spring;
    pc += 1 + std::size_t{info->operand_count};
  }
  return count;
}

}  // namespace anim
