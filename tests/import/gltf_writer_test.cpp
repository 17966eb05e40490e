// The glTF writer (compiler/export) and the importer end to end, on files the project writes itself
// (no third-party assets): the sample humanoid and litmus rigs with their clips are written in every
// container (.glb, .gltf with the buffer embedded or beside it) and with LINEAR, STEP and CUBICSPLINE
// samplers, imported back with ImportGltf and compared with what was written; between keys each
// sampler kind must be evaluated as glTF specifies, computed here from the keys on their own.
//
// Tolerances, each about four times the largest difference measured (in brackets): bone names,
// parents, inverse binds, bind translations and scales come back exactly; bind rotations and a
// matrix node's decomposed bind within 5e-7 [1.2e-7]; every key within 5e-7 [1.2e-7, a float
// rounding: key times are floats, frames doubles] and the importer's own model-space error report
// within 2e-6 [4.2e-7 on the 1.8-unit humanoid]; halfway between keys within 2e-6 [STEP 1.2e-7,
// LINEAR 3.1e-7, CUBICSPLINE 3.2e-7]; the key rate within a float rounding of the written one.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/export/gltf_writer.h"
#include "compiler/import/gltf_importer.h"
#include "tests/import/import_checks.h"
#include "tests/import/temp_dir.h"
#include "tests/support/sample_gltf.h"

namespace anim {
namespace {

constexpr double kBindRotationTolerance = 5e-7;
constexpr double kKeyTolerance = 5e-7;
constexpr double kReportTolerance = 2e-6;
constexpr double kMidpointTolerance = 2e-6;
constexpr double kMatrixTolerance = 5e-7;

const char* ContainerName(GltfContainer c) {
  switch (c) {
    case GltfContainer::Glb:
      return "glb";
    case GltfContainer::GltfEmbedded:
      return "gltf-embedded";
    case GltfContainer::GltfExternal:
      return "gltf-external";
  }
  return "?";
}

const char* InterpolationName(GltfInterpolation i) {
  switch (i) {
    case GltfInterpolation::Linear:
      return "LINEAR";
    case GltfInterpolation::Step:
      return "STEP";
    case GltfInterpolation::CubicSpline:
      return "CUBICSPLINE";
  }
  return "?";
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Writes `rig` at dir/stem.(glb|gltf) and imports it back; the importer's diagnostics must be empty
// unless `allow_warnings`.
GltfImport WriteAndImport(const test::TempDir& dir, const std::string& stem, const Skeleton& skeleton,
                          const std::vector<const Clip*>& clips, GltfWriteOptions options, double rate = 0.0,
                          DiagnosticSink* warnings = nullptr) {
  const bool glb = options.container == GltfContainer::Glb;
  const std::string path = dir.file(stem + (glb ? ".glb" : ".gltf"));
  if (options.container == GltfContainer::GltfExternal) options.buffer_uri = stem + ".bin";
  test::WriteGltfFile(path, skeleton, clips, options);
  DiagnosticSink own;
  DiagnosticSink& diagnostics = warnings ? *warnings : own;
  GltfImportOptions import_options;
  import_options.sample_rate = rate;
  import_options.skeleton_name = skeleton.name();
  import_options.encoding.encoding = ClipEncoding::Dense;  // the keys as imported, to compare exactly
  import_options.follow_source = false;                    // at the rate written
  import_options.measure = true;
  std::optional<GltfImport> imported = ImportGltf(path, import_options, diagnostics);
  INFO(FormatText(diagnostics));
  REQUIRE(imported);
  if (!warnings) CHECK(diagnostics.diagnostics().empty());
  return std::move(*imported);
}

// Largest difference of two quaternions as rotations (q and -q are the same rotation).
double RotationDistance(Quat a, Quat b) {
  const double sign = Dot(a, b) < 0.0f ? -1.0 : 1.0;
  return std::max({std::fabs(a.x - sign * b.x), std::fabs(a.y - sign * b.y), std::fabs(a.z - sign * b.z),
                   std::fabs(a.w - sign * b.w)});
}

double VectorDistance(Vec3 a, Vec3 b) {
  return std::max({std::fabs(a.x - b.x), std::fabs(a.y - b.y), std::fabs(a.z - b.z)});
}

// The largest differences seen, per component kind.
struct Deviation {
  double translation = 0, rotation = 0, scale = 0;
  void Add(const Transform& a, const Transform& b) {
    translation = std::max(translation, VectorDistance(a.translation, b.translation));
    rotation = std::max(rotation, RotationDistance(a.rotation, b.rotation));
    scale = std::max(scale, VectorDistance(a.scale, b.scale));
  }
  double Max() const { return std::max({translation, rotation, scale}); }
};

void CheckSameSkeleton(const Skeleton& imported, const Skeleton& written, Deviation& bind) {
  REQUIRE(imported.bone_count() == written.bone_count());
  for (int b = 0; b < written.bone_count(); ++b) {
    INFO("bone " << written.bone_name(b));
    CHECK(imported.bone_name(b) == written.bone_name(b));
    CHECK(imported.parent(b) == written.parent(b));
    CHECK(imported.bind_local(b).translation == written.bind_local(b).translation);
    CHECK(imported.bind_local(b).scale == written.bind_local(b).scale);
    bind.Add(imported.bind_local(b), written.bind_local(b));
  }
  CHECK(imported.inverse_bind() == written.inverse_bind());
}

// Every key of every clip, at the source's own rate.
void CheckSameClips(const GltfImport& imported, const std::vector<const Clip*>& written, Deviation& keys) {
  REQUIRE(imported.clips.size() == written.size());
  for (std::size_t c = 0; c < written.size(); ++c) {
    const Clip& source = *written[c];
    const Clip& clip = imported.clips[c];
    INFO("clip " << source.name());
    CHECK(clip.name() == source.name());
    // The rate that spans the float key times exactly: the source's within a float rounding.
    CHECK(clip.sample_rate() == Approx(source.sample_rate()).epsilon(1e-6));
    CHECK(clip.tracked_bones() == source.tracked_bones());
    CHECK(imported.reports[c].source_start == 0.0);
    CHECK(imported.reports[c].skipped_channels == 0);
    REQUIRE(clip.frame_count() == source.frame_count());
    for (int k = 0; k < source.frame_count(); ++k) {
      for (int bone = 0; bone < source.bone_count(); ++bone)
        keys.Add(GetBoneTransform(clip.frame(k), bone), GetBoneTransform(source.frame(k), bone));
    }
  }
}

TEST_CASE("The humanoid and litmus rigs come back from every container and sampler kind as written",
          "[import][gltf-writer]") {
  const test::TempDir dir;
  Deviation bind, keys;
  double resampling_error = 0;
  for (const char* rig_name : {"humanoid", "litmus"}) {
    const test::SampleRig rig = test::LoadSampleRig(rig_name);
    const std::vector<const Clip*> clips = rig.ClipPointers();
    REQUIRE_FALSE(clips.empty());
    for (GltfContainer container :
         {GltfContainer::Glb, GltfContainer::GltfEmbedded, GltfContainer::GltfExternal}) {
      for (GltfInterpolation interpolation :
           {GltfInterpolation::Linear, GltfInterpolation::Step, GltfInterpolation::CubicSpline}) {
        INFO(rig_name << " " << ContainerName(container) << " " << InterpolationName(interpolation));
        const std::string stem =
            std::string(rig_name) + "_" + ContainerName(container) + "_" + InterpolationName(interpolation);
        GltfWriteOptions options;
        options.container = container;
        options.interpolation = interpolation;
        if (container == GltfContainer::GltfExternal) options.buffer_uri = stem + ".bin";
        const GltfImport imported = WriteAndImport(dir, stem, rig.skeleton, clips, options);
        CheckSameSkeleton(imported.skeleton, rig.skeleton, bind);
        CheckSameClips(imported, clips, keys);
        for (const GltfClipReport& report : imported.reports)
          resampling_error = std::max(resampling_error, report.encoding.accuracy.at_keys.Worst());
        // The same inputs give the same bytes.
        std::string error;
        const auto first = WriteGltf(rig.skeleton, clips, options, error);
        const auto second = WriteGltf(rig.skeleton, clips, options, error);
        REQUIRE(first);
        REQUIRE(second);
        CHECK(first->document == second->document);
        CHECK(first->buffer == second->buffer);
        CHECK(first->buffer.empty() == (container != GltfContainer::GltfExternal));
      }
    }
  }
  INFO("bind rotation " << bind.rotation << ", keys: translation " << keys.translation << " rotation "
                        << keys.rotation << " scale " << keys.scale << ", resampling error "
                        << resampling_error);
  CHECK(bind.rotation <= kBindRotationTolerance);
  CHECK(keys.Max() <= kKeyTolerance);
  CHECK(resampling_error <= kReportTolerance);
}

// What glTF specifies halfway between two keys p0 and p1 (one interval `dt` apart), for a channel of
// `width` components: STEP holds p0; LINEAR lerps (rotations: slerp, whose midpoint is the
// normalised sum); CUBICSPLINE is the Hermite curve with the writer's tangents (the neighbours'
// difference per second), at u = 1/2: (p0 + p1) / 2 + dt (m0 - m1) / 8.
std::vector<double> Midpoint(GltfInterpolation interpolation, const std::vector<std::vector<double>>& keys,
                             std::size_t k, double dt) {
  const std::size_t width = keys[k].size();
  std::vector<double> out(width);
  auto slope = [&](std::size_t key, std::size_t c) {
    const std::size_t lo = key == 0 ? 0 : key - 1, hi = std::min(key + 1, keys.size() - 1);
    return (keys[hi][c] - keys[lo][c]) / (static_cast<double>(hi - lo) * dt);
  };
  for (std::size_t c = 0; c < width; ++c) {
    const double p0 = keys[k][c], p1 = keys[k + 1][c];
    switch (interpolation) {
      case GltfInterpolation::Step:
        out[c] = p0;
        break;
      case GltfInterpolation::Linear:
        out[c] = 0.5 * (p0 + p1);
        break;
      case GltfInterpolation::CubicSpline:
        out[c] = 0.5 * (p0 + p1) + dt * (slope(k, c) - slope(k + 1, c)) / 8.0;
        break;
    }
  }
  if (width == 4) {
    const double length = std::sqrt(out[0] * out[0] + out[1] * out[1] + out[2] * out[2] + out[3] * out[3]);
    for (double& v : out)
      v /= length;
  }
  return out;
}

// One bone's channel over a clip's frames, rotations in one hemisphere key to key (as written).
std::vector<std::vector<double>> ChannelKeys(const Clip& clip, int bone, GltfChannel channel) {
  std::vector<std::vector<double>> keys;
  for (int k = 0; k < clip.frame_count(); ++k) {
    const Transform t = GetBoneTransform(clip.frame(k), bone);
    if (channel == GltfChannel::Rotation) {
      Quat q = t.rotation;
      if (!keys.empty()) {
        const std::vector<double>& p = keys.back();
        if (q.x * p[0] + q.y * p[1] + q.z * p[2] + q.w * p[3] < 0) q = Negate(q);
      }
      keys.push_back({q.x, q.y, q.z, q.w});
    } else {
      const Vec3 v = channel == GltfChannel::Translation ? t.translation : t.scale;
      keys.push_back({v.x, v.y, v.z});
    }
  }
  return keys;
}

std::vector<double> Components(const Transform& t, GltfChannel channel) {
  switch (channel) {
    case GltfChannel::Translation:
      return {t.translation.x, t.translation.y, t.translation.z};
    case GltfChannel::Rotation:
      return {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w};
    case GltfChannel::Scale:
      break;
  }
  return {t.scale.x, t.scale.y, t.scale.z};
}

// Largest component difference; for rotations, of the closer of q and -q.
double Distance(const std::vector<double>& a, const std::vector<double>& b) {
  double same = 0, flipped = 0;
  for (std::size_t c = 0; c < a.size(); ++c) {
    same = std::max(same, std::fabs(a[c] - b[c]));
    flipped = std::max(flipped, std::fabs(a[c] + b[c]));
  }
  return a.size() == 4 ? std::min(same, flipped) : same;
}

TEST_CASE("Between keys each channel's sampler is evaluated as glTF specifies: STEP, LINEAR, CUBICSPLINE",
          "[import][gltf-writer]") {
  const test::TempDir dir;
  const test::SampleRig rig = test::LoadSampleRig("humanoid");
  const std::vector<const Clip*> clips = rig.ClipPointers();
  // Every kind on every channel type, mixed within one animation and one bone.
  constexpr GltfInterpolation kKinds[] = {GltfInterpolation::Step, GltfInterpolation::Linear,
                                          GltfInterpolation::CubicSpline};
  auto kind = [&](int clip, int bone, GltfChannel channel) {
    return kKinds[static_cast<std::size_t>(clip + bone + static_cast<int>(channel)) % 3];
  };
  GltfWriteOptions options;
  options.channel_interpolation = kind;
  for (GltfContainer container : {GltfContainer::Glb, GltfContainer::GltfExternal}) {
    options.container = container;
    INFO(ContainerName(container));
    // At twice the key rate, odd frames fall halfway between keys.
    const double rate = 2.0 * clips.front()->sample_rate();
    const GltfImport imported = WriteAndImport(dir, std::string("mixed_") + ContainerName(container),
                                               rig.skeleton, clips, options, rate);
    double at_keys = 0, step = 0, linear = 0, cubic = 0;
    int checked[3] = {0, 0, 0};
    for (std::size_t c = 0; c < clips.size(); ++c) {
      const Clip& source = *clips[c];
      const Clip& clip = imported.clips[c];
      INFO("clip " << source.name());
      REQUIRE(source.sample_rate() * 2 == Approx(rate));
      REQUIRE(clip.frame_count() == 2 * source.frame_count() - 1);
      CHECK(clip.sample_rate() == Approx(rate));
      const double dt = 1.0 / source.sample_rate();
      for (int bone : source.tracked_bones()) {
        for (GltfChannel channel : {GltfChannel::Translation, GltfChannel::Rotation, GltfChannel::Scale}) {
          const GltfInterpolation interpolation = kind(static_cast<int>(c), bone, channel);
          const std::vector<std::vector<double>> keys = ChannelKeys(source, bone, channel);
          for (std::size_t k = 0; k < keys.size(); ++k) {
            const auto key = Components(GetBoneTransform(clip.frame(static_cast<int>(2 * k)), bone), channel);
            at_keys = std::max(at_keys, Distance(key, keys[k]));
            if (k + 1 == keys.size()) break;
            const auto mid =
                Components(GetBoneTransform(clip.frame(static_cast<int>(2 * k + 1)), bone), channel);
            const double d = Distance(mid, Midpoint(interpolation, keys, k, dt));
            double& worst = interpolation == GltfInterpolation::Step     ? step
                            : interpolation == GltfInterpolation::Linear ? linear
                                                                         : cubic;
            worst = std::max(worst, d);
            ++checked[static_cast<int>(interpolation)];
          }
        }
      }
    }
    INFO("at keys " << at_keys << ", halfway: STEP " << step << " LINEAR " << linear << " CUBICSPLINE "
                    << cubic);
    CHECK(checked[0] > 100);
    CHECK(checked[1] > 100);
    CHECK(checked[2] > 100);
    CHECK(at_keys <= kKeyTolerance);
    CHECK(step <= kKeyTolerance);
    CHECK(linear <= kMidpointTolerance);
    CHECK(cubic <= kMidpointTolerance);
  }
}

// The litmus chain with a rotated and scaled bind pose, every other link a `matrix` node, and a clip
// over the other links that starts at 0.25 s.
struct PosedChain {
  Skeleton skeleton;
  Clip clip;
  std::vector<int> matrix_bones;
};

PosedChain MakePosedChain() {
  const test::SampleRig litmus = test::LoadSampleRig("litmus");
  SkeletonDesc desc;
  desc.name = "posed_chain";
  std::vector<int> matrix_bones;
  for (int b = 0; b < litmus.skeleton.bone_count(); ++b) {
    Transform bind = litmus.skeleton.bind_local(b);
    const float angle = 0.1f * static_cast<float>(b + 1);
    bind.rotation =
        Normalize(Quat{std::sin(angle / 2), 0.3f * std::sin(angle / 2), 0.0f, std::cos(angle / 2)});
    if (b % 3 == 1) bind.scale = {1.25f, 1.25f, 1.25f};
    desc.bones.push_back({litmus.skeleton.bone_name(b), litmus.skeleton.parent(b), bind, std::nullopt});
    if (b % 2 == 1) matrix_bones.push_back(b);
  }
  std::string error;
  std::optional<Skeleton> skeleton = Skeleton::Build(desc, error);
  INFO(error);
  REQUIRE(skeleton);
  std::optional<Clip> clip = Clip::Create(*skeleton, "bend", 24.0f, 13, false, error);
  REQUIRE(clip);
  for (int b = 0; b < skeleton->bone_count(); b += 2) {
    clip->MarkTracked(b);
    for (int k = 0; k < clip->frame_count(); ++k) {
      Transform t = skeleton->bind_local(b);
      const float a = 0.05f * static_cast<float>(k) * static_cast<float>(b + 1);
      t.rotation = Normalize(t.rotation * Quat{0.0f, 0.0f, std::sin(a), std::cos(a)});
      t.translation.x += 0.01f * static_cast<float>(k);
      SetBoneTransform(clip->frame(k), b, t);
    }
  }
  return {*std::move(skeleton), *std::move(clip), matrix_bones};
}

TEST_CASE("Matrix joints, a posed bind and an animation that starts late come back as written",
          "[import][gltf-writer]") {
  const test::TempDir dir;
  const PosedChain chain = MakePosedChain();
  GltfWriteOptions options;
  options.container = GltfContainer::GltfEmbedded;
  options.matrix_bones = chain.matrix_bones;
  options.start_time = 0.25;
  options.interpolation = GltfInterpolation::CubicSpline;
  // Sync markers travel in the animation's extras, on the file's timeline.
  Clip marked = chain.clip;
  const std::vector<SyncMarker> markers = {
      {"contact", 0.0f}, {"lift", 0.125f}, {"contact", marked.duration()}};
  marked.SetMarkers(markers);
  DiagnosticSink diagnostics;
  const GltfImport imported =
      WriteAndImport(dir, "posed_chain", chain.skeleton, {&marked}, options, 0.0, &diagnostics);

  // The file holds matrix nodes where asked, TRS elsewhere.
  const nlohmann::json doc = nlohmann::json::parse(ReadFile(dir.file("posed_chain.gltf")));
  for (int b = 0; b < chain.skeleton.bone_count(); ++b) {
    const nlohmann::json& node = doc["nodes"][static_cast<std::size_t>(b)];
    const bool matrix = b % 2 == 1;
    CHECK(node.contains("matrix") == matrix);
    CHECK(node.contains("rotation") != matrix);
  }
  CHECK(doc["animations"][0]["samplers"][0]["interpolation"] == "CUBICSPLINE");
  CHECK(doc["accessors"][1]["min"][0].get<double>() == Approx(0.25));
  CHECK(doc["animations"][0]["extras"]["markers"][1]["name"] == "lift");
  CHECK(doc["animations"][0]["extras"]["markers"][1]["time"].get<double>() == Approx(0.375));

  // The late start is shifted to 0 and reported (I207), nothing else.
  const std::string text = FormatText(diagnostics);
  INFO(text);
  REQUIRE(diagnostics.diagnostics().size() == 1);
  CHECK(diagnostics.diagnostics()[0].code == "I207");
  REQUIRE(imported.reports.size() == 1);
  CHECK(imported.reports[0].source_start == Approx(0.25));

  Deviation bind;
  REQUIRE(imported.skeleton.bone_count() == chain.skeleton.bone_count());
  for (int b = 0; b < chain.skeleton.bone_count(); ++b) {
    INFO("bone " << b);
    CHECK(imported.skeleton.bone_name(b) == chain.skeleton.bone_name(b));
    CHECK(imported.skeleton.parent(b) == chain.skeleton.parent(b));
    bind.Add(imported.skeleton.bind_local(b), chain.skeleton.bind_local(b));
  }
  CHECK(imported.skeleton.inverse_bind() == chain.skeleton.inverse_bind());
  // The keys of the tracked links (the others hold the bind pose, compared above).
  Deviation keys;
  const Clip& clip = imported.clips.at(0);
  REQUIRE(clip.markers().size() == markers.size());
  for (std::size_t i = 0; i < markers.size(); ++i) {
    CHECK(clip.markers()[i].name == markers[i].name);
    CHECK(clip.markers()[i].time == Approx(markers[i].time).margin(1e-6));
  }
  CHECK(clip.sample_rate() == 24.0f);
  CHECK(clip.tracked_bones() == chain.clip.tracked_bones());
  REQUIRE(clip.frame_count() == chain.clip.frame_count());
  for (int k = 0; k < clip.frame_count(); ++k) {
    for (int b : chain.clip.tracked_bones())
      keys.Add(GetBoneTransform(clip.frame(k), b), GetBoneTransform(chain.clip.frame(k), b));
  }
  INFO("bind: translation " << bind.translation << " rotation " << bind.rotation << " scale " << bind.scale
                            << "; keys " << keys.Max());
  CHECK(bind.Max() <= kMatrixTolerance);
  CHECK(keys.Max() <= kKeyTolerance);
}

TEST_CASE("An animation's extras that are not sync markers are skipped with a warning each (I212)",
          "[import][gltf-writer]") {
  const test::TempDir dir;
  const PosedChain chain = MakePosedChain();
  GltfWriteOptions options;
  options.container = GltfContainer::GltfEmbedded;
  WriteAndImport(dir, "extras", chain.skeleton, {&chain.clip}, options, 0.0, nullptr);
  nlohmann::json doc = nlohmann::json::parse(ReadFile(dir.file("extras.gltf")));
  doc["animations"][0]["extras"] = {{"markers",
                                     {{{"name", "ok"}, {"time", 0.1}},
                                      {{"name", "late"}, {"time", 99.0}},
                                      {{"name", ""}, {"time", 0.1}},
                                      {{"time", 0.2}},
                                      "foot"}},
                                    {"author", "someone"}};
  test::WriteFileBytes(dir.file("extras.gltf"), doc.dump());
  DiagnosticSink diagnostics;
  GltfImportOptions import_options;
  const std::optional<GltfImport> imported = ImportGltf(dir.file("extras.gltf"), import_options, diagnostics);
  REQUIRE(imported.has_value());
  REQUIRE(imported->clips.size() == 1);
  CHECK(imported->clips[0].markers() == std::vector<SyncMarker>{{"ok", 0.1f}});
  const std::string text = FormatText(diagnostics);
  INFO(text);
  CHECK(text.find("sync marker skipped: extras.markers[1] lies outside the animation") != std::string::npos);
  CHECK(text.find("sync marker skipped: extras.markers[2] has an empty name") != std::string::npos);
  CHECK(text.find("extras.markers[3] is not {\"name\": string, \"time\": number}") != std::string::npos);
  CHECK(text.find("extras.markers[4] is not") != std::string::npos);
  int warnings = 0;
  for (const Diagnostic& d : diagnostics.diagnostics())
    warnings += d.code == "I212" ? 1 : 0;
  CHECK(warnings == 4);

  // A file full of them says what is wrong with the first eight, and counts the rest.
  doc["animations"][0]["extras"]["markers"] = nlohmann::json::array();
  for (int i = 0; i < 1000; ++i)
    doc["animations"][0]["extras"]["markers"].push_back(i);
  test::WriteFileBytes(dir.file("extras.gltf"), doc.dump());
  DiagnosticSink flood;
  REQUIRE(ImportGltf(dir.file("extras.gltf"), import_options, flood).has_value());
  REQUIRE(flood.diagnostics().size() == 9);
  CHECK(flood.diagnostics()[8].message.find("992 more sync markers skipped") != std::string::npos);
}

TEST_CASE("The writer refuses what glTF cannot hold, with the reason", "[import][gltf-writer]") {
  const PosedChain chain = MakePosedChain();
  const test::SampleRig litmus = test::LoadSampleRig("litmus");
  std::string error;
  GltfWriteOptions options;
  options.matrix_bones = {0};  // tracked by the clip
  CHECK_FALSE(WriteGltf(chain.skeleton, {&chain.clip}, options, error));
  CHECK(error.find("bone 'link_01' is animated by clip 'bend'") != std::string::npos);
  options.matrix_bones = {99};
  CHECK_FALSE(WriteGltf(chain.skeleton, {}, options, error));
  CHECK(error.find("matrix bone 99 does not exist") != std::string::npos);
  options.matrix_bones.clear();
  CHECK_FALSE(WriteGltf(litmus.skeleton, {&chain.clip}, options, error));
  CHECK(error == "clip 'bend' is not bound to skeleton 'litmus'");
  options.start_time = -1.0;
  CHECK_FALSE(WriteGltf(chain.skeleton, {&chain.clip}, options, error));
  CHECK(error.find("start time") != std::string::npos);
  options.start_time = 0.0;
  options.container = GltfContainer::GltfExternal;
  for (const char* uri : {"", "../keys.bin", ".hidden.bin", "a b.bin", "dir/keys.bin"}) {
    INFO(uri);
    options.buffer_uri = uri;
    CHECK_FALSE(WriteGltf(chain.skeleton, {&chain.clip}, options, error));
    CHECK(error.find("buffer's file name") != std::string::npos);
  }
  options.buffer_uri = "keys.bin";
  CHECK(WriteGltf(chain.skeleton, {&chain.clip}, options, error));
}

}  // namespace
}  // namespace anim
