// An independent glTF 2.0 reader and animation evaluator for the import tests, written from the
// specification and sharing no code with compiler/import: JSON by nlohmann, buffers decoded here,
// node TRS composed over the hierarchy in double, samplers interpolated per the spec's appendix C.
#pragma once

#include <array>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace anim::test {

using Matrix = std::array<double, 16>;  // column-major, translation at 12..14

class ReferenceGltf {
 public:
  explicit ReferenceGltf(const std::string& path);

  const nlohmann::json& json() const { return json_; }
  // Float accessor data, tightly packed (`components` floats per element).
  std::vector<double> Floats(int accessor) const;
  int parent(int node) const { return parents_[static_cast<std::size_t>(node)]; }
  std::vector<int> Joints(int skin) const;

  // Every node's global matrix at `time` of animation `animation` (-1: the rest pose).
  std::vector<Matrix> Globals(int animation, double time) const;
  // Earliest and latest key time of an animation.
  double StartTime(int animation) const;
  double EndTime(int animation) const;
  // Every key time of an animation, sorted, unique.
  std::vector<double> KeyTimes(int animation) const;
  // Largest extent of the bind-pose joint positions and of the first mesh's POSITION bounds.
  double Height(int skin) const;

 private:
  nlohmann::json json_;
  std::vector<std::vector<unsigned char>> buffers_;
  std::vector<int> parents_;
};

}  // namespace anim::test
