// What the graph tests that read glTF files (written by the tests or the third-party ones) share:
// import options at a rate, and comparing the clips a graph holds with the clips an import gives.
#pragma once

#include <string>

#include "compiler/import/gltf_importer.h"
#include "executor/pose/clip.h"

namespace anim::test {

// Import options asking for `rate` Hz.
GltfImportOptions RateOptions(double rate);

// The clip of `import` named `name` (fails the test case when there is none).
const Clip& ImportedClip(const GltfImport& import, const std::string& name);

// The same rate, frames, encoding, tracked bones and keys as stored (both decoded: a graph holds
// its clips compressed).
void CheckSameKeys(const Clip& a, const Clip& b);

}  // namespace anim::test
