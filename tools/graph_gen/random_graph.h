// Random valid animation graphs over the sample humanoid, with a scenario that drives them: every
// node kind, nested state machines, fan-out (nodes read by several consumers), every transition
// blend mode, snapshots, masks and every expression function. Deterministic for a seed, so a
// failing seed reproduces anywhere (`anim-graph-gen --seed N`).
#pragma once

#include <cstdint>
#include <string>

namespace anim {

struct GeneratedGraph {
  std::string graph;     // a graph document (YAML)
  std::string scenario;  // a scenario document (YAML) over the graph's parameters
};

// What a generated graph may use besides every node kind.
struct GraphFeatures {
  // Curve reads (curve() in weights and conditions) and masks' curve weights. Off for clips without
  // curves: poses then carry none, which is every task runner's common case.
  bool curves = true;
};

// `frames` is the scenario's length at 30 Hz. Asset paths are `samples_dir`/humanoid/...; with an
// empty `samples_dir`, relative to the samples folder.
GeneratedGraph GenerateRandomGraph(uint32_t seed, int frames, const std::string& samples_dir = "",
                                   const GraphFeatures& features = {});

}  // namespace anim
