// The bytecode writer against docs/bytecode.md, read back here byte by byte: header fields, the
// checksum of the body, the eleven sections in order with sizes that add up, and section payloads.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "compiler/codegen/compile.h"
#include "compiler/codegen/program_writer.h"
#include "executor/pose/content_hash.h"
#include "tests/backend/sample_graphs.h"
#include "vm/bytecode/program_loader.h"

namespace anim {
namespace {

// Little-endian reads with bounds checks (a failed read fails the test, never reads past the end).
class Reader {
 public:
  explicit Reader(const std::vector<uint8_t>& bytes, size_t at = 0) : b_(bytes), at_(at) {}
  uint64_t Uint(int size) {
    REQUIRE(at_ + static_cast<size_t>(size) <= b_.size());
    uint64_t v = 0;
    for (int i = 0; i < size; ++i)
      v |= static_cast<uint64_t>(b_[at_ + static_cast<size_t>(i)]) << (8 * i);
    at_ += static_cast<size_t>(size);
    return v;
  }
  float F32() {
    const auto bits = static_cast<uint32_t>(Uint(4));
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  std::string Bytes(size_t n) {
    REQUIRE(at_ + n <= b_.size());
    std::string s(b_.begin() + static_cast<std::ptrdiff_t>(at_),
                  b_.begin() + static_cast<std::ptrdiff_t>(at_ + n));
    at_ += n;
    return s;
  }
  std::string String() { return Bytes(Uint(2)); }
  size_t at() const { return at_; }

 private:
  const std::vector<uint8_t>& b_;
  size_t at_;
};

// The reference FNV-1a 64, written out here rather than taken from the writer.
uint64_t Fnv(const uint8_t* data, size_t n) {
  uint64_t h = 14695981039346656037ull;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ data[i]) * 1099511628211ull;
  return h;
}

codegen::CompiledProgram CompileLocomotion() {
  DiagnosticSink sink;
  auto compiled = codegen::CompileGraph(test::Locomotion(), sink);
  REQUIRE(compiled);
  return std::move(*compiled);
}

TEST_CASE("FNV-1a 64 matches the published test vectors") {
  const std::string empty, a = "a", foobar = "foobar";
  auto span = [](const std::string& s) {
    return std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(s.data()), s.size());
  };
  CHECK(Fnv1a64(span(empty)) == 0xcbf29ce484222325ull);
  CHECK(Fnv1a64(span(a)) == 0xaf63dc4c8601ec8cull);
  CHECK(Fnv1a64(span(foobar)) == 0x85944171f73967e8ull);
}

TEST_CASE("the header holds magic, version, sizes, checksum, skeleton hash and register counts") {
  const codegen::CompiledProgram c = CompileLocomotion();
  const std::vector<uint8_t>& bytes = c.bytes;
  Reader r(bytes);
  CHECK(r.Bytes(4) == "ANBC");
  CHECK(r.Uint(4) == kAnimBytecodeVersion);
  CHECK(r.Uint(4) == 48);
  const uint64_t body_size = r.Uint(4);
  CHECK(body_size == bytes.size() - 48);
  CHECK(r.Uint(8) == Fnv(bytes.data() + 48, bytes.size() - 48));
  CHECK(r.Uint(8) == c.program.skeleton_hash);
  CHECK(r.Uint(2) == c.program.scalar_register_count);
  CHECK(r.Uint(2) == c.program.pose_register_count);
  CHECK(r.Uint(4) == 16);
  CHECK(r.Uint(8) == 0);
  CHECK(r.at() == 48);
}

TEST_CASE("the body is the sixteen sections in order, each payload as documented") {
  codegen::CompiledProgram c = CompileLocomotion();
  // A baked clip, so BAKE has a payload to read (the compiler bakes only with assets).
  c.program.baked_clips = {
      {"walk~additive",
       0,
       0x0123456789abcdefull,
       30.0f,
       2,
       true,
       {{1, TrackChannel::Rotation, true, {0.0f, 0.0f, 0.6f, 0.8f, 0.0f, 0.6f, 0.0f, 0.8f}}},
       {}}};
  c.bytes = codegen::WriteProgram(c.program);
  const Program& p = c.program;
  Reader r(c.bytes, 48);
  const char* tags[] = {"CODE", "CNST", "PARM", "CLIP", "CLCK", "SCOP", "MACH", "MASK",
                        "BONE", "SNAP", "BSPC", "SYNC", "EVNT", "CURV", "BAKE", "DEBG"};
  for (const char* tag : tags) {
    INFO(tag);
    REQUIRE(r.Bytes(4) == tag);
    const size_t size = r.Uint(4);
    const size_t end = r.at() + size;
    const std::string name = tag;
    if (name == "CODE") {
      REQUIRE(r.Uint(4) == p.code.size());
      for (uint16_t word : p.code)
        CHECK(r.Uint(2) == word);
    } else if (name == "CNST") {
      REQUIRE(r.Uint(4) == p.constants.size());
      for (float f : p.constants)
        CHECK(r.F32() == f);
    } else if (name == "PARM") {
      REQUIRE(r.Uint(4) == p.params.size());
      for (const ParamDesc& d : p.params) {
        CHECK(r.String() == d.name);
        CHECK(r.Uint(1) == static_cast<uint8_t>(d.type));
        for (float v : d.default_value)
          CHECK(r.F32() == v);
        CHECK(r.Uint(1) == (d.has_range ? 1u : 0u));
        CHECK(r.F32() == d.min);
        CHECK(r.F32() == d.max);
      }
    } else if (name == "MACH") {
      REQUIRE(r.Uint(4) == p.machines.size());
      for (const MachineDesc& m : p.machines) {
        CHECK(r.String() == m.name);
        CHECK(r.Uint(2) == m.scope);
        CHECK(r.Uint(2) == m.initial_state);
        REQUIRE(r.Uint(4) == m.states.size());
        for (const StateDesc& s : m.states) {
          CHECK(r.String() == s.name);
          CHECK(r.Uint(2) == s.pose);
          CHECK(r.Uint(2) == s.scope);
          CHECK(r.Uint(2) == s.progress_clock);
        }
        REQUIRE(r.Uint(4) == m.transitions.size());
        for (const TransitionDesc& t : m.transitions) {
          CHECK(r.Uint(2) == t.from);
          CHECK(r.Uint(2) == t.to);
          CHECK(r.Uint(2) == t.condition);
          CHECK(r.F32() == t.duration);
          CHECK(r.Uint(1) == static_cast<uint8_t>(t.mode));
          CHECK(r.F32() == t.half_life);
          CHECK(r.Uint(1) == (t.can_interrupt ? 1u : 0u));
          CHECK(r.Uint(1) == static_cast<uint8_t>(t.curve));
          REQUIRE(r.Uint(4) == t.consumed_triggers.size());
          for (uint16_t trigger : t.consumed_triggers)
            CHECK(r.Uint(2) == trigger);
        }
      }
    } else if (name == "CLCK") {
      REQUIRE(r.Uint(4) == p.clocks.size());
      for (const ClockDesc& clock : p.clocks) {
        CHECK(r.Uint(2) == clock.clip);
        CHECK(r.Uint(2) == clock.scope);
        CHECK(r.Uint(1) == (clock.loop ? 1u : 0u));
        CHECK(r.F32() == clock.start_time);
        CHECK(r.Uint(2) == clock.sync_group);
        CHECK(r.Uint(1) == static_cast<uint8_t>(clock.sync_role));
        CHECK(r.Uint(1) == static_cast<uint8_t>(clock.root_motion));
        CHECK(r.Uint(2) == clock.root_motion_bone);
      }
    } else if (name == "CURV") {
      REQUIRE(r.Uint(4) == p.curves.size());
      for (const std::string& curve : p.curves)
        CHECK(r.String() == curve);
    } else if (name == "BAKE") {
      REQUIRE(r.Uint(4) == p.baked_clips.size());
      for (const BakedClipDesc& b : p.baked_clips) {
        CHECK(r.String() == b.name);
        CHECK(r.Uint(2) == b.source_clip);
        CHECK(r.Uint(8) == b.inputs_hash);
        CHECK(r.F32() == b.sample_rate);
        CHECK(r.Uint(4) == b.frame_count);
        CHECK(r.Uint(1) == (b.looping ? 1u : 0u));
        REQUIRE(r.Uint(4) == b.channels.size());
        for (const BakedChannel& ch : b.channels) {
          CHECK(r.Uint(2) == ch.bone);
          CHECK(r.Uint(1) == static_cast<uint8_t>(ch.channel));
          CHECK(r.Uint(1) == (ch.step ? 1u : 0u));
          for (float k : ch.keys)
            CHECK(r.F32() == k);
        }
        REQUIRE(r.Uint(4) == b.curves.size());
        for (const BakedCurve& curve : b.curves) {
          CHECK(r.Uint(2) == curve.curve);
          CHECK(r.Uint(1) == (curve.step ? 1u : 0u));
          for (float k : curve.keys)
            CHECK(r.F32() == k);
        }
      }
    } else if (name == "MASK") {
      REQUIRE(r.Uint(4) == p.masks.size());
      for (const MaskDesc& m : p.masks) {
        CHECK(r.String() == m.name);
        REQUIRE(r.Uint(4) == m.weights.size());
        for (float w : m.weights)
          CHECK(r.F32() == w);
        REQUIRE(r.Uint(4) == m.curve_weights.size());
        for (float w : m.curve_weights)
          CHECK(r.F32() == w);
      }
    } else if (name == "SYNC") {
      REQUIRE(r.Uint(4) == p.sync_groups.size());
      for (const std::string& group : p.sync_groups)
        CHECK(r.String() == group);
    } else if (name == "BSPC") {
      REQUIRE(r.Uint(4) == p.blend_spaces.size());
      for (const BlendSpaceDesc& b : p.blend_spaces) {
        CHECK(r.String() == b.name);
        REQUIRE(r.Uint(4) == b.positions.size() / 2);
        for (float v : b.positions)
          CHECK(r.F32() == v);
        REQUIRE(r.Uint(4) == b.triangles.size() / 3);
        for (uint16_t v : b.triangles)
          CHECK(r.Uint(2) == v);
      }
    } else if (name == "EVNT") {
      CHECK(r.F32() == p.events.threshold);
      REQUIRE(r.Uint(4) == p.events.names.size());
      for (const std::string& n : p.events.names)
        CHECK(r.String() == n);
      REQUIRE(r.Uint(4) == p.events.clip.size());
      for (const ClipEventDesc& e : p.events.clip) {
        CHECK(r.Uint(2) == e.clock);
        CHECK(r.Uint(2) == e.name);
        CHECK(r.F32() == e.time);
        CHECK(r.F32() == e.duration);
        CHECK(r.F32() == e.threshold);
      }
      REQUIRE(r.Uint(4) == p.events.state.size());
      for (const StateEventDesc& e : p.events.state) {
        CHECK(r.Uint(2) == e.machine);
        CHECK(r.Uint(2) == e.state);
        CHECK(r.Uint(1) == static_cast<uint8_t>(e.kind));
        CHECK(r.Uint(2) == e.name);
        CHECK(r.F32() == e.threshold);
      }
      REQUIRE(r.Uint(4) == p.events.transition.size());
      for (const TransitionEventDesc& e : p.events.transition) {
        CHECK(r.Uint(2) == e.machine);
        CHECK(r.Uint(2) == e.transition);
        CHECK(r.Uint(2) == e.name);
        CHECK(r.F32() == e.threshold);
      }
    } else if (name == "DEBG") {
      REQUIRE(r.Uint(4) == p.debug.size());
      for (const DebugEntry& e : p.debug) {
        CHECK(r.Uint(4) == e.code_offset);
        CHECK(r.String() == e.node);
        CHECK(r.Uint(4) == e.line);
        CHECK(r.Uint(4) == e.column);
      }
    } else {
      r.Bytes(size);  // the remaining tables are checked by the round trip through the loader
    }
    CHECK(r.at() == end);
  }
  CHECK(r.at() == c.bytes.size());
}

TEST_CASE("an empty program still writes every section") {
  const std::vector<uint8_t> bytes = codegen::WriteProgram(Program{});
  // Header, then fifteen sections of tag + size + a zero count, and the event table: tag + size,
  // its threshold and four zero counts.
  CHECK(bytes.size() == 48 + 15 * 12 + 8 + 4 + 4 * 4);
  Reader r(bytes, 12);
  CHECK(r.Uint(4) == 15 * 12 + 8 + 4 + 4 * 4);
}

TEST_CASE("written programs load and verify in the VM, and rewrite to the same bytes") {
  for (ir::Graph (*make)() : {&test::Locomotion, &test::EveryOp, +[] { return test::BlendChain(200); }}) {
    DiagnosticSink sink;
    auto compiled = codegen::CompileGraph(make(), sink);
    REQUIRE(compiled);
    const LoadResult loaded = LoadVerifiedProgram(compiled->bytes);
    INFO(loaded.error);
    REQUIRE(loaded.ok());
    CHECK(codegen::WriteProgram(loaded.program) == compiled->bytes);
    CHECK(loaded.program.debug.size() == compiled->program.debug.size());
  }
}

TEST_CASE("the loader refuses a written program with a flipped body byte") {
  DiagnosticSink sink;
  auto compiled = codegen::CompileGraph(test::Locomotion(), sink);
  REQUIRE(compiled);
  std::vector<uint8_t> bytes = compiled->bytes;
  bytes[bytes.size() / 2] ^= 0x40;
  CHECK_FALSE(LoadVerifiedProgram(bytes).ok());
}

}  // namespace
}  // namespace anim
