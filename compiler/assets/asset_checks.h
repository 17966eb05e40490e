// Checks shared by the skeleton and clip documents: the format/version header, names, and unit
// quaternions.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "compiler/document/document_reader.h"
#include "executor/math/quat.h"

namespace anim {

inline constexpr int kAssetVersion = 1;
// How far a rotation's length may stray from 1 and still be normalised rather than refused.
inline constexpr float kUnitQuaternionTolerance = 1e-3f;

// Reads `format` and `version`. Returns false when the document is another kind of document or
// another version (E104): its other fields then follow another schema and are not checked.
bool CheckFormatAndVersion(DocumentReader& reader, FieldReader& fields, std::string_view expected_format);

// A required, non-empty string field (E101, E102, E106 for an empty string).
std::optional<std::string> RequiredName(DocumentReader& reader, FieldReader& fields, std::string_view key);

// The unit quaternion along `xyzw`, or E107 at `at` when its length is off by more than the
// tolerance. `what` names the rotation: "'rotation'", "'rotation' of frame 3".
std::optional<Quat> UnitQuaternion(DocumentReader& reader, const DocNode& at, const float* xyzw,
                                   std::string_view what);

// Shortest text that reads back as the same float: "0.5", "1e-07".
std::string FormatFloat(float value);

}  // namespace anim
