// anim-import's report of what it made of each animation (docs/import.md, "Accuracy report"): the
// encoding, bytes against the dense form's, key rate, the track classification ("clip
// forensics": default, constant and animated tracks by key format) and the worst error against the
// glTF source at the keys and between them, joints and virtual vertices, in skeleton units and as
// a fraction of the skeleton's height, with the bone and time where it is.
#pragma once

#include <string>

#include "compiler/import/gltf_importer.h"

namespace anim::import_tool {

// An aligned table, one block per clip, and the totals.
std::string ImportReportText(const GltfImport& imported, const std::string& input, double import_ms);

// The same as a JSON document (schemas/import-report.schema.json).
std::string ImportReportJson(const GltfImport& imported, const std::string& input);

}  // namespace anim::import_tool
