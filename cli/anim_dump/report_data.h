// `anim-dump report`: the frames of a run gathered, as they are played, into the data the HTML
// debugger's page shows (report_html.h), and the page written at the end. The data is one JSON
// object, compact so a long run stays small:
//   "meta":    format_version, kind "report", title, first_frame, last_frame; bones {names,
//              parents, colours (pose --format svg's left, right and centre colours)}; params
//              [{name, type, components}]; curves [names]; machines [{name, states}]
//   "strings": every text the frames name (task types and stages, nodes, key fields, reasons,
//              transitions, events, IK solvers), each once; frames refer to them by index (-1: none)
//   "frames":  one array per kind of data, an element per frame of the range, in order:
//     time     seconds
//     summary  [output task, reachable count, peak live buffers, task count, active bones, bones]
//     tasks    per task [type, stage, [deps], node, reachable 0|1, fields, why pruned,
//              exec order (-1 skipped), buffer (-1 none), stolen from (null: acquired; -1: a
//              steal of unknown source), handed over 0|1, live buffers after]
//     slices   buffer timeline intervals [task, buffer, first step, end step] (buffer_slices.h)
//     machines per machine [current state, blending 0|1, the transition started (-1: none)]
//     params   the parameters as the frame read them, their components in order
//     curves   the output's curves
//     events   [name, phase, source, origin, weight]
//     root     the accumulated root [x, y, z, heading in degrees about +Y]
//     joints   model-space joint positions, x y z per bone
//     targets  the IK targets (ik_targets.h) [ground 0|1, the solver's node, x, y, z]
// Numbers are rounded: times to 6 significant digits, joints, targets, parameters, curves and event
// weights to 5, the root to 0.1 mm and its heading to 0.01 degree; a non-finite one is null.
#pragma once

#include <memory>
#include <string>

#include "cli/anim_dump/frame_report.h"

namespace anim::dump {

// Frames one report holds (about 3 kB a frame for a 71-bone skeleton): a longer range is refused.
inline constexpr int kMaxReportFrames = 2000;

// The page titled `title`, written whole by End(). Frames must be captured with
// FrameContent::tasks and FrameContent::pose.
std::unique_ptr<FrameReport> HtmlReport(std::string title);

}  // namespace anim::dump
