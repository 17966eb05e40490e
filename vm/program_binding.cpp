#include "vm/program_binding.h"

#include <algorithm>
#include <unordered_map>

#include "vm/baked_clips.h"
#include "vm/bytecode/program_verifier.h"
#include "vm/clock_time.h"

namespace anim {
namespace {

BindResult BindError(std::string message) {
  return BindResult{std::nullopt, std::move(message)};
}

std::string Hex(uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string s = "0x";
  for (int shift = 60; shift >= 0; shift -= 4)
    s += digits[(v >> shift) & 0xF];
  return s;
}

}  // namespace

std::vector<std::string> NodeNameTable(const Program& program) {
  std::vector<std::string> names;
  std::unordered_map<std::string, int32_t> index;
  for (const DebugEntry& d : program.debug) {
    if (index.emplace(d.node, static_cast<int32_t>(names.size())).second) names.push_back(d.node);
  }
  return names;
}

BindResult ProgramBinding::Bind(const Program& program, const Skeleton& skeleton,
                                std::span<const Clip* const> clips) {
  ProgramBinding b;
  b.program_ = &program;
  b.skeleton_ = &skeleton;
  if (program.version != kAnimBytecodeVersion) {
    b.version_mismatch_ = true;
    b.version_warning_ = "bytecode version " + std::to_string(program.version) +
                         " does not match the runtime's version " + std::to_string(kAnimBytecodeVersion) +
                         ": showing the bind pose; recompile the graph";
    return BindResult{std::move(b), {}};
  }
  const VerifyResult verified = VerifyProgram(program);
  if (!verified.ok()) return BindError(verified.error);
  if (program.skeleton_hash != skeleton.content_hash()) {
    return BindError("the program was compiled for skeleton " + Hex(program.skeleton_hash) + ", not for '" +
                     skeleton.name() + "' (" + Hex(skeleton.content_hash()) + ")");
  }
  const int bone_count = skeleton.bone_count();

  for (const std::string& name : program.clips) {
    const Clip* found = nullptr;
    for (const Clip* clip : clips) {
      if (clip != nullptr && clip->name() == name) found = clip;
    }
    if (found == nullptr) return BindError("clip '" + name + "' is not loaded");
    if (found->skeleton_hash() != skeleton.content_hash() || found->bone_count() != bone_count) {
      return BindError("clip '" + name + "' was made for another skeleton than '" + skeleton.name() + "'");
    }
    b.clips_.push_back(found);
  }
  std::string baked_error;
  std::optional<std::vector<Clip>> baked = BuildBakedClips(program, skeleton, b.clips_, baked_error);
  if (!baked) return BindError(baked_error);
  b.baked_clips_ = std::move(*baked);
  for (const Clip& clip : b.baked_clips_)
    b.clips_.push_back(&clip);
  for (const Clip* clip : b.clips_) {
    ClipCurveTargets& targets = b.clip_curves_.emplace_back();
    for (const ClipCurve& curve : clip->curves()) {
      const auto named = std::find(program.curves.begin(), program.curves.end(), curve.name);
      targets.targets.push_back(named != program.curves.end()
                                    ? static_cast<uint16_t>(named - program.curves.begin())
                                    : ClipCurveTargets::kUnusedCurve);
    }
  }
  for (const MaskDesc& mask : program.masks) {
    if (static_cast<int>(mask.weights.size()) != bone_count) {
      return BindError("mask '" + mask.name + "' has " + std::to_string(mask.weights.size()) +
                       " weights, the skeleton has " + std::to_string(bone_count) + " bones");
    }
    b.masks_.push_back(BoneMask{mask.weights, mask.curve_weights});
  }
  for (const BoneRef& bone : program.bones) {
    if (bone.index >= bone_count || skeleton.bone_name(bone.index) != bone.name) {
      return BindError("bone '" + bone.name + "' (index " + std::to_string(bone.index) +
                       ") is not in skeleton '" + skeleton.name() + "' at that index");
    }
    b.bones_.push_back(bone.index);
  }

  b.node_names_ = NodeNameTable(program);
  std::unordered_map<std::string, int32_t> index;
  for (std::size_t i = 0; i < b.node_names_.size(); ++i)
    index.emplace(b.node_names_[i], static_cast<int32_t>(i));
  std::vector<int32_t> node_at_word(program.code.size(), -1);
  for (const DebugEntry& d : program.debug)
    node_at_word[d.code_offset] = index[d.node];
  for (std::size_t pc = 0; pc < program.code.size();) {  // verified: every opcode is known
    const OpcodeInfo& info = *FindOpcode(program.code[pc]);
    b.instructions_.push_back(BoundInstruction{info.opcode, static_cast<uint32_t>(pc + 1), node_at_word[pc]});
    b.reads_state_values_ = b.reads_state_values_ || info.opcode == Opcode::StateTime ||
                            info.opcode == Opcode::StateClockProgress;
    pc += 1 + info.operand_count;
  }

  // Marker names interned once, so sync groups match them by number; each clip once, however many
  // clip table entries name it.
  std::unordered_map<std::string, uint32_t> marker_ids;
  std::unordered_map<const Clip*, std::pair<uint32_t, uint32_t>> marker_span;
  for (const Clip* clip : b.clips_) {
    const auto [it, first] = marker_span.try_emplace(clip, static_cast<uint32_t>(b.marker_names_.size()), 0u);
    if (!first) continue;
    for (const SyncMarker& m : clip->markers())
      b.marker_names_.push_back(
          marker_ids.try_emplace(m.name, static_cast<uint32_t>(marker_ids.size())).first->second);
    it->second.second = static_cast<uint32_t>(clip->markers().size());
  }
  // One motion track per clip and bone, however many clocks play it.
  std::unordered_map<const Clip*, std::unordered_map<int, uint16_t>> tracks;
  for (const ClockDesc& clock : program.clocks) {
    const Clip& clip = *b.clips_[clock.clip];
    const float duration = clip.duration();
    uint16_t track = kNoOperand;
    const int motion_bone = clock.root_motion != RootMotionMode::Keep ? b.bones_[clock.root_motion_bone] : -1;
    if (motion_bone >= 0 && motion_bone < clip.bone_count()) {
      const auto [it, added] =
          tracks[&clip].try_emplace(motion_bone, static_cast<uint16_t>(b.root_tracks_.size()));
      if (added) b.root_tracks_.emplace_back(clip, motion_bone);
      track = it->second;
    }
    const auto [marker_first, marker_count] = marker_span.at(&clip);
    b.clocks_.push_back(
        BoundClock{duration, NormalizedClockTime(clock.start_time, duration, clock.loop), clock.scope,
                   clock.loop, clock.sync_group, clock.sync_role, clip.markers(),
                   std::span<const uint32_t>(b.marker_names_).subspan(marker_first, marker_count),
                   clock.root_motion, track});
  }
  // Each group's clocks, in clock order, by counting: a program's many groups and clocks cost
  // their sum, not their product.
  if (!program.sync_groups.empty()) {
    b.sync_members_begin_.assign(program.sync_groups.size() + 1, 0);
    for (const ClockDesc& clock : program.clocks) {
      if (clock.sync_group != kNoOperand) ++b.sync_members_begin_[clock.sync_group + 1u];
    }
    for (std::size_t g = 1; g < b.sync_members_begin_.size(); ++g)
      b.sync_members_begin_[g] += b.sync_members_begin_[g - 1];
    b.sync_members_.resize(b.sync_members_begin_.back());
    std::vector<uint32_t> next(b.sync_members_begin_.begin(), b.sync_members_begin_.end() - 1);
    for (std::size_t c = 0; c < program.clocks.size(); ++c) {
      const uint16_t group = program.clocks[c].sync_group;
      if (group != kNoOperand) b.sync_members_[next[group]++] = static_cast<uint16_t>(c);
    }
  }

  for (const BlendSpaceDesc& space : program.blend_spaces)
    b.blend_spaces_.emplace_back(space);

  // Transitions bucketed by the state they leave, by counting: one pass over states and transitions.
  for (const MachineDesc& machine : program.machines) {
    const std::size_t first = b.leaving_begin_.size();
    b.first_state_.push_back(static_cast<uint32_t>(first));
    std::vector<uint32_t> count(machine.states.size(), 0);
    b.any_state_begin_.push_back(static_cast<uint32_t>(b.any_state_.size()));
    for (std::size_t i = 0; i < machine.transitions.size(); ++i) {
      const uint16_t from = machine.transitions[i].from;
      if (from == kNoOperand) {
        b.any_state_.push_back(static_cast<uint16_t>(i));
      } else {
        ++count[from];
      }
    }
    uint32_t offset = static_cast<uint32_t>(b.leaving_.size());
    for (const uint32_t n : count) {
      b.leaving_begin_.push_back(offset);
      offset += n;
    }
    b.leaving_.resize(offset);
    std::vector<uint32_t> next(b.leaving_begin_.begin() + static_cast<std::ptrdiff_t>(first),
                               b.leaving_begin_.end());
    for (std::size_t i = 0; i < machine.transitions.size(); ++i) {
      const uint16_t from = machine.transitions[i].from;
      if (from != kNoOperand) b.leaving_[next[from]++] = static_cast<uint16_t>(i);
    }
  }
  b.leaving_begin_.push_back(static_cast<uint32_t>(b.leaving_.size()));
  b.any_state_begin_.push_back(static_cast<uint32_t>(b.any_state_.size()));
  return BindResult{std::move(b), {}};
}

}  // namespace anim
