#include "tools/graph_gen/hostile_graphs.h"

namespace anim::test {
namespace {

const std::string kSamples = std::string(ANIMTC_SOURCE_DIR) + "/samples/humanoid/";

}  // namespace

std::string HostileHeader() {
  return "format: animtc.graph\nversion: 1\nskeleton: " + kSamples +
         "skeleton.yaml\nclips: {idle: " + kSamples + "idle.json, walk: " + kSamples + "walk_fwd.json}\n";
}

std::string BlendChain(int n) {
  std::string text =
      HostileHeader() + "nodes:\n  idle: {kind: clip, clip: idle}\n  walk: {kind: clip, clip: walk}\n";
  for (int i = 0; i < n; ++i) {
    const std::string a = i == 0 ? "idle" : "b" + std::to_string(i - 1);
    text += "  b" + std::to_string(i) + ": {kind: blend, a: " + a + ", b: walk, alpha: 0.5}\n";
  }
  return text + "output: {pose: b" + std::to_string(n - 1) + "}\n";
}

std::string NestedMachines(int n) {
  std::string text = HostileHeader() + "nodes:\n  m" + std::to_string(n) + ": {kind: clip, clip: walk}\n";
  for (int i = n - 1; i >= 0; --i) {
    text += "  m" + std::to_string(i) + ": {kind: state_machine, initial: s, states: {s: m" +
            std::to_string(i + 1) + "}}\n";
  }
  return text + "output: {pose: m0}\n";
}

std::string NestedInlineBlends(int n) {
  std::string node = "{kind: clip, clip: idle}";
  for (int i = 0; i < n; ++i)
    node = "{kind: blend, b: {kind: reference_pose}, alpha: 0.5, a: " + node + "}";
  return HostileHeader() + "nodes:\n  deep: " + node + "\noutput: {pose: deep}\n";
}

std::string NestedFlowSequences(int n) {
  return std::string(static_cast<std::size_t>(n), '[') + std::string(static_cast<std::size_t>(n), ']') + "\n";
}

std::string AliasBomb() {
  std::string text = HostileHeader() + "nodes:\n  n0: &a0 {kind: clip, clip: idle}\n";
  for (int i = 1; i <= 21; ++i) {
    const std::string previous = "*a" + std::to_string(i - 1);
    text += "  n" + std::to_string(i) + ": &a" + std::to_string(i) + " {kind: blend, a: " + previous +
            ", b: " + previous + ", alpha: 0.5}\n";
  }
  return text + "output: {pose: n21}\n";
}

std::string ManyTransitions(int n) {
  std::string text =
      HostileHeader() +
      "nodes:\n  m:\n    kind: state_machine\n    initial: a\n"
      "    states: {a: {kind: clip, clip: idle}, b: {kind: clip, clip: walk}}\n    transitions:\n";
  for (int i = 0; i < n; ++i)
    text +=
        std::string("      - {from: a, to: b, condition: ") + (i + 1 == n ? "\"true\"" : "\"false\"") + "}\n";
  return text + "output: {pose: m}\n";
}

std::string ManyStates(int n) {
  std::string text =
      HostileHeader() + "nodes:\n  m:\n    kind: state_machine\n    initial: s0\n    states:\n";
  for (int i = 0; i < n; ++i)
    text += "      s" + std::to_string(i) + ": {kind: reference_pose}\n";
  text += "    transitions:\n";
  for (int i = 0; i + 1 < n; ++i) {
    text += "      - {from: s" + std::to_string(i) + ", to: s" + std::to_string(i + 1) +
            ", condition: \"time_in_state > 1\"}\n";
  }
  return text + "output: {pose: m}\n";
}

std::string ManyClipNodes(int n) {
  std::string text = HostileHeader() + "nodes:\n  c0: {kind: clip, clip: idle}\n";
  for (int i = 1; i < n; ++i) {
    text += "  c" + std::to_string(i) + ": {kind: blend, a: c" + std::to_string(i - 1) +
            ", b: {kind: clip, clip: walk}, alpha: 0.5}\n";
  }
  return text + "output: {pose: c" + std::to_string(n - 1) + "}\n";
}

std::string UndefinedReferences(int n) {
  std::string text = HostileHeader() + "nodes:\n  b0: {kind: clip, clip: idle}\n";
  for (int i = 1; i < n; ++i) {
    text += "  b" + std::to_string(i) + ": {kind: blend, a: b" + std::to_string(i - 1) + ", b: missing_" +
            std::to_string(i) + ", alpha: 0.5}\n";
  }
  return text + "output: {pose: b" + std::to_string(n - 1) + "}\n";
}

}  // namespace anim::test
