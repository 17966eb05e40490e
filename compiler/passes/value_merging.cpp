#include "compiler/passes/value_merging.h"

#include <bit>
#include <map>
#include <tuple>
#include <vector>

namespace anim::ir {
namespace {

// Everything that makes two non-pose values compute the same thing. Constants compare by bits so
// 0.0 and -0.0 stay apart.
using Key = std::tuple<Op, Type, uint32_t, uint32_t, uint32_t, uint16_t, uint16_t, std::vector<ValueId>>;

Key KeyOf(const Value& v) {
  return {v.op,
          v.type,
          std::bit_cast<uint32_t>(v.constant[0]),
          std::bit_cast<uint32_t>(v.constant[1]),
          std::bit_cast<uint32_t>(v.constant[2]),
          v.index,
          v.sample,
          v.operands};
}

}  // namespace

int MergeValues(Graph& graph) {
  std::vector<ValueId> replacement(graph.values.size());
  std::map<Key, ValueId> first;
  int merged = 0;
  for (size_t i = 0; i < graph.values.size(); ++i) {
    Value& v = graph.values[i];
    for (ValueId& op : v.operands)
      op = replacement[static_cast<size_t>(op)];
    replacement[i] = static_cast<ValueId>(i);
    if (v.type == Type::Pose) continue;
    const auto [it, inserted] = first.try_emplace(KeyOf(v), static_cast<ValueId>(i));
    if (!inserted) {
      replacement[i] = it->second;
      ++merged;
    }
  }
  for (Machine& m : graph.machines) {
    for (Transition& t : m.transitions) {
      if (t.condition >= 0) t.condition = replacement[static_cast<size_t>(t.condition)];
    }
  }
  return merged;
}

}  // namespace anim::ir
