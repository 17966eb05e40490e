#include "compiler/import/gltf_model.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace anim::gltf {

namespace {

constexpr std::uintmax_t kMaxFileBytes = std::uintmax_t{256} << 20;

uint32_t ReadU32(const std::string& bytes, std::size_t offset) {
  uint32_t v = 0;
  std::memcpy(&v, bytes.data() + offset, sizeof v);
  return v;
}

// The GLB header and chunk headers (glTF 2.0 section 4.4), checked against the real file size.
std::string CheckGlbContainer(const std::string& bytes) {
  if (bytes.size() < 20)
    return "truncated binary glTF: " + std::to_string(bytes.size()) + " bytes, less than a header";
  if (ReadU32(bytes, 4) != 2)
    return "binary glTF version " + std::to_string(ReadU32(bytes, 4)) + " (expected 2)";
  const uint32_t length = ReadU32(bytes, 8);
  if (length != bytes.size()) {
    return "truncated or damaged binary glTF: the header says " + std::to_string(length) +
           " bytes, the file has " + std::to_string(bytes.size());
  }
  const uint64_t json_length = ReadU32(bytes, 12);
  if (ReadU32(bytes, 16) != 0x4E4F534Au) return "binary glTF whose first chunk is not JSON";
  if (20 + json_length > bytes.size())
    return "truncated binary glTF: the JSON chunk runs past the end of the file";
  const uint64_t next = 20 + json_length;
  if (next < bytes.size()) {
    if (next + 8 > bytes.size()) return "truncated binary glTF: a chunk header runs past the end of the file";
    if (next + 8 + ReadU32(bytes, static_cast<std::size_t>(next)) > bytes.size()) {
      return "truncated binary glTF: the binary chunk runs past the end of the file";
    }
  }
  return {};
}

// Images are not needed for skeletons and clips: accept them undecoded.
bool SkipImage(tinygltf::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int,
               void*) {
  return true;
}

bool ReadNodeTransform(const tinygltf::Node& node, NodeTrs& trs, DMat4& matrix, double& skew) {
  auto finite = [](const std::vector<double>& v) {
    for (double x : v) {
      if (!std::isfinite(x)) return false;
    }
    return true;
  };
  if (!finite(node.matrix) || !finite(node.translation) || !finite(node.rotation) || !finite(node.scale))
    return false;
  if (node.matrix.size() == 16) {
    DMat4 m;
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r)
        m.m[c][r] = node.matrix[static_cast<std::size_t>(c * 4 + r)];
    }
    trs = DecomposeMatrix(m, skew);
    matrix = m;
    return true;
  }
  if (node.translation.size() == 3)
    std::copy(node.translation.begin(), node.translation.end(), trs.translation.begin());
  if (node.rotation.size() == 4) std::copy(node.rotation.begin(), node.rotation.end(), trs.rotation.begin());
  if (node.scale.size() == 3) std::copy(node.scale.begin(), node.scale.end(), trs.scale.begin());
  matrix = ComposeTrs(trs);
  skew = 0;
  return true;
}

std::string NodeLabel(const tinygltf::Model& model, int node) {
  const std::string& name = model.nodes[static_cast<std::size_t>(node)].name;
  return "node " + std::to_string(node) + (name.empty() ? "" : " '" + name + "'");
}

// Parent links from the children lists; every node may have one parent and no node is its own
// ancestor.
bool BuildParents(LoadedModel& loaded, const SourceLocation& where, DiagnosticSink& diagnostics) {
  const tinygltf::Model& model = loaded.model;
  const int count = static_cast<int>(model.nodes.size());
  loaded.node_parent.assign(model.nodes.size(), -1);
  bool ok = true;
  for (int n = 0; n < count; ++n) {
    for (int child : model.nodes[static_cast<std::size_t>(n)].children) {
      if (child < 0 || child >= count) {
        diagnostics.Error(
            "I203", where,
            NodeLabel(model, n) + " lists child " + std::to_string(child) + ", which does not exist");
        ok = false;
        continue;
      }
      int& parent = loaded.node_parent[static_cast<std::size_t>(child)];
      if (parent != -1) {
        diagnostics.Error("I202", where,
                          "the node hierarchy is not a tree: " + NodeLabel(model, child) +
                              " is a child of both " + NodeLabel(model, parent) + " and " +
                              NodeLabel(model, n));
        ok = false;
        continue;
      }
      parent = n;
    }
  }
  if (!ok) return false;
  // With one parent per node, a walk up that takes more than `count` steps is in a cycle.
  std::vector<char> known_acyclic(model.nodes.size(), 0);
  for (int n = 0; n < count; ++n) {
    int steps = 0;
    int at = n;
    while (at != -1 && !known_acyclic[static_cast<std::size_t>(at)] && steps <= count) {
      at = loaded.node_parent[static_cast<std::size_t>(at)];
      ++steps;
    }
    if (steps > count) {
      diagnostics.Error("I202", where,
                        "the node hierarchy is not a tree: " + NodeLabel(model, n) + " is its own ancestor");
      return false;
    }
    for (at = n; at != -1 && !known_acyclic[static_cast<std::size_t>(at)];
         at = loaded.node_parent[static_cast<std::size_t>(at)]) {
      known_acyclic[static_cast<std::size_t>(at)] = 1;
    }
  }
  return true;
}

}  // namespace

std::unique_ptr<LoadedModel> LoadGltfModel(const std::string& path, DiagnosticSink& diagnostics) {
  const SourceLocation where{path, 0, 0};
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    diagnostics.Error("I200", where, "cannot read the file: it does not exist or is not a regular file");
    return nullptr;
  }
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec || size > kMaxFileBytes) {
    diagnostics.Error("I200", where,
                      "cannot read the file: it is larger than 256 MiB or its size is unknown");
    return nullptr;
  }
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) {
    diagnostics.Error("I200", where, "cannot read the file");
    return nullptr;
  }
  const bool binary = bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0;
  if (binary) {
    const std::string problem = CheckGlbContainer(bytes);
    if (!problem.empty()) {
      diagnostics.Error("I200", where, problem);
      return nullptr;
    }
  }
  auto loaded = std::make_unique<LoadedModel>();
  tinygltf::TinyGLTF loader;
  loader.SetImageLoader(SkipImage, nullptr);
  std::string error, warning;
  const std::string base_dir = std::filesystem::path(path).parent_path().string();
  bool ok = false;
  try {
    ok = binary ? loader.LoadBinaryFromMemory(&loaded->model, &error, &warning,
                                              reinterpret_cast<const unsigned char*>(bytes.data()),
                                              static_cast<unsigned int>(bytes.size()), base_dir)
                : loader.LoadASCIIFromString(&loaded->model, &error, &warning, bytes.data(),
                                             static_cast<unsigned int>(bytes.size()), base_dir);
  } catch (const std::exception& e) {
    error = e.what();
    ok = false;
  }
  if (!ok) {
    while (!error.empty() && (error.back() == '\n' || error.back() == ' '))
      error.pop_back();
    diagnostics.Error("I200", where,
                      std::string(binary ? "not a valid binary glTF file" : "not a valid glTF 2.0 file") +
                          (error.empty() ? "" : ": " + error));
    return nullptr;
  }
  if (loaded->model.asset.version.rfind("2.", 0) != 0) {
    diagnostics.Error("I200", where,
                      "glTF version " + loaded->model.asset.version + " is not supported (2.0 expected)");
    return nullptr;
  }
  if (!BuildParents(*loaded, where, diagnostics)) return nullptr;
  loaded->json = binary ? bytes.substr(20, ReadU32(bytes, 12)) : std::move(bytes);
  loaded->base_dir = base_dir;
  const std::size_t count = loaded->model.nodes.size();
  loaded->rest.resize(count);
  loaded->rest_matrix.resize(count);
  loaded->rest_skew.assign(count, 0.0);
  for (std::size_t n = 0; n < count; ++n) {
    if (!ReadNodeTransform(loaded->model.nodes[n], loaded->rest[n], loaded->rest_matrix[n],
                           loaded->rest_skew[n])) {
      diagnostics.Error("I204", where,
                        NodeLabel(loaded->model, static_cast<int>(n)) + " has a non-finite transform");
      return nullptr;
    }
  }
  return loaded;
}

}  // namespace anim::gltf
