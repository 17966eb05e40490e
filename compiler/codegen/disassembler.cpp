#include "compiler/codegen/disassembler.h"

#include <fmt/format.h>

#include <iterator>

#include "compiler/codegen/instruction_text.h"
#include "compiler/diag/escape.h"

namespace anim::codegen {
namespace {

template <typename... Args>
void Line(std::string& out, fmt::format_string<Args...> format, Args&&... args) {
  fmt::format_to(std::back_inserter(out), format, std::forward<Args>(args)...);
  out += '\n';
}

// Names come from documents or from the file: shown as terminal text, quoted.
std::string Quoted(const std::string& name) {
  return "'" + EscapeTerminal(name) + "'";
}

// `text` padded with spaces to `columns` terminal columns.
std::string PadTo(std::string text, std::size_t columns) {
  const std::size_t width = DisplayWidth(text);
  if (width < columns) text.append(columns - width, ' ');
  return text;
}

std::string RegisterName(char bank, uint16_t r) {
  return r == kNoOperand ? "none" : fmt::format("{}{}", bank, r);
}

void Code(const Program& p, std::string& out) {
  Line(out, "code:");
  size_t debug = 0;
  for (uint32_t offset = 0; offset < p.code.size();) {
    const DecodedInstruction d = DecodeInstruction(p, offset);
    std::string text;
    if (!d.info) {
      text = fmt::format(".word {:#06x}  ; unknown opcode", d.opcode_word);
    } else {
      text = fmt::format("{:<14} ", d.info->name);  // a column of 15, and a space after longer names
      for (size_t k = 0; k < d.operands.size(); ++k)
        text += (k ? ", " : "") + EscapeTerminal(d.operands[k].text);
      if (d.truncated) text += "  <truncated>";
    }
    while (debug < p.debug.size() && p.debug[debug].code_offset < offset)
      ++debug;
    if (debug < p.debug.size() && p.debug[debug].code_offset == offset) {
      const DebugEntry& e = p.debug[debug];
      text = fmt::format("{} ; {} (line {}:{})", PadTo(std::move(text), 64), EscapeTerminal(e.node), e.line,
                         e.column);
    }
    while (!text.empty() && text.back() == ' ')
      text.pop_back();
    Line(out, "  {:04}  {}", offset, text);
    offset += d.size;
  }
}

void Parameters(const Program& p, std::string& out) {
  Line(out, "parameters:");
  for (size_t i = 0; i < p.params.size(); ++i) {
    const ParamDesc& d = p.params[i];
    std::string text = fmt::format("  {}  {} {}", i, Quoted(d.name), ParamTypeName(d.type));
    text += d.type == ParamType::Vec3 ? fmt::format(" default ({}, {}, {})", d.default_value[0],
                                                    d.default_value[1], d.default_value[2])
                                      : fmt::format(" default {}", d.default_value[0]);
    if (d.has_range) text += fmt::format(" range [{}, {}]", d.min, d.max);
    Line(out, "{}", text);
  }
}

// Numbered after the loaded clips, as clocks name them; the keys are in the JSON form.
void BakedClips(const Program& p, std::string& out) {
  Line(out, "baked clips:");
  for (size_t i = 0; i < p.baked_clips.size(); ++i) {
    const BakedClipDesc& c = p.baked_clips[i];
    Line(out,
         "  {}  {}: additive of clip {} against the bind pose, {} frames at {} Hz, {}, {} channels, {} "
         "curves, "
         "inputs {:#018x}",
         p.clips.size() + i, Quoted(c.name), Quoted(ClipName(p, c.source_clip)), c.frame_count, c.sample_rate,
         c.looping ? "loop" : "once", c.channels.size(), c.curves.size(), c.inputs_hash);
  }
}

void Clocks(const Program& p, std::string& out) {
  Line(out, "clips:");
  for (size_t i = 0; i < p.clips.size(); ++i)
    Line(out, "  {}  {}", i, Quoted(p.clips[i]));
  BakedClips(p, out);
  Line(out, "clocks:");
  for (size_t i = 0; i < p.clocks.size(); ++i) {
    const ClockDesc& c = p.clocks[i];
    std::string sync;
    if (c.sync_group != kNoOperand) {
      sync = fmt::format(", sync {} {}",
                         c.sync_group < p.sync_groups.size() ? Quoted(p.sync_groups[c.sync_group]) : "'?'",
                         SyncRoleName(c.sync_role));
    }
    if (c.root_motion != RootMotionMode::Keep) {
      sync +=
          fmt::format(", root motion {} {}", RootMotionModeName(static_cast<uint8_t>(c.root_motion)),
                      c.root_motion_bone < p.bones.size() ? Quoted(p.bones[c.root_motion_bone].name) : "'?'");
    }
    Line(out, "  {}  clip {}, {}, start {}{}, in {}", i, Quoted(ClipName(p, c.clip)),
         c.loop ? "loop" : "once", c.start_time, EscapeTerminal(sync), EscapeTerminal(ScopeText(p, c.scope)));
  }
  Line(out, "scopes:");
  for (size_t i = 0; i < p.scopes.size(); ++i)
    Line(out, "  {}  {}", i, EscapeTerminal(ScopeText(p, static_cast<uint16_t>(i))));
}

void Machines(const Program& p, std::string& out) {
  Line(out, "machines:");
  for (size_t m = 0; m < p.machines.size(); ++m) {
    const MachineDesc& d = p.machines[m];
    auto state = [&](uint16_t s) {
      return s < d.states.size() ? Quoted(d.states[s].name) : fmt::format("?{}", s);
    };
    Line(out, "  {}  {} in {}, initial {}", m, Quoted(d.name), EscapeTerminal(ScopeText(p, d.scope)),
         state(d.initial_state));
    for (size_t s = 0; s < d.states.size(); ++s) {
      const StateDesc& st = d.states[s];
      std::string text = fmt::format("      state {} {}: pose {}, scope {}", s, Quoted(st.name),
                                     RegisterName('p', st.pose), st.scope);
      if (st.progress_clock != kNoOperand) text += fmt::format(", progress clock {}", st.progress_clock);
      Line(out, "{}", text);
    }
    for (size_t t = 0; t < d.transitions.size(); ++t) {
      const TransitionDesc& tr = d.transitions[t];
      std::string text = fmt::format("      transition {}: {} -> {} when s{}, {}s {}", t,
                                     tr.from == kNoOperand ? std::string("any") : state(tr.from),
                                     state(tr.to), tr.condition, tr.duration, BlendModeName(tr.mode));
      if (tr.mode == BlendMode::DeadBlend) text += fmt::format(" half_life {}", tr.half_life);
      if (tr.mode == BlendMode::Crossfade) text += fmt::format(" {}", BlendCurveName(tr.curve));
      if (tr.can_interrupt) text += ", can interrupt";
      for (uint16_t trigger : tr.consumed_triggers) {
        text +=
            fmt::format(", consumes {}", trigger < p.params.size() ? Quoted(p.params[trigger].name) : "'?'");
      }
      Line(out, "{}", text);
    }
  }
}

void Assets(const Program& p, std::string& out) {
  Line(out, "masks:");
  for (size_t i = 0; i < p.masks.size(); ++i) {
    const MaskDesc& mask = p.masks[i];
    size_t weighted = 0;
    float sum = 0.0f;
    for (float w : mask.weights) {
      weighted += w != 0.0f ? 1 : 0;
      sum += w;
    }
    std::string curves;
    for (size_t c = 0; c < mask.curve_weights.size(); ++c)
      curves +=
          fmt::format("{}{} {}", c == 0 ? "; curves " : ", ",
                      c < p.curves.size() ? Quoted(p.curves[c]) : std::string("'?'"), mask.curve_weights[c]);
    Line(out, "  {}  {}: {} weights, {} non-zero, sum {}{}", i, Quoted(mask.name), mask.weights.size(),
         weighted, sum, curves);
  }
  Line(out, "curves:");
  for (size_t i = 0; i < p.curves.size(); ++i)
    Line(out, "  {}  {}", i, Quoted(p.curves[i]));
  Line(out, "bones:");
  for (size_t i = 0; i < p.bones.size(); ++i)
    Line(out, "  {}  {} (skeleton bone {})", i, Quoted(p.bones[i].name), p.bones[i].index);
  Line(out, "snapshots:");
  for (size_t i = 0; i < p.snapshots.size(); ++i)
    Line(out, "  {}  {}", i, Quoted(p.snapshots[i]));
  Line(out, "blend spaces:");
  for (size_t i = 0; i < p.blend_spaces.size(); ++i) {
    const BlendSpaceDesc& space = p.blend_spaces[i];
    std::string samples, triangles;
    for (size_t k = 0; k + 1 < space.positions.size(); k += 2)
      samples += fmt::format("{}({}, {})", k == 0 ? "" : " ", space.positions[k], space.positions[k + 1]);
    for (size_t k = 0; k + 2 < space.triangles.size(); k += 3) {
      triangles += fmt::format("{}({} {} {})", k == 0 ? "" : " ", space.triangles[k], space.triangles[k + 1],
                               space.triangles[k + 2]);
    }
    Line(out, "  {}  {}: samples {}; triangles {}", i, Quoted(space.name), samples, triangles);
  }
}

// The event table: each event with its source, its name and its own threshold when it has one.
void Events(const Program& p, std::string& out) {
  const EventTable& e = p.events;
  Line(out, "events: threshold {}", e.threshold);
  auto name = [&](uint16_t n) { return n < e.names.size() ? Quoted(e.names[n]) : std::string("'?'"); };
  auto threshold = [](float t) { return t < 0.0f ? std::string() : fmt::format(", threshold {}", t); };
  for (const ClipEventDesc& c : e.clip) {
    const std::string window = c.duration > 0.0f ? fmt::format(" for {}s", c.duration) : "";
    Line(out, "  {} at {}s{} of clock {}{}", name(c.name), c.time, window, c.clock, threshold(c.threshold));
  }
  for (const StateEventDesc& st : e.state) {
    const bool known = st.machine < p.machines.size() && st.state < p.machines[st.machine].states.size();
    Line(out, "  {} {} state {} of {}{}", name(st.name), StateEventKindName(st.kind),
         known ? Quoted(p.machines[st.machine].states[st.state].name) : std::string("'?'"),
         st.machine < p.machines.size() ? Quoted(p.machines[st.machine].name) : std::string("'?'"),
         threshold(st.threshold));
  }
  for (const TransitionEventDesc& t : e.transition) {
    Line(out, "  {} when transition {} of {} fires{}", name(t.name), t.transition,
         t.machine < p.machines.size() ? Quoted(p.machines[t.machine].name) : std::string("'?'"),
         threshold(t.threshold));
  }
}

}  // namespace

std::string Disassemble(const Program& p) {
  std::string out;
  Line(out, "; animbc version {}, skeleton hash {:#018x}, graph hash {:#018x}", p.version, p.skeleton_hash,
       p.graph_hash);
  Line(out, "; {} code words, {} debug entries, {} scalar registers, {} pose registers", p.code.size(),
       p.debug.size(), p.scalar_register_count, p.pose_register_count);
  Code(p, out);
  Line(out, "constants:");
  for (size_t i = 0; i < p.constants.size(); ++i)
    Line(out, "  {}  {}", i, p.constants[i]);
  Parameters(p, out);
  Clocks(p, out);
  Machines(p, out);
  Assets(p, out);
  Events(p, out);
  return out;
}

}  // namespace anim::codegen
