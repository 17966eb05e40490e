#include "tests/backend/graph_builder.h"

#include <utility>

namespace anim::test {

GraphBuilder::GraphBuilder() {
  g_.scopes.push_back({});
  g_.skeleton_hash = 0x5eedf00dcafe1234ull;
}

ir::ValueId GraphBuilder::Add(ir::Value v) {
  v.location = {"test.yaml", line_, 3};
  ++line_;
  return g_.Add(std::move(v));
}

ir::ValueId GraphBuilder::Const(float value, std::string node) {
  ir::Value v;
  v.op = ir::Op::Const;
  v.type = ir::Type::Float;
  v.constant[0] = value;
  v.node = std::move(node);
  return Add(std::move(v));
}

ir::ValueId GraphBuilder::Vec(float x, float y, float z, std::string node) {
  ir::Value v;
  v.op = ir::Op::Const;
  v.type = ir::Type::Vec3;
  v.constant[0] = x;
  v.constant[1] = y;
  v.constant[2] = z;
  v.node = std::move(node);
  return Add(std::move(v));
}

ir::ValueId GraphBuilder::Param(std::string name, ParamType type, float default_value) {
  ParamDesc desc;
  desc.name = name;
  desc.type = type;
  desc.default_value[0] = default_value;
  g_.params.push_back(desc);
  ir::Value v;
  v.op = ir::Op::Param;
  v.type = type == ParamType::Float  ? ir::Type::Float
           : type == ParamType::Int  ? ir::Type::Int
           : type == ParamType::Vec3 ? ir::Type::Vec3
                                     : ir::Type::Bool;
  v.index = static_cast<uint16_t>(g_.params.size() - 1);
  v.node = std::move(name);
  return Add(std::move(v));
}

ir::ValueId GraphBuilder::Scalar(ir::Op op, ir::Type type, std::initializer_list<ir::ValueId> operands,
                                 std::string node) {
  ir::Value v;
  v.op = op;
  v.type = type;
  v.operands = operands;
  v.node = std::move(node);
  return Add(std::move(v));
}

ir::ValueId GraphBuilder::Clip(std::string clip, ir::ValueId rate, std::string node, uint16_t scope) {
  g_.clips.push_back(std::move(clip));
  ClockDesc clock;
  clock.clip = static_cast<uint16_t>(g_.clips.size() - 1);
  clock.scope = scope;
  g_.clocks.push_back(clock);
  ir::Value v;
  v.op = ir::Op::SampleClip;
  v.type = ir::Type::Pose;
  v.index = static_cast<uint16_t>(g_.clocks.size() - 1);
  v.operands = {rate};
  v.scope = scope;
  v.node = std::move(node);
  return Add(std::move(v));
}

ir::ValueId GraphBuilder::Pose(ir::Op op, std::initializer_list<ir::ValueId> operands, std::string node,
                               uint16_t scope) {
  ir::Value v;
  v.op = op;
  v.type = ir::Type::Pose;
  v.operands = operands;
  v.scope = scope;
  v.node = std::move(node);
  return Add(std::move(v));
}

ir::ValueId GraphBuilder::Blend(ir::ValueId a, ir::ValueId b, ir::ValueId alpha, std::string node,
                                uint16_t scope) {
  return Pose(ir::Op::Blend, {a, b, alpha}, std::move(node), scope);
}

uint16_t GraphBuilder::Machine(std::string name, std::vector<std::string> states, uint16_t scope) {
  ir::Machine m;
  m.name = std::move(name);
  m.scope = scope;
  const auto index = static_cast<uint16_t>(g_.machines.size());
  for (size_t s = 0; s < states.size(); ++s) {
    StateDesc state;
    state.name = states[s];
    state.scope = static_cast<uint16_t>(g_.scopes.size());
    g_.scopes.push_back({index, static_cast<uint16_t>(s)});
    m.states.push_back(state);
  }
  g_.machines.push_back(std::move(m));
  return index;
}

uint16_t GraphBuilder::StateScope(uint16_t machine, uint16_t state) const {
  return g_.machines[machine].states[state].scope;
}

void GraphBuilder::Transition(uint16_t machine, uint16_t from, uint16_t to, ir::ValueId condition) {
  ir::Transition t;
  t.desc.from = from;
  t.desc.to = to;
  t.condition = condition;
  g_.machines[machine].transitions.push_back(t);
}

ir::ValueId GraphBuilder::MachineValue(uint16_t machine, std::vector<ir::ValueId> state_poses,
                                       std::string node) {
  ir::Value v;
  v.op = ir::Op::StateMachine;
  v.type = ir::Type::Pose;
  v.index = machine;
  v.operands = std::move(state_poses);
  v.scope = g_.machines[machine].scope;
  v.node = std::move(node);
  const ir::ValueId id = Add(std::move(v));
  g_.machines[machine].value = id;
  return id;
}

uint16_t GraphBuilder::Bone(std::string name) {
  g_.bones.push_back({std::move(name), static_cast<uint16_t>(g_.bones.size())});
  return static_cast<uint16_t>(g_.bones.size() - 1);
}

void GraphBuilder::Output(ir::ValueId pose) {
  g_.output = pose;
}

}  // namespace anim::test
