#include "vm/capture/capture_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>

#include "executor/pose/content_hash.h"
#include "executor/tasks/anim_task_list.h"
#include "vm/bytecode/byte_reader.h"
#include "vm/bytecode/byte_writer.h"
#include "vm/bytecode/limits.h"

namespace anim {
namespace {

// --- writing

void PutVec3(ByteWriter& w, const Vec3& v) {
  w.F32(v.x);
  w.F32(v.y);
  w.F32(v.z);
}

void PutTransform(ByteWriter& w, const Transform& t) {
  PutVec3(w, t.translation);
  w.F32(t.rotation.x);
  w.F32(t.rotation.y);
  w.F32(t.rotation.z);
  w.F32(t.rotation.w);
  PutVec3(w, t.scale);
}

// Bones as transforms (the padding lanes of the streams are not data), then the curves.
void PutPose(ByteWriter& w, const Pose& pose) {
  w.U32(static_cast<uint32_t>(pose.bone_count()));
  w.U32(static_cast<uint32_t>(pose.curve_count()));
  w.U8(static_cast<uint8_t>(pose.kind));
  PutTransform(w, pose.root_motion);
  for (int bone = 0; bone < pose.bone_count(); ++bone)
    PutTransform(w, pose.Get(bone));
  for (int c = 0; c < pose.curve_count(); ++c)
    w.F32(pose.curves()[c]);
}

void PutCurve(ByteWriter& w, const InertialCurve& c) {
  for (float f : {c.x0, c.v0, c.t1, c.c2, c.c3, c.c4, c.c5})
    w.F32(f);
}

void PutBlendSlot(ByteWriter& w, const TransitionBlendState& s) {
  w.U8(static_cast<uint8_t>(s.history.frames_held()));
  w.F32(s.history.delta_time());
  PutPose(w, s.history.previous());
  PutPose(w, s.history.latest());

  const InertializationState& in = s.inertialization;
  w.Count(in.bones.size());
  for (const InertialBone& bone : in.bones) {
    for (const InertialChannel* channel : {&bone.rotation, &bone.translation, &bone.scale}) {
      PutVec3(w, channel->axis);
      PutCurve(w, channel->curve);
    }
  }
  w.U32(static_cast<uint32_t>(in.offset_bone_count));
  w.Count(in.curves.size());
  for (const InertialScalar& scalar : in.curves) {
    w.F32(scalar.sign);
    PutCurve(w, scalar.curve);
  }
  w.F32(in.duration);
  w.U8(in.active ? 1 : 0);

  const DeadBlendState& dead = s.dead_blend;
  PutPose(w, dead.source);
  w.Count(dead.velocities.size());
  for (const DeadBlendVelocity& v : dead.velocities) {
    PutVec3(w, v.linear);
    PutVec3(w, v.angular);
    PutVec3(w, v.scale);
  }
  w.Count(dead.curve_velocities.size());
  for (float f : dead.curve_velocities)
    w.F32(f);
  w.U32(static_cast<uint32_t>(dead.source_bone_count));
  w.F32(dead.duration);
  w.F32(dead.half_life);
  w.U8(dead.active ? 1 : 0);

  PutPose(w, s.crossfade.frozen);
  w.U8(s.crossfade.held ? 1 : 0);
}

void PutTask(ByteWriter& w, const AnimTask& t) {
  w.U8(static_cast<uint8_t>(t.type));
  w.U8(static_cast<uint8_t>(t.stage));
  w.U8(t.space);
  w.U8(t.mode);
  w.U8(t.flags);
  w.U16(static_cast<uint16_t>(t.dep_a));
  w.U16(static_cast<uint16_t>(t.dep_b));
  w.U16(t.resource);
  w.U16(t.bone_a);
  w.U16(t.bone_b);
  w.U16(t.bone_c);
  w.U32(static_cast<uint32_t>(t.source_node));
  w.F32(t.time);
  w.F32(t.alpha);
  w.F32(t.aux);
  PutVec3(w, t.t);
  w.F32(t.r.x);
  w.F32(t.r.y);
  w.F32(t.r.z);
  w.F32(t.r.w);
  PutVec3(w, t.s);
}

void PutAssets(ByteWriter& w, const CaptureAssets& a) {
  w.String(a.graph);
  w.String(a.graph_document);
  w.U64(a.graph_hash);
  w.U64(a.skeleton_hash);
  w.U32(static_cast<uint32_t>(a.bone_count));
  w.U32(static_cast<uint32_t>(a.curve_count));
  w.Count(a.params.size());
  for (const std::string& name : a.params)
    w.String(name);
  w.Count(a.clips.size());
  for (const CapturedClip& clip : a.clips) {
    w.String(clip.name);
    w.U64(clip.content_hash);
  }
  w.U32(static_cast<uint32_t>(a.blend_slots));
  w.U32(static_cast<uint32_t>(a.snapshot_slots));
}

void PutFrame(ByteWriter& w, const CapturedFrame& f) {
  w.U32(static_cast<uint32_t>(f.frame));
  w.F32(f.time);
  w.F32(f.delta_time);
  for (float v : f.params)
    w.F32(v);
  const CapturedList& list = f.list;
  w.U16(static_cast<uint16_t>(list.output_task));
  w.U8(list.lock_root ? 1 : 0);
  w.U32(static_cast<uint32_t>(list.root_bone));
  w.U32(static_cast<uint32_t>(list.active_bone_count));
  w.F32(list.delta_time);
  w.U8(list.root_motion ? 1 : 0);
  w.U32(static_cast<uint32_t>(list.curve_count));
  w.Count(list.tasks.size());
  for (const AnimTask& task : list.tasks)
    PutTask(w, task);
  w.Count(f.blends.size());
  for (const CapturedBlendSlot& slot : f.blends) {
    w.U16(slot.slot);
    PutBlendSlot(w, slot.state);
  }
  w.Count(f.snapshots.size());
  for (const CapturedSnapshotSlot& slot : f.snapshots) {
    w.U16(slot.slot);
    PutPose(w, slot.state.pose);
    PutPose(w, slot.state.pending);
    w.U8(slot.state.saved ? 1 : 0);
    w.U8(slot.state.pending_written ? 1 : 0);
  }
  PutPose(w, f.output.local_pose);
  PutTransform(w, f.output.root_motion);
  w.U64(f.output.skinning_checksum);
  for (uint64_t hash : f.output.task_results)  // one per task
    w.U64(hash);
}

// --- reading

// Reads the body on top of ByteReader, keeping the first failure as a message naming what was
// being read; every read after a failure does nothing.
class BodyReader {
 public:
  explicit BodyReader(std::span<const uint8_t> bytes) : in_(bytes) {}

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  std::size_t remaining() const { return in_.remaining(); }

  // What is being read, for the message ("frame 3: tasks").
  void At(std::string what) { what_ = std::move(what); }

  void Fail(const std::string& message) {
    if (ok()) error_ = what_.empty() ? message : what_ + ": " + message;
  }

  uint8_t U8() {
    return Read<uint8_t>([&](uint8_t& v) { return in_.U8(v); });
  }
  uint16_t U16() {
    return Read<uint16_t>([&](uint16_t& v) { return in_.U16(v); });
  }
  uint32_t U32() {
    return Read<uint32_t>([&](uint32_t& v) { return in_.U32(v); });
  }
  uint64_t U64() {
    return Read<uint64_t>([&](uint64_t& v) { return in_.U64(v); });
  }
  float F32() {
    return Read<float>([&](float& v) { return in_.F32(v); });
  }
  bool Bool() {
    const uint8_t v = U8();
    if (v > 1) Fail("a flag byte is " + std::to_string(v) + ", not 0 or 1");
    return v == 1;
  }
  std::string String() {
    std::string s;
    if (ok() && !in_.String(s)) Fail("the file ends inside a string");
    return s;
  }
  // A count of entries at least `min_bytes` each, at most `limit`: a count the bytes left cannot
  // hold is refused before anything is allocated for it.
  std::size_t Count(std::size_t min_bytes, std::size_t limit, const char* what) {
    const uint32_t n = U32();
    if (!ok()) return 0;
    if (n > limit) {
      Fail(std::string(what) + " count " + std::to_string(n) + " is over the limit of " +
           std::to_string(limit));
      return 0;
    }
    if (static_cast<std::size_t>(n) * min_bytes > in_.remaining()) {
      Fail(std::string(what) + " count " + std::to_string(n) + " is more than the file holds");
      return 0;
    }
    return n;
  }
  // A u32 in [lo, hi].
  int Int(int lo, int hi, const char* what) {
    const auto v = static_cast<int32_t>(U32());
    if (ok() && (v < lo || v > hi))
      Fail(std::string(what) + " " + std::to_string(v) + " is outside " + std::to_string(lo) + ".." +
           std::to_string(hi));
    return ok() ? v : lo;
  }

 private:
  template <typename T, typename F>
  T Read(F&& read) {
    T v{};
    if (ok() && !read(v)) Fail("the file ends early");
    return v;
  }

  ByteReader in_;
  std::string what_;
  std::string error_;
};

Vec3 GetVec3(BodyReader& r) {
  const float x = r.F32(), y = r.F32(), z = r.F32();
  return {x, y, z};
}

Transform GetTransform(BodyReader& r) {
  Transform t;
  t.translation = GetVec3(r);
  t.rotation.x = r.F32();
  t.rotation.y = r.F32();
  t.rotation.z = r.F32();
  t.rotation.w = r.F32();
  t.scale = GetVec3(r);
  return t;
}

constexpr std::size_t kTransformBytes = 40;

// A pose the state keeps may be smaller than the skeleton (a history written under a LOD cut) but
// never larger; a frame's output is the whole skeleton with the program's curves.
enum class PoseSize { AtMost, Whole };

void GetPose(BodyReader& r, const CaptureAssets& a, Pose& pose, PoseSize size) {
  const uint32_t bones = r.U32(), curves = r.U32();
  const uint8_t kind = r.U8();
  if (!r.ok()) return;
  const auto max_bones = static_cast<uint32_t>(a.bone_count),
             max_curves = static_cast<uint32_t>(a.curve_count);
  const bool fits = size == PoseSize::Whole ? bones == max_bones && curves == max_curves
                                            : bones <= max_bones && curves <= max_curves;
  if (!fits) {
    r.Fail("a pose of " + std::to_string(bones) + " bones and " + std::to_string(curves) +
           " curves, where the assets give " + std::to_string(a.bone_count) + " and " +
           std::to_string(a.curve_count));
    return;
  }
  if (kind > static_cast<uint8_t>(PoseKind::AdditiveMesh)) {
    r.Fail("pose kind " + std::to_string(kind) + " is not a pose kind");
    return;
  }
  if (static_cast<std::size_t>(bones) * kTransformBytes + std::size_t{4} * curves > r.remaining()) {
    r.Fail("the file ends inside a pose");
    return;
  }
  pose.Resize(static_cast<int>(bones), static_cast<int>(curves));
  pose.kind = static_cast<PoseKind>(kind);
  pose.root_motion = GetTransform(r);
  for (int bone = 0; bone < static_cast<int>(bones); ++bone)
    pose.Set(bone, GetTransform(r));
  for (int c = 0; c < static_cast<int>(curves); ++c)
    pose.curves()[c] = r.F32();
}

InertialCurve GetCurve(BodyReader& r) {
  InertialCurve c;
  for (float* f : {&c.x0, &c.v0, &c.t1, &c.c2, &c.c3, &c.c4, &c.c5})
    *f = r.F32();
  return c;
}

void GetBlendSlot(BodyReader& r, const CaptureAssets& a, TransitionBlendState& s) {
  const uint8_t held = r.U8();
  const float history_dt = r.F32();
  Pose previous, latest;
  GetPose(r, a, previous, PoseSize::AtMost);
  GetPose(r, a, latest, PoseSize::AtMost);
  if (r.ok() && held > 2) r.Fail("a history holds " + std::to_string(held) + " frames, not 0 to 2");
  // Velocities read both frames bone by bone.
  if (r.ok() && held == 2 &&
      (previous.bone_count() != latest.bone_count() || previous.curve_count() != latest.curve_count()))
    r.Fail("a history holds two frames of different sizes");
  if (!r.ok()) return;
  s.history.Restore(previous, latest, held, history_dt);

  InertializationState& in = s.inertialization;
  in.bones.resize(r.Count(3 * (12 + 28), static_cast<std::size_t>(a.bone_count), "inertialized bone"));
  for (InertialBone& bone : in.bones) {
    for (InertialChannel* channel : {&bone.rotation, &bone.translation, &bone.scale}) {
      channel->axis = GetVec3(r);
      channel->curve = GetCurve(r);
    }
  }
  in.offset_bone_count = r.Int(0, static_cast<int>(in.bones.size()), "offset bone count");
  in.curves.resize(r.Count(32, static_cast<std::size_t>(a.curve_count), "inertialized curve"));
  for (InertialScalar& scalar : in.curves) {
    scalar.sign = r.F32();
    scalar.curve = GetCurve(r);
  }
  in.duration = r.F32();
  in.active = r.Bool();

  DeadBlendState& dead = s.dead_blend;
  GetPose(r, a, dead.source, PoseSize::AtMost);
  dead.velocities.resize(r.Count(36, static_cast<std::size_t>(a.bone_count), "dead blend velocity"));
  for (DeadBlendVelocity& v : dead.velocities) {
    v.linear = GetVec3(r);
    v.angular = GetVec3(r);
    v.scale = GetVec3(r);
  }
  dead.curve_velocities.resize(r.Count(4, static_cast<std::size_t>(a.curve_count), "dead blend curve rate"));
  for (float& f : dead.curve_velocities)
    f = r.F32();
  if (r.ok() && dead.curve_velocities.size() < static_cast<std::size_t>(dead.source.curve_count()))
    r.Fail("a dead blend has fewer curve rates than curves");
  const int bones_with_source = std::min(static_cast<int>(dead.velocities.size()), dead.source.bone_count());
  dead.source_bone_count = r.Int(0, bones_with_source, "dead blend source bone count");
  dead.duration = r.F32();
  dead.half_life = r.F32();
  dead.active = r.Bool();

  GetPose(r, a, s.crossfade.frozen, PoseSize::AtMost);
  s.crossfade.held = r.Bool();
  // A crossfade reads its frozen pose over the whole skeleton.
  if (r.ok() && s.crossfade.held && s.crossfade.frozen.bone_count() != a.bone_count)
    r.Fail("a crossfade holds a frozen pose of " + std::to_string(s.crossfade.frozen.bone_count()) +
           " bones");
}

void GetTask(BodyReader& r, AnimTask& t) {
  t.type = static_cast<AnimTaskType>(r.U8());
  t.stage = static_cast<AnimTaskStage>(r.U8());
  t.space = r.U8();
  t.mode = r.U8();
  t.flags = r.U8();
  t.dep_a = static_cast<int16_t>(r.U16());
  t.dep_b = static_cast<int16_t>(r.U16());
  t.resource = r.U16();
  t.bone_a = r.U16();
  t.bone_b = r.U16();
  t.bone_c = r.U16();
  t.source_node = static_cast<int32_t>(r.U32());
  t.time = r.F32();
  t.alpha = r.F32();
  t.aux = r.F32();
  t.t = GetVec3(r);
  t.r.x = r.F32();
  t.r.y = r.F32();
  t.r.z = r.F32();
  t.r.w = r.F32();
  t.s = GetVec3(r);
}
constexpr std::size_t kTaskBytes = 5 + 12 + 4 + 12 + 40;

void GetAssets(BodyReader& r, CaptureAssets& a) {
  r.At("assets");
  a.graph = r.String();
  a.graph_document = r.String();
  a.graph_hash = r.U64();
  a.skeleton_hash = r.U64();
  a.bone_count = r.Int(1, static_cast<int>(kMaxTableEntries), "bone count");
  a.curve_count = r.Int(0, kMaxCurves, "curve count");
  a.params.resize(r.Count(2, kMaxTableEntries, "parameter"));
  for (std::string& name : a.params)
    name = r.String();
  a.clips.resize(r.Count(10, kMaxTableEntries, "clip"));
  for (CapturedClip& clip : a.clips) {
    clip.name = r.String();
    clip.content_hash = r.U64();
  }
  a.blend_slots = r.Int(0, static_cast<int>(kMaxTableEntries), "blend slot count");
  a.snapshot_slots = r.Int(0, static_cast<int>(kMaxTableEntries), "snapshot slot count");
}

// Slots listed once each, in increasing order, within the instance's tables.
bool SlotInOrder(BodyReader& r, uint16_t slot, int previous, int slots, const char* what) {
  if (slot >= slots || static_cast<int>(slot) <= previous) {
    r.Fail(std::string(what) + " " + std::to_string(slot) + " is not a slot of the instance or not in order");
    return false;
  }
  return true;
}

void GetFrame(BodyReader& r, const CaptureAssets& a, CapturedFrame& f, std::size_t index) {
  const std::string at = "frame " + std::to_string(index);
  r.At(at);
  f.frame = r.Int(0, std::numeric_limits<int32_t>::max(), "frame number");
  f.time = r.F32();
  f.delta_time = r.F32();
  if (3 * a.params.size() * 4 > r.remaining()) r.Fail("the file ends inside the parameters");
  if (!r.ok()) return;
  f.params.resize(3 * a.params.size());
  for (float& v : f.params)
    v = r.F32();

  r.At(at + ": list");
  CapturedList& list = f.list;
  list.output_task = static_cast<int16_t>(r.U16());
  list.lock_root = r.Bool();
  list.root_bone = r.Int(-1, a.bone_count - 1, "root bone");
  list.active_bone_count = r.Int(0, a.bone_count, "active bone count");
  list.delta_time = r.F32();
  list.root_motion = r.Bool();
  list.curve_count = r.Int(0, a.curve_count, "curve count");
  list.tasks.resize(r.Count(kTaskBytes, 0x7FFF, "task"));
  for (AnimTask& task : list.tasks)
    GetTask(r, task);

  r.At(at + ": blend slots");
  f.blends.resize(r.Count(2, static_cast<std::size_t>(a.blend_slots), "blend slot"));
  int previous = -1;
  for (CapturedBlendSlot& slot : f.blends) {
    slot.slot = r.U16();
    if (!r.ok() || !SlotInOrder(r, slot.slot, previous, a.blend_slots, "blend slot")) return;
    previous = slot.slot;
    GetBlendSlot(r, a, slot.state);
  }

  r.At(at + ": snapshots");
  f.snapshots.resize(r.Count(2, static_cast<std::size_t>(a.snapshot_slots), "snapshot slot"));
  previous = -1;
  for (CapturedSnapshotSlot& slot : f.snapshots) {
    slot.slot = r.U16();
    if (!r.ok() || !SlotInOrder(r, slot.slot, previous, a.snapshot_slots, "snapshot slot")) return;
    previous = slot.slot;
    GetPose(r, a, slot.state.pose, PoseSize::AtMost);
    GetPose(r, a, slot.state.pending, PoseSize::AtMost);
    slot.state.saved = r.Bool();
    slot.state.pending_written = r.Bool();
  }

  r.At(at + ": output");
  GetPose(r, a, f.output.local_pose, PoseSize::Whole);
  f.output.root_motion = GetTransform(r);
  f.output.skinning_checksum = r.U64();
  if (r.ok() && list.tasks.size() * 8 > r.remaining()) r.Fail("the file ends inside the task results");
  if (!r.ok()) return;
  f.output.task_results.resize(list.tasks.size());
  for (uint64_t& hash : f.output.task_results)
    hash = r.U64();
}

// Header fields, little-endian at fixed offsets.
uint32_t HeaderU32(std::span<const uint8_t> b, std::size_t at) {
  uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i)
    v |= static_cast<uint32_t>(b[at + i]) << (8 * i);
  return v;
}
uint64_t HeaderU64(std::span<const uint8_t> b, std::size_t at) {
  return HeaderU32(b, at) | static_cast<uint64_t>(HeaderU32(b, at + 4)) << 32;
}

}  // namespace

std::vector<uint8_t> EncodeCapture(const AnimCapture& capture) {
  std::vector<uint8_t> body;
  ByteWriter w(body);
  const std::size_t assets = w.BeginSection("ASET");
  PutAssets(w, capture.assets);
  w.EndSection(assets);
  const std::size_t frames = w.BeginSection("FRMS");
  w.Count(capture.frames.size());
  for (const CapturedFrame& frame : capture.frames)
    PutFrame(w, frame);
  w.EndSection(frames);

  std::vector<uint8_t> out;
  ByteWriter h(out);
  h.Tag(kCaptureMagic);
  h.U32(capture.version);
  h.U32(kCaptureHeaderSize);
  h.U32(0);  // flags
  h.U64(body.size());
  h.U64(Fnv1a64(body));
  out.insert(out.end(), body.begin(), body.end());
  return out;
}

CaptureLoad DecodeCapture(std::span<const uint8_t> bytes) {
  CaptureLoad load;
  const auto fail = [&load](std::string message) {
    load.error = std::move(message);
    return std::move(load);
  };
  if (bytes.size() < kCaptureHeaderSize || std::memcmp(bytes.data(), kCaptureMagic, 4) != 0)
    return fail("not a capture file (it does not start with the magic \"ANCP\")");
  const uint32_t version = HeaderU32(bytes, 4);
  if (version != kAnimCaptureVersion)
    return fail("capture version " + std::to_string(version) +
                (version > kAnimCaptureVersion ? " is newer than" : " is older than") +
                " this build's version " + std::to_string(kAnimCaptureVersion) + "; record it again");
  if (HeaderU32(bytes, 8) != kCaptureHeaderSize)
    return fail("the header size is not " + std::to_string(kCaptureHeaderSize));
  if (HeaderU32(bytes, 12) != 0) return fail("the header sets flags this version does not know");
  const uint64_t body_size = HeaderU64(bytes, 16);
  if (body_size != bytes.size() - kCaptureHeaderSize)
    return fail("the header gives a body of " + std::to_string(body_size) + " bytes, the file holds " +
                std::to_string(bytes.size() - kCaptureHeaderSize) + " (truncated or padded)");
  const std::span<const uint8_t> body = bytes.subspan(kCaptureHeaderSize);
  if (Fnv1a64(body) != HeaderU64(bytes, 24)) return fail("the checksum does not match: the file is damaged");

  BodyReader r(body);
  AnimCapture& capture = load.capture;
  capture.version = version;
  const auto section = [&r](const char(&tag)[5]) {
    r.At(std::string("section ") + tag);
    uint32_t want = 0;
    for (int i = 3; i >= 0; --i)
      want = want << 8 | static_cast<uint8_t>(tag[i]);
    const uint32_t got = r.U32();
    if (r.ok() && got != want) r.Fail("expected here, not found");
    return static_cast<std::size_t>(r.U32());
  };
  const std::size_t assets_size = section("ASET");
  const std::size_t assets_end = body.size() - r.remaining() + assets_size;
  GetAssets(r, capture.assets);
  if (r.ok() && body.size() - r.remaining() != assets_end) r.Fail("its size does not match its contents");
  const std::size_t frames_size = section("FRMS");
  if (r.ok() && frames_size != r.remaining()) r.Fail("its size does not match the file");
  capture.frames.resize(r.Count(64, std::numeric_limits<int32_t>::max(), "frame"));
  for (std::size_t i = 0; i < capture.frames.size() && r.ok(); ++i)
    GetFrame(r, capture.assets, capture.frames[i], i);
  r.At("");
  if (r.ok() && r.remaining() != 0) r.Fail(std::to_string(r.remaining()) + " bytes trail the last frame");
  if (!r.ok()) {
    capture = AnimCapture{};
    return fail(r.error());
  }
  load.ok = true;
  return load;
}

bool WriteCaptureFile(const AnimCapture& capture, const std::string& path, std::string& error) {
  const std::vector<uint8_t> bytes = EncodeCapture(capture);
  const std::string temp = path + ".tmp";
  const auto fail = [&](const std::string& what, int number) {
    error = "cannot write capture '" + path + "': " + what + ": " + std::strerror(number);
    std::remove(temp.c_str());
    return false;
  };
  std::FILE* file = std::fopen(temp.c_str(), "wb");
  if (file == nullptr) return fail("cannot create " + temp, errno);
  const bool written = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
  const int write_error = errno;
  if (std::fclose(file) != 0 || !written) return fail("cannot write " + temp, written ? errno : write_error);
  if (std::rename(temp.c_str(), path.c_str()) != 0) return fail("cannot rename " + temp, errno);
  return true;
}

}  // namespace anim
