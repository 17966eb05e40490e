// `anim-dump pose`: the output pose of each frame, every bone's local translation, rotation and
// scale as the executor left them (after the root lock) and its model-space and skinning matrices,
// so a clip or a graph can be checked against another tool. Text: an aligned table per frame; JSON
// (schemas/dump-pose.schema.json): one object per frame, an array of them with --frames.
#pragma once

#include <memory>
#include <string>

#include "cli/anim_dump/frame_report.h"

namespace anim::dump {

// Frames must be captured with FrameContent::pose.
std::unique_ptr<FrameReport> PoseTextReport(bool colour);
std::unique_ptr<FrameReport> PoseJsonReport(bool many);

// One frame's table and heading, as the text report prints it.
std::string PoseText(const CapturedRun& run, const DumpFrame& frame, bool colour);
// One frame's object, as the JSON report prints it `level` levels deep (2 spaces a level; the first
// line unindented): the layout of JsonText(json, 2), except that an array of numbers (a vector, a
// quaternion, a matrix column) is printed on one line, "[0.0, 0.1, 0.0]". Pose values are at full
// float precision (PoseNumber); names are well-formed UTF-8 (ill-formed bytes as U+FFFD).
std::string PoseJsonText(const CapturedRun& run, const DumpFrame& frame, int level);
// A float as a JSON number at full precision: the shortest decimal that reads back as the same
// float (at most 9 significant digits; 0.1f is "0.1", 1.0f "1.0", 0.0f and -0.0f "0.0"); "null"
// when it is not finite.
std::string PoseNumber(float value);

}  // namespace anim::dump
