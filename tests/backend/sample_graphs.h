// IR graphs shared by the back-end tests and golden files, built as the front end would lower
// the corresponding documents.
#pragma once

#include "compiler/ir/ir.h"

namespace anim::test {

// `links` clips blended one after another: blend(blend(blend(c0, c1), c2), ...).
ir::Graph BlendChain(int links);

// A locomotion machine (idle, walk, run) with transitions on parameters and time in state; walk
// and run share a parent-scope clip; run holds a nested machine (stride: short, long).
ir::Graph Locomotion();

// One value of every pose op and every scalar op family, with vec3 parameters and constants.
ir::Graph EveryOp();

}  // namespace anim::test
