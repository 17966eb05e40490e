#include "compiler/graph/graph_lints.h"

#include <string>
#include <vector>

#include "compiler/expr/expr_check.h"
#include "compiler/expr/expr_range.h"
#include "compiler/graph/reader/graph_read_state.h"

namespace anim::graph {
namespace {

class Linter {
 public:
  Linter(const GraphModel& model, const Document& document, DiagnosticSink& diagnostics)
      : model_(model), document_(document), diagnostics_(diagnostics) {}

  void Run() {
    const std::vector<bool> used = UsedNodes();
    Unused(used);
    UnusedTables();
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
      const GraphNode& node = model_.nodes[n];
      if (node.kind->type == NodeType::StateMachine) Machine(node);
      if (node.kind->type == NodeType::BlendSpace1D || node.kind->type == NodeType::BlendSpace2D)
        BlendSpace(node);
    }
  }

 private:
  void Warn(const char* code, TextPosition at, std::string message) {
    diagnostics_.Warning(code, document_.Locate(at), std::move(message));
  }

  // Nodes the output depends on.
  std::vector<bool> UsedNodes() const {
    std::vector<bool> used(model_.nodes.size(), false);
    if (model_.output < 0) return used;
    std::vector<int> work{model_.output};
    used[static_cast<std::size_t>(model_.output)] = true;
    while (!work.empty()) {
      const int node = work.back();
      work.pop_back();
      for (const InputRef& input : model_.nodes[static_cast<std::size_t>(node)].inputs) {
        if (!used[static_cast<std::size_t>(input.node)]) {
          used[static_cast<std::size_t>(input.node)] = true;
          work.push_back(input.node);
        }
      }
    }
    return used;
  }

  void Unused(const std::vector<bool>& used) {
    if (model_.output < 0) return;
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
      if (used[n] || !model_.nodes[n].named) continue;
      Warn("W002", model_.nodes[n].position,
           "node " + Quoted(model_.nodes[n].name) + " is never used: the output does not depend on it");
    }
  }

  // Parameters, masks and clips declared at the top of the graph that nothing uses.
  void UnusedTables() {
    std::vector<bool> read(model_.params.size(), false), masked(model_.masks.size(), false),
        played(model_.clips.size(), false);
    for (const GraphNode& node : model_.nodes) {
      for (std::size_t f = 0; f < node.fields.size(); ++f) {
        const FieldValue& value = node.fields[f];
        switch (node.kind->fields[f].type) {
          case FieldType::Clip:
            if (value.index >= 0) played[static_cast<std::size_t>(value.index)] = true;
            break;
          case FieldType::Mask:
            if (value.index >= 0) masked[static_cast<std::size_t>(value.index)] = true;
            break;
          default:
            for (const int p : expr::ParamsRead(value.expr))
              read[static_cast<std::size_t>(p)] = true;
            break;
        }
      }
      for (const TransitionModel& t : node.transitions) {
        for (const int p : expr::ParamsRead(t.condition))
          read[static_cast<std::size_t>(p)] = true;
      }
    }
    const DocNode& root = document_.root();
    Declared(
        root.Find("parameters"), read, [&](std::size_t i) { return model_.params[i].name; },
        [](const std::string& name) {
          return "parameter " + Quoted(name) + " is never read: no expression or condition uses it";
        },
        "W003");
    Declared(
        root.Find("masks"), masked, [&](std::size_t i) { return model_.masks[i].name; },
        [](const std::string& name) {
          return "mask " + Quoted(name) + " is never used: no masked blend names it";
        },
        "W004");
    UnusedEvents();
    Declared(
        root.Find("clips"), played, [&](std::size_t i) { return model_.clips[i]; },
        [](const std::string& name) {
          return "clip " + Quoted(name) + " is never played: no clip node names it";
        },
        "W005");
  }

  // W006: an event the `events` table declares that no clip, state or transition fires.
  void UnusedEvents() {
    std::vector<bool> fired(model_.event_names.size(), false);
    auto use = [&](const EventRef& e) {
      if (e.name >= 0) fired[static_cast<std::size_t>(e.name)] = true;
    };
    for (const GraphNode& node : model_.nodes) {
      for (const ClipEventModel& e : node.clip_events)
        use(e.event);
      for (const StateModel& state : node.states)
        for (const EventRef& e : state.events)
          use(e);
      for (const TransitionModel& t : node.transitions)
        use(t.event);
    }
    for (std::size_t i = 0; i < fired.size(); ++i) {
      if (fired[i] || model_.declared_events[i].line == 0) continue;
      Warn("W006", model_.declared_events[i],
           "event " + Quoted(model_.event_names[i]) +
               " is never fired: no clip, state or transition names it");
    }
  }

  // One warning per table entry not `used`, at its key in the document's table `table` (entries
  // that came from elsewhere, a glTF file's animations or an inline mask, have none and are left).
  template <typename Name, typename Message>
  void Declared(const DocNode* table, const std::vector<bool>& used, Name name, Message message,
                const char* code) {
    if (table == nullptr) return;
    for (std::size_t i = 0; i < used.size(); ++i) {
      if (used[i]) continue;
      const std::string entry_name = name(i);
      for (const DocEntry& entry : table->entries) {
        if (entry.key != entry_name) continue;
        Warn(code, entry.key_position, message(entry_name));
        break;
      }
    }
  }

  // ---- state machines -------------------------------------------------------------------------

  std::string StateName(const GraphNode& machine, int state) const {
    return state < 0 ? std::string("any") : machine.states[static_cast<std::size_t>(state)].name;
  }
  std::string TransitionName(const GraphNode& machine, const TransitionModel& t) const {
    return "transition " + StateName(machine, t.from) + " -> " + StateName(machine, t.to) + " of " +
           Quoted(machine.name);
  }

  void Machine(const GraphNode& machine) {
    const std::vector<bool> reached = ReachableStates(machine);
    for (std::size_t s = 0; s < machine.states.size(); ++s) {
      if (reached[s]) continue;
      Warn("W001", machine.states[s].position,
           "state " + Quoted(machine.states[s].name) + " of " + Quoted(machine.name) +
               " is unreachable: no transition path leads to it from the initial state " +
               Quoted(machine.states[static_cast<std::size_t>(machine.initial_state)].name));
    }
    DeadEnds(machine, reached);
    Conditions(machine);
  }

  // States reachable from the initial one, over transitions listed per state (any-state
  // transitions apply from the initial state on), so the cost is states plus transitions.
  static std::vector<bool> ReachableStates(const GraphNode& machine) {
    const std::size_t states = machine.states.size();
    std::vector<std::vector<int>> targets(states);
    std::vector<bool> reached(states, false);
    std::vector<int> work{machine.initial_state};
    reached[static_cast<std::size_t>(machine.initial_state)] = true;
    for (const TransitionModel& t : machine.transitions) {
      if (t.from >= 0) {
        targets[static_cast<std::size_t>(t.from)].push_back(t.to);
      } else if (!reached[static_cast<std::size_t>(t.to)]) {
        reached[static_cast<std::size_t>(t.to)] = true;
        work.push_back(t.to);
      }
    }
    while (!work.empty()) {
      const int from = work.back();
      work.pop_back();
      for (const int to : targets[static_cast<std::size_t>(from)]) {
        if (reached[static_cast<std::size_t>(to)]) continue;
        reached[static_cast<std::size_t>(to)] = true;
        work.push_back(to);
      }
    }
    return reached;
  }

  // W007: a reachable state of a machine of several states that no transition leaves.
  void DeadEnds(const GraphNode& machine, const std::vector<bool>& reached) {
    if (machine.states.size() < 2) return;
    std::vector<bool> leaves(machine.states.size(), false);
    for (const TransitionModel& t : machine.transitions) {
      for (std::size_t s = 0; s < leaves.size(); ++s)
        leaves[s] = leaves[s] || Applies(t, static_cast<int>(s));
    }
    for (std::size_t s = 0; s < leaves.size(); ++s) {
      if (leaves[s] || !reached[s] || machine.states[s].final) continue;
      Warn("W007", machine.states[s].position,
           "state " + Quoted(machine.states[s].name) + " of " + Quoted(machine.name) +
               " has no way out: no transition leaves it (list it in the machine's 'final' if it is "
               "meant to end the machine)");
    }
  }

  // Whether transition `t` is tried while the machine is in `state` (docs/semantics.md).
  static bool Applies(const TransitionModel& t, int state) {
    return t.from < 0 ? t.to != state : t.from == state;
  }

  // W008 and W009, in priority order: per state, the first earlier transition that always fires.
  void Conditions(const GraphNode& machine) {
    std::vector<int> blocker(machine.states.size(), -1);
    for (std::size_t i = 0; i < machine.transitions.size(); ++i) {
      const TransitionModel& t = machine.transitions[i];
      int shadow = -1;
      bool all = false;
      for (std::size_t s = 0; s < blocker.size(); ++s) {
        if (!Applies(t, static_cast<int>(s))) continue;
        if (blocker[s] < 0) {
          all = false;
          break;
        }
        if (shadow < 0) shadow = blocker[s];
        all = true;
      }
      if (all) {
        const TransitionModel& earlier = machine.transitions[static_cast<std::size_t>(shadow)];
        Warn("W008", t.position,
             TransitionName(machine, t) + " never fires: the transition on line " +
                 std::to_string(earlier.position.line) + " (" + StateName(machine, earlier.from) + " -> " +
                 StateName(machine, earlier.to) + ") is tried before it from the same state" +
                 (t.from < 0 ? "s" : "") + " and is always true");
      }
      const expr::Expr& condition = t.condition;
      const std::optional<bool> always = expr::AlwaysAs(condition, condition.root, model_.params);
      if (!always) continue;
      if (condition.at(condition.root).kind != expr::ExprKind::Bool) {
        Warn("W009", t.condition_at,
             "the condition of " + TransitionName(machine, t) + " is always " + (*always ? "true" : "false") +
                 (*always ? ": it fires whenever it is tried (write 'true' if that is meant)"
                          : ": it never fires (given the parameters' ranges)"));
      }
      if (!*always) continue;
      for (std::size_t s = 0; s < blocker.size(); ++s) {
        if (blocker[s] < 0 && Applies(t, static_cast<int>(s))) blocker[s] = static_cast<int>(i);
      }
    }
  }

  // ---- blend spaces ---------------------------------------------------------------------------

  // W010: a sample past the range of its axis (x for 1D, x and y for 2D).
  void BlendSpace(const GraphNode& node) {
    const bool two_d = node.kind->type == NodeType::BlendSpace2D;
    const char* axes[2] = {two_d ? "x" : "axis", "y"};
    for (int a = 0; a < (two_d ? 2 : 1); ++a) {
      const expr::Expr& e = node.field(axes[a]).expr;
      const std::optional<expr::Interval> range = expr::RangeOf(e, e.root, model_.params);
      if (!range) continue;
      for (const SampleModel& sample : node.samples) {
        const double at = a == 0 ? sample.x : sample.y;
        if (at >= range->lo && at <= range->hi) continue;
        Warn("W010", sample.position,
             "a sample of " + Quoted(node.name) + " sits at " + axes[a] + " = " + Number(at) + ", outside [" +
                 Number(range->lo) + ", " + Number(range->hi) + "], the range its '" + axes[a] +
                 "' can take: the blend space never reaches it");
      }
    }
  }

  const GraphModel& model_;
  const Document& document_;
  DiagnosticSink& diagnostics_;
};

}  // namespace

void LintGraph(const GraphModel& model, const Document& document, DiagnosticSink& diagnostics) {
  Linter(model, document, diagnostics).Run();
}

}  // namespace anim::graph
