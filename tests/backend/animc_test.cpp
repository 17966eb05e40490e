// The animc command line, run as a real process: exit codes (0, 1 compile errors, 2 usage and
// I/O), byte-identical output, --emit, --stats, --depfile, -W options and -q, JSON diagnostics, standard
// input and output, and that a failed run never leaves a half-written or stale output.
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/animc/depfile.h"
#include "tests/import/temp_dir.h"
#include "tests/support/whole_file.h"
#include "vm/bytecode/program_loader.h"

namespace anim {
namespace {

namespace fs = std::filesystem;

struct Run {
  int exit_code = -1;
  std::string out, err;
};

std::string ReadFile(const fs::path& path) {
  return test::ReadWholeFile(path);
}

const fs::path& Scratch() {
  static const test::TempDir dir("animc_test_");
  return dir.path();
}

// Runs animc with `args` (shell syntax) from `cwd`, capturing both streams.
Run Animc(const std::string& args, const std::string& cwd = ANIMTC_SOURCE_DIR) {
  const fs::path out = Scratch() / "stdout", err = Scratch() / "stderr";
  const std::string command = "cd '" + cwd + "' && '" + std::string(ANIMC_PATH) + "' " + args + " >'" +
                              out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(command.c_str());
  Run run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = ReadFile(out);
  run.err = ReadFile(err);
  return run;
}

std::string Out(const std::string& name) {
  return (Scratch() / name).string();
}

const std::string kWalk = "tests/backend/cli/walk.yaml";

TEST_CASE("animc compiles a graph to verified bytecode, byte-identical across runs") {
  for (const std::string& graph : {kWalk, std::string("tests/backend/cli/walk.json")}) {
    INFO(graph);
    const Run first = Animc(graph + " -o " + Out("a.animbc"));
    REQUIRE(first.exit_code == 0);
    CHECK(first.err.empty());
    CHECK(first.out.empty());
    const Run second = Animc(graph + " -o " + Out("b.animbc"));
    REQUIRE(second.exit_code == 0);
    const std::string bytes = ReadFile(Out("a.animbc"));
    CHECK(bytes == ReadFile(Out("b.animbc")));
    const std::vector<uint8_t> data(bytes.begin(), bytes.end());
    const LoadResult loaded = LoadVerifiedProgram(data);
    INFO(loaded.error);
    CHECK(loaded.ok());
  }
}

TEST_CASE("animc --emit prints IR, disassembly or JSON to stdout or to -o") {
  const Run ir = Animc(kWalk + " --emit ir");
  REQUIRE(ir.exit_code == 0);
  CHECK(ir.out.find("%0 = ") != std::string::npos);
  CHECK(ir.out.find("machine 0 'loco'") != std::string::npos);

  const Run assembly = Animc(kWalk + " --emit asm");
  REQUIRE(assembly.exit_code == 0);
  CHECK(assembly.out.find("machine_update machine 'loco'") != std::string::npos);
  CHECK(assembly.out.find("look_at") != std::string::npos);
  CHECK(assembly.out.find("; aim (line 26:") != std::string::npos);

  const Run json = Animc(kWalk + " --emit json -o " + Out("walk.json"));
  REQUIRE(json.exit_code == 0);
  CHECK(json.out.empty());
  const nlohmann::json j = nlohmann::json::parse(ReadFile(Out("walk.json")));
  CHECK(j["machines"][0]["name"] == "loco");
  CHECK(j["code"].back()["op"] == "output");
}

TEST_CASE("animc --emit dot draws the graph as written to stdout or to -o, only once it compiles") {
  const Run dot = Animc(kWalk + " --emit dot");
  INFO(dot.err);
  REQUIRE(dot.exit_code == 0);
  CHECK(dot.err.empty());
  CHECK(dot.out.rfind("digraph authored {\n  label=\"walk.yaml\";", 0) == 0);
  CHECK(dot.out.find("subgraph cluster_n2 {") != std::string::npos);
  CHECK(dot.out.find("[label=\"speed <= 0.1 &amp;&amp; time_in_state > 0.25\\ninertialize 0.3 s\"") !=
        std::string::npos);

  const Run to_file = Animc(kWalk + " --emit DOT -o " + Out("walk.dot"));
  REQUIRE(to_file.exit_code == 0);
  CHECK(to_file.out.empty());
  CHECK(ReadFile(Out("walk.dot")) == dot.out);

  const Run failing = Animc("tests/backend/cli/undefined_node.yaml --emit dot");
  CHECK(failing.exit_code == 1);
  CHECK(failing.out.empty());
  CHECK(failing.err.find("error[E003]") != std::string::npos);
}

TEST_CASE("animc --stats reports counts, on stderr when stdout carries the result") {
  const Run to_file = Animc(kWalk + " --stats -o " + Out("s.animbc"));
  REQUIRE(to_file.exit_code == 0);
  CHECK(to_file.out.find("pose registers:") != std::string::npos);
  CHECK(to_file.out.find("bytes:            " + std::to_string(fs::file_size(Out("s.animbc")))) !=
        std::string::npos);
  // The graph's clips as held, against their dense form, in total and per clip.
  CHECK(to_file.out.find("clip bytes:") != std::string::npos);
  CHECK(to_file.out.find("x smaller)") != std::string::npos);
  CHECK(to_file.out.find("compressed (dense ") != std::string::npos);
  const Run to_stdout = Animc(kWalk + " --stats --emit asm");
  REQUIRE(to_stdout.exit_code == 0);
  CHECK(to_stdout.err.find("instructions:") != std::string::npos);
  CHECK(to_stdout.out.find("instructions:") == std::string::npos);
}

TEST_CASE("animc --depfile lists the graph, the skeleton and every clip in Make syntax") {
  const Run run = Animc(kWalk + " -o " + Out("d.animbc") + " --depfile " + Out("d.d"));
  REQUIRE(run.exit_code == 0);
  const std::string depfile = ReadFile(Out("d.d"));
  REQUIRE(depfile.rfind(Out("d.animbc") + ": " + kWalk + " ", 0) == 0);
  REQUIRE(depfile.back() == '\n');
  std::istringstream words(depfile.substr(depfile.find(": ") + 2));
  std::vector<std::string> inputs;
  for (std::string w; words >> w;)
    inputs.push_back(w);
  REQUIRE(inputs.size() == 5);  // graph, skeleton, three clips
  for (const std::string& input : inputs)
    CHECK(fs::exists(fs::path(ANIMTC_SOURCE_DIR) / input));
  for (const char* name : {"skeleton.yaml", "idle.json", "walk_fwd.json", "run_fwd.json"}) {
    CHECK(depfile.find(name) != std::string::npos);
  }
  CHECK(animc::FormatDepfile("out dir/a.animbc", {"my graph#1.yaml", "cost$.json"}) ==
        "out\\ dir/a.animbc: my\\ graph\\#1.yaml cost$$.json\n");
}

TEST_CASE("animc -Werror turns a warning into exit 1 and writes nothing") {
  const std::string graph = "tests/backend/cli/unreachable_state.yaml";
  const Run lenient = Animc(graph + " -o " + Out("w.animbc"));
  CHECK(lenient.exit_code == 0);
  CHECK(lenient.err.find("warning[W001]") != std::string::npos);
  fs::remove(Out("w.animbc"));
  const Run strict = Animc(graph + " -Werror -o " + Out("w.animbc"));
  CHECK(strict.exit_code == 1);
  CHECK(strict.err.find("W001") != std::string::npos);
  CHECK_FALSE(fs::exists(Out("w.animbc")));
}

TEST_CASE("animc -Wno-CODE drops a warning, -Werror=CODE makes it an error, -q hides warnings") {
  const std::string graph = "tests/backend/cli/unreachable_state.yaml -o " + Out("w.animbc");
  const Run dropped = Animc(graph + " -Wno-W001");
  CHECK(dropped.exit_code == 0);
  CHECK(dropped.err.empty());
  const Run other = Animc(graph + " -Wno-W002");
  CHECK(other.err.find("warning[W001]") != std::string::npos);
  const Run promoted = Animc(graph + " -Werror=W001");
  CHECK(promoted.exit_code == 1);
  CHECK(promoted.err.find("error[W001]") != std::string::npos);
  const Run not_this_one = Animc(graph + " -Werror=W003");
  CHECK(not_this_one.exit_code == 0);
  const Run quiet = Animc(graph + " -q");
  CHECK(quiet.exit_code == 0);
  CHECK(quiet.err.empty());
  const Run quiet_json = Animc(graph + " -q --diagnostics-format json");
  CHECK(quiet_json.err.find("W001") == std::string::npos);
  // A code that is not a warning is a usage error, so a typo never suppresses nothing in silence.
  const Run typo = Animc(graph + " -Wno-W01");
  CHECK(typo.exit_code == 2);
  CHECK(typo.err.find("unknown warning code 'W01'") != std::string::npos);
  const Run malformed = Animc(graph + " -Wall");
  CHECK(malformed.exit_code == 2);
  CHECK(malformed.err.find("expected -Werror, -Werror=CODE or -Wno-CODE") != std::string::npos);
}

TEST_CASE("animc reports compile errors as text or JSON with exit 1, and keeps the old output") {
  const std::string graph = "tests/backend/cli/undefined_node.yaml";
  std::ofstream(Out("keep.animbc")) << "previous";
  const Run text = Animc(graph + " -o " + Out("keep.animbc"));
  CHECK(text.exit_code == 1);
  CHECK(text.err.find(graph + ":8:34: error[E003]: undefined node 'iddle'") == 0);
  CHECK(ReadFile(Out("keep.animbc")) == "previous");

  const Run json = Animc(graph + " --diagnostics-format json -o " + Out("keep.animbc"));
  CHECK(json.exit_code == 1);
  const nlohmann::json diagnostics = nlohmann::json::parse(json.err);
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0]["code"] == "E003");
  CHECK(diagnostics[0]["line"] == 8);
  CHECK(diagnostics[0]["column"] == 34);
  CHECK(ReadFile(Out("keep.animbc")) == "previous");
}

TEST_CASE("animc reads the graph from stdin and writes bytecode to stdout") {
  const Run from_file = Animc(kWalk + " -o " + Out("f.animbc"));
  REQUIRE(from_file.exit_code == 0);
  // Asset paths in a graph read from stdin resolve against the working directory.
  const Run piped = Animc("- -o - < walk.yaml", std::string(ANIMTC_SOURCE_DIR) + "/tests/backend/cli");
  REQUIRE(piped.exit_code == 0);
  CHECK(piped.out == ReadFile(Out("f.animbc")));
  const Run bad =
      Animc("- -o - < undefined_node.yaml", std::string(ANIMTC_SOURCE_DIR) + "/tests/backend/cli");
  CHECK(bad.exit_code == 1);
  CHECK(bad.out.empty());
  CHECK(bad.err.find("<stdin>:8:34: error[E003]") == 0);
}

TEST_CASE("animc without -o writes the graph's name with .animbc in the working directory") {
  const Run named = Animc(kWalk + " -o " + Out("named.animbc"));
  REQUIRE(named.exit_code == 0);
  const fs::path dir = Scratch() / "default_output";
  fs::create_directories(dir);
  const Run defaulted = Animc(std::string(ANIMTC_SOURCE_DIR) + "/" + kWalk, dir.string());
  INFO(defaulted.err);
  REQUIRE(defaulted.exit_code == 0);
  CHECK(defaulted.out.empty());
  REQUIRE(fs::exists(dir / "walk.animbc"));
  CHECK(ReadFile((dir / "walk.animbc").string()) == ReadFile(Out("named.animbc")));
}

TEST_CASE("animc usage and I/O errors exit 2 with a message on stderr") {
  struct Case {
    std::string args, message;
  };
  const Case cases[] = {
      {"tests/backend/cli/missing.yaml -o " + Out("m.animbc"),
       "cannot open 'tests/backend/cli/missing.yaml'"},
      {"tests/backend/cli -o " + Out("m.animbc"), "it is a directory"},
      {"- < " + kWalk, "no output file: the graph comes from standard input"},
      {kWalk + " --emit bogus", "--emit"},
      {kWalk + " --no-such-flag -o " + Out("m.animbc"), "no-such-flag"},
      {kWalk + " -Wall -o " + Out("m.animbc"), "-W"},
      {kWalk + " --depfile " + Out("m.d") + " --emit asm", "--depfile needs an output file"},
      {kWalk + " -o " + Out("no_dir/m.animbc"), "cannot write"},
      {"", "missing GRAPH, which is required"},
  };
  for (const Case& c : cases) {
    INFO(c.args);
    const Run run = Animc(c.args);
    CHECK(run.exit_code == 2);
    CHECK(run.err.find(c.message) != std::string::npos);
    CHECK(run.out.empty());
  }
  // A failed write leaves no temporary behind.
  for (const auto& entry : fs::directory_iterator(Scratch())) {
    CHECK(entry.path().filename().string().find(".tmp.") == std::string::npos);
  }
  CHECK(Animc("--help").exit_code == 0);
}

}  // namespace
}  // namespace anim
