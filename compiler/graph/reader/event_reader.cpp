#include "compiler/graph/reader/event_reader.h"

#include <algorithm>

#include "compiler/diag/suggest.h"

namespace anim::graph {
namespace {

constexpr std::string_view kDeclarationFields[] = {"threshold"};
constexpr std::string_view kClipEventFields[] = {"name", "time", "duration"};

// A threshold: a weight in [0, 1].
std::optional<float> ReadThreshold(DocumentReader& reader, const DocNode& doc, const std::string& what) {
  const std::optional<float> v = reader.Float(doc, what);
  if (!v) return std::nullopt;
  if (!(*v >= 0.0f && *v <= 1.0f)) {
    reader.Error("E012", doc, what + " must be a weight in [0, 1], found " + Number(*v));
    return std::nullopt;
  }
  return v;
}

int Intern(GraphReadState& state, const std::string& name, TextPosition declared) {
  const auto [it, inserted] =
      state.event_index.try_emplace(name, static_cast<int>(state.model.event_names.size()));
  if (inserted) {
    state.model.event_names.push_back(name);
    state.model.event_thresholds.push_back(-1.0f);
    state.model.declared_events.push_back(declared);
  }
  return it->second;
}

}  // namespace

void ReadEventTable(GraphReadState& state, const DocNode* events, const DocNode* threshold) {
  DocumentReader& reader = state.reader;
  if (threshold != nullptr) {
    state.model.event_threshold = ReadThreshold(reader, *threshold, "'event_threshold'").value_or(0.0f);
  }
  if (events == nullptr || reader.Mapping(*events, "'events'") == nullptr) return;
  state.model.events_declared = true;
  for (const DocEntry& entry : events->entries) {
    const std::string what = "event " + Quoted(entry.key);
    if (entry.key.empty()) {
      reader.Error("E019", entry.key_position, "an event's name is empty");
      continue;
    }
    const int index = Intern(state, entry.key, entry.key_position);
    if (entry.value->is_null()) continue;  // `footstep: {}` or `footstep:`: no threshold of its own
    if (reader.Mapping(*entry.value, what) == nullptr) continue;
    FieldReader fields(reader, *entry.value, what, kDeclarationFields);
    fields.ReportUnknownFields();
    if (const DocNode* t = fields.Find("threshold")) {
      if (const std::optional<float> v = ReadThreshold(reader, *t, "'threshold' of " + what))
        state.model.event_thresholds[static_cast<std::size_t>(index)] = *v;
    }
  }
}

std::optional<EventRef> ReadEventRef(GraphReadState& state, const DocNode& doc, const std::string& what) {
  const std::optional<std::string> name = state.reader.String(doc, what);
  if (!name) return std::nullopt;
  if (name->empty()) {
    state.reader.Error("E019", doc, what + " is empty: name the event");
    return std::nullopt;
  }
  if (state.model.events_declared && state.event_index.count(*name) == 0) {
    state.reader.Error("E030", doc,
                       "undefined event " + Quoted(*name) + " for " + what +
                           DidYouMean(*name, SortedKeys(state.event_index)) +
                           " (the graph's 'events' table declares every event)");
    return std::nullopt;
  }
  return EventRef{Intern(state, *name, {}), doc.position};
}

void ReadClipEvents(GraphReadState& state, GraphNode& node, const DocNode* events, float duration) {
  if (events == nullptr) return;
  DocumentReader& reader = state.reader;
  const std::string what = "'events' of node " + Quoted(node.name);
  if (reader.Sequence(*events, what) == nullptr) return;
  for (std::size_t i = 0; i < events->items.size(); ++i) {
    const DocNode& item = *events->items[i];
    const std::string item_what = "'events'[" + std::to_string(i) + "] of node " + Quoted(node.name);
    if (reader.Mapping(item, item_what) == nullptr) continue;
    FieldReader fields(reader, item, item_what, kClipEventFields);
    fields.ReportUnknownFields();
    const DocNode* name = fields.Get("name", Field::Required);
    const std::optional<float> time = fields.Float("time", Field::Required);
    const float length = fields.Float("duration", Field::Optional).value_or(0.0f);
    if (name == nullptr || !time) continue;
    const std::optional<EventRef> ref = ReadEventRef(state, *name, "'name' of " + item_what);
    if (!ref) continue;
    const DocNode& at = *item.Find("time");
    if (!(*time >= 0.0f) || (duration >= 0.0f && *time > duration)) {
      reader.Error("E012", at,
                   "'time' of " + item_what + " must be within its clip, [0, " +
                       Number(std::max(duration, 0.0f)) + "] s, found " + Number(*time));
      continue;
    }
    if (!(length >= 0.0f) || (duration >= 0.0f && *time + length > duration)) {
      reader.Error("E012", *item.Find("duration"),
                   "'duration' of " + item_what + " must keep the window within its clip (it ends at " +
                       Number(*time + length) + " s, the clip at " + Number(std::max(duration, 0.0f)) +
                       " s)");
      continue;
    }
    node.clip_events.push_back({*ref, *time, length});
  }
  std::stable_sort(node.clip_events.begin(), node.clip_events.end(),
                   [](const ClipEventModel& a, const ClipEventModel& b) { return a.time < b.time; });
}

}  // namespace anim::graph
