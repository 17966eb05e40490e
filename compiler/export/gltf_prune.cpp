#include "compiler/export/gltf_prune.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <set>
#include <vector>

namespace anim::gltf_bytes {
namespace {

using Refs = std::vector<Json*>;

// Extensions that reference no accessor nor buffer view but as followed below.
bool Known(const Json& extension) {
  static const std::set<std::string> known = {
      "EXT_mesh_gpu_instancing",    "EXT_texture_avif",      "EXT_texture_webp",
      "KHR_draco_mesh_compression", "KHR_lights_punctual",   "KHR_mesh_quantization",
      "KHR_texture_basisu",         "KHR_texture_transform", "KHR_xmp_json_ld"};
  if (!extension.is_string()) return false;
  const std::string name = extension.get<std::string>();
  return name.starts_with("KHR_materials_") || known.count(name) == 1;
}

// Member `path` of `j`, object by object; null when one is missing.
Json* At(Json& j, std::initializer_list<const char*> path) {
  Json* at = &j;
  for (const char* key : path) {
    if (!at->is_object()) return nullptr;
    const auto found = at->find(key);
    if (found == at->end()) return nullptr;
    at = &*found;
  }
  return at;
}

// The elements of array `key` of `j` (none when it is not an array).
std::vector<Json*> Elements(Json& j, const char* key) {
  std::vector<Json*> elements;
  if (Json* list = At(j, {key}); list != nullptr && list->is_array()) {
    for (Json& e : *list)
      elements.push_back(&e);
  }
  return elements;
}

// Each value of object `j` (a primitive's attributes: name to accessor).
void AddValues(Json* j, Refs& refs) {
  if (j == nullptr || !j->is_object()) return;
  for (Json& value : *j)
    refs.push_back(&value);
}

void AddMember(Json& j, const char* key, Refs& refs) {
  if (Json* member = At(j, {key})) refs.push_back(member);
}

// Every reference to an accessor outside the accessors and the (left out) animations.
Refs AccessorRefs(Json& doc) {
  Refs refs;
  for (Json* mesh : Elements(doc, "meshes")) {
    for (Json* primitive : Elements(*mesh, "primitives")) {
      AddValues(At(*primitive, {"attributes"}), refs);
      AddMember(*primitive, "indices", refs);
      for (Json* target : Elements(*primitive, "targets"))
        AddValues(target, refs);
    }
  }
  for (Json* skin : Elements(doc, "skins"))
    AddMember(*skin, "inverseBindMatrices", refs);
  for (Json* node : Elements(doc, "nodes"))
    AddValues(At(*node, {"extensions", "EXT_mesh_gpu_instancing", "attributes"}), refs);
  return refs;
}

// Every "bufferView" member at any depth: the accessors' (sparse ones' too), the images', draco's.
void AddViewRefs(Json& j, Refs& refs) {
  if (j.is_object()) {
    for (auto item : j.items()) {
      if (item.key() == "bufferView") {
        refs.push_back(&item.value());
      } else {
        AddViewRefs(item.value(), refs);
      }
    }
  } else if (j.is_array()) {
    for (Json& e : j)
      AddViewRefs(e, refs);
  }
}

// Array `key` of `doc` cut to the elements `refs` name, in order, and `refs` renumbered to match.
void KeepReferenced(Json& doc, const char* key, const Refs& refs) {
  Json* list = At(doc, {key});
  if (list == nullptr || !list->is_array()) return;
  // An index in range, else list->size() (a reference that is not one is left alone). Signed or
  // not: the images' views were numbered here, as ints.
  const auto index = [&](const Json* ref) {
    const bool valid =
        ref->is_number_integer() && ref->get<std::int64_t>() >= 0 && ref->get<std::uint64_t>() < list->size();
    return valid ? ref->get<std::size_t>() : list->size();
  };
  std::vector<std::size_t> renumbered(list->size() + 1, list->size());
  for (const Json* ref : refs)
    renumbered[index(ref)] = 0;
  Json kept = Json::array();
  for (std::size_t i = 0; i < list->size(); ++i) {
    if (renumbered[i] == list->size()) continue;
    renumbered[i] = kept.size();
    kept.push_back(std::move((*list)[i]));
  }
  for (Json* ref : refs) {
    if (index(ref) < list->size()) *ref = renumbered[index(ref)];
  }
  *list = std::move(kept);
}

// `bytes` cut to what `views` hold: each run of overlapping or touching views moved whole, its
// offset modulo 4 kept so every accessor stays aligned, and the views rebased. Nothing changes
// when a view reaches past the buffer.
void KeepViewedBytes(Json& views, std::string& bytes) {
  struct Span {
    std::size_t begin, end;
    Json* view;
  };
  std::vector<Span> spans;
  for (Json& view : views) {
    const std::size_t offset = view.value("byteOffset", std::size_t{0});
    const std::size_t length = view.value("byteLength", std::size_t{0});
    if (offset > bytes.size() || length > bytes.size() - offset) return;
    spans.push_back({offset, offset + length, &view});
  }
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
  std::string kept;
  std::size_t run_begin = 0, run_end = 0, run_at = 0;  // the current run, and where it now starts
  for (std::size_t s = 0; s < spans.size(); ++s) {
    if (s == 0 || spans[s].begin > run_end) {
      kept.append(bytes, run_begin, run_end - run_begin);
      run_begin = spans[s].begin;
      run_end = spans[s].end;
      kept.append((run_begin % 4 + 4 - kept.size() % 4) % 4, '\0');
      run_at = kept.size();
    }
    run_end = std::max(run_end, spans[s].end);
    (*spans[s].view)["byteOffset"] = run_at + (spans[s].begin - run_begin);
  }
  kept.append(bytes, run_begin, run_end - run_begin);
  bytes = std::move(kept);
}

}  // namespace

void DropUnreferencedData(Json& doc, std::string& bytes) {
  if (Json* used = At(doc, {"extensionsUsed"}); used != nullptr && used->is_array()) {
    for (const Json& extension : *used) {
      if (!Known(extension)) return;
    }
  }
  KeepReferenced(doc, "accessors", AccessorRefs(doc));
  Refs view_refs;
  AddViewRefs(doc, view_refs);
  KeepReferenced(doc, "bufferViews", view_refs);
  if (Json* views = At(doc, {"bufferViews"}); views != nullptr && views->is_array())
    KeepViewedBytes(*views, bytes);
}

}  // namespace anim::gltf_bytes
