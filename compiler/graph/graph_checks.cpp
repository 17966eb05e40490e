#include "compiler/graph/graph_checks.h"

#include <string>
#include <utility>
#include <vector>

#include "compiler/graph/graph_lints.h"
#include "vm/bytecode/limits.h"

namespace anim::graph {
namespace {

std::string Quoted(const std::string& text) {
  return "'" + text + "'";
}

// Depth-first walk without recursion (graphs may chain thousands of nodes). `on_back_edge` is
// called with the current path (node and input index per level) when an input is on the path.
template <typename Finish, typename BackEdge>
void DepthFirst(const GraphModel& model, Finish on_finish, BackEdge on_back_edge) {
  enum : char { kNew, kOnPath, kDone };
  std::vector<char> state(model.nodes.size(), kNew);
  std::vector<std::pair<int, std::size_t>> path;
  for (std::size_t start = 0; start < model.nodes.size(); ++start) {
    if (state[start] != kNew) continue;
    path.push_back({static_cast<int>(start), 0});
    state[start] = kOnPath;
    while (!path.empty()) {
      auto& [node, next] = path.back();
      const std::vector<InputRef>& inputs = model.nodes[static_cast<std::size_t>(node)].inputs;
      if (next == inputs.size()) {
        state[static_cast<std::size_t>(node)] = kDone;
        on_finish(node);
        path.pop_back();
        continue;
      }
      const int input = inputs[next++].node;
      if (state[static_cast<std::size_t>(input)] == kOnPath) {
        on_back_edge(path, input);
      } else if (state[static_cast<std::size_t>(input)] == kNew) {
        state[static_cast<std::size_t>(input)] = kOnPath;
        path.push_back({input, 0});
      }
    }
  }
}

void CheckCycles(const GraphModel& model, const Document& document, DiagnosticSink& diagnostics) {
  DepthFirst(
      model, [](int) {},
      [&](const std::vector<std::pair<int, std::size_t>>& path, int target) {
        std::size_t first = 0;
        while (path[first].first != target)
          ++first;
        std::string cycle;
        for (std::size_t i = first; i < path.size(); ++i)
          cycle += Quoted(model.nodes[static_cast<std::size_t>(path[i].first)].name) + " -> ";
        cycle += Quoted(model.nodes[static_cast<std::size_t>(target)].name);
        const GraphNode& head = model.nodes[static_cast<std::size_t>(target)];
        Diagnostic& error =
            diagnostics.Error("E009", document.Locate(head.position),
                              "cycle: node " + Quoted(head.name) + " depends on itself: " + cycle);
        for (std::size_t i = first; i < path.size(); ++i) {
          const GraphNode& user = model.nodes[static_cast<std::size_t>(path[i].first)];
          const InputRef& ref = user.inputs[path[i].second - 1];
          DiagnosticSink::AddNote(error, document.Locate(ref.at),
                                  Quoted(user.name) + " uses " +
                                      Quoted(model.nodes[static_cast<std::size_t>(ref.node)].name) + " here");
        }
      });
}

// The format's limits (vm/bytecode/limits.h), checked before lowering narrows indices to 16 bits:
// one E901 per table, at the first entry past the limit.
void CheckFormatLimits(const GraphModel& model, const Document& document, DiagnosticSink& diagnostics) {
  const auto too_many = [&](TextPosition at, const std::string& what, std::size_t limit) {
    diagnostics.Error("E901", document.Locate(at),
                      "too many " + what + ": the bytecode allows at most " + std::to_string(limit));
  };
  std::size_t clips = 0, machines = 0, scopes = 1, snapshots = 0;
  bool scopes_reported = false;
  for (const GraphNode& node : model.nodes) {
    if (node.kind == nullptr) continue;
    if (node.kind->type == NodeType::Clip && ++clips == kMaxTableEntries + 1)
      too_many(node.position, "clip nodes (each has a clock)", kMaxTableEntries);
    if (node.kind->type == NodeType::SaveSnapshot && ++snapshots == kMaxTableEntries + 1)
      too_many(node.position, "save_snapshot nodes", kMaxTableEntries);
    if (node.kind->type != NodeType::StateMachine) continue;
    if (++machines == kMaxTableEntries + 1) too_many(node.position, "state machines", kMaxTableEntries);
    if (node.states.size() > kMaxStatesPerMachine) {
      too_many(node.position, "states in " + Quoted(node.name), kMaxStatesPerMachine);
      scopes_reported = true;  // the scope count says nothing more
    }
    if (node.transitions.size() > kMaxTransitionsPerMachine)
      too_many(node.position, "transitions in " + Quoted(node.name), kMaxTransitionsPerMachine);
    scopes += node.states.size();
    if (scopes > kMaxTableEntries && !scopes_reported) {
      too_many(node.position, "states in all machines together (each state is a scope)", kMaxTableEntries);
      scopes_reported = true;
    }
  }
  const std::pair<const char*, std::size_t> tables[] = {
      {"parameters", model.params.size()}, {"clips", model.clips.size()}, {"masks", model.masks.size()}};
  for (const auto& [what, count] : tables) {
    if (count > kMaxTableEntries) too_many(document.root().position, what, kMaxTableEntries);
  }
}

// A `physics` node at stage `pre` promises its pose before the simulation step, which a pose that
// runs after it cannot keep (E032): one read through any chain from a `post` node, or the same
// pose, which a `post` node tags (the stage belongs to the pose's task, shared by its readers).
// Requires an acyclic model.
void CheckPhysicsStages(const GraphModel& model, const Document& document, DiagnosticSink& diagnostics) {
  constexpr int kPre = 0, kPost = 1;  // the `stage` option's index
  const auto node = [&](int n) -> const GraphNode& { return model.nodes[static_cast<std::size_t>(n)]; };
  const auto input = [&](int n) {  // a physics node's pose, or -1
    const GraphNode& g = node(n);
    return g.kind != nullptr && g.kind->type == NodeType::Physics ? g.field("pose").node : -1;
  };
  const std::vector<int> order = TopologicalOrder(model);
  // The node whose task a node's pose is (a physics node names its input's), and the `post` node
  // that makes a node run after the step, or -1.
  std::vector<int> task(model.nodes.size()), post_by(model.nodes.size(), -1);
  for (const int n : order) {
    const int in = input(n);
    task[static_cast<std::size_t>(n)] = in >= 0 ? task[static_cast<std::size_t>(in)] : n;
    if (in >= 0 && node(n).field("stage").index == kPost)
      post_by[static_cast<std::size_t>(task[static_cast<std::size_t>(n)])] = n;
  }
  for (const int n : order) {
    int& by = post_by[static_cast<std::size_t>(n)];
    for (const InputRef& ref : node(n).inputs)
      if (by < 0 && ref.node >= 0) by = post_by[static_cast<std::size_t>(ref.node)];
  }
  for (const int n : order) {
    const int in = input(n), by = post_by[static_cast<std::size_t>(n)];
    if (in < 0 || by < 0 || node(n).field("stage").index != kPre) continue;
    Diagnostic& error = diagnostics.Error("E032", document.Locate(node(n).position),
                                          "physics node " + Quoted(node(n).name) +
                                              " asks for its pose before the simulation step, but " +
                                              Quoted(node(in).name) + " runs after it");
    DiagnosticSink::AddNote(
        error, document.Locate(node(by).position),
        Quoted(node(by).name) + " runs " + Quoted(node(input(by)).name) + " after the step");
  }
}

}  // namespace

void CheckGraph(const GraphModel& model, const Document& document, DiagnosticSink& diagnostics,
                bool warnings) {
  const int errors_before = diagnostics.error_count();
  CheckFormatLimits(model, document, diagnostics);
  CheckCycles(model, document, diagnostics);
  if (diagnostics.error_count() == errors_before) CheckPhysicsStages(model, document, diagnostics);
  if (!warnings || diagnostics.error_count() != errors_before) return;
  LintGraph(model, document, diagnostics);
}

std::vector<int> TopologicalOrder(const GraphModel& model) {
  std::vector<int> order;
  order.reserve(model.nodes.size());
  DepthFirst(
      model, [&](int node) { order.push_back(node); }, [](const auto&, int) {});
  return order;
}

}  // namespace anim::graph
