#include "compiler/passes/ir_printer.h"

#include <fmt/format.h>

#include <iterator>

#include "compiler/diag/escape.h"

namespace anim::ir {
namespace {

// A name from the graph, quoted and safe for a terminal.
std::string Quote(const std::string& name) {
  return "'" + EscapeTerminal(name) + "'";
}

std::string Name(const std::vector<std::string>& table, size_t index) {
  return index < table.size() ? Quote(table[index]) : "?";
}

std::string BoneName(const Graph& g, size_t bone) {
  return bone < g.bones.size() ? "bone " + Quote(g.bones[bone].name) : "bone ?";
}

std::string ClockName(const Graph& g, size_t clock) {
  if (clock >= g.clocks.size()) return "?";
  const ClockDesc& c = g.clocks[clock];
  std::string extra;
  if (c.sync_group != kNoOperand)
    extra += fmt::format(", sync {} {}", Name(g.sync_groups, c.sync_group), SyncRoleName(c.sync_role));
  if (c.root_motion != RootMotionMode::Keep) {
    extra += fmt::format(", root motion {} {}", RootMotionModeName(static_cast<uint8_t>(c.root_motion)),
                         BoneName(g, c.root_motion_bone));
  }
  const std::string clip = c.clip < g.clips.size() ? Name(g.clips, c.clip)
                           : c.clip - g.clips.size() < g.baked_clips.size()
                               ? Quote(g.baked_clips[c.clip - g.clips.size()].name)
                               : "?";
  return fmt::format("clock {} (clip {}{})", clock, clip, extra);
}

std::string MachineName(const Graph& g, size_t machine) {
  return machine < g.machines.size() ? "machine " + Quote(g.machines[machine].name) : "machine ?";
}

// The table references and immediates of one value, as words after the op name.
std::string Attributes(const Graph& g, const Value& v) {
  switch (v.op) {
    case Op::Const:
      return v.type == Type::Vec3 ? fmt::format(" ({}, {}, {})", v.constant[0], v.constant[1], v.constant[2])
                                  : fmt::format(" {}", v.constant[0]);
    case Op::Param:
      return v.index < g.params.size() ? " " + Quote(g.params[v.index].name) : " ?";
    case Op::TimeInState:
    case Op::StateProgress:
    case Op::StateMachine:
      return " " + MachineName(g, v.index);
    case Op::SampleClip:
      return " " + ClockName(g, v.index);
    case Op::BlendMasked:
      return v.index < g.masks.size() ? " mask " + Quote(g.masks[v.index].name) : " mask ?";
    case Op::MakeAdditive:
      return v.flags ? " mesh" : " local";
    case Op::SaveSnapshot:
    case Op::LoadSnapshot:
      return " snapshot " + Name(g.snapshots, v.index);
    case Op::BoneTransform:
      return fmt::format(" {} flags {}", BoneName(g, v.bones[0]), v.flags);
    case Op::TranslateBone:
    case Op::LookAt:
      return " " + BoneName(g, v.bones[0]);
    case Op::TwoBoneIK:
      return fmt::format(" {} {} {} use_pole {}", BoneName(g, v.bones[0]), BoneName(g, v.bones[1]),
                         BoneName(g, v.bones[2]), v.flags);
    case Op::Fabrik:
      return fmt::format(" {} {} iterations {} tolerance {}", BoneName(g, v.bones[0]),
                         BoneName(g, v.bones[1]), v.iterations, v.constant[0]);
    case Op::FootIK:
      return fmt::format(" {} {} {} ankle_height {} plant_distance {}", BoneName(g, v.bones[0]),
                         BoneName(g, v.bones[1]), BoneName(g, v.bones[2]), v.constant[0], v.constant[1]);
    case Op::StateTime:
    case Op::StateClockProgress:
      return " scope " + std::to_string(v.index);
    case Op::Curve:
      return " " + (v.index < g.curves.size() ? Quote(g.curves[v.index]) : std::string("?"));
    case Op::PhysicsStage:
      return v.index == 2 ? " post" : v.index == 1 ? " pre" : " ?";
    case Op::BlendSpaceWeight:
      return fmt::format(" blend space {} sample {}",
                         v.index < g.blend_spaces.size() ? Quote(g.blend_spaces[v.index].name) : "?",
                         v.sample);
    default:
      return "";
  }
}

void PrintMachines(const Graph& g, std::string& out) {
  for (size_t m = 0; m < g.machines.size(); ++m) {
    const Machine& machine = g.machines[m];
    fmt::format_to(std::back_inserter(out), "machine {} {}: scope {}, initial state {}, value %{}\n", m,
                   Quote(machine.name), machine.scope, machine.initial_state, machine.value);
    for (size_t s = 0; s < machine.states.size(); ++s) {
      fmt::format_to(std::back_inserter(out), "  state {} {}: scope {}\n", s, Quote(machine.states[s].name),
                     machine.states[s].scope);
    }
    for (const Transition& t : machine.transitions) {
      const std::string from =
          t.desc.from < machine.states.size() ? EscapeTerminal(machine.states[t.desc.from].name) : "*";
      const std::string to =
          t.desc.to < machine.states.size() ? EscapeTerminal(machine.states[t.desc.to].name) : "?";
      fmt::format_to(
          std::back_inserter(out), "  transition {} -> {} when %{}, {}s {}{}\n", from, to, t.condition,
          t.desc.duration, BlendModeName(t.desc.mode),
          t.desc.mode == BlendMode::Crossfade ? std::string(" ") + BlendCurveName(t.desc.curve) : "");
    }
  }
}

}  // namespace

std::string PrintGraph(const Graph& g) {
  std::string out;
  fmt::format_to(std::back_inserter(out), "; {} values, output %{}, lock_root {}, root bone {}\n",
                 g.values.size(), g.output, g.lock_root,
                 g.root_bone == kNoOperand ? std::string("none") : BoneName(g, g.root_bone));
  for (size_t i = 0; i < g.values.size(); ++i) {
    const Value& v = g.values[i];
    std::string line = fmt::format("%{} = {} {}{}", i, OpName(v.op), TypeName(v.type), Attributes(g, v));
    for (size_t o = 0; o < v.operands.size(); ++o) {
      fmt::format_to(std::back_inserter(line), "{}%{}", o == 0 ? " " : ", ", v.operands[o]);
    }
    if (v.scope != 0) fmt::format_to(std::back_inserter(line), " [scope {}]", v.scope);
    fmt::format_to(std::back_inserter(out), "{:<56} ; {} {}:{}\n", line, EscapeTerminal(v.node),
                   v.location.line, v.location.column);
  }
  PrintMachines(g, out);
  return out;
}

}  // namespace anim::ir
