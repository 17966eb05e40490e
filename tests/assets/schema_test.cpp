// The JSON Schemas in schemas/ and the loaders agree: the same fields, the same required ones.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "compiler/assets/asset_loader.h"

namespace anim {
namespace {

using nlohmann::json;

json ReadJson(const std::string& relative) {
  std::ifstream in(std::string(ANIMTC_SOURCE_DIR) + "/" + relative);
  REQUIRE(in.good());
  return json::parse(in);
}

Skeleton Rig() {
  DiagnosticSink sink;
  std::optional<Skeleton> skeleton =
      LoadSkeletonFile(std::string(ANIMTC_SOURCE_DIR) + "/tests/assets/good/rig.skeleton.json", sink);
  REQUIRE(skeleton.has_value());
  return std::move(*skeleton);
}

// Loads `document` as a skeleton, or as a clip when `rig` is given, and returns the diagnostics.
std::string Diagnose(const json& document, const Skeleton* rig) {
  DiagnosticSink sink;
  if (rig) {
    CHECK_FALSE(ParseClip(document.dump(), "doc.json", *rig, sink).has_value());
  } else {
    CHECK_FALSE(ParseSkeleton(document.dump(), "doc.json", sink).has_value());
  }
  return FormatText(sink);
}

std::set<std::string> Keys(const json& properties) {
  std::set<std::string> keys;
  for (const auto& [key, value] : properties.items())
    keys.insert(key);
  return keys;
}

// The fields the loader knows, read back from its E103 "expected one of:" list.
std::set<std::string> LoaderFields(const std::string& diagnostics) {
  const std::string marker = "expected one of:";
  const std::size_t at = diagnostics.find(marker);
  REQUIRE(at != std::string::npos);
  std::set<std::string> fields;
  std::string word;
  for (std::size_t i = at + marker.size(); i < diagnostics.size() && diagnostics[i] != '\n'; ++i) {
    if (diagnostics[i] == ' ') {
      if (!word.empty()) fields.insert(word);
      word.clear();
    } else {
      word += diagnostics[i];
    }
  }
  if (!word.empty()) fields.insert(word);
  return fields;
}

// `mapping_of(document)` is the mapping under test inside `document` (the top level, a bone, a track).
template <typename Select>
void CheckAgreement(const json& good, const json& schema, Select mapping_of, const Skeleton* rig) {
  json with_unknown = good;
  mapping_of(with_unknown)["qqqqqqqqqq"] = 1;
  CHECK(LoaderFields(Diagnose(with_unknown, rig)) == Keys(schema.at("properties")));
  for (const auto& required : schema.at("required")) {
    const std::string key = required.get<std::string>();
    CAPTURE(key);
    json without = good;
    mapping_of(without).erase(key);
    CHECK(Diagnose(without, rig).find("error[E101]: missing required field '" + key + "'") !=
          std::string::npos);
  }
}

TEST_CASE("The skeleton schema lists the loader's fields and required fields") {
  const json schema = ReadJson("schemas/skeleton.schema.json");
  const json good = ReadJson("tests/assets/good/rig.skeleton.json");
  CHECK(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema");
  CheckAgreement(
      good, schema, [](json& d) -> json& { return d; }, nullptr);
  CheckAgreement(
      good, schema.at("$defs").at("bone"), [](json& d) -> json& { return d["bones"][0]; }, nullptr);
}

TEST_CASE("The clip schema lists the loader's fields and required fields") {
  const Skeleton rig = Rig();
  const json schema = ReadJson("schemas/clip.schema.json");
  const json good = ReadJson("tests/assets/good/walk.clip.json");
  CheckAgreement(
      good, schema, [](json& d) -> json& { return d; }, &rig);
  CheckAgreement(
      good, schema.at("$defs").at("track"), [](json& d) -> json& { return d["tracks"][0]; }, &rig);
  CheckAgreement(
      good, schema.at("$defs").at("curve"), [](json& d) -> json& { return d["curves"][0]; }, &rig);
}

TEST_CASE("Every schema field carries a description for editors") {
  const std::pair<const char*, const char*> documents[] = {{"schemas/skeleton.schema.json", "bone"},
                                                           {"schemas/clip.schema.json", "track"},
                                                           {"schemas/clip.schema.json", "curve"}};
  for (const auto& [path, element] : documents) {
    const json schema = ReadJson(path);
    CHECK(schema.contains("description"));
    for (const json* object : {&schema, &schema.at("$defs").at(element)}) {
      REQUIRE_FALSE(object->at("properties").empty());
      for (const auto& [key, field] : object->at("properties").items()) {
        CAPTURE(path, key);
        CHECK(field.contains("description"));
      }
    }
  }
}

}  // namespace
}  // namespace anim
