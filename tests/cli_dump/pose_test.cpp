// `anim-dump pose` as users run it (issue 15): the litmus chain is straight in every frame, the
// local pose is the one `run --final pose` prints, each model matrix is the product of the locals
// down its chain, the text shows the JSON's values (and XYZ Euler angles), --frames gives an array,
// bad ranges are one error line, and a long range streams. The schema test is in outputs_test.cpp,
// the golden text in golden_test.cpp.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "tests/cli_dump/dump_process.h"

namespace anim::test {
namespace {

using Json = nlohmann::json;
using Matrix = std::array<std::array<double, 4>, 4>;  // [column][row], as the JSON's columns

Json Parse(const ProcessRun& run) {
  INFO("stderr: " << run.err);
  REQUIRE(run.exit_code == 0);
  REQUIRE(run.err.empty());
  return Json::parse(run.out);
}

double Number(const Json& value) {
  REQUIRE(value.is_number());
  return value.get<double>();
}

Matrix Columns(const Json& columns) {
  Matrix m{};
  for (std::size_t c = 0; c < 4; ++c) {
    for (std::size_t r = 0; r < 4; ++r)
      m[c][r] = Number(columns[c][r]);
  }
  return m;
}

// The bone's local matrix, translation * rotation * scale, in double from the printed floats.
Matrix Local(const Json& bone) {
  const auto& t = bone["translation"];
  const auto& q = bone["rotation"];
  const auto& s = bone["scale"];
  const double x = Number(q[0]), y = Number(q[1]), z = Number(q[2]), w = Number(q[3]);
  const double sx = Number(s[0]), sy = Number(s[1]), sz = Number(s[2]);
  Matrix m{};
  m[0] = {(1 - 2 * (y * y + z * z)) * sx, 2 * (x * y + w * z) * sx, 2 * (x * z - w * y) * sx, 0};
  m[1] = {2 * (x * y - w * z) * sy, (1 - 2 * (x * x + z * z)) * sy, 2 * (y * z + w * x) * sy, 0};
  m[2] = {2 * (x * z + w * y) * sz, 2 * (y * z - w * x) * sz, (1 - 2 * (x * x + y * y)) * sz, 0};
  m[3] = {Number(t[0]), Number(t[1]), Number(t[2]), 1};
  return m;
}

Matrix Multiply(const Matrix& a, const Matrix& b) {
  Matrix m{};
  for (std::size_t c = 0; c < 4; ++c) {
    for (std::size_t r = 0; r < 4; ++r) {
      for (std::size_t k = 0; k < 4; ++k)
        m[c][r] += a[k][r] * b[c][k];
    }
  }
  return m;
}

// The peak resident memory of `command`'s processes, in KiB (-1 when it failed): run from a child
// of its own, whose children are only the command's.
long PeakKiBOf(const std::string& command) {
  int fds[2];
  if (::pipe(fds) != 0) return -1;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    const int status = std::system(command.c_str());
    rusage usage{};
    long peak = -1;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && ::getrusage(RUSAGE_CHILDREN, &usage) == 0)
      peak = usage.ru_maxrss;
    const ssize_t written = ::write(fds[1], &peak, sizeof peak);
    ::_exit(written == sizeof peak ? 0 : 1);
  }
  ::close(fds[1]);
  long peak = -1;
  if (pid < 0 || ::read(fds[0], &peak, sizeof peak) != sizeof peak) peak = -1;
  ::close(fds[0]);
  if (pid > 0) ::waitpid(pid, nullptr, 0);
  return peak;
}

}  // namespace

TEST_CASE("pose: the litmus chain is straight in every frame, model positions on one line",
          "[cli_dump][pose]") {
  // The whole scenario: the clip, the masked blend, both transitions and the LOD cut.
  const Json frames = Parse(Dump("pose " + SampleArgs("litmus") + " --frames 0:299 --format json"));
  REQUIRE(frames.is_array());
  REQUIRE(frames.size() == 300);
  for (const Json& frame : frames) {
    INFO("frame " << frame["frame"]);
    CHECK(frame["kind"] == "pose");
    const Json& bones = frame["bones"];
    REQUIRE(bones.size() == 12);
    CHECK(bones[0]["name"] == "link_01");
    CHECK(bones[0]["parent"].is_null());
    CHECK(bones[11]["parent"] == "link_11");
    CHECK(bones[11]["parent_index"] == 10);
    // Every bone's model position is the chain's start plus a multiple of one direction.
    const auto position = [&](std::size_t b) {
      const Json& p = bones[b]["model_columns"][3];
      return std::array<double, 3>{Number(p[0]), Number(p[1]), Number(p[2])};
    };
    const std::array<double, 3> start = position(0), end = position(11);
    const std::array<double, 3> along{end[0] - start[0], end[1] - start[1], end[2] - start[2]};
    const double length = std::sqrt(along[0] * along[0] + along[1] * along[1] + along[2] * along[2]);
    CHECK(length == Approx(1.1).margin(1e-5));  // eleven links of 0.1
    for (std::size_t b = 1; b < 12; ++b) {
      INFO("bone " << bones[b]["name"]);
      const std::array<double, 3> p = position(b);
      const std::array<double, 3> d{p[0] - start[0], p[1] - start[1], p[2] - start[2]};
      const std::array<double, 3> cross{d[1] * along[2] - d[2] * along[1], d[2] * along[0] - d[0] * along[2],
                                        d[0] * along[1] - d[1] * along[0]};
      CHECK(std::hypot(cross[0], cross[1], cross[2]) / length == Approx(0.0).margin(1e-5));
      CHECK(std::hypot(d[0], d[1], d[2]) == Approx(0.1 * static_cast<double>(b)).margin(1e-5));
    }
  }
  // Text: the same chain, positions 0.1 apart on y.
  const ProcessRun text = Dump("pose " + SampleArgs("litmus") + " --frame 45");
  REQUIRE(text.exit_code == 0);
  CHECK(text.out.rfind("frame 45 (t=1.5s)  states: clip\n12 bones: ", 0) == 0);
  CHECK(text.out.find("link_12  link_11  0.0000 0.1000 0.0000") != std::string::npos);
  CHECK(text.out.find("1.0000 1.0000 1.0000  0.0000 1.2000 0.0000\n") != std::string::npos);
}

TEST_CASE("pose: the local pose is the one run --final pose prints, the skinning run --final skinning",
          "[cli_dump][pose]") {
  for (const char* sample : {"worked_example", "locomotion", "litmus"}) {
    INFO("sample " << sample);
    const Json pose = Parse(Dump("pose " + SampleArgs(sample) + " --format json"));  // the last frame
    const Json run = Parse(Dump("run " + SampleArgs(sample) + " --format json --final pose"));
    const Json skinning = Parse(Dump("run " + SampleArgs(sample) + " --format json --final skinning"));
    CHECK(pose["frame"] == run["frames"].back()["frame"]);
    CHECK(pose["machines"] == run["frames"].back()["machines"]);
    const Json& bones = pose["bones"];
    REQUIRE(bones.size() == run["final_pose"].size());
    REQUIRE(bones.size() == skinning["final_skinning"].size());
    CHECK(pose["bone_count"] == bones.size());
    for (std::size_t b = 0; b < bones.size(); ++b) {
      const Json& mine = bones[b];
      const Json& theirs = run["final_pose"][b];
      INFO("bone " << mine["name"]);
      CHECK(mine["index"] == b);
      CHECK(mine["name"] == theirs["bone"]);
      // run rounds to 6 significant digits, pose prints every digit of the float.
      for (const char* channel : {"translation", "rotation", "scale"}) {
        INFO(channel);
        REQUIRE(mine[channel].size() == theirs[channel].size());
        for (std::size_t i = 0; i < mine[channel].size(); ++i)
          CHECK(Number(mine[channel][i]) == Approx(Number(theirs[channel][i])).epsilon(1e-5).margin(1e-9));
      }
      const Matrix m = Columns(mine["skinning_columns"]);
      const Matrix r = Columns(skinning["final_skinning"][b]["columns"]);
      for (std::size_t c = 0; c < 4; ++c) {
        for (std::size_t k = 0; k < 4; ++k)
          CHECK(m[c][k] == Approx(r[c][k]).epsilon(1e-5).margin(1e-9));
      }
    }
  }
}

TEST_CASE("pose: each model matrix is the product of the local matrices down its chain", "[cli_dump][pose]") {
  const Json frame = Parse(Dump("pose " + SampleArgs("worked_example") + " --frame 130 --format json"));
  const Json& bones = frame["bones"];
  REQUIRE(bones.size() == 71);
  std::vector<Matrix> model(bones.size());
  for (std::size_t b = 0; b < bones.size(); ++b) {
    const Json& parent = bones[b]["parent_index"];
    REQUIRE((parent.is_null() || parent.get<std::size_t>() < b));  // parents first
    model[b] =
        parent.is_null() ? Local(bones[b]) : Multiply(model[parent.get<std::size_t>()], Local(bones[b]));
  }
  // A few bones by name, down to the fingers. The printed values are the executor's floats, so the
  // product of the printed locals agrees with the printed model matrices to the executor's own
  // float rounding (2e-7 here); from locals rounded to 6 significant digits, as the other dumps
  // print, it would be 1.2e-6 (foot_r) to 2.5e-6 (index_03_l) off.
  std::size_t checked = 0;
  for (std::size_t b = 0; b < bones.size(); ++b) {
    const std::string name = bones[b]["name"];
    if (name != "pelvis" && name != "head" && name != "hand_l" && name != "foot_r" && name != "index_03_l" &&
        name != "toe_l")
      continue;
    INFO("bone " << name);
    ++checked;
    const Matrix printed = Columns(bones[b]["model_columns"]);
    for (std::size_t c = 0; c < 4; ++c) {
      for (std::size_t r = 0; r < 4; ++r)
        CHECK(model[b][c][r] == Approx(printed[c][r]).margin(1e-6));
    }
  }
  CHECK(checked == 6);
  // A root's model matrix is its local one.
  const Matrix root = Columns(bones[0]["model_columns"]);
  const Matrix root_local = Local(bones[0]);
  for (std::size_t c = 0; c < 4; ++c) {
    for (std::size_t r = 0; r < 4; ++r)
      CHECK(root[c][r] == Approx(root_local[c][r]).margin(1e-7));
  }
}

TEST_CASE("pose text: each bone's row shows its JSON values, rotations also as XYZ Euler angles",
          "[cli_dump][pose]") {
  const std::string args = "pose " + SampleArgs("worked_example") + " --frame 130";
  const Json frame = Parse(Dump(args + " --format json"));
  const ProcessRun text = Dump(args);
  REQUIRE(text.exit_code == 0);
  std::map<std::string, std::vector<std::string>> rows;  // by bone: parent, then the numbers
  std::istringstream lines(text.out);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string name;
    words >> name;
    for (std::string word; words >> word;)
      rows[name].push_back(word);
  }
  for (const char* name : {"pelvis", "upperarm_l", "lowerarm_l", "upperarm_r", "lowerarm_r", "foot_r"}) {
    INFO("bone " << name);
    const Json* bone = nullptr;
    for (const Json& b : frame["bones"]) {
      if (b["name"] == name) bone = &b;
    }
    REQUIRE(bone != nullptr);
    const std::vector<std::string>& row = rows[name];
    REQUIRE(row.size() == 1 + 3 + 4 + 3 + 3 + 3);
    CHECK(row[0] == (*bone)["parent"].get<std::string>());
    const auto cell = [&](std::size_t i) { return std::stod(row[i]); };
    for (std::size_t i = 0; i < 3; ++i) {
      CHECK(cell(1 + i) == Approx(Number((*bone)["translation"][i])).margin(5e-5));
      CHECK(cell(14 + i) == Approx(Number((*bone)["model_columns"][3][i])).margin(5e-5));
    }
    for (std::size_t i = 0; i < 4; ++i)
      CHECK(cell(4 + i) == Approx(Number((*bone)["rotation"][i])).margin(5e-5));
    // Euler angles from the rotation matrix R = Rz * Ry * Rx: R[2][0] = -sin y,
    // R[2][1] / R[2][2] = tan x, R[1][0] / R[0][0] = tan z (R[row][column]).
    const Matrix r = Local(*bone);
    constexpr double kDegrees = 180.0 / 3.14159265358979323846;
    CHECK(cell(8) == Approx(std::atan2(r[1][2], r[2][2]) * kDegrees).margin(0.006));
    CHECK(cell(9) == Approx(std::asin(-r[0][2]) * kDegrees).margin(0.006));
    CHECK(cell(10) == Approx(std::atan2(r[0][1], r[0][0]) * kDegrees).margin(0.006));
  }
}

TEST_CASE("pose: --frames gives an array, --frame and the default one object", "[cli_dump][pose]") {
  const Json many = Parse(Dump("pose " + SampleArgs("worked_example") + " --frames 128:130 --format json"));
  REQUIRE(many.is_array());
  REQUIRE(many.size() == 3);
  for (std::size_t i = 0; i < 3; ++i)
    CHECK(many[i]["frame"] == 128 + i);
  const Json one = Parse(Dump("pose " + SampleArgs("worked_example") + " --frames 130:130 --format json"));
  REQUIRE(one.is_array());
  REQUIRE(one.size() == 1);
  const Json frame = Parse(Dump("pose " + SampleArgs("worked_example") + " --frame 130 --format json"));
  REQUIRE(frame.is_object());
  CHECK(frame == one[0]);
  CHECK(frame == many[2]);
  const Json last = Parse(Dump("pose " + SampleArgs("worked_example") + " --format json"));
  CHECK(last["frame"] == 419);
  // Text: a block per frame, a blank line between.
  const ProcessRun text = Dump("pose " + SampleArgs("litmus") + " --frames 10:12");
  REQUIRE(text.exit_code == 0);
  CHECK(text.out.find("\n\nframe 11 (t=") != std::string::npos);
  CHECK(text.out.find("\n\nframe 12 (t=") != std::string::npos);
  // Standard input and -o give the same.
  const std::string samples = std::string(ANIMTC_SOURCE_DIR) + "/samples";
  CHECK(Parse(Dump(
            "pose - --scenario worked_example.scenario.yaml --frame 130 --format json < worked_example.yaml",
            samples)) == frame);
  const std::filesystem::path file = Scratch() / "pose.json";
  REQUIRE(
      Dump("pose " + SampleArgs("worked_example") + " --frame 130 --format json -o '" + file.string() + "'")
          .exit_code == 0);
  CHECK(Json::parse(ReadFile(file)) == frame);
}

TEST_CASE("pose: a bad frame range or format is one error line, exit 2", "[cli_dump][pose][bad]") {
  const std::string args = "pose " + SampleArgs("litmus");
  RequireOneErrorLine(Dump(args + " --frames 5:2"), "--frames '5:2' is empty: A must not be after B");
  RequireOneErrorLine(Dump(args + " --frames 0:300"),
                      "frame 300 is out of range: the scenario has 300 frames (0-299)");
  RequireOneErrorLine(Dump(args + " --frame 300 --format json"), "frame 300 is out of range");
  RequireOneErrorLine(Dump(args + " --frames 7"), "--frames '7' is not a range A:B");
  RequireOneErrorLine(Dump(args + " --frames a:b"), "--frames 'a' is not a frame number");
  RequireOneErrorLine(Dump(args + " --frames -1:4"), "--frames '-1' is not a frame number");
  RequireOneErrorLine(Dump(args + " --frame x"), "--frame 'x' is not a frame number");
  RequireOneErrorLine(Dump(args + " --frame 1 --frames 1:2"), "--frames");
  RequireOneErrorLine(Dump(args + " --format dot"), "--format");
}

TEST_CASE("pose and tasks: a long range streams, one frame at a time", "[cli_dump][pose][stream]") {
  // 20,000 frames of the litmus chain's pose are about 140 MB of JSON, 100,000 frames of its task
  // lists about 220 MB; written as they are played, the process never holds more than a frame and a
  // 1 MiB chunk of them.
  struct Run {
    const char* command;
    int frames;
  };
  for (const Run run : {Run{"pose", 20'000}, Run{"tasks", 100'000}}) {
    INFO(run.command);
    const std::filesystem::path scenario = Scratch() / (std::string(run.command) + ".scenario.yaml");
    WriteFile(scenario, "format: animtc.scenario\nversion: 1\nframes: " + std::to_string(run.frames) +
                            "\ndelta_time: 0.0333\n");
    const std::string args = std::string(run.command) + " samples/litmus.yaml --scenario '" +
                             scenario.string() + "' --format json";
    const ProcessRun hundred = Dump(args + " --frames 0:99");
    REQUIRE(hundred.exit_code == 0);
    CHECK(hundred.out.size() * static_cast<std::size_t>(run.frames / 100) > 128u * 1024 * 1024);
    const long peak_kib =
        PeakKiBOf("cd '" + std::string(ANIMTC_SOURCE_DIR) + "' && '" + ANIM_DUMP_PATH + "' " + args +
                  " --frames 0:" + std::to_string(run.frames - 1) + " -o /dev/null");
    CHECK(peak_kib > 0);
#if !ANIMTC_SANITIZE
    // Under AddressSanitizer freed memory waits in a 256 MiB quarantine and every allocation carries
    // redzones, so the process's peak says nothing about streaming there; the release suite checks it.
    CHECK(peak_kib < 64 * 1024);
#endif
  }
}

}  // namespace anim::test
