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
// `json` as one dump of an enclosing array or object would print it `level` levels deep, `indent`
// spaces a level: every line prefixed by level * indent spaces. Streamed elements, joined by ",\n",
// read exactly as the whole printed at once.
std::string JsonElementText(const nlohmann::ordered_json& json, int level, int indent = 2);

nlohmann::ordered_json JsonNumber(float value);

// The frame's machines and its 2D blend spaces, as every frame object of every JSON dump holds them.
nlohmann::ordered_json MachinesJson(const DumpFrame& frame);
nlohmann::ordered_json BlendSpacesJson(const DumpFrame& frame);
// A motion or a root: {"translation": [x, y, z], "rotation": [x, y, z, w], "yaw": degrees about +Y}.
nlohmann::ordered_json MotionJson(const Transform& motion);

}  // namespace anim::dump
