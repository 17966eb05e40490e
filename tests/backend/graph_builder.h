// Builds IR graphs in tests the way the front end lowers documents: tables first, values in
// topological order, one scope per machine state, one clock per clip player.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "compiler/ir/ir.h"

namespace anim::test {

class GraphBuilder {
 public:
  GraphBuilder();

  ir::ValueId Const(float value, std::string node = "k");
  ir::ValueId Vec(float x, float y, float z, std::string node = "v");
  ir::ValueId Param(std::string name, ParamType type, float default_value = 0.0f);
  ir::ValueId Scalar(ir::Op op, ir::Type type, std::initializer_list<ir::ValueId> operands,
                     std::string node = "expr");
  ir::ValueId Clip(std::string clip, ir::ValueId rate, std::string node, uint16_t scope = 0);
  ir::ValueId Pose(ir::Op op, std::initializer_list<ir::ValueId> operands, std::string node,
                   uint16_t scope = 0);
  ir::ValueId Blend(ir::ValueId a, ir::ValueId b, ir::ValueId alpha, std::string node, uint16_t scope = 0);

  // A machine running in `scope` with these states; returns the machine index. Its states' scopes
  // are StateScope(m, s). Finish it with MachineValue once the state poses exist.
  uint16_t Machine(std::string name, std::vector<std::string> states, uint16_t scope = 0);
  uint16_t StateScope(uint16_t machine, uint16_t state) const;
  void Transition(uint16_t machine, uint16_t from, uint16_t to, ir::ValueId condition);
  ir::ValueId MachineValue(uint16_t machine, std::vector<ir::ValueId> state_poses, std::string node);

  uint16_t Bone(std::string name);
  void Output(ir::ValueId pose);

  ir::Graph& graph() { return g_; }
  ir::Graph Take() { return std::move(g_); }

 private:
  ir::ValueId Add(ir::Value v);
  ir::Graph g_;
  int line_ = 1;
};

}  // namespace anim::test
