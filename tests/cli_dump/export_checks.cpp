#include "tests/cli_dump/export_checks.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "executor/math/mat4.h"
#include "executor/pose/pose.h"

namespace anim::test {
namespace {

using Json = nlohmann::json;

Vec3 Vec(const Json& v) {
  return {v[0].get<float>(), v[1].get<float>(), v[2].get<float>()};
}

// Each bone's model position in the imported clip's frame k: the locals composed down the chain.
std::vector<Vec3> ImportedJoints(const Skeleton& skeleton, const Clip& clip, int k) {
  std::vector<Mat4> model(static_cast<std::size_t>(skeleton.bone_count()));
  for (int b = 0; b < skeleton.bone_count(); ++b) {
    const Mat4 local = FromTransform(GetBoneTransform(clip.frame(k), b));
    const int parent = skeleton.parent(b);
    model[static_cast<std::size_t>(b)] = parent < 0 ? local : model[static_cast<std::size_t>(parent)] * local;
  }
  std::vector<Vec3> joints;
  for (const Mat4& m : model)
    joints.push_back(m.Translation());
  return joints;
}

// Each bone's position in the world: its model position, as `pose` prints it, placed by the root.
std::vector<Vec3> PrintedJoints(const Json& frame) {
  const Transform root{
      .translation = Vec(frame["root"]["translation"]),
      .rotation = {frame["root"]["rotation"][0].get<float>(), frame["root"]["rotation"][1].get<float>(),
                   frame["root"]["rotation"][2].get<float>(), frame["root"]["rotation"][3].get<float>()},
      .scale = {1.0f, 1.0f, 1.0f}};
  std::vector<Vec3> joints;
  for (const Json& bone : frame["bones"])
    joints.push_back(TransformPoint(root, Vec(bone["model_columns"][3])));
  return joints;
}

}  // namespace

GltfImport ImportBack(const std::string& path, int frames) {
  GltfImportOptions options;
  options.sample_rate = 30.0;  // adjusted to span the keys exactly
  options.follow_source = false;
  options.keep_dense = true;
  DiagnosticSink sink;
  std::optional<GltfImport> import = ImportGltf(path, options, sink);
  INFO(FormatText(sink));
  REQUIRE(import);
  REQUIRE(import->dense_clips.size() == 1);
  REQUIRE(import->dense_clips[0].frame_count() == frames);
  return std::move(*import);
}

namespace {

// The Khronos validator's verdict on `path`: "errors N warnings M" and a line per issue.
std::string GltfValidatorReport(const std::string& path) {
  REQUIRE(OnPath("node"));  // tools/install-deps installs it, and npm's gltf-validator
  const ProcessRun run =
      Shell("NODE_PATH=\"$(npm root --global)\" node tests/cli_dump/gltf_validate.js '" + path + "'");
  INFO("stderr: " << run.err);
  REQUIRE(run.exit_code == 0);
  return run.out;
}

// The report's issue lines (errors and warnings), each once.
std::set<std::string> Issues(const std::string& report) {
  std::set<std::string> issues;
  std::istringstream lines(report);
  std::string line;
  std::getline(lines, line);  // "errors N warnings M"
  while (std::getline(lines, line))
    issues.insert(line);
  return issues;
}

}  // namespace

void RequireValidGltf(const std::string& path, const std::string& source) {
  const std::string report = GltfValidatorReport(path);
  INFO(report);
  if (source.empty()) {
    CHECK(report.rfind("errors 0 warnings 0\n", 0) == 0);
    return;
  }
  // Whatever the source's own meshes or skins hold against the specification stays; nothing more.
  const std::set<std::string> source_issues = Issues(GltfValidatorReport(source));
  for (const std::string& issue : Issues(report)) {
    INFO(issue);
    CHECK(source_issues.count(issue) == 1);
  }
}

namespace {

// A .glb's JSON chunk, parsed, and the length of its BIN chunk.
struct Glb {
  Json json;
  std::size_t bin_bytes = 0;
};

Glb ReadGlb(const std::string& path) {
  const std::string bytes = ReadFile(path);
  const auto u32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, bytes.data() + at, sizeof v);
    return static_cast<std::size_t>(v);
  };
  REQUIRE(bytes.size() >= 20);
  REQUIRE(bytes.compare(0, 4, "glTF") == 0);
  REQUIRE(bytes.compare(16, 4, "JSON") == 0);
  const std::size_t json_bytes = u32(12);
  REQUIRE(20 + json_bytes <= bytes.size());
  Glb glb{Json::parse(bytes.substr(20, json_bytes))};
  if (bytes.size() >= 28 + json_bytes) glb.bin_bytes = u32(20 + json_bytes);
  return glb;
}

void AddValues(const Json& object, std::set<std::size_t>& to) {
  for (const Json& value : object)
    to.insert(value.get<std::size_t>());
}

}  // namespace

void RequireNoDeadData(const std::string& path, const std::string& source) {
  const Glb glb = ReadGlb(path);
  const Json& doc = glb.json;
  std::set<std::size_t> accessors, views, animation_accessors;
  for (const Json& mesh : doc.value("meshes", Json::array())) {
    for (const Json& primitive : mesh["primitives"]) {
      AddValues(primitive["attributes"], accessors);
      if (primitive.contains("indices")) accessors.insert(primitive["indices"].get<std::size_t>());
      for (const Json& target : primitive.value("targets", Json::array()))
        AddValues(target, accessors);
    }
  }
  for (const Json& skin : doc.value("skins", Json::array())) {
    if (skin.contains("inverseBindMatrices"))
      accessors.insert(skin["inverseBindMatrices"].get<std::size_t>());
  }
  for (const Json& animation : doc.value("animations", Json::array())) {
    for (const Json& sampler : animation["samplers"]) {
      animation_accessors.insert(sampler["input"].get<std::size_t>());
      animation_accessors.insert(sampler["output"].get<std::size_t>());
    }
  }
  accessors.insert(animation_accessors.begin(), animation_accessors.end());
  for (const Json& accessor : doc["accessors"]) {
    if (accessor.contains("bufferView")) views.insert(accessor["bufferView"].get<std::size_t>());
    if (accessor.contains("sparse")) {
      views.insert(accessor["sparse"]["indices"]["bufferView"].get<std::size_t>());
      views.insert(accessor["sparse"]["values"]["bufferView"].get<std::size_t>());
    }
  }
  for (const Json& image : doc.value("images", Json::array())) {
    if (image.contains("bufferView")) views.insert(image["bufferView"].get<std::size_t>());
  }
  for (std::size_t a = 0; a < doc["accessors"].size(); ++a) {
    INFO("accessor " << a);
    CHECK(accessors.count(a) == 1);
  }
  std::size_t viewed = 0;
  for (std::size_t v = 0; v < doc["bufferViews"].size(); ++v) {
    INFO("buffer view " << v);
    CHECK(views.count(v) == 1);
    viewed += doc["bufferViews"][v]["byteLength"].get<std::size_t>();
  }
  INFO(glb.bin_bytes << " bytes of buffer, " << viewed << " of them in views");
  CHECK(glb.bin_bytes < viewed + 4 * (doc["bufferViews"].size() + 1));  // but views' alignment

  std::size_t animation_bytes = 0;
  for (const std::size_t a : animation_accessors)
    animation_bytes += doc["bufferViews"][doc["accessors"][a]["bufferView"].get<std::size_t>()]["byteLength"]
                           .get<std::size_t>();
  const std::uintmax_t size = std::filesystem::file_size(path),
                       source_size = std::filesystem::file_size(source);
  INFO(path << ": " << size << " bytes; the source " << source_size << ", the new animation's data "
            << animation_bytes);
  CHECK(size < source_size + animation_bytes);
}

double RequireRoundTrip(const std::string& args, const std::string& frames, const std::string& path,
                        const std::string& name, const std::string& source) {
  const ProcessRun exported = Dump("export " + args + " --frames " + frames + " -o '" + path + "'");
  INFO("stderr: " << exported.err);
  REQUIRE(exported.exit_code == 0);
  REQUIRE(exported.err.empty());
  RequireValidGltf(path, source);
  const ProcessRun pose = Dump("pose " + args + " --frames " + frames + " --format json");
  REQUIRE(pose.exit_code == 0);
  const Json printed = Json::parse(pose.out);

  const GltfImport import = ImportBack(path, static_cast<int>(printed.size()));
  const Clip& clip = import.dense_clips[0];
  CHECK(clip.name() == name);
  REQUIRE(import.skeleton.bone_count() == static_cast<int>(printed[0]["bones"].size()));
  for (int b = 0; b < import.skeleton.bone_count(); ++b)
    CHECK(import.skeleton.bone_name(b) == printed[0]["bones"][static_cast<std::size_t>(b)]["name"]);

  const double tolerance = 1e-5 * import.bind_height;
  double worst = 0.0, travelled = 0.0;
  for (int k = 0; k < clip.frame_count(); ++k) {
    const Json& frame = printed[static_cast<std::size_t>(k)];
    const std::vector<Vec3> expected = PrintedJoints(frame);
    const std::vector<Vec3> actual = ImportedJoints(import.skeleton, clip, k);
    for (std::size_t b = 0; b < expected.size(); ++b)
      worst = std::max(worst, static_cast<double>(Length(actual[b] - expected[b])));
    travelled = std::max(travelled, static_cast<double>(Length(Vec(frame["root"]["translation"]))));
  }
  INFO(name << ": worst joint " << worst << " against a tolerance of " << tolerance);
  CHECK(worst <= tolerance);
  return travelled;
}

}  // namespace anim::test
