#include "compiler/graph/reader/state_machine_reader.h"

#include <algorithm>
#include <unordered_map>

#include "compiler/diag/suggest.h"
#include "compiler/graph/reader/event_reader.h"

namespace anim::graph {
namespace {

constexpr std::string_view kTransitionFields[] = {
    "from", "to", "condition", "duration", "blend", "half_life", "can_interrupt", "curve", "event"};
// In StateEventKind's order.
constexpr std::string_view kStateEventFields[] = {"on_enter", "on_exit", "on_fully_blended"};
// In BlendMode's and BlendCurve's order.
constexpr std::string_view kBlendModes[] = {"inertialize", "dead_blend", "crossfade"};
constexpr std::string_view kBlendCurves[] = {"linear", "smoothstep", "cubic"};
constexpr std::string_view kAnyState = "any";

class StateMachineReader {
 public:
  StateMachineReader(GraphReadState& state, NodeReader& nodes, GraphNode& node)
      : state_(state),
        reader_(state.reader),
        nodes_(nodes),
        node_(node),
        what_("state machine " + Quoted(node.name)) {}

  void Run(FieldReader& fields) {
    const DocNode* states = fields.Get("states", Field::Required);
    const DocNode* initial = fields.Get("initial", Field::Required);
    if (states != nullptr && reader_.Mapping(*states, "'states' of " + what_) != nullptr) {
      if (states->entries.empty()) reader_.Error("E011", *states, what_ + " has no states");
      for (const DocEntry& entry : states->entries) {
        if (entry.key == kAnyState) {
          reader_.Error("E019", entry.key_position,
                        "a state cannot be named 'any': transitions use 'any' for every state");
        }
        StateModel state;
        state.name = entry.key;
        state.position = entry.key_position;
        state.node = nodes_.ReadPose(node_, *entry.value, "state " + Quoted(entry.key) + " of " + what_,
                                     node_.name + ".states." + entry.key);
        index_.try_emplace(entry.key, static_cast<int>(node_.states.size()));
        node_.states.push_back(std::move(state));
      }
    }
    if (initial != nullptr && !node_.states.empty()) {
      if (const std::optional<std::string> name = reader_.String(*initial, "'initial' of " + what_))
        node_.initial_state = StateRef(*name, *initial, "'initial' of " + what_, false);
    }
    if (const DocNode* final = fields.Find("final")) ReadFinal(*final);
    if (const DocNode* events = fields.Find("state_events")) ReadStateEvents(*events);
    const DocNode* transitions = fields.Find("transitions");
    if (transitions == nullptr || reader_.Sequence(*transitions, "'transitions' of " + what_) == nullptr)
      return;
    for (std::size_t i = 0; i < transitions->items.size(); ++i)
      ReadTransition(*transitions->items[i], "'transitions'[" + std::to_string(i) + "] of " + what_);
  }

 private:
  // A state by name (-1 for 'any' where allowed), or -2 after E008.
  int StateRef(const std::string& name, const DocNode& at, const std::string& what, bool allow_any) {
    if (allow_any && name == kAnyState) return -1;
    const auto it = index_.find(name);
    if (it != index_.end()) return it->second;
    std::vector<std::string_view> names;
    for (const StateModel& state : node_.states)
      names.push_back(state.name);
    reader_.Error("E008", at, "undefined state " + Quoted(name) + " for " + what + DidYouMean(name, names));
    return -2;
  }

  // `final: [state, ...]`: the states meant to end the machine (no way out is no mistake there).
  void ReadFinal(const DocNode& doc) {
    const std::string what = "'final' of " + what_;
    if (reader_.Sequence(doc, what) == nullptr) return;
    for (const DocNode* item : doc.items) {
      const std::optional<std::string> name = reader_.String(*item, what);
      if (!name) continue;
      const int state = StateRef(*name, *item, what, false);
      if (state >= 0) node_.states[static_cast<std::size_t>(state)].final = true;
    }
  }

  // `state_events: {state: {on_enter: NAME, on_exit: NAME, on_fully_blended: NAME}}`.
  void ReadStateEvents(const DocNode& doc) {
    const std::string what = "'state_events' of " + what_;
    if (reader_.Mapping(doc, what) == nullptr) return;
    for (const DocEntry& entry : doc.entries) {
      const int state = StateRef(entry.key, *entry.value, what, false);
      const std::string state_what = "state " + Quoted(entry.key) + " in " + what;
      if (state < 0 || reader_.Mapping(*entry.value, state_what) == nullptr) continue;
      FieldReader fields(reader_, *entry.value, state_what, kStateEventFields);
      fields.ReportUnknownFields();
      for (int kind = 0; kind < kStateEventKindCount; ++kind) {
        const DocNode* name = fields.Find(kStateEventFields[kind]);
        if (name == nullptr) continue;
        if (const std::optional<EventRef> ref =
                ReadEventRef(state_, *name, Quoted(kStateEventFields[kind]) + " of " + state_what))
          node_.states[static_cast<std::size_t>(state)].events[kind] = *ref;
      }
    }
  }

  void ReadTransition(const DocNode& doc, const std::string& what) {
    if (reader_.Mapping(doc, what) == nullptr) return;
    FieldReader fields(reader_, doc, what, kTransitionFields);
    fields.ReportUnknownFields();
    ScalarFieldReader& scalars = nodes_.scalars();
    TransitionModel t;
    t.position = doc.position;
    bool ok = true;
    if (const std::optional<std::string> from = fields.String("from", Field::Required)) {
      t.from = StateRef(*from, *doc.Find("from"), "'from' of " + what, true);
      ok = ok && t.from != -2;
    }
    if (const std::optional<std::string> to = fields.String("to", Field::Required)) {
      t.to = StateRef(*to, *doc.Find("to"), "'to' of " + what, false);
      ok = ok && t.to >= 0;
    } else {
      ok = false;
    }
    if (const DocNode* condition = fields.Get("condition", Field::Required)) {
      std::optional<expr::Expr> e =
          scalars.ReadValue(*condition, ir::Type::Bool, "'condition' of " + what, Range::Any);
      ok = ok && e.has_value();
      if (e) t.condition = std::move(*e);
      t.condition_at = condition->position;
      t.condition_text = condition->text;
    } else {
      ok = false;
    }
    if (const DocNode* duration = fields.Find("duration"))
      t.duration = scalars.ReadConstant(*duration, "'duration' of " + what, Range::Seconds).value_or(0.0f);
    if (const DocNode* half_life = fields.Find("half_life"))
      t.half_life =
          scalars.ReadConstant(*half_life, "'half_life' of " + what, Range::PositiveSeconds).value_or(0.0f);
    if (const DocNode* blend = fields.Find("blend"))
      t.mode =
          static_cast<BlendMode>(std::max(0, ReadOption(reader_, *blend, "'blend' of " + what, kBlendModes)));
    if (const DocNode* curve = fields.Find("curve")) {
      const int option = ReadOption(reader_, *curve, "'curve' of " + what, kBlendCurves);
      if (option >= 0 && t.mode != BlendMode::Crossfade) {
        reader_.Error("E029", *curve,
                      "'curve' of " + what + " shapes crossfades only; this transition blends by " +
                          BlendModeName(t.mode) + " (add 'blend: crossfade')");
      }
      t.curve = static_cast<BlendCurve>(std::max(0, option));
    }
    t.can_interrupt = fields.Bool("can_interrupt", Field::Optional).value_or(false);
    if (const DocNode* event = fields.Find("event")) {
      const std::optional<EventRef> ref = ReadEventRef(state_, *event, "'event' of " + what);
      ok = ok && ref.has_value();
      if (ref) t.event = *ref;
    }
    if (ok) node_.transitions.push_back(std::move(t));
  }

  GraphReadState& state_;
  DocumentReader& reader_;
  NodeReader& nodes_;
  GraphNode& node_;
  const std::string what_;
  std::unordered_map<std::string, int> index_;  // state name -> index (the first of a name)
};

}  // namespace

void ReadStateMachine(GraphReadState& state, NodeReader& nodes, GraphNode& node, FieldReader& fields) {
  StateMachineReader(state, nodes, node).Run(fields);
}

}  // namespace anim::graph
