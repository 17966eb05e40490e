#include "compiler/passes/dead_value_elimination.h"

#include <vector>

namespace anim::ir {

int EliminateDeadValues(Graph& graph) {
  const size_t count = graph.values.size();
  std::vector<char> live(count, 0);
  auto mark = [&](ValueId id) {
    if (id >= 0 && static_cast<size_t>(id) < count) live[static_cast<size_t>(id)] = 1;
  };
  // Machines stay as tables even when the output does not read them: other tables (scopes,
  // clocks) index them, and the VM steps every machine.
  mark(graph.output);
  for (const Machine& m : graph.machines) {
    mark(m.value);
    for (const Transition& t : m.transitions)
      mark(t.condition);
  }
  // Operands precede their users, so one backward sweep marks every transitive operand.
  for (size_t i = count; i-- > 0;) {
    if (!live[i]) continue;
    for (ValueId op : graph.values[i].operands)
      mark(op);
  }

  std::vector<ValueId> renumber(count, kNoValue);
  std::vector<Value> kept;
  kept.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    if (!live[i]) continue;
    renumber[i] = static_cast<ValueId>(kept.size());
    kept.push_back(std::move(graph.values[i]));
    for (ValueId& op : kept.back().operands)
      op = renumber[static_cast<size_t>(op)];
  }
  auto remap = [&](ValueId& id) {
    if (id >= 0 && static_cast<size_t>(id) < count) id = renumber[static_cast<size_t>(id)];
  };
  remap(graph.output);
  for (Machine& m : graph.machines) {
    remap(m.value);
    for (Transition& t : m.transitions)
      remap(t.condition);
  }
  const int removed = static_cast<int>(count - kept.size());
  graph.values = std::move(kept);
  return removed;
}

}  // namespace anim::ir
