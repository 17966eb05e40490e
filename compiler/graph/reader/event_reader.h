// Events (docs/graph-format.md, "Events"): the graph's `events` table and `event_threshold`, a clip
// player's `events` (instants and windows on its clip's time line), a state machine's
// `state_events` and a transition's `event`. Names are interned in the model's table; when the
// graph declares an `events` table, every use must name one of its entries (E030).
#pragma once

#include <optional>

#include "compiler/graph/reader/graph_read_state.h"

namespace anim::graph {

// The top-level `events` table and `event_threshold`; before any node is read.
void ReadEventTable(GraphReadState& state, const DocNode* events, const DocNode* threshold);

// A use of an event: its name as a string. nullopt after an error.
std::optional<EventRef> ReadEventRef(GraphReadState& state, const DocNode& doc, const std::string& what);

// A clip player's `events`: [{name, time, duration?}, ...], kept sorted by time. `duration` is
// its clip's length (-1 when the clip did not load): times and windows must lie within it.
void ReadClipEvents(GraphReadState& state, GraphNode& node, const DocNode* events, float duration);

}  // namespace anim::graph
