// `anim-dump pose --format svg` (issue 19): the picture parses as XML, holds a panel per frame and
// every bone in each of its three views, its joints are the model positions `pose --format json`
// prints, left and right bones are told apart by colour, IK targets and the foot IK's ground are
// marked, and a range longer than a picture holds is one error line.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli_dump/dump_process.h"

namespace anim::test {
namespace {

using Json = nlohmann::json;

std::size_t Count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size()))
    ++n;
  return n;
}

std::string Svg(const std::string& args) {
  const ProcessRun run = Dump("pose " + args + " --format svg");
  INFO("stderr: " << run.err);
  REQUIRE(run.exit_code == 0);
  REQUIRE(run.err.empty());
  REQUIRE(OnPath("xmllint"));  // tools/install-deps installs it (libxml2-utils)
  WriteFile(Scratch() / "pose.svg", run.out);
  const ProcessRun lint = Shell("xmllint --noout '" + (Scratch() / "pose.svg").string() + "'");
  INFO("xmllint: " << lint.err);
  REQUIRE(lint.exit_code == 0);
  return run.out;
}

// The joints of each panel in order: data-frame, then each data-bone's data-model.
struct Panel {
  int frame = -1;
  std::vector<std::string> models;  // "x y z", by bone
};

// The text of attribute `name` in the element around `at`, from `at` on.
std::string Attribute(const std::string& svg, std::size_t at, const std::string& name) {
  const std::size_t start = svg.find(name + "=\"", at);
  REQUIRE(start != std::string::npos);
  const std::size_t first = start + name.size() + 2;
  return svg.substr(first, svg.find('"', first) - first);
}

// Panels in order, each with its joints' positions by bone (std::regex is avoided: GCC 12 warns
// inside it under the sanitizers).
std::vector<Panel> Panels(const std::string& svg) {
  std::vector<Panel> panels;
  for (std::size_t at = svg.find("data-"); at != std::string::npos; at = svg.find("data-", at + 1)) {
    if (svg.compare(at, 11, "data-frame=") == 0) {
      panels.push_back({std::stoi(Attribute(svg, at, "data-frame")), {}});
    } else if (svg.compare(at, 10, "data-bone=") == 0) {
      REQUIRE(!panels.empty());
      CHECK(std::stoul(Attribute(svg, at, "data-bone")) == panels.back().models.size());
      panels.back().models.push_back(Attribute(svg, at, "data-model"));
    }
  }
  return panels;
}

// Whether "x y z" holds the model-space position the JSON gives the bone, float for float.
bool SamePosition(const std::string& xyz, const Json& bone) {
  const Json& t = bone["model_columns"][3];
  std::istringstream in(xyz);
  for (int axis = 0; axis < 3; ++axis) {
    std::string word;
    if (!(in >> word) || std::stof(word) != t[axis].get<float>()) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("pose svg: a panel per frame, every bone in three views, joints where pose json puts them",
          "[cli_dump][pose][svg]") {
  const std::string args = SampleArgs("worked_example") + " --frames 128:130";
  const std::string svg = Svg(args);
  const ProcessRun json_run = Dump("pose " + args + " --format json");
  REQUIRE(json_run.exit_code == 0);
  const Json frames = Json::parse(json_run.out);
  REQUIRE(frames.size() == 3);

  const std::vector<Panel> panels = Panels(svg);
  REQUIRE(panels.size() == 3);
  std::size_t with_parent = 0;
  for (const Json& bone : frames[0]["bones"])
    with_parent += bone["parent_index"].is_null() ? 0 : 1;
  CHECK(Count(svg, "class=\"bone\"") == 3 * 3 * with_parent);
  CHECK(Count(svg, "class=\"joint\"") == 3 * 3 * frames[0]["bones"].size());
  for (std::size_t f = 0; f < 3; ++f) {
    INFO("frame " << frames[f]["frame"]);
    CHECK(panels[f].frame == frames[f]["frame"].get<int>());
    const Json& bones = frames[f]["bones"];
    REQUIRE(panels[f].models.size() == bones.size());
    for (std::size_t b = 0; b < bones.size(); ++b) {
      INFO("bone " << bones[b]["name"]);
      INFO(panels[f].models[b]);
      CHECK(SamePosition(panels[f].models[b], bones[b]));
    }
  }
  // Left bones blue, right bones red, the spine grey; a name shows on hover.
  CHECK(svg.find("stroke=\"#2b6cc4\" stroke-width=\"2\"><title>thigh_l</title>") != std::string::npos);
  CHECK(svg.find("stroke=\"#c43b2b\" stroke-width=\"2\"><title>thigh_r</title>") != std::string::npos);
  CHECK(svg.find("stroke=\"#666666\" stroke-width=\"2\"><title>spine_01</title>") != std::string::npos);
  // The ground in the front and side views of each panel; the foot IK's ground under its foot.
  CHECK(Count(svg, "class=\"ground\"") == 3 * 2);
  CHECK(Count(svg, "class=\"ik-ground\"") == 3 * 2);
}

TEST_CASE("pose svg: the locomotion sample's look-at target is marked in every view",
          "[cli_dump][pose][svg]") {
  const std::string svg = Svg(SampleArgs("locomotion") + " --frame 40");
  CHECK(Count(svg, "class=\"ik-target\"") >= 3);
  CHECK(svg.find("<title>looking</title></path>") != std::string::npos);
}

TEST_CASE("pose svg: a range longer than a picture holds is one error line, exit 2",
          "[cli_dump][pose][svg][bad]") {
  const ProcessRun run = Dump("pose " + SampleArgs("worked_example") + " --frames 0:48 --format svg");
  INFO("stderr: " << run.err);
  CHECK(run.exit_code == 2);
  CHECK(run.out.empty());
  CHECK(run.err ==
        "anim-dump: error: a pose picture holds at most 48 frames; 49 asked for (choose fewer with --frames "
        "A:B)\n");
}

}  // namespace anim::test
