// schemas/graph.schema.json and the reader agree: one schema variant per node kind with the
// reader's fields and required fields, and the same options for enumerated fields.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "compiler/graph/node_kinds.h"

namespace anim::graph {
namespace {

using nlohmann::json;

json Schema() {
  std::ifstream in(std::string(ANIMTC_SOURCE_DIR) + "/schemas/graph.schema.json");
  REQUIRE(in.good());
  return json::parse(in);
}

std::set<std::string> Keys(const json& object) {
  std::set<std::string> keys;
  for (const auto& [key, value] : object.items())
    keys.insert(key);
  return keys;
}

TEST_CASE("The graph schema has one node variant per node kind, with the reader's fields") {
  const json schema = Schema();
  const json& variants = schema["$defs"]["node"]["oneOf"];
  REQUIRE(variants.size() == NodeKinds().size());
  for (const NodeKindSpec& kind : NodeKinds()) {
    DYNAMIC_SECTION(kind.name) {
      const json* variant = nullptr;
      for (const json& v : variants)
        if (v["properties"]["kind"]["const"] == std::string(kind.name)) variant = &v;
      REQUIRE(variant != nullptr);
      CHECK_FALSE((*variant)["description"].get<std::string>().empty());
      CHECK((*variant)["additionalProperties"] == false);
      std::set<std::string> fields{"kind"}, required{"kind"};
      for (const FieldSpec& field : kind.fields) {
        fields.insert(std::string(field.name));
        if (field.required) required.insert(std::string(field.name));
        const json& property = (*variant)["properties"][std::string(field.name)];
        CHECK(property.contains("description"));
        if (field.type == FieldType::Enum) {
          std::set<std::string> options(field.options.begin(), field.options.end());
          CHECK(property["enum"].get<std::set<std::string>>() == options);
        }
      }
      CHECK(Keys((*variant)["properties"]) == fields);
      CHECK((*variant)["required"].get<std::set<std::string>>() == required);
    }
  }
}

TEST_CASE("The graph schema's top level lists the document's fields") {
  const json schema = Schema();
  CHECK(Keys(schema["properties"]) == std::set<std::string>{"format", "version", "asset_paths", "skeleton",
                                                            "clip_encoding", "clip_precision", "clips",
                                                            "parameters", "masks", "nodes", "output",
                                                            "root_motion", "events", "event_threshold"});
  CHECK(schema["required"].get<std::set<std::string>>() ==
        std::set<std::string>{"format", "version", "skeleton", "nodes", "output"});
  CHECK(Keys(schema["$defs"]["transition"]["properties"]) ==
        std::set<std::string>{"from", "to", "condition", "duration", "blend", "half_life", "can_interrupt",
                              "curve", "event"});
  CHECK(Keys(schema["$defs"]["mask"]["properties"]) == std::set<std::string>{"bones", "subtree", "curves"});
}

}  // namespace
}  // namespace anim::graph
