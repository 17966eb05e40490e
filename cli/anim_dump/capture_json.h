// The JSON form of a capture (docs/capture.md, "JSON form"; schemas/capture.schema.json): the same
// fields as the .animcap file, readable and diffable. Hashes are 16 hex digits; a float that is not
// finite is the string "NaN", "Infinity" or "-Infinity". Reading checks the JSON's shape, then
// passes the capture through the binary loader, so both forms are held to the same rules.
#pragma once

#include <string>

#include "vm/capture/capture_file.h"

namespace anim::dump {

std::string CaptureToJson(const AnimCapture& capture);

// As DecodeCapture: `ok`, or one line saying what is wrong and where ("frames[3].list.tasks[2]:
// ...").
CaptureLoad CaptureFromJson(const std::string& text);

}  // namespace anim::dump
