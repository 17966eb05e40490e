// The versioning rule of docs/bytecode.md, enforced: changing an opcode's number, name or operand
// layout bumps kAnimBytecodeVersion; appending an opcode at the end does not.
//
// tests/vm/golden/ keeps frozen files for every version N that ever existed:
//   opcodes_vN.txt        the opcode table of version N: number, name, operand kinds, one a line.
//   vN/opcodes_A-B.animbc a program written at version N that uses opcodes A to B, and next to it
//   vN/opcodes_A-B.asm    its disassembly when it was written.
// The current table must equal opcodes_vN.txt of the current version. Every binary of the current
// version must load, verify and disassemble to its .asm, and together they must use every opcode
// of the table. Editing opcodes_vN.txt is therefore not enough to change a layout: the old bytes no
// longer decode as they did. Binaries of every other version must be refused with the loader's
// version error.
//
// Frozen files are never edited, deleted or regenerated. The only edit allowed is appending lines
// to the current version's opcodes_vN.txt. The generator below writes only files that do not exist.
//
// Appending an opcode (no version bump):
//   1. append its line to opcodes_vN.txt (the test prints it);
//   2. run `build/tests/vm/vm_opcode_test "[.generate]"`: it writes vN/opcodes_A-B.animbc and .asm
//      for the opcodes no binary of version N uses yet (here just the new one);
//   3. commit both new files.
// Any other change to the table (or to the file layout) bumps kAnimBytecodeVersion to N+1:
//   1. create opcodes_vN+1.txt with the current table (the test prints it);
//   2. run the generator: it writes vN+1/opcodes_0-B.animbc and .asm;
//   3. commit them, and keep every file of the older versions as it is.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "compiler/codegen/disassembler.h"
#include "compiler/codegen/program_writer.h"
#include "vm/bytecode/opcodes.h"
#include "vm/bytecode/program_loader.h"
#include "vm/bytecode/program_verifier.h"

namespace anim {
namespace {

namespace fs = std::filesystem;

constexpr const char* kBumpAdvice =
    "Changing an opcode's number, name or operands needs a kAnimBytecodeVersion bump, and the frozen "
    "files under tests/vm/golden/ are never edited or regenerated (docs/bytecode.md \"Versioning\").";
constexpr const char* kGenerate = "build/tests/vm/vm_opcode_test \"[.generate]\"";

const char* KindText(OperandKind kind) {
  switch (kind) {
    case OperandKind::ScalarRead:
      return "s";
    case OperandKind::ScalarWrite:
      return "s_out";
    case OperandKind::PoseRead:
      return "p";
    case OperandKind::OptPoseRead:
      return "p?";
    case OperandKind::PoseWrite:
      return "p_out";
    case OperandKind::Constant:
      return "const";
    case OperandKind::Parameter:
      return "param";
    case OperandKind::Clock:
      return "clock";
    case OperandKind::Mask:
      return "mask";
    case OperandKind::Bone:
      return "bone";
    case OperandKind::OptBone:
      return "bone?";
    case OperandKind::Machine:
      return "machine";
    case OperandKind::Snapshot:
      return "snapshot";
    case OperandKind::Scope:
      return "scope";
    case OperandKind::Smoother:
      return "smoother";
    case OperandKind::Curve:
      return "curve";
    case OperandKind::BlendSpace:
      return "blend_space";
    case OperandKind::Immediate:
      return "imm";
  }
  return "?";
}

// The current table in the form of opcodes_vN.txt.
std::vector<std::string> TableLines() {
  std::vector<std::string> lines;
  for (const OpcodeInfo& info : OpcodeTable()) {
    std::string line = std::to_string(static_cast<int>(info.opcode)) + " " + info.name;
    for (int i = 0; i < info.operand_count; ++i)
      line += std::string(" ") + KindText(info.operands[i]);
    lines.push_back(line);
  }
  return lines;
}

fs::path GoldenDir() {
  return fs::path(ANIMTC_SOURCE_DIR) / "tests" / "vm" / "golden";
}

fs::path FrozenTablePath(uint32_t version) {
  return GoldenDir() / ("opcodes_v" + std::to_string(version) + ".txt");
}

fs::path BinaryDir(uint32_t version) {
  return GoldenDir() / ("v" + std::to_string(version));
}

// The lines of a frozen table, without '#' comments and blank lines.
std::vector<std::string> FrozenTable(uint32_t version) {
  std::ifstream in(FrozenTablePath(version));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

// Every version with a frozen table or a directory of binaries.
std::set<uint32_t> FrozenVersions() {
  std::set<uint32_t> versions;
  for (const fs::directory_entry& entry : fs::directory_iterator(GoldenDir())) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("opcodes_v") && name.ends_with(".txt")) {
      versions.insert(static_cast<uint32_t>(std::stoul(name.substr(9))));
    } else if (entry.is_directory() && name.starts_with("v")) {
      versions.insert(static_cast<uint32_t>(std::stoul(name.substr(1))));
    }
  }
  return versions;
}

// The .animbc files of one version, in name order.
std::vector<fs::path> GoldenBinaries(uint32_t version) {
  std::vector<fs::path> files;
  if (!fs::is_directory(BinaryDir(version))) return files;
  for (const fs::directory_entry& entry : fs::directory_iterator(BinaryDir(version))) {
    if (entry.path().extension() == ".animbc") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The disassembly that sits next to a golden binary.
fs::path AsmPath(const fs::path& binary) {
  fs::path path = binary;
  return path.replace_extension(".asm");
}

std::vector<uint8_t> ReadBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string ReadText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

// Empty when equal; otherwise the first line that differs, both ways.
std::string FirstDifference(const std::string& expected, const std::string& actual) {
  const std::vector<std::string> a = SplitLines(expected), b = SplitLines(actual);
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    const std::string was = i < a.size() ? a[i] : "(end of file)",
                      now = i < b.size() ? b[i] : "(end of file)";
    if (was != now) return "line " + std::to_string(i + 1) + ": was '" + was + "', now '" + now + "'";
  }
  return expected == actual ? "" : "the line endings differ";
}

// The opcodes the binaries of the current version use, and the first binary that does not load
// and verify (empty when all do).
struct Coverage {
  std::set<uint16_t> used;
  std::string broken;
};

Coverage CurrentCoverage() {
  Coverage coverage;
  for (const fs::path& file : GoldenBinaries(kAnimBytecodeVersion)) {
    const LoadResult loaded = LoadVerifiedProgram(ReadBytes(file));
    if (!loaded.ok()) {
      coverage.broken = file.filename().string();
      break;
    }
    for (const uint32_t start : InstructionStarts(loaded.program))
      coverage.used.insert(loaded.program.code[start]);
  }
  return coverage;
}

TEST_CASE("the opcode table is the frozen table of the current bytecode version", "[vm][opcodes]") {
  const std::vector<std::string> table = TableLines();
  const fs::path path = FrozenTablePath(kAnimBytecodeVersion);
  if (!fs::exists(path)) {
    std::string lines;
    for (const std::string& line : table)
      lines += line + "\n";
    FAIL(path.string() << " does not exist. Version " << kAnimBytecodeVersion
                       << " starts a new frozen table: create it with these lines:\n"
                       << lines);
  }
  const std::vector<std::string> frozen = FrozenTable(kAnimBytecodeVersion);
  for (std::size_t i = 0; i < std::min(table.size(), frozen.size()); ++i) {
    if (table[i] != frozen[i]) {
      FAIL_CHECK("opcode " << i << " changed: frozen '" << frozen[i] << "', now '" << table[i] << "'. "
                           << kBumpAdvice);
    }
  }
  for (std::size_t i = frozen.size(); i < table.size(); ++i) {
    FAIL_CHECK("opcode " << i << " is new: append the line '" << table[i] << "' to " << path.string()
                         << " (appending an opcode needs no version bump).");
  }
  for (std::size_t i = table.size(); i < frozen.size(); ++i)
    FAIL_CHECK("opcode '" << frozen[i] << "' is gone. " << kBumpAdvice);
}

TEST_CASE("every bytecode version up to the current one has its frozen table and golden binaries",
          "[vm][opcodes]") {
  for (uint32_t version = 1; version <= kAnimBytecodeVersion; ++version) {
    if (!fs::exists(FrozenTablePath(version)))
      FAIL_CHECK(FrozenTablePath(version).string() << " is missing: every version keeps its frozen table.");
    const std::vector<fs::path> binaries = GoldenBinaries(version);
    if (binaries.empty()) {
      FAIL_CHECK("version " << version << " has no golden binaries in " << BinaryDir(version).string()
                            << ": run " << kGenerate << " and commit what it writes.");
    }
    for (const fs::path& file : binaries) {
      if (!fs::exists(AsmPath(file))) FAIL_CHECK(file.string() << " has no .asm next to it.");
    }
  }
  for (const uint32_t version : FrozenVersions()) {
    if (version > kAnimBytecodeVersion) {
      FAIL_CHECK("tests/vm/golden/ holds files of version " << version << ", newer than kAnimBytecodeVersion "
                                                            << kAnimBytecodeVersion << ".");
    }
  }
}

TEST_CASE("golden binaries of the current version load, verify and disassemble as when they were written",
          "[vm][opcodes]") {
  for (const fs::path& file : GoldenBinaries(kAnimBytecodeVersion)) {
    const LoadResult loaded = LoadVerifiedProgram(ReadBytes(file));
    if (!loaded.ok()) {
      FAIL_CHECK(file.string() << " no longer loads: " << loaded.error
                               << ". Its bytes were written at version " << kAnimBytecodeVersion
                               << " and the runtime now reads them differently. " << kBumpAdvice);
      continue;
    }
    const std::string difference =
        FirstDifference(ReadText(AsmPath(file)), codegen::Disassemble(loaded.program));
    if (!difference.empty()) {
      FAIL_CHECK(file.string() << " disassembles differently, " << difference
                               << ". Its bytes were written at version " << kAnimBytecodeVersion
                               << " and the runtime now reads them differently. " << kBumpAdvice);
    }
  }
}

TEST_CASE("every opcode of the table is used by a golden binary of the current version", "[vm][opcodes]") {
  const Coverage coverage = CurrentCoverage();
  if (!coverage.broken.empty()) FAIL(coverage.broken << " does not load: opcodes cannot be counted.");
  std::string missing;
  for (const OpcodeInfo& info : OpcodeTable()) {
    const auto number = static_cast<uint16_t>(info.opcode);
    if (!coverage.used.contains(number))
      missing += (missing.empty() ? "" : ", ") + std::to_string(number) + " '" + info.name + "'";
  }
  if (!missing.empty()) {
    FAIL("no golden binary of version " << kAnimBytecodeVersion << " uses opcode " << missing << ": run "
                                        << kGenerate << " and commit the two files it writes.");
  }
}

TEST_CASE("golden binaries of other versions are refused with the loader's version error", "[vm][opcodes]") {
  for (const uint32_t version : FrozenVersions()) {
    if (version == kAnimBytecodeVersion) continue;
    for (const fs::path& file : GoldenBinaries(version)) {
      INFO(file.string());
      const LoadResult loaded = LoadVerifiedProgram(ReadBytes(file));
      CHECK(loaded.outcome == LoadOutcome::VersionMismatch);
      CHECK(loaded.file_version == version);
      CHECK(loaded.error == "bytecode version " + std::to_string(version) +
                                " does not match the runtime's version " +
                                std::to_string(kAnimBytecodeVersion) + ": recompile the graph");
    }
  }
}

TEST_CASE("FindOpcode refuses numbers past the table", "[vm][opcodes]") {
  CHECK(FindOpcode(static_cast<uint16_t>(kOpcodeCount)) == nullptr);
  CHECK(FindOpcode(0xFFFF) == nullptr);
  REQUIRE(FindOpcode(45) != nullptr);
  CHECK(std::string(FindOpcode(45)->name) == "output");
}

// The generator's operands, from the layout alone: registers and table indices vary with `n` (the
// operand's position in the program) so that a changed operand kind prints differently; optional
// operands are none; immediates are 1, which every opcode of version 1 accepts.
uint16_t GeneratedOperand(OperandKind kind, int n) {
  switch (kind) {
    case OperandKind::ScalarRead:
    case OperandKind::ScalarWrite:
      return static_cast<uint16_t>(n % 8);
    case OperandKind::PoseRead:
      return static_cast<uint16_t>(n % 2);  // p0 and p1 are written first
    case OperandKind::PoseWrite:
      return 2;
    case OperandKind::Constant:
      return static_cast<uint16_t>(n % 2);
    case OperandKind::Parameter:
      return 1;  // 'aim', a vec3: components 0 to 2 exist
    case OperandKind::Bone:
      return static_cast<uint16_t>(n % 3);
    case OperandKind::OptPoseRead:
    case OperandKind::OptBone:
      return kNoOperand;
    case OperandKind::Immediate:
    case OperandKind::Scope:  // the state 'idle'
      return 1;
    case OperandKind::Smoother:  // ProgramUsing numbers these: each slot once
    case OperandKind::Clock:
    case OperandKind::Mask:
    case OperandKind::Machine:
    case OperandKind::Snapshot:
    case OperandKind::BlendSpace:
      return 0;
    case OperandKind::Curve:
      return 1;  // 'jaw'
  }
  return 0;
}

// A program that uses each of `opcodes` once, after two reference_pose instructions that give pose
// reads and the machine's states something to read. Every table holds something, so the binary
// pins the file layout as well as the code.
Program ProgramUsing(const std::vector<const OpcodeInfo*>& opcodes) {
  Program p;
  p.skeleton_hash = 0x0123456789abcdefull;
  p.graph_hash = 0xfedcba9876543210ull;
  p.scalar_register_count = 8;
  p.pose_register_count = 3;
  p.constants = {0.5f, -2.0f};
  p.params.resize(4);
  p.params[0] = {"speed", ParamType::Float, {1.0f, 0.0f, 0.0f}, true, 0.0f, 4.0f};
  p.params[1] = {"aim", ParamType::Vec3, {0.0f, 1.0f, 2.0f}, false, 0.0f, 0.0f};
  p.params[2] = {"jump", ParamType::Trigger, {0.0f, 0.0f, 0.0f}, false, 0.0f, 0.0f};
  p.params[3] = {"stance", ParamType::Int, {2.0f, 0.0f, 0.0f}, true, 0.0f, 3.0f};
  p.clips = {"walk", "run"};
  // Clock 1 plays a baked delta of 'run' (clip index 2, past the loaded clips).
  p.clocks = {{0, 1, true, 0.0f}, {2, 2, false, 0.25f}};
  p.baked_clips = {{"run~additive",
                    1,
                    0x0f1e2d3c4b5a6978ull,
                    30.0f,
                    2,
                    false,
                    {{1, TrackChannel::Translation, true, {0.0f, 0.5f, 0.0f, 0.0f, 1.0f, 0.0f}},
                     {2, TrackChannel::Rotation, false, {0.0f, 0.0f, 0.6f, 0.8f, 0.0f, 0.6f, 0.0f, 0.8f}}},
                    {{1, false, {0.25f, 0.5f}}}}};
  p.scopes = {{kNoOperand, kNoOperand}, {0, 0}, {0, 1}};
  MachineDesc machine;
  machine.name = "locomotion";
  machine.states = {{"idle", 0, 1, 0}, {"move", 1, 2, kNoOperand}};
  machine.transitions = {{0, 1, 3, 0.2f, BlendMode::Inertialize, 0.05f, false, {2}},
                         {kNoOperand, 0, 4, 0.3f, BlendMode::DeadBlend, 0.1f, true, {}},
                         {1, 0, 5, 0.25f, BlendMode::Crossfade, 0.05f, false, {}, BlendCurve::Smoothstep}};
  p.machines = {machine};
  p.curves = {"brow_up", "jaw"};
  p.masks = {{"upper", {0.0f, 0.5f, 1.0f}, {1.0f, 0.5f}}};
  p.bones = {{"hips", 0}, {"spine", 1}, {"hand", 2}};
  p.snapshots = {"before_ik"};
  p.blend_spaces = {{"strafe", {0.0f, 0.0f, 1.0f, 0.0f, 1.0f, 1.0f, 0.0f, 1.0f}, {0, 1, 2, 0, 2, 3}}};
  p.events.threshold = 0.1f;
  p.events.names = {"footstep", "land"};
  p.events.clip = {{0, 0, 0.25f, 0.0f, -1.0f}, {1, 1, 0.5f, 0.125f, 0.2f}};
  p.events.state = {{0, 1, StateEventKind::FullyBlended, 1, -1.0f}};
  p.events.transition = {{0, 2, 0, 0.5f}};

  p.code = {static_cast<uint16_t>(Opcode::ReferencePose), 0, static_cast<uint16_t>(Opcode::ReferencePose), 1};
  int n = 0;
  uint16_t smoothers = 0;
  for (const OpcodeInfo* info : opcodes) {
    p.debug.push_back(
        {static_cast<uint32_t>(p.code.size()), info->name, static_cast<uint32_t>(p.debug.size() + 1), 1});
    p.code.push_back(static_cast<uint16_t>(info->opcode));
    for (int i = 0; i < info->operand_count; ++i) {
      const OperandKind kind = info->operands[i];
      p.code.push_back(kind == OperandKind::Smoother ? smoothers++ : GeneratedOperand(kind, n));
      ++n;
    }
  }
  return p;
}

// Run by hand only (see the top of this file). Writes new files, never replaces one, and only from
// a sound state: the table equals its frozen table and every binary of the version still loads.
TEST_CASE("generate a golden binary for the opcodes no golden binary of the current version uses",
          "[.generate]") {
  INFO("the [vm][opcodes] tests must pass before generating");
  REQUIRE(FrozenTable(kAnimBytecodeVersion) == TableLines());
  const Coverage coverage = CurrentCoverage();
  REQUIRE(coverage.broken.empty());

  std::vector<const OpcodeInfo*> missing;
  for (const OpcodeInfo& info : OpcodeTable()) {
    if (!coverage.used.contains(static_cast<uint16_t>(info.opcode))) missing.push_back(&info);
  }
  if (missing.empty()) {
    WARN("every opcode of version " << kAnimBytecodeVersion << " has a golden binary: nothing to write");
    return;
  }
  const int first = static_cast<int>(missing.front()->opcode),
            last = static_cast<int>(missing.back()->opcode);
  const std::string name =
      "opcodes_" + std::to_string(first) + (first == last ? "" : "-" + std::to_string(last));
  const fs::path binary = BinaryDir(kAnimBytecodeVersion) / (name + ".animbc");
  const fs::path disassembly = AsmPath(binary);
  REQUIRE_FALSE(fs::exists(binary));
  REQUIRE_FALSE(fs::exists(disassembly));

  const std::vector<uint8_t> bytes = codegen::WriteProgram(ProgramUsing(missing));
  const LoadResult loaded = LoadVerifiedProgram(bytes);
  INFO(loaded.error);
  REQUIRE(loaded.ok());
  fs::create_directories(BinaryDir(kAnimBytecodeVersion));
  std::ofstream(binary, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  std::ofstream(disassembly, std::ios::binary) << codegen::Disassemble(loaded.program);
  WARN("wrote " << binary.string() << " and " << disassembly.string() << ": commit both");
}

}  // namespace
}  // namespace anim
