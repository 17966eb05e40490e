#include "compiler/graph/reader/bone_table.h"

#include "compiler/diag/suggest.h"

namespace anim::graph {

int BoneTable::SkeletonBone(const std::string& name, TextPosition at, const std::string& what) {
  if (!s_.skeleton) return -1;
  const int bone = s_.skeleton->FindBone(name);
  if (bone >= 0) return bone;
  std::vector<std::string_view> names;
  for (int b = 0; b < s_.skeleton->bone_count(); ++b)
    names.push_back(s_.skeleton->bone_name(b));
  s_.reader.Error("E006", at,
                  "unknown bone " + Quoted(name) + " in " + what + ": skeleton " +
                      Quoted(s_.skeleton->name()) + " has no such bone" + DidYouMean(name, names));
  return -1;
}

int BoneTable::Ref(const std::string& name, TextPosition at, const std::string& what) {
  const int bone = SkeletonBone(name, at, what);
  if (bone < 0) return -1;
  const auto [it, inserted] = index_.try_emplace(name, static_cast<int>(s_.model.bones.size()));
  if (inserted) s_.model.bones.push_back({name, static_cast<uint16_t>(bone)});
  return it->second;
}

}  // namespace anim::graph
