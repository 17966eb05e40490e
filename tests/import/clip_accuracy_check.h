// The accuracy contract of imported clips (docs/asset-formats.md, "Clip accuracy"), checked against
// the independent glTF evaluator of gltf_reference.h: a clip sampled by the runtime's kernel and
// posed by its forward kinematics, against the source's node hierarchy evaluated in double, on the
// joints and on virtual vertices at the shell distance along each joint's axes.
#pragma once

#include <string>

#include "compiler/import/gltf_importer.h"
#include "tests/import/gltf_reference.h"

namespace anim::test {

struct ContractError {
  double joint = 0.0;
  double vertex = 0.0;
  int bone = 0;
  double time = 0.0;
  double Worst() const { return joint > vertex ? joint : vertex; }
};

// The worst error of clip `clip_index` at `times` random clip times (a fixed seed) and at every
// key, virtual vertices `shell` from their joints.
ContractError WorstAtRandomTimes(const GltfImport& imported, const ReferenceGltf& reference, int clip_index,
                                 double shell, int times, unsigned seed);

}  // namespace anim::test
