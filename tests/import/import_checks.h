// What the import tests share, on files they write and on the third-party ones: file bytes, an
// import expected to fail, a dense import, and comparing assets that were written and read back.
#pragma once

#include <filesystem>
#include <string>

#include "compiler/import/gltf_importer.h"

namespace anim::test {

std::string ReadFileBytes(const std::filesystem::path& path);
void WriteFileBytes(const std::filesystem::path& path, const std::string& bytes);

// Imports `path` expecting failure; returns the formatted diagnostics after checking that one of
// them has `code` and that every one names the file.
std::string ExpectImportError(const std::string& path, const std::string& code, int skin = 0);

// `path` imported with its keys held dense (as imported, to compare exactly); fails the test
// case when the import fails.
GltfImport ImportDense(const std::string& path);

// Translations and scales equal bit for bit; rotations within a float rounding, because the
// loader normalises every quaternion it reads again.
void CheckSameTransform(const Transform& a, const Transform& b);

// Two dense clips with the same frames, by CheckSameTransform.
void CheckSameFrames(const Clip& a, const Clip& b);

// The import's skeleton and clips written as documents (compiler/import/asset_writer.h) and read
// back are the same assets, curves included.
void CheckDocumentsReadBack(const GltfImport& imported);

}  // namespace anim::test
