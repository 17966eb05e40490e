// Reproducible, relocatable animc output (issue 14, docs/pipeline.md "What is deterministic"): the
// same graph compiled from another working directory, through absolute or relative paths, with
// its assets beside it or found through -I folders in either order, from a copy of the sources at
// another path, in another environment (locale, time zone, user, later time) or on another host
// gives the same bytes, and the bytes hold no path, host name, user name or time. So remote build
// caches and distributed builds can share compiled graphs. Runs the real animc. A glTF graph:
// reproducible_gltf_test.cpp.
#include <pwd.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tests/pipeline/animc_process.h"

namespace anim {
namespace {

namespace fs = std::filesystem;
using pipeline_test::Bytes;
using pipeline_test::Quote;
using pipeline_test::ReadFile;
using pipeline_test::Scratch;
using pipeline_test::WriteFile;

const fs::path kSource = ANIMTC_SOURCE_DIR;

// The sample graphs, each with the folder of its assets beside it.
struct Sample {
  std::string graph;   // under samples/
  std::string assets;  // folder under samples/
};
const Sample kSamples[] = {
    {"worked_example.yaml", "humanoid"}, {"locomotion.yaml", "humanoid"}, {"litmus.yaml", "litmus"}};

TEST_CASE("animc gives the same bytes from any working directory, by absolute and relative paths") {
  const fs::path samples = kSource / "samples";
  const fs::path deep = Scratch() / "a" / "b" / "c";
  fs::create_directories(deep);
  for (const Sample& s : kSamples) {
    INFO(s.graph);
    const std::string reference = Bytes("samples/" + s.graph, kSource);
    CHECK(Bytes(s.graph, samples) == reference);
    CHECK(Bytes("./" + s.graph, samples) == reference);
    CHECK(Bytes(Quote((samples / s.graph).string()), "/") == reference);
    CHECK(Bytes(Quote((samples / s.graph).string()), deep) == reference);
    CHECK(Bytes(Quote(fs::relative(samples / s.graph, deep).string()), deep) == reference);
    CHECK(Bytes("samples/../samples/" + s.graph, kSource) == reference);
    // From standard input, assets resolve against the working directory.
    CHECK(Bytes("- < " + s.graph, samples) == reference);
    // The other outputs too.
    for (const std::string emit : {"asm", "json", "ir"}) {
      INFO("--emit " << emit);
      CHECK(Bytes(Quote((samples / s.graph).string()) + " --emit " + emit, deep) ==
            Bytes("samples/" + s.graph + " --emit " + emit, kSource));
    }
  }
}

// A copy of one sample at `root`: the graph, and its assets beside it or apart (the skeleton in
// one folder, the clips in another, found through -I).
fs::path CopySample(const Sample& s, const fs::path& root, bool assets_apart) {
  fs::create_directories(root);
  const fs::path graph = root / "graphs" / s.graph;
  WriteFile(graph, ReadFile(kSource / "samples" / s.graph));
  const fs::path from = kSource / "samples" / s.assets;
  for (const fs::directory_entry& e : fs::directory_iterator(from)) {
    const bool skeleton = e.path().filename() == "skeleton.yaml";
    const fs::path to = !assets_apart ? root / "graphs" / s.assets
                        : skeleton    ? root / "skeletons" / s.assets
                                      : root / "clips" / s.assets;
    fs::create_directories(to);
    fs::copy_file(e.path(), to / e.path().filename(), fs::copy_options::overwrite_existing);
  }
  return graph;
}

TEST_CASE("animc gives the same bytes from a copy of the sources at another path") {
  for (const Sample& s : kSamples) {
    INFO(s.graph);
    const std::string reference = Bytes("samples/" + s.graph, kSource);
    const fs::path copy = Scratch() / "another" / "checkout" / "of the repository";
    const fs::path graph = CopySample(s, copy, false);
    CHECK(Bytes(Quote(graph.string()), "/") == reference);
    CHECK(Bytes(s.graph, graph.parent_path()) == reference);
    fs::remove_all(copy);
  }
}

TEST_CASE("animc gives the same bytes with assets found through -I folders in either order") {
  for (const Sample& s : kSamples) {
    INFO(s.graph);
    const std::string reference = Bytes("samples/" + s.graph, kSource);
    const fs::path root = Scratch() / "apart";
    const fs::path graph = CopySample(s, root, true);
    // Each asset is in exactly one folder, so either order finds the same files.
    CHECK(Bytes("graphs/" + s.graph + " -I skeletons -I clips", root) == reference);
    CHECK(Bytes("graphs/" + s.graph + " -I clips -I skeletons", root) == reference);
    CHECK(Bytes(Quote(graph.string()) + " -I " + Quote((root / "clips").string()) + " -I " +
                    Quote((root / "skeletons").string()),
                "/") == reference);
    CHECK(Bytes(s.graph + " --asset-path ../skeletons --asset-path ../clips", root / "graphs") == reference);
    fs::remove_all(root);
  }
}

std::string HostName() {
  char name[256] = {};
  ::gethostname(name, sizeof name - 1);
  return name;
}

std::string UserName() {
  const passwd* pw = ::getpwuid(::getuid());
  return pw != nullptr && pw->pw_name != nullptr ? pw->pw_name : "";
}

TEST_CASE("animc output holds no path, host name, user name or time") {
  const std::chrono::year_month_day today(
      std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now()));
  const std::string year = std::to_string(static_cast<int>(today.year()));
  const std::vector<std::string> forbidden = {kSource.string(),
                                              kSource.filename().string() + "/",
                                              Scratch().string(),
                                              fs::current_path().string(),
                                              "samples/",
                                              "humanoid/",
                                              "skeleton.yaml",
                                              ".json",
                                              ".yaml",
                                              "/tmp",
                                              "/home",
                                              HostName(),
                                              UserName(),
                                              year};
  for (const Sample& s : kSamples) {
    INFO(s.graph);
    for (const std::string& bytes : {Bytes("samples/" + s.graph, kSource),
                                     Bytes(Quote((kSource / "samples" / s.graph).string()), "/")}) {
      for (const std::string& word : forbidden) {
        // Too short to mean anything in binary data (a user "ci"); "root" is also a bone's name.
        if (word.size() < 4 || word == "root") continue;
        INFO("looking for '" << word << "'");
        CHECK(bytes.find(word) == std::string::npos);
      }
    }
  }
}

TEST_CASE("animc gives the same bytes in another environment and at another time") {
  const std::string reference = Bytes("samples/worked_example.yaml", kSource);
  // Another locale, time zone, user, home and a source date: none of it reaches the program.
  CHECK(Bytes("samples/worked_example.yaml", kSource,
              "env LC_ALL=C.UTF-8 LANG=de_DE.UTF-8 TZ=Pacific/Kiritimati USER=someone HOME=/nonexistent "
              "SOURCE_DATE_EPOCH=1") == reference);
  CHECK(Bytes("samples/worked_example.yaml", kSource, "env -i PATH=/usr/bin:/bin") == reference);
  // A later second.
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  CHECK(Bytes("samples/worked_example.yaml", kSource, "env TZ=UTC") == reference);
}

TEST_CASE("animc gives the same bytes on a host of another name") {
  // A new UTS namespace with another host name, where the system allows it (root, or user
  // namespaces); else the check above that no host name is in the bytes stands alone.
  if (std::system("unshare --uts --map-root-user true >/dev/null 2>&1") != 0 &&
      std::system("unshare --uts true >/dev/null 2>&1") != 0) {
    WARN("skipped: unshare --uts is not allowed here");
    return;
  }
  const std::string unshare = std::system("unshare --uts true >/dev/null 2>&1") == 0
                                  ? "unshare --uts"
                                  : "unshare --uts --map-root-user";
  const std::string reference = Bytes("samples/worked_example.yaml", kSource);
  const fs::path script = Scratch() / "other_host.sh";
  WriteFile(script, "hostname animtc-other-build-host && exec \"$@\"\n");
  CHECK(Bytes("samples/worked_example.yaml", kSource, unshare + " sh " + Quote(script.string())) ==
        reference);
}

}  // namespace
}  // namespace anim
