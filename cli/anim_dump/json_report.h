// The stable JSON of `tasks`, `reach` and `timeline` (schemas/dump-{tasks,reach,timeline}.schema.json):
// one object per frame, an array of them with --frames. Keys keep a fixed order.
#pragma once

#include <nlohmann/json.hpp>

#include "cli/anim_dump/frame_capture.h"

namespace anim::dump {

inline constexpr int kDumpFormatVersion = 1;

enum class JsonKind { Tasks, Reach, Timeline };

// Its strings are well-formed UTF-8 (a name's ill-formed bytes become U+FFFD), so a plain dump()
// never throws; write it with JsonText (compiler/diag/json_text.h) all the same.
nlohmann::ordered_json FrameJson(JsonKind kind, const CapturedRun& run, const DumpFrame& frame);

// A float as JSON, rounded to 6 significant digits so outputs stay short and stable.
nlohmann::ordered_json JsonNumber(float value);

}  // namespace anim::dump
