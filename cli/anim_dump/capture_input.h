// A capture (.animcap, or its JSON form) read as anim-dump input: told apart from a graph document
// or a compiled program by its first bytes, decoded by the strict loader, and its frames played
// back as the dumps see frames (`anim-dump tasks|reach|timeline run.animcap`, docs/capture.md).
#pragma once

#include <string>

#include "cli/anim_dump/frame_capture.h"
#include "vm/capture/anim_capture.h"
#include "vm/program_binding.h"

namespace anim::dump {

// Captures can be far larger than a graph document.
inline constexpr std::size_t kMaxCaptureBytes = std::size_t{1} << 30;

// True for the binary form's magic, or JSON naming the format "animtc.capture".
bool IsCaptureText(const std::string& bytes);

// Decodes either form; throws InputError (exit 1) naming `name` and what is wrong.
AnimCapture DecodeCaptureText(const std::string& bytes, const std::string& name);

// Reads and decodes a capture file; a file that cannot be read throws InputError (exit 2).
AnimCapture ReadCaptureFile(const std::string& path);

// The capture's frames in `range` (recorded frame numbers), each list re-executed against its
// captured state on `binding` (checked to be the capture's assets), as StreamFrames hands frames
// over: tasks with what this build's executor decided, parameters, curves and (`content.pose`) the
// pose. What only the VM knows (machines, events, the root) is not in a capture and stays empty.
// Throws InputError when the assets differ, a list is malformed or the range is not captured.
CapturedRun StreamCapturedFrames(const AnimCapture& capture, const ProgramBinding& binding,
                                 const FrameRange& range, FrameContent content, const FrameSink& on_frame);

}  // namespace anim::dump
