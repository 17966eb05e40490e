#include "compiler/codegen/register_allocator.h"

#include <functional>
#include <queue>

namespace anim::codegen {
namespace {

constexpr uint32_t kNever = 0xFFFFFFFFu;

// Physical registers of one bank: the lowest free one first, so the result is deterministic.
class RegisterFile {
 public:
  uint32_t Take() {
    if (free_.empty()) return count_++;
    const uint32_t r = free_.top();
    free_.pop();
    return r;
  }
  void Release(uint32_t r) { free_.push(r); }
  uint32_t count() const { return count_; }

 private:
  std::priority_queue<uint32_t, std::vector<uint32_t>, std::greater<>> free_;
  uint32_t count_ = 0;
};

struct BankState {
  std::vector<uint32_t> last_use;  // instruction of the last read, kNever if never read
  std::vector<uint32_t> physical;
  std::vector<char> released;
  RegisterFile file;

  explicit BankState(uint32_t vregs) : last_use(vregs, kNever), physical(vregs, kNever), released(vregs, 0) {}

  // Reads arrive out of order (operands first, then implicit reads): keep the latest.
  void Read(uint32_t vreg, uint32_t instruction) {
    if (last_use[vreg] == kNever || last_use[vreg] < instruction) last_use[vreg] = instruction;
  }
  void Write(uint32_t vreg) { physical[vreg] = file.Take(); }
  // Frees the register after its last read (or after its write, when nothing reads it).
  void ReleaseIfDone(uint32_t vreg, uint32_t instruction) {
    const bool done = last_use[vreg] == instruction || last_use[vreg] == kNever;
    if (done && !released[vreg]) {
      released[vreg] = 1;
      file.Release(physical[vreg]);
    }
  }
};

bool IsRead(OperandKind kind) {
  return kind == OperandKind::ScalarRead || kind == OperandKind::PoseRead || kind == OperandKind::OptPoseRead;
}

bool IsWrite(OperandKind kind) {
  return kind == OperandKind::ScalarWrite || kind == OperandKind::PoseWrite;
}

bool IsScalarKind(OperandKind kind) {
  return kind == OperandKind::ScalarRead || kind == OperandKind::ScalarWrite;
}

}  // namespace

RegisterAssignment AllocateRegisters(const VirtualCode& code) {
  BankState scalar(code.scalar_vregs), pose(code.pose_vregs);
  auto bank = [&](bool is_scalar) -> BankState& { return is_scalar ? scalar : pose; };

  for (uint32_t i = 0; i < code.starts.size(); ++i) {
    ForEachOperand(code.words, code.starts[i], [&](uint32_t slot, OperandKind kind) {
      if (IsRead(kind) && code.words[slot] != kNoVirtualRegister)
        bank(IsScalarKind(kind)).Read(code.words[slot], i);
    });
  }
  for (const ImplicitRead& read : code.implicit_reads)
    bank(read.bank == Bank::Scalar).Read(read.vreg, read.instruction);

  size_t implicit = 0;
  for (uint32_t i = 0; i < code.starts.size(); ++i) {
    ForEachOperand(code.words, code.starts[i], [&](uint32_t slot, OperandKind kind) {
      if (IsWrite(kind)) bank(IsScalarKind(kind)).Write(code.words[slot]);
    });
    ForEachOperand(code.words, code.starts[i], [&](uint32_t slot, OperandKind kind) {
      if ((IsRead(kind) || IsWrite(kind)) && code.words[slot] != kNoVirtualRegister) {
        bank(IsScalarKind(kind)).ReleaseIfDone(code.words[slot], i);
      }
    });
    for (; implicit < code.implicit_reads.size() && code.implicit_reads[implicit].instruction == i;
         ++implicit) {
      const ImplicitRead& read = code.implicit_reads[implicit];
      bank(read.bank == Bank::Scalar).ReleaseIfDone(read.vreg, i);
    }
  }
  return {std::move(scalar.physical), std::move(pose.physical), scalar.file.count(), pose.file.count()};
}

}  // namespace anim::codegen
