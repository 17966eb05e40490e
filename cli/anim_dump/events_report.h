// `anim-dump events`: the events each frame fired (docs/cli.md, docs/semantics.md "Events"). Text:
// one row per event (frame, time, name, phase, source, weight) and a count per name. JSON
// (schemas/dump-events.schema.json): the frames that fired any, each with its events in order.
#pragma once

#include <memory>

#include "cli/anim_dump/frame_report.h"

namespace anim::dump {

std::unique_ptr<FrameReport> EventsTextReport(bool colour);
std::unique_ptr<FrameReport> EventsJsonReport();

}  // namespace anim::dump
