#include "compiler/codegen/codegen.h"

#include <algorithm>
#include <string>

#include "compiler/codegen/code_emitter.h"
#include "compiler/codegen/register_allocator.h"
#include "vm/bytecode/limits.h"

namespace anim::codegen {
namespace {

SourceLocation GraphFile(const ir::Graph& graph) {
  if (graph.output >= 0 && static_cast<size_t>(graph.output) < graph.values.size()) {
    return {graph.values[static_cast<size_t>(graph.output)].location.file, 0, 0};
  }
  return {};
}

bool CheckLimit(const ir::Graph& graph, const char* what, size_t count, DiagnosticSink& diagnostics) {
  if (count <= kMaxTableEntries) return true;
  diagnostics.Error("E901", GraphFile(graph),
                    "the graph needs " + std::to_string(count) + " " + what + "; bytecode allows at most " +
                        std::to_string(kMaxTableEntries));
  return false;
}

// Instructions that record a task: the VM's task list bounds their number.
size_t PoseInstructionCount(const VirtualCode& code) {
  size_t count = 0;
  for (uint32_t start : code.starts) {
    ForEachOperand(code.words, start,
                   [&](uint32_t, OperandKind kind) { count += kind == OperandKind::PoseWrite; });
  }
  return count;
}

bool WithinLimits(const ir::Graph& graph, const EmittedCode& emitted, const RegisterAssignment& regs,
                  DiagnosticSink& diagnostics) {
  if (const size_t pose_instructions = PoseInstructionCount(emitted.code);
      pose_instructions > static_cast<size_t>(kMaxPoseInstructions)) {
    diagnostics.Error("E901", GraphFile(graph),
                      "the graph records " + std::to_string(pose_instructions) +
                          " pose tasks; bytecode allows at most " + std::to_string(kMaxPoseInstructions));
    return false;
  }
  bool ok = CheckLimit(graph, "scalar registers", regs.scalar_count, diagnostics);
  ok = CheckLimit(graph, "pose registers", regs.pose_count, diagnostics) && ok;
  ok = CheckLimit(graph, "constants", emitted.constants.size(), diagnostics) && ok;
  ok = CheckLimit(graph, "parameters", graph.params.size(), diagnostics) && ok;
  ok = CheckLimit(graph, "clips", graph.clips.size() + graph.baked_clips.size(), diagnostics) && ok;
  ok = CheckLimit(graph, "clocks", graph.clocks.size(), diagnostics) && ok;
  ok = CheckLimit(graph, "scopes", graph.scopes.size(), diagnostics) && ok;
  ok = CheckLimit(graph, "state machines", graph.machines.size(), diagnostics) && ok;
  ok = CheckLimit(graph, "masks", graph.masks.size(), diagnostics) && ok;
  ok = CheckLimit(graph, "bones", graph.bones.size(), diagnostics) && ok;
  ok = CheckLimit(graph, "snapshots", graph.snapshots.size(), diagnostics) && ok;
  ok = CheckLimit(graph, "blend spaces", graph.blend_spaces.size(), diagnostics) && ok;
  ok = CheckLimit(graph, "sync groups", graph.sync_groups.size(), diagnostics) && ok;
  ok = CheckLimit(graph, "curves", graph.curves.size(), diagnostics) && ok;
  size_t longest_name = 0;
  auto name = [&](const std::string& n) { longest_name = std::max(longest_name, n.size()); };
  for (const ir::Machine& m : graph.machines) {
    ok = CheckLimit(graph, "states in one machine", m.states.size(), diagnostics) && ok;
    name(m.name);
    for (const StateDesc& s : m.states)
      name(s.name);
  }
  for (const ParamDesc& p : graph.params)
    name(p.name);
  for (const std::string& c : graph.clips)
    name(c);
  for (const MaskDesc& m : graph.masks)
    name(m.name);
  for (const BoneRef& b : graph.bones)
    name(b.name);
  for (const std::string& s : graph.snapshots)
    name(s);
  for (const BlendSpaceDesc& b : graph.blend_spaces)
    name(b.name);
  for (const std::string& g : graph.sync_groups)
    name(g);
  for (const std::string& c : graph.curves)
    name(c);
  for (const ir::Value& v : graph.values)
    name(v.node);
  return CheckLimit(graph, "bytes in a name", longest_name, diagnostics) && ok;
}

std::vector<uint16_t> FinalCode(const VirtualCode& code, const RegisterAssignment& regs) {
  std::vector<uint16_t> words(code.words.size());
  for (size_t i = 0; i < words.size(); ++i)
    words[i] = static_cast<uint16_t>(code.words[i]);
  for (uint32_t start : code.starts) {
    ForEachOperand(code.words, start, [&](uint32_t slot, OperandKind kind) {
      const uint32_t vreg = code.words[slot];
      switch (kind) {
        case OperandKind::ScalarRead:
        case OperandKind::ScalarWrite:
          words[slot] = static_cast<uint16_t>(regs.scalar[vreg]);
          break;
        case OperandKind::PoseRead:
        case OperandKind::OptPoseRead:
        case OperandKind::PoseWrite:
          words[slot] = vreg == kNoVirtualRegister ? kNoOperand : static_cast<uint16_t>(regs.pose[vreg]);
          break;
        default:
          break;
      }
    });
  }
  return words;
}

MachineDesc MachineTable(const ir::Machine& machine, const std::vector<uint32_t>& conditions,
                         const std::vector<uint32_t>& poses, const RegisterAssignment& regs) {
  MachineDesc desc;
  desc.name = machine.name;
  desc.scope = machine.scope;
  desc.initial_state = machine.initial_state;
  desc.states = machine.states;
  for (size_t s = 0; s < desc.states.size(); ++s)
    desc.states[s].pose = static_cast<uint16_t>(regs.pose[poses[s]]);
  for (size_t t = 0; t < machine.transitions.size(); ++t) {
    desc.transitions.push_back(machine.transitions[t].desc);
    desc.transitions.back().condition = static_cast<uint16_t>(regs.scalar[conditions[t]]);
  }
  return desc;
}

}  // namespace

std::optional<Program> GenerateProgram(const ir::Graph& graph, DiagnosticSink& diagnostics) {
  const EmittedCode emitted = EmitCode(graph);
  const RegisterAssignment regs = AllocateRegisters(emitted.code);
  if (!WithinLimits(graph, emitted, regs, diagnostics)) return std::nullopt;

  Program program;
  program.skeleton_hash = graph.skeleton_hash;
  program.graph_hash = graph.source_hash;
  program.scalar_register_count = static_cast<uint16_t>(regs.scalar_count);
  program.pose_register_count = static_cast<uint16_t>(regs.pose_count);
  program.code = FinalCode(emitted.code, regs);
  program.constants = emitted.constants;
  program.params = graph.params;
  program.clips = graph.clips;
  program.baked_clips = graph.baked_clips;
  program.clocks = graph.clocks;
  program.scopes = graph.scopes;
  for (size_t m = 0; m < graph.machines.size(); ++m) {
    program.machines.push_back(
        MachineTable(graph.machines[m], emitted.condition_vregs[m], emitted.state_pose_vregs[m], regs));
  }
  program.masks = graph.masks;
  program.bones = graph.bones;
  program.snapshots = graph.snapshots;
  program.blend_spaces = graph.blend_spaces;
  program.sync_groups = graph.sync_groups;
  program.events = graph.events;
  program.curves = graph.curves;
  program.debug.reserve(emitted.source.size());
  for (size_t i = 0; i < emitted.source.size(); ++i) {
    const ir::Value& v = graph.values[static_cast<size_t>(emitted.source[i])];
    program.debug.push_back({emitted.code.starts[i], v.node,
                             static_cast<uint32_t>(std::max(v.location.line, 0)),
                             static_cast<uint32_t>(std::max(v.location.column, 0))});
  }
  return program;
}

}  // namespace anim::codegen
