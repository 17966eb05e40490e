#include "tests/fuzz/fuzz_support.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "compiler/codegen/compile.h"
#include "executor/math/mat4.h"
#include "executor/pose/pose.h"
#include "executor/tasks/anim_task_list.h"
#include "executor/tasks/execute_task_list.h"
#include "executor/tasks/task_snapshot.h"
#include "vm/build_tasks.h"
#include "vm/bytecode/program_loader.h"

namespace anim::fuzz {
namespace {

SampleProgram CompileSample(const std::string& name) {
  const std::string path = SamplesDir() + "/" + name + ".yaml";
  DiagnosticSink diagnostics;
  std::optional<CompiledGraph> graph = LoadGraph(path, diagnostics);
  if (!graph) InvariantFailed("the sample " + path + " does not load:\n" + FormatText(diagnostics));
  std::optional<codegen::CompiledProgram> compiled =
      codegen::CompileGraph(graph->graph, graph->skeleton, graph->clips, diagnostics);
  if (!compiled) InvariantFailed("the sample " + path + " does not compile:\n" + FormatText(diagnostics));
  SampleProgram sample{name, std::move(*graph), std::move(compiled->program), std::move(compiled->bytes), {}};
  for (const Clip& clip : sample.graph.clips)
    sample.clips.push_back(&clip);
  return sample;
}

std::vector<SampleProgram> LoadSamples() {
  std::vector<SampleProgram> samples;
  samples.reserve(3);
  for (const char* name : {"locomotion", "litmus", "worked_example"})
    samples.push_back(CompileSample(name));
  return samples;
}

}  // namespace

std::string SourceDir() {
  return ANIMTC_SOURCE_DIR;
}

std::string SamplesDir() {
  return SourceDir() + "/samples";
}

const std::vector<SampleProgram>& SamplePrograms() {
  static const std::vector<SampleProgram> samples = LoadSamples();
  return samples;
}

const SampleProgram* SampleBySkeletonHash(uint64_t hash) {
  for (const SampleProgram& sample : SamplePrograms()) {
    if (sample.graph.skeleton.content_hash() == hash) return &sample;
  }
  return nullptr;
}

const SampleProgram& Humanoid() {
  return SamplePrograms().front();
}

uint8_t ByteStream::U8() {
  return at_ < bytes_.size() ? bytes_[at_++] : 0;
}

uint16_t ByteStream::U16() {
  const uint16_t lo = U8();
  return static_cast<uint16_t>(lo | (U8() << 8));
}

uint32_t ByteStream::U32() {
  const uint32_t lo = U16();
  return lo | (static_cast<uint32_t>(U16()) << 16);
}

float ByteStream::F32() {
  const uint32_t bits = U32();
  float value = 0.0f;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

std::vector<uint8_t> PseudoRandomBytes(uint64_t seed, std::size_t count) {
  std::vector<uint8_t> out;
  out.reserve(count);
  uint64_t state = seed;
  while (out.size() < count) {
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    for (int i = 0; i < 8 && out.size() < count; ++i)
      out.push_back(static_cast<uint8_t>(z >> (8 * i)));
  }
  return out;
}

uint64_t HashBytes(std::span<const uint8_t> bytes) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (uint8_t b : bytes)
    hash = (hash ^ b) * 0x100000001b3ull;
  return hash;
}

RepairedBytecode RepairBytecodeHeader(std::span<const uint8_t> input) {
  RepairedBytecode out;
  out.bytes.assign(input.begin(), input.end());
  if (input.size() < kBytecodeHeaderSize || std::memcmp(input.data(), kBytecodeMagic, 4) != 0) return out;
  auto put32 = [&](std::size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i)
      out.bytes[at + static_cast<std::size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
  };
  auto put64 = [&](std::size_t at, uint64_t v) {
    for (int i = 0; i < 8; ++i)
      out.bytes[at + static_cast<std::size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
  };
  auto get64 = [&](std::size_t at) {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
      v |= static_cast<uint64_t>(input[at + static_cast<std::size_t>(i)]) << (8 * i);
    return v;
  };
  out.seed = get64(16);
  put32(8, kBytecodeHeaderSize);
  put32(12, static_cast<uint32_t>(input.size() - kBytecodeHeaderSize));
  put64(16, HashBytes(input.subspan(kBytecodeHeaderSize)));
  if (SampleBySkeletonHash(get64(24)) == nullptr) put64(24, Humanoid().graph.skeleton.content_hash());
  put32(36, 11);
  out.changed = !std::equal(out.bytes.begin(), out.bytes.end(), input.begin());
  return out;
}

void RunFrames(const ProgramBinding& binding, AnimInstance& instance, ByteStream& script, int frames) {
  static constexpr float kTimeSteps[] = {1.0f / 30.0f, 1.0f / 60.0f, 0.0f, 0.5f, 3.0f, -1.0f, 1e30f};
  const int bones = binding.skeleton().bone_count();
  const std::size_t bone_slots = static_cast<std::size_t>(bones);
  std::vector<Mat4> skinning(bone_slots), model(bone_slots);
  std::vector<Mat3x4> packed(bone_slots);
  Pose local(bones);
  AnimTaskList list;
  TaskSnapshot snapshot;
  const int params = static_cast<int>(binding.program().params.size());
  for (int frame = 0; frame < frames; ++frame) {
    const int changes = script.U8() % 4;
    for (int c = 0; c < changes; ++c) {
      // Mostly a real parameter, sometimes one past the table or -1.
      const int param = static_cast<int>(script.U16() % static_cast<unsigned>(params + 2)) - 1;
      switch (script.U8() % 8) {
        case 0:
          instance.SetFloat(param, script.F32());
          break;
        case 1:
          instance.SetFloat(param, static_cast<float>(static_cast<int8_t>(script.U8())) * 0.25f);
          break;
        case 2:
          instance.SetInt(param, static_cast<int32_t>(script.U32()));
          break;
        case 3:
          instance.SetBool(param, (script.U8() & 1) != 0);
          break;
        case 4: {
          const float x = script.F32(), y = script.F32(), z = script.F32();
          instance.SetVec3(param, x, y, z);
          break;
        }
        case 5:
          instance.FireTrigger(param);
          break;
        case 6:
          instance.active_bone_count = script.U8() % (bones + 2);
          break;
        default:
          instance.active_bone_count = 0;
          break;
      }
    }
    const uint8_t step = script.U8();
    const float dt = step < 200   ? kTimeSteps[step % std::size(kTimeSteps)]
                     : step < 250 ? script.F32()
                                  : std::numeric_limits<float>::quiet_NaN();
    BuildTasks(binding, instance, dt, list);
    ExecuteTaskList(list, ExecuteOutputs{skinning, packed, model, &local},
                    frame % 2 == 0 ? &snapshot : nullptr);
  }
}

namespace {

std::string TransformDifference(const Transform& a, const Transform& b) {
  if (!(a.translation == b.translation)) return "translation";
  if (!(a.scale == b.scale)) return "scale";
  const float qa[4] = {a.rotation.x, a.rotation.y, a.rotation.z, a.rotation.w};
  const float qb[4] = {b.rotation.x, b.rotation.y, b.rotation.z, b.rotation.w};
  for (int i = 0; i < 4; ++i) {
    if (!(std::fabs(qa[i] - qb[i]) <= 2.5e-7f)) return "rotation";
  }
  return "";
}

}  // namespace

std::string SkeletonDifference(const Skeleton& written, const Skeleton& read) {
  if (written.bone_count() != read.bone_count()) return "bone count";
  // 0 and the bone count both mean every bone; the writer leaves the field out for either.
  const auto lod = [](const Skeleton& s) {
    return s.low_detail_bone_count() == 0 ? s.bone_count() : s.low_detail_bone_count();
  };
  if (lod(written) != lod(read)) return "low-detail bone count";
  if (!(written.inverse_bind() == read.inverse_bind())) return "inverse bind matrices";
  for (int b = 0; b < written.bone_count(); ++b) {
    if (written.bone_name(b) != read.bone_name(b)) return "bone " + std::to_string(b) + "'s name";
    if (written.parent(b) != read.parent(b)) return "bone " + std::to_string(b) + "'s parent";
    const std::string d = TransformDifference(written.bind_local(b), read.bind_local(b));
    if (!d.empty()) return "bone " + std::to_string(b) + "'s bind " + d;
  }
  return "";
}

std::string ClipDifference(const Clip& written, const Clip& read) {
  if (written.name() != read.name()) return "name";
  if (written.sample_rate() != read.sample_rate()) return "sample rate";
  if (written.frame_count() != read.frame_count()) return "frame count";
  if (written.looping() != read.looping()) return "loop";
  if (written.bone_count() != read.bone_count()) return "bone count";
  if (written.tracked_bones() != read.tracked_bones()) return "tracked bones";
  if (written.markers() != read.markers()) return "sync markers";
  for (int k = 0; k < written.frame_count(); ++k) {
    for (int b = 0; b < written.bone_count(); ++b) {
      const std::string d =
          TransformDifference(GetBoneTransform(written.frame(k), b), GetBoneTransform(read.frame(k), b));
      if (!d.empty()) return "frame " + std::to_string(k) + ", bone " + std::to_string(b) + ": " + d;
    }
  }
  return "";
}

// Without coverage instrumentation and without memcmp: libFuzzer would otherwise learn "/dev" from
// the comparisons and spend its time writing inputs that are skipped.
#if defined(__clang__)
__attribute__((no_sanitize("coverage")))
#endif
bool NamesSystemFiles(std::string_view text) {
  for (const char* root : {"/dev", "/proc", "/sys"}) {
    const std::size_t n = std::char_traits<char>::length(root);
    for (std::size_t i = 0; i + n <= text.size(); ++i) {
      std::size_t k = 0;
      while (k < n && text[i + k] == root[k])
        ++k;
      if (k == n) return true;
    }
  }
  return false;
}

void InvariantFailed(const std::string& what) {
  std::fprintf(stderr, "fuzz invariant failed: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace anim::fuzz
