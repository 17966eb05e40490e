// The format's limits: every count the bytecode, the VM or the executor stores in a narrow integer.
// The compiler refuses a graph past one (E901, with the place), and the verifier refuses a program
// past one, so no verified program can index out of bounds (docs/bytecode.md, "Limits").
#pragma once

#include <cstddef>

namespace anim {

// Table indices and register numbers are u16 operands, and 0xFFFF means "none": parameters, clips,
// clocks, scopes, state machines, masks, bones, snapshots, constants, and scalar and pose registers
// each hold at most 65535 entries (indices 0 to 65534).
inline constexpr std::size_t kMaxTableEntries = 0xFFFF;
// States and transitions of one machine are u16 indices too (a transition's `from` 0xFFFF is "any").
inline constexpr std::size_t kMaxStatesPerMachine = 0xFFFF;
inline constexpr std::size_t kMaxTransitionsPerMachine = 0xFFFF;
// Each pose instruction records one task, a task names its dependencies as int16 indices, and a
// list keeps room for the fallback output task (executor/tasks/anim_task_list.h, kMaxTasksPerList).
inline constexpr int kMaxPoseInstructions = 32766;
// A transition's blend lasts at most an hour: inertialization solves a quintic over the duration,
// whose fifth power must stay a float.
inline constexpr float kMaxTransitionSeconds = 3600.0f;
// A 2D blend space has 3 to 256 samples (every one is a pose the space records each frame), at
// positions within +-1e6 spread over at least 1e-6, so that the squared distances of its hull
// projection stay floats; each triangle's doubled area is at least 1e-9 of the extent squared (the
// compiler's Delaunay tolerance), so barycentric weights never divide by nearly zero.
inline constexpr std::size_t kMaxBlendSpaceSamples = 256;
inline constexpr float kMaxBlendSpaceCoordinate = 1e6f;
inline constexpr double kMinBlendSpaceExtent = 1e-6;
inline constexpr double kMinBlendSpaceTriangleArea = 1e-9;
// A baked clip (section BAKE) has 1 to 2^20 frames, and the dense keys a binding builds from all of
// a program's baked clips (frames times a whole pose each) stay within 1 GiB, the graph's key
// budget for its loaded clips (docs/graph-format.md, "Limits"). Loaded and baked clips together are
// at most kMaxTableEntries: clip indices are u16 operands.
inline constexpr std::size_t kMaxBakedClipFrames = std::size_t{1} << 20;
inline constexpr std::size_t kMaxBakedKeyBytes = std::size_t{1} << 30;

}  // namespace anim
