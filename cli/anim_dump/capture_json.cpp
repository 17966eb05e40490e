#include "cli/anim_dump/capture_json.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string_view>

#include "executor/tasks/anim_task.h"

namespace anim::dump {
namespace {

using nlohmann::json;
// Written in the order the fields are documented; read in any order.
using ojson = nlohmann::ordered_json;

// --- writing

ojson Number(float f) {
  if (std::isnan(f)) return "NaN";
  if (std::isinf(f)) return f > 0 ? "Infinity" : "-Infinity";
  return f;
}

ojson Hash(uint64_t v) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
  return text;
}

ojson Floats(std::initializer_list<float> values) {
  ojson out = ojson::array();
  for (float f : values)
    out.push_back(Number(f));
  return out;
}

ojson Vec(const Vec3& v) {
  return Floats({v.x, v.y, v.z});
}

ojson TransformJson(const Transform& t) {
  return Floats({t.translation.x, t.translation.y, t.translation.z, t.rotation.x, t.rotation.y, t.rotation.z,
                 t.rotation.w, t.scale.x, t.scale.y, t.scale.z});
}

constexpr const char* kPoseKinds[] = {"absolute", "additive_local", "additive_mesh"};

ojson PoseJson(const Pose& pose) {
  ojson bones = ojson::array(), curves = ojson::array();
  for (int bone = 0; bone < pose.bone_count(); ++bone)
    bones.push_back(TransformJson(pose.Get(bone)));
  for (int c = 0; c < pose.curve_count(); ++c)
    curves.push_back(Number(pose.curves()[c]));
  return {{"kind", kPoseKinds[static_cast<int>(pose.kind)]},
          {"root_motion", TransformJson(pose.root_motion)},
          {"bones", std::move(bones)},
          {"curves", std::move(curves)}};
}

ojson CurveJson(const InertialCurve& c) {
  return Floats({c.x0, c.v0, c.t1, c.c2, c.c3, c.c4, c.c5});
}

ojson BlendSlotJson(const CapturedBlendSlot& slot) {
  const TransitionBlendState& s = slot.state;
  ojson bones = ojson::array();
  for (const InertialBone& bone : s.inertialization.bones) {
    ojson channels = ojson::array();
    for (const InertialChannel* c : {&bone.rotation, &bone.translation, &bone.scale})
      channels.push_back({{"axis", Vec(c->axis)}, {"curve", CurveJson(c->curve)}});
    bones.push_back(std::move(channels));
  }
  ojson curves = ojson::array();
  for (const InertialScalar& c : s.inertialization.curves)
    curves.push_back({{"sign", Number(c.sign)}, {"curve", CurveJson(c.curve)}});
  ojson velocities = ojson::array();
  for (const DeadBlendVelocity& v : s.dead_blend.velocities)
    velocities.push_back({Vec(v.linear), Vec(v.angular), Vec(v.scale)});
  ojson curve_rates = ojson::array();
  for (float f : s.dead_blend.curve_velocities)
    curve_rates.push_back(Number(f));
  return {{"slot", slot.slot},
          {"history",
           {{"frames_held", s.history.frames_held()},
            {"delta_time", Number(s.history.delta_time())},
            {"previous", PoseJson(s.history.previous())},
            {"latest", PoseJson(s.history.latest())}}},
          {"inertialization",
           {{"bones", std::move(bones)},
            {"offset_bone_count", s.inertialization.offset_bone_count},
            {"curves", std::move(curves)},
            {"duration", Number(s.inertialization.duration)},
            {"active", s.inertialization.active}}},
          {"dead_blend",
           {{"source", PoseJson(s.dead_blend.source)},
            {"velocities", std::move(velocities)},
            {"curve_velocities", std::move(curve_rates)},
            {"source_bone_count", s.dead_blend.source_bone_count},
            {"duration", Number(s.dead_blend.duration)},
            {"half_life", Number(s.dead_blend.half_life)},
            {"active", s.dead_blend.active}}},
          {"crossfade", {{"frozen", PoseJson(s.crossfade.frozen)}, {"held", s.crossfade.held}}}};
}

ojson TaskJson(const AnimTask& t) {
  return {{"type", AnimTaskTypeName(t.type)},
          {"stage", AnimTaskStageName(t.stage)},
          {"space", t.space},
          {"mode", t.mode},
          {"flags", t.flags},
          {"dep_a", t.dep_a},
          {"dep_b", t.dep_b},
          {"resource", t.resource},
          {"bone_a", t.bone_a},
          {"bone_b", t.bone_b},
          {"bone_c", t.bone_c},
          {"source_node", t.source_node},
          {"time", Number(t.time)},
          {"alpha", Number(t.alpha)},
          {"aux", Number(t.aux)},
          {"t", Vec(t.t)},
          {"r", Floats({t.r.x, t.r.y, t.r.z, t.r.w})},
          {"s", Vec(t.s)}};
}

ojson FrameJson(const CapturedFrame& f) {
  ojson params = ojson::array(), tasks = ojson::array(), blends = ojson::array(), snapshots = ojson::array(),
        results = ojson::array();
  for (float v : f.params)
    params.push_back(Number(v));
  for (const AnimTask& task : f.list.tasks)
    tasks.push_back(TaskJson(task));
  for (const CapturedBlendSlot& slot : f.blends)
    blends.push_back(BlendSlotJson(slot));
  for (const CapturedSnapshotSlot& slot : f.snapshots)
    snapshots.push_back({{"slot", slot.slot},
                         {"pose", PoseJson(slot.state.pose)},
                         {"pending", PoseJson(slot.state.pending)},
                         {"saved", slot.state.saved},
                         {"pending_written", slot.state.pending_written}});
  for (uint64_t hash : f.output.task_results)
    results.push_back(Hash(hash));
  const CapturedList& l = f.list;
  return {{"frame", f.frame},
          {"time", Number(f.time)},
          {"delta_time", Number(f.delta_time)},
          {"params", std::move(params)},
          {"list",
           {{"output_task", l.output_task},
            {"lock_root", l.lock_root},
            {"root_bone", l.root_bone},
            {"active_bone_count", l.active_bone_count},
            {"delta_time", Number(l.delta_time)},
            {"root_motion", l.root_motion},
            {"curve_count", l.curve_count},
            {"tasks", std::move(tasks)}}},
          {"blend_slots", std::move(blends)},
          {"snapshots", std::move(snapshots)},
          {"output",
           {{"local_pose", PoseJson(f.output.local_pose)},
            {"root_motion", TransformJson(f.output.root_motion)},
            {"skinning_checksum", Hash(f.output.skinning_checksum)},
            {"task_results", std::move(results)}}}};
}

// --- reading: every field where the writer puts it, of its type; else an error naming the path.

struct JsonError {
  std::string message;
};

class Reader {
 public:
  Reader(const json& value, std::string path) : v_(value), path_(std::move(path)) {}

  // A key (string_view, so that r[0] is an index, never a null key).
  Reader operator[](std::string_view key) const {
    if (!v_.is_object()) Fail("is not an object");
    const auto it = v_.find(key);
    if (it == v_.end()) throw JsonError{path_ + ": has no \"" + std::string(key) + "\""};
    return {*it, path_ + "." + std::string(key)};
  }
  Reader operator[](std::size_t i) const { return {v_[i], path_ + "[" + std::to_string(i) + "]"}; }
  std::size_t size(std::size_t limit = std::numeric_limits<uint32_t>::max()) const {
    if (!v_.is_array()) Fail("is not an array");
    if (v_.size() > limit) Fail("holds more than " + std::to_string(limit) + " entries");
    return v_.size();
  }
  template <typename T>
  T Int() const {
    if (!v_.is_number_integer()) Fail("is not a whole number");
    const auto value = v_.get<int64_t>();
    if (value < std::numeric_limits<T>::min() || value > std::numeric_limits<T>::max())
      Fail("is out of range");
    return static_cast<T>(value);
  }
  bool Bool() const {
    if (!v_.is_boolean()) Fail("is not true or false");
    return v_.get<bool>();
  }
  float Float() const {
    if (v_.is_number()) {
      const double d = v_.get<double>();
      const double largest = std::numeric_limits<float>::max();
      if (std::fabs(d) > largest)
        return d > 0 ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
      return static_cast<float>(d);
    }
    if (v_ == "NaN") return std::numeric_limits<float>::quiet_NaN();
    if (v_ == "Infinity") return std::numeric_limits<float>::infinity();
    if (v_ == "-Infinity") return -std::numeric_limits<float>::infinity();
    Fail("is not a number");
  }
  std::string String() const {
    if (!v_.is_string()) Fail("is not a string");
    return v_.get<std::string>();
  }
  uint64_t Hash() const {
    const std::string text = String();
    if (text.size() != 16 || text.find_first_not_of("0123456789abcdef") != std::string::npos)
      Fail("is not 16 lower-case hex digits");
    return std::stoull(text, nullptr, 16);
  }
  Vec3 Vec() const {
    if (size() != 3) Fail("does not hold 3 numbers");
    return {(*this)[0].Float(), (*this)[1].Float(), (*this)[2].Float()};
  }
  Transform TransformValue() const {
    if (size() != 10) Fail("does not hold 10 numbers (translation, rotation, scale)");
    float f[10];
    for (std::size_t i = 0; i < 10; ++i)
      f[i] = (*this)[i].Float();
    return {{f[0], f[1], f[2]}, {f[3], f[4], f[5], f[6]}, {f[7], f[8], f[9]}};
  }
  [[noreturn]] void Fail(const std::string& what) const { throw JsonError{path_ + ": " + what}; }

 private:
  const json& v_;
  std::string path_;
};

void ReadPose(const Reader& r, Pose& pose) {
  const std::string kind = r["kind"].String();
  int k = 0;
  while (k < 3 && kind != kPoseKinds[k])
    ++k;
  if (k == 3) r["kind"].Fail("is not absolute, additive_local or additive_mesh");
  const Reader bones = r["bones"], curves = r["curves"];
  pose.Resize(static_cast<int>(bones.size(0xFFFF)), static_cast<int>(curves.size(0xFFFF)));
  pose.kind = static_cast<PoseKind>(k);
  pose.root_motion = r["root_motion"].TransformValue();
  for (int bone = 0; bone < pose.bone_count(); ++bone)
    pose.Set(bone, bones[static_cast<std::size_t>(bone)].TransformValue());
  for (int c = 0; c < pose.curve_count(); ++c)
    pose.curves()[c] = curves[static_cast<std::size_t>(c)].Float();
}

InertialCurve ReadCurve(const Reader& r) {
  if (r.size() != 7) r.Fail("does not hold 7 numbers");
  return {r[0].Float(), r[1].Float(), r[2].Float(), r[3].Float(), r[4].Float(), r[5].Float(), r[6].Float()};
}

void ReadBlendSlot(const Reader& r, CapturedBlendSlot& slot) {
  slot.slot = r["slot"].Int<uint16_t>();
  TransitionBlendState& s = slot.state;
  const Reader history = r["history"];
  Pose previous, latest;
  ReadPose(history["previous"], previous);
  ReadPose(history["latest"], latest);
  s.history.Restore(previous, latest, history["frames_held"].Int<uint8_t>(), history["delta_time"].Float());
  if (history["frames_held"].Int<uint8_t>() > 2) history["frames_held"].Fail("is not 0 to 2");

  const Reader in = r["inertialization"];
  s.inertialization.bones.resize(in["bones"].size(0xFFFF));
  for (std::size_t i = 0; i < s.inertialization.bones.size(); ++i) {
    const Reader channels = in["bones"][i];
    if (channels.size() != 3) channels.Fail("does not hold 3 channels");
    InertialBone& bone = s.inertialization.bones[i];
    InertialChannel* targets[3] = {&bone.rotation, &bone.translation, &bone.scale};
    for (std::size_t c = 0; c < 3; ++c) {
      targets[c]->axis = channels[c]["axis"].Vec();
      targets[c]->curve = ReadCurve(channels[c]["curve"]);
    }
  }
  s.inertialization.offset_bone_count = in["offset_bone_count"].Int<int32_t>();
  s.inertialization.curves.resize(in["curves"].size(0xFFFF));
  for (std::size_t i = 0; i < s.inertialization.curves.size(); ++i)
    s.inertialization.curves[i] = {in["curves"][i]["sign"].Float(), ReadCurve(in["curves"][i]["curve"])};
  s.inertialization.duration = in["duration"].Float();
  s.inertialization.active = in["active"].Bool();

  const Reader dead = r["dead_blend"];
  ReadPose(dead["source"], s.dead_blend.source);
  s.dead_blend.velocities.resize(dead["velocities"].size(0xFFFF));
  for (std::size_t i = 0; i < s.dead_blend.velocities.size(); ++i) {
    const Reader v = dead["velocities"][i];
    if (v.size() != 3) v.Fail("does not hold linear, angular and scale velocities");
    s.dead_blend.velocities[i] = {v[0].Vec(), v[1].Vec(), v[2].Vec()};
  }
  s.dead_blend.curve_velocities.resize(dead["curve_velocities"].size(0xFFFF));
  for (std::size_t i = 0; i < s.dead_blend.curve_velocities.size(); ++i)
    s.dead_blend.curve_velocities[i] = dead["curve_velocities"][i].Float();
  s.dead_blend.source_bone_count = dead["source_bone_count"].Int<int32_t>();
  s.dead_blend.duration = dead["duration"].Float();
  s.dead_blend.half_life = dead["half_life"].Float();
  s.dead_blend.active = dead["active"].Bool();

  ReadPose(r["crossfade"]["frozen"], s.crossfade.frozen);
  s.crossfade.held = r["crossfade"]["held"].Bool();
}

template <typename Enum>
Enum ReadName(const Reader& r, const char* (*name_of)(Enum), int count) {
  const std::string text = r.String();
  for (int i = 0; i < count; ++i) {
    if (text == name_of(static_cast<Enum>(i))) return static_cast<Enum>(i);
  }
  r.Fail("\"" + text + "\" is not one of its names");
}

void ReadTask(const Reader& r, AnimTask& t) {
  t.type = ReadName<AnimTaskType>(r["type"], AnimTaskTypeName, kAnimTaskTypeCount);
  t.stage = ReadName<AnimTaskStage>(r["stage"], AnimTaskStageName, 3);
  t.space = r["space"].Int<uint8_t>();
  t.mode = r["mode"].Int<uint8_t>();
  t.flags = r["flags"].Int<uint8_t>();
  t.dep_a = r["dep_a"].Int<int16_t>();
  t.dep_b = r["dep_b"].Int<int16_t>();
  t.resource = r["resource"].Int<uint16_t>();
  t.bone_a = r["bone_a"].Int<uint16_t>();
  t.bone_b = r["bone_b"].Int<uint16_t>();
  t.bone_c = r["bone_c"].Int<uint16_t>();
  t.source_node = r["source_node"].Int<int32_t>();
  t.time = r["time"].Float();
  t.alpha = r["alpha"].Float();
  t.aux = r["aux"].Float();
  t.t = r["t"].Vec();
  const Reader q = r["r"];
  if (q.size() != 4) q.Fail("does not hold 4 numbers");
  t.r = {q[0].Float(), q[1].Float(), q[2].Float(), q[3].Float()};
  t.s = r["s"].Vec();
}

void ReadFrame(const Reader& r, CapturedFrame& f) {
  f.frame = r["frame"].Int<int32_t>();
  f.time = r["time"].Float();
  f.delta_time = r["delta_time"].Float();
  f.params.resize(r["params"].size());
  for (std::size_t i = 0; i < f.params.size(); ++i)
    f.params[i] = r["params"][i].Float();
  const Reader list = r["list"];
  f.list.output_task = list["output_task"].Int<int16_t>();
  f.list.lock_root = list["lock_root"].Bool();
  f.list.root_bone = list["root_bone"].Int<int32_t>();
  f.list.active_bone_count = list["active_bone_count"].Int<int32_t>();
  f.list.delta_time = list["delta_time"].Float();
  f.list.root_motion = list["root_motion"].Bool();
  f.list.curve_count = list["curve_count"].Int<int32_t>();
  f.list.tasks.resize(list["tasks"].size(0x7FFF));
  for (std::size_t i = 0; i < f.list.tasks.size(); ++i)
    ReadTask(list["tasks"][i], f.list.tasks[i]);
  f.blends.resize(r["blend_slots"].size(0xFFFF));
  for (std::size_t i = 0; i < f.blends.size(); ++i)
    ReadBlendSlot(r["blend_slots"][i], f.blends[i]);
  f.snapshots.resize(r["snapshots"].size(0xFFFF));
  for (std::size_t i = 0; i < f.snapshots.size(); ++i) {
    const Reader s = r["snapshots"][i];
    f.snapshots[i].slot = s["slot"].Int<uint16_t>();
    ReadPose(s["pose"], f.snapshots[i].state.pose);
    ReadPose(s["pending"], f.snapshots[i].state.pending);
    f.snapshots[i].state.saved = s["saved"].Bool();
    f.snapshots[i].state.pending_written = s["pending_written"].Bool();
  }
  const Reader out = r["output"];
  ReadPose(out["local_pose"], f.output.local_pose);
  f.output.root_motion = out["root_motion"].TransformValue();
  f.output.skinning_checksum = out["skinning_checksum"].Hash();
  f.output.task_results.resize(out["task_results"].size(0x7FFF));
  for (std::size_t i = 0; i < f.output.task_results.size(); ++i)
    f.output.task_results[i] = out["task_results"][i].Hash();
}

AnimCapture ReadCapture(const json& document) {
  const Reader root(document, "capture");
  if (root["format"].String() != "animtc.capture") root["format"].Fail("is not \"animtc.capture\"");
  AnimCapture c;
  c.version = root["version"].Int<uint32_t>();
  const Reader a = root["assets"];
  c.assets.graph = a["graph"].String();
  c.assets.graph_document = a["graph_document"].String();
  c.assets.graph_hash = a["graph_hash"].Hash();
  c.assets.skeleton_hash = a["skeleton_hash"].Hash();
  c.assets.bone_count = a["bone_count"].Int<int32_t>();
  c.assets.curve_count = a["curve_count"].Int<int32_t>();
  c.assets.params.resize(a["params"].size(0xFFFF));
  for (std::size_t i = 0; i < c.assets.params.size(); ++i)
    c.assets.params[i] = a["params"][i].String();
  c.assets.clips.resize(a["clips"].size(0xFFFF));
  for (std::size_t i = 0; i < c.assets.clips.size(); ++i)
    c.assets.clips[i] = {a["clips"][i]["name"].String(), a["clips"][i]["content_hash"].Hash()};
  c.assets.blend_slots = a["blend_slots"].Int<int32_t>();
  c.assets.snapshot_slots = a["snapshot_slots"].Int<int32_t>();
  c.frames.resize(root["frames"].size());
  for (std::size_t i = 0; i < c.frames.size(); ++i)
    ReadFrame(root["frames"][i], c.frames[i]);
  return c;
}

}  // namespace

std::string CaptureToJson(const AnimCapture& capture) {
  const CaptureAssets& a = capture.assets;
  ojson clips = ojson::array(), frames = ojson::array();
  for (const CapturedClip& clip : a.clips)
    clips.push_back({{"name", clip.name}, {"content_hash", Hash(clip.content_hash)}});
  for (const CapturedFrame& frame : capture.frames)
    frames.push_back(FrameJson(frame));
  const ojson document = {{"format", "animtc.capture"},
                          {"version", capture.version},
                          {"assets",
                           {{"graph", a.graph},
                            {"graph_document", a.graph_document},
                            {"graph_hash", Hash(a.graph_hash)},
                            {"skeleton_hash", Hash(a.skeleton_hash)},
                            {"bone_count", a.bone_count},
                            {"curve_count", a.curve_count},
                            {"params", a.params},
                            {"clips", std::move(clips)},
                            {"blend_slots", a.blend_slots},
                            {"snapshot_slots", a.snapshot_slots}}},
                          {"frames", std::move(frames)}};
  return document.dump(1, ' ', false, ojson::error_handler_t::replace) + "\n";
}

CaptureLoad CaptureFromJson(const std::string& text) {
  CaptureLoad load;
  json document;
  try {
    document = json::parse(text);
  } catch (const json::parse_error& e) {
    load.error = std::string("not JSON: ") + e.what();
    return load;
  }
  try {
    const AnimCapture capture = ReadCapture(document);
    if (capture.version != kAnimCaptureVersion) {
      load.error = "capture version " + std::to_string(capture.version) + " is not this build's version " +
                   std::to_string(kAnimCaptureVersion) + "; record it again";
      return load;
    }
    // The binary loader's checks, for both forms.
    return DecodeCapture(EncodeCapture(capture));
  } catch (const JsonError& e) {
    load.error = e.message;
    return load;
  }
}

}  // namespace anim::dump
