// A Program bound to the assets it runs on: the skeleton (checked against the program's skeleton
// hash), clips resolved by name, masks as BoneMask tables, bone table entries as skeleton indices,
// and the debug table as node names tasks can point at. This is what gives an AnimTaskList its
// clip and mask spans. The program, skeleton and clips must outlive the binding.
//
// It also holds what the recorder would otherwise work out again every frame: the code decoded into
// one entry per instruction, and each clock's clip duration and normalised start time.
//
// A program of another bytecode version binds without looking at its tables (there is nothing in
// them to trust): its instances warn once and show the bind pose.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"
#include "executor/tasks/anim_task_list.h"
#include "vm/blend_space_weights.h"
#include "vm/bytecode/program.h"

namespace anim {

struct BindResult;

// One instruction of the code, decoded once: the recorder walks these instead of the opcode table.
struct BoundInstruction {
  Opcode opcode = Opcode::Nop;
  uint32_t operands = 0;  // code word offset of the first operand
  int32_t node = -1;      // index into node_names() of the instruction's debug entry, or -1
};

// A clock's constants: its clip's duration, and the time it shows while wound back or entering.
struct BoundClock {
  float duration = 0.0f;  // the bound clip's duration()
  float start = 0.0f;     // NormalizedClockTime(start_time, duration, loop)
  uint16_t scope = 0;
  bool loop = true;
  uint16_t sync_group = kNoOperand;
  SyncRole sync_role = SyncRole::Auto;
  std::span<const SyncMarker> markers;     // the bound clip's sync markers, by time
  std::span<const uint32_t> marker_names;  // each marker's name as an id: equal names, equal ids
  RootMotionMode root_motion = RootMotionMode::Keep;
  uint16_t root_track = kNoOperand;  // unless Keep, index into root_tracks()
};

class ProgramBinding {
 public:
  ProgramBinding(ProgramBinding&&) = default;
  ProgramBinding& operator=(ProgramBinding&&) = default;
  ProgramBinding(const ProgramBinding&) = delete;  // its clocks point into its own tables
  ProgramBinding& operator=(const ProgramBinding&) = delete;

  // Verifies `program` (unless it is of another version) and binds it. `clips` are looked up by
  // Clip::name(); clips the program does not name are ignored. The program's baked clips are built
  // here, each checked against the loaded clip it was baked from (a stale program does not bind).
  static BindResult Bind(const Program& program, const Skeleton& skeleton,
                         std::span<const Clip* const> clips);

  const Program& program() const { return *program_; }
  const Skeleton& skeleton() const { return *skeleton_; }
  // The loaded clips in Program::clips order, then the baked clips (Program::baked_clips).
  std::span<const Clip* const> clips() const { return clips_; }
  std::span<const BoneMask> masks() const { return masks_; }
  // Where each bound clip's curves go in a pose, parallel to clips().
  std::span<const ClipCurveTargets> clip_curves() const { return clip_curves_; }
  // Skeleton bone index of bone table entry `bone`.
  uint16_t bone(uint16_t bone) const { return bones_[bone]; }

  // True when the program is of another bytecode version: it runs as the bind pose.
  bool version_mismatch() const { return version_mismatch_; }
  // Whether the code reads a state's own time or progress (state_time, state_clock_progress):
  // only then does a frame latch them for every state.
  bool reads_state_values() const { return reads_state_values_; }
  // The warning an instance gives once for a version mismatch.
  const std::string& version_warning() const { return version_warning_; }

  // Graph node names, deduplicated, in order of first appearance in the debug table. A recorded
  // task's AnimTask::source_node indexes this table (-1: no debug entry).
  const std::vector<std::string>& node_names() const { return node_names_; }

  // Every instruction of the code, in order (empty for a version mismatch).
  std::span<const BoundInstruction> instructions() const { return instructions_; }
  // One entry per Program::clocks entry.
  std::span<const BoundClock> clocks() const { return clocks_; }
  // One entry per Program::blend_spaces entry.
  std::span<const BoundBlendSpace> blend_spaces() const { return blend_spaces_; }
  // The motion tracks of the clocks that take their clip's root motion out (BoundClock::root_track).
  std::span<const RootMotionTrack> root_tracks() const { return root_tracks_; }
  // The clocks of sync group `group`, in clock order.
  std::span<const uint16_t> sync_members(std::size_t group) const {
    return Slice(sync_members_, sync_members_begin_, static_cast<uint32_t>(group));
  }
  std::size_t sync_group_count() const {
    return sync_members_begin_.empty() ? 0 : sync_members_begin_.size() - 1;
  }
  // The first transition of `machine` that can fire while it is in `state` and for which
  // `fires(index)` is true, or -1. Candidates go in priority (table) order: those from `state`,
  // merged with the any-state ones to another state. Each list is kept once, so a machine's tables
  // cost its states plus its transitions, never their product.
  template <typename Fires>
  int FirstTransition(uint16_t machine, uint16_t state, Fires fires) const {
    const std::span<const uint16_t> own = Slice(leaving_, leaving_begin_, first_state_[machine] + state);
    const std::span<const uint16_t> any = Slice(any_state_, any_state_begin_, machine);
    const std::vector<TransitionDesc>& table = program_->machines[machine].transitions;
    std::size_t a = 0, b = 0;
    while (a < own.size() || b < any.size()) {
      uint16_t i = 0;
      if (b == any.size() || (a < own.size() && own[a] < any[b])) {
        i = own[a++];
      } else {
        i = any[b++];
        if (table[i].to == state) continue;  // an any-state transition never re-enters the current state
      }
      if (fires(i)) return i;
    }
    return -1;
  }

 private:
  ProgramBinding() = default;

  const Program* program_ = nullptr;
  const Skeleton* skeleton_ = nullptr;
  std::vector<const Clip*> clips_;
  std::vector<Clip> baked_clips_;  // clips_ points at them: moving the binding keeps them in place
  std::vector<BoneMask> masks_;
  std::vector<ClipCurveTargets> clip_curves_;
  std::vector<uint16_t> bones_;
  bool version_mismatch_ = false;
  bool reads_state_values_ = false;
  std::string version_warning_;
  std::vector<std::string> node_names_;
  std::vector<BoundInstruction> instructions_;
  std::vector<BoundClock> clocks_;
  std::vector<BoundBlendSpace> blend_spaces_;
  std::vector<RootMotionTrack> root_tracks_;
  // Every bound clip's marker names as ids (BoundClock::marker_names points into it, so the
  // binding moves but is never copied).
  std::vector<uint32_t> marker_names_;
  // Group g's clocks are sync_members_[sync_members_begin_[g], sync_members_begin_[g + 1]).
  std::vector<uint32_t> sync_members_begin_;
  std::vector<uint16_t> sync_members_;
  static std::span<const uint16_t> Slice(const std::vector<uint16_t>& items,
                                         const std::vector<uint32_t>& begin, uint32_t list) {
    return std::span<const uint16_t>(items).subspan(begin[list], begin[list + 1] - begin[list]);
  }

  // FirstTransition()'s lists. The transitions leaving each state, every machine's states one after
  // another: state `s` of machine `m` is list first_state_[m] + s, spanning
  // [leaving_begin_[i], leaving_begin_[i + 1]) of leaving_. Each machine's any-state transitions
  // likewise, list `m` of any_state_.
  std::vector<uint32_t> first_state_;
  std::vector<uint32_t> leaving_begin_;
  std::vector<uint16_t> leaving_;
  std::vector<uint32_t> any_state_begin_;
  std::vector<uint16_t> any_state_;
};

struct BindResult {
  std::optional<ProgramBinding> binding;
  std::string error;  // empty on success
};

// The node name table of a program's debug table (as ProgramBinding::node_names), for tools that
// print tasks without binding.
std::vector<std::string> NodeNameTable(const Program& program);

}  // namespace anim
