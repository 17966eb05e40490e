#include "compiler/codegen/program_json.h"

#include <nlohmann/json.hpp>

#include "compiler/codegen/instruction_text.h"
#include "compiler/diag/json_text.h"

namespace anim::codegen {
namespace {

using Json = nlohmann::ordered_json;

const char* KindName(OperandKind kind) {
  static constexpr const char* kNames[] = {
      "scalar_read", "scalar_write", "pose_read",   "opt_pose_read", "pose_write", "constant",
      "parameter",   "clock",        "mask",        "bone",          "opt_bone",   "machine",
      "snapshot",    "immediate",    "blend_space", "scope",         "smoother",   "curve"};
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<size_t>(OperandKind::Curve) + 1,
                "one name per operand kind");
  return kNames[static_cast<size_t>(kind)];
}

// kNoOperand as null.
Json Optional(uint16_t v) {
  return v == kNoOperand ? Json(nullptr) : Json(v);
}

Json Code(const Program& p) {
  Json code = Json::array();
  size_t debug = 0;
  for (uint32_t offset = 0; offset < p.code.size();) {
    const DecodedInstruction d = DecodeInstruction(p, offset);
    Json instruction = {{"offset", offset}, {"op", d.info ? d.info->name : "unknown"}};
    if (!d.info) instruction["word"] = d.opcode_word;
    Json operands = Json::array();
    for (const DecodedOperand& o : d.operands) {
      operands.push_back({{"kind", KindName(o.kind)}, {"value", o.raw}, {"text", o.text}});
    }
    instruction["operands"] = std::move(operands);
    if (d.truncated) instruction["truncated"] = true;
    while (debug < p.debug.size() && p.debug[debug].code_offset < offset)
      ++debug;
    if (debug < p.debug.size() && p.debug[debug].code_offset == offset) {
      instruction["node"] = p.debug[debug].node;
      instruction["line"] = p.debug[debug].line;
      instruction["column"] = p.debug[debug].column;
    }
    code.push_back(std::move(instruction));
    offset += d.size;
  }
  return code;
}

Json Machines(const Program& p) {
  Json machines = Json::array();
  for (const MachineDesc& m : p.machines) {
    Json states = Json::array();
    for (const StateDesc& s : m.states) {
      states.push_back({{"name", s.name},
                        {"pose", s.pose},
                        {"scope", s.scope},
                        {"progress_clock", Optional(s.progress_clock)}});
    }
    Json transitions = Json::array();
    for (const TransitionDesc& t : m.transitions) {
      transitions.push_back({{"from", Optional(t.from)},
                             {"to", t.to},
                             {"condition", t.condition},
                             {"duration", t.duration},
                             {"mode", BlendModeName(t.mode)},
                             {"curve", BlendCurveName(t.curve)},
                             {"half_life", t.half_life},
                             {"can_interrupt", t.can_interrupt},
                             {"consumed_triggers", t.consumed_triggers}});
    }
    machines.push_back({{"name", m.name},
                        {"scope", m.scope},
                        {"initial_state", m.initial_state},
                        {"states", std::move(states)},
                        {"transitions", std::move(transitions)}});
  }
  return machines;
}

const char* ChannelName(TrackChannel channel) {
  switch (channel) {
    case TrackChannel::Translation:
      return "translation";
    case TrackChannel::Rotation:
      return "rotation";
    case TrackChannel::Scale:
      break;
  }
  return "scale";
}

Json BakedClips(const Program& p) {
  Json clips = Json::array();
  for (const BakedClipDesc& c : p.baked_clips) {
    Json channels = Json::array(), curves = Json::array();
    for (const BakedChannel& ch : c.channels)
      channels.push_back(
          {{"bone", ch.bone}, {"channel", ChannelName(ch.channel)}, {"step", ch.step}, {"keys", ch.keys}});
    for (const BakedCurve& curve : c.curves)
      curves.push_back({{"curve", curve.curve}, {"step", curve.step}, {"keys", curve.keys}});
    clips.push_back({{"name", c.name},
                     {"source_clip", c.source_clip},
                     {"inputs_hash", c.inputs_hash},
                     {"sample_rate", c.sample_rate},
                     {"frame_count", c.frame_count},
                     {"looping", c.looping},
                     {"channels", std::move(channels)},
                     {"curves", std::move(curves)}});
  }
  return clips;
}

Json Tables(const Program& p) {
  Json t;
  t["constants"] = p.constants;
  Json params = Json::array();
  for (const ParamDesc& d : p.params) {
    Json param = {{"name", d.name}, {"type", ParamTypeName(d.type)}, {"default", d.default_value}};
    if (d.has_range) param["range"] = {d.min, d.max};
    params.push_back(std::move(param));
  }
  t["parameters"] = std::move(params);
  t["clips"] = p.clips;
  t["baked_clips"] = BakedClips(p);
  Json clocks = Json::array();
  for (const ClockDesc& c : p.clocks) {
    Json clock = {{"clip", c.clip}, {"scope", c.scope}, {"loop", c.loop}, {"start_time", c.start_time}};
    if (c.sync_group != kNoOperand)
      clock["sync"] = {{"group", c.sync_group}, {"role", SyncRoleName(c.sync_role)}};
    if (c.root_motion != RootMotionMode::Keep) {
      clock["root_motion"] = {{"mode", RootMotionModeName(static_cast<uint8_t>(c.root_motion))},
                              {"bone", c.root_motion_bone}};
    }
    clocks.push_back(std::move(clock));
  }
  t["clocks"] = std::move(clocks);
  Json scopes = Json::array();
  for (const ScopeDesc& s : p.scopes)
    scopes.push_back({{"machine", Optional(s.machine)}, {"state", Optional(s.state)}});
  t["scopes"] = std::move(scopes);
  t["machines"] = Machines(p);
  Json masks = Json::array();
  for (const MaskDesc& m : p.masks) {
    Json mask = {{"name", m.name}, {"weights", m.weights}};
    if (!m.curve_weights.empty()) mask["curve_weights"] = m.curve_weights;
    masks.push_back(std::move(mask));
  }
  t["masks"] = std::move(masks);
  Json bones = Json::array();
  for (const BoneRef& b : p.bones)
    bones.push_back({{"name", b.name}, {"index", b.index}});
  t["bones"] = std::move(bones);
  t["snapshots"] = p.snapshots;
  Json blend_spaces = Json::array();
  for (const BlendSpaceDesc& b : p.blend_spaces)
    blend_spaces.push_back({{"name", b.name}, {"positions", b.positions}, {"triangles", b.triangles}});
  t["blend_spaces"] = std::move(blend_spaces);
  t["sync_groups"] = p.sync_groups;
  t["curves"] = p.curves;
  const EventTable& e = p.events;
  Json events = {{"threshold", e.threshold}, {"names", e.names}};
  auto threshold = [](float v) { return v < 0.0f ? Json(nullptr) : Json(v); };
  Json clip = Json::array(), state = Json::array(), transition = Json::array();
  for (const ClipEventDesc& c : e.clip) {
    clip.push_back({{"clock", c.clock},
                    {"name", c.name},
                    {"time", c.time},
                    {"duration", c.duration},
                    {"threshold", threshold(c.threshold)}});
  }
  for (const StateEventDesc& st : e.state) {
    state.push_back({{"machine", st.machine},
                     {"state", st.state},
                     {"kind", StateEventKindName(st.kind)},
                     {"name", st.name},
                     {"threshold", threshold(st.threshold)}});
  }
  for (const TransitionEventDesc& tr : e.transition) {
    transition.push_back({{"machine", tr.machine},
                          {"transition", tr.transition},
                          {"name", tr.name},
                          {"threshold", threshold(tr.threshold)}});
  }
  events["clip"] = std::move(clip);
  events["state"] = std::move(state);
  events["transition"] = std::move(transition);
  t["events"] = std::move(events);
  return t;
}

}  // namespace

std::string ProgramToJson(const Program& p) {
  Json j;
  j["version"] = p.version;
  j["skeleton_hash"] = p.skeleton_hash;
  j["graph_hash"] = p.graph_hash;
  j["scalar_registers"] = p.scalar_register_count;
  j["pose_registers"] = p.pose_register_count;
  j["code_words"] = p.code.size();
  j["code"] = Code(p);
  Json tables = Tables(p);  // items() must not outlive its object
  for (auto& [key, value] : tables.items())
    j[key] = std::move(value);
  return JsonText(j, 2) + "\n";  // names from a hand-edited file may be any bytes
}

}  // namespace anim::codegen
