// A sample folder: skeleton.yaml (or skeleton.json) and every other .json/.yaml/.yml file as a clip
// of that skeleton, loaded in file-name order through the asset loader.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compiler/diag/diagnostics.h"
#include "executor/pose/clip.h"
#include "executor/pose/skeleton.h"

namespace anim {

struct SampleFolder {
  Skeleton skeleton;
  std::vector<Clip> clips;  // in file-name order

  // The clip with this name, or nullptr.
  const Clip* FindClip(const std::string& name) const;
};

// Every problem in every file goes to `diagnostics`; nothing is returned if any was found.
std::optional<SampleFolder> LoadSampleFolder(const std::string& folder, DiagnosticSink& diagnostics);

}  // namespace anim
