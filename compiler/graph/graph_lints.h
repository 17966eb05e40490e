// Warnings about a graph that compiles but is probably not what its author meant. Each has a code
// (docs/graph-format.md, "Diagnostics") that `-Wno-CODE` drops and `-Werror=CODE` makes an error:
//   W001 a state no transition path reaches from the initial state
//   W002 a named node the output does not depend on
//   W003 a parameter no expression reads
//   W004 a mask no masked blend uses
//   W005 a clip of the `clips` table no clip node plays
//   W006 an event of the `events` table no clip, state or transition fires
//   W007 a state no transition leaves that is not marked final
//   W008 a transition an earlier, always true one from the same state keeps from ever firing
//   W009 a condition whose value is known when compiling (other than a literal true or false)
//   W010 a blend space sample outside the range its axis expression can take
#pragma once

#include "compiler/diag/diagnostics.h"
#include "compiler/document/document.h"
#include "compiler/graph/graph_model.h"

namespace anim::graph {

// `model` must be free of errors.
void LintGraph(const GraphModel& model, const Document& document, DiagnosticSink& diagnostics);

}  // namespace anim::graph
