// What the `anim-dump export` tests check of an export: it is valid glTF by the Khronos validator
// (npm's gltf-validator, run by tests/cli_dump/gltf_validate.js), and imported back with the
// project's importer it holds at every frame the joints `anim-dump pose` prints, placed by the
// root motion the frame accumulated, within 1e-5 of the skeleton's height.
#pragma once

#include <string>

#include "compiler/import/gltf_importer.h"
#include "tests/cli_dump/dump_process.h"

namespace anim::test {

// `path` imported at the export's key rate, its one animation kept dense; it must have `frames`.
GltfImport ImportBack(const std::string& path, int frames);

// No validator error nor warning; with `source` (the file the export was written into), no error,
// warning or info (such as an unused object) the source does not have itself.
void RequireValidGltf(const std::string& path, const std::string& source = "");

// The .glb export at `path`, written into `source`, carries none of the data only the source's own
// animations used: every accessor and buffer view is referenced, the buffer holds nothing outside
// its views but alignment, and the file is smaller than the source with the new animation's data.
void RequireNoDeadData(const std::string& path, const std::string& source);

// Exports `args` over `frames` ("A:B") to `path`, validates it and imports it back: its animation is
// named `name` and every frame's joints are those `pose` prints within 1e-5 of the height. Returns
// how far the root travelled from the origin.
double RequireRoundTrip(const std::string& args, const std::string& frames, const std::string& path,
                        const std::string& name, const std::string& source = "");

}  // namespace anim::test
