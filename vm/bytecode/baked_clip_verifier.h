// Verification of a program's baked clips (section BAKE, docs/bytecode.md "Verification"): each
// names a loaded clip as its source, has a usable rate and frame count, lists each channel and
// curve once in ascending order with one finite key per frame (unit rotations), and names only
// bones a skeleton can have and curves of the curve table.
#pragma once

#include <string>

#include "vm/bytecode/program.h"

namespace anim {

// The first problem found, or empty when every baked clip is sound.
std::string VerifyBakedClips(const Program& program);

}  // namespace anim
