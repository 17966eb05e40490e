#include "cli/anim_import/import_tree.h"

#include <fmt/format.h>

#include <vector>

#include "compiler/diag/escape.h"

namespace anim::import_tool {
namespace {

struct TreeWriter {
  const GltfImport& imported;
  std::vector<std::vector<int>> children;
  std::string out;

  // `bone` and its subtree; `prefix` continues the branches of its ancestors.
  void Bone(int bone, const std::string& prefix, bool last, bool root) {
    const std::size_t b = static_cast<std::size_t>(bone);
    out += prefix + (root ? "" : (last ? "└─ " : "├─ ")) + EscapeTerminal(imported.skeleton.bone_name(bone)) +
           fmt::format("  (node {})\n", imported.bone_nodes[b]);
    const std::string below = root ? prefix : prefix + (last ? "   " : "│  ");
    for (std::size_t c = 0; c < children[b].size(); ++c)
      Bone(children[b][c], below, c + 1 == children[b].size(), false);
  }
};

}  // namespace

std::string ImportTreeText(const GltfImport& imported, const std::string& input, int skin) {
  const Skeleton& skeleton = imported.skeleton;
  TreeWriter tree{
      imported, std::vector<std::vector<int>>(static_cast<std::size_t>(skeleton.bone_count())), {}};
  std::vector<int> roots;
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    if (skeleton.parent(b) < 0) {
      roots.push_back(b);
    } else {
      tree.children[static_cast<std::size_t>(skeleton.parent(b))].push_back(b);
    }
  }
  tree.out = fmt::format("{}: skin {}, {} bones, {} animations\n", EscapeTerminal(input), skin,
                         skeleton.bone_count(), imported.clips.size());
  for (int root : roots)
    tree.Bone(root, "", true, true);
  for (std::size_t i = 0; i < imported.clips.size(); ++i) {
    const Clip& clip = imported.clips[i];
    tree.out +=
        fmt::format("{} {}: {} frames at {:.4g} Hz ({:.3g} s)\n", i == 0 ? "animations:" : "           ",
                    EscapeTerminal(clip.name()), clip.frame_count(), clip.sample_rate(), clip.duration());
  }
  return tree.out;
}

}  // namespace anim::import_tool
