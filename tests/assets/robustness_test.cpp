// Bad input never crashes: every prefix of the good files and single-byte corruptions of them load
// or fail cleanly, and a failure always comes with at least one located E1xx error.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "compiler/assets/asset_loader.h"

namespace anim {
namespace {

std::string ReadGood(const char* name) {
  std::ifstream in(std::string(ANIMTC_SOURCE_DIR) + "/tests/assets/good/" + name, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  REQUIRE_FALSE(text.str().empty());
  return text.str();
}

// Loads `text` as a skeleton or (when `rig` is given) as a clip and checks the all-or-nothing contract.
void CheckLoadsOrFailsCleanly(const std::string& text, const Skeleton* rig) {
  DiagnosticSink sink;
  const bool loaded =
      rig ? ParseClip(text, "fuzz", *rig, sink).has_value() : ParseSkeleton(text, "fuzz", sink).has_value();
  if (loaded == !sink.has_errors()) return;  // the common case, kept cheap: thousands of inputs
  INFO(text);
  INFO(FormatText(sink));
  FAIL("a document loaded with errors, or failed without any");
}

void CheckFailuresAreLocated(const std::string& text) {
  DiagnosticSink sink;
  if (ParseSkeleton(text, "fuzz", sink)) return;
  for (const Diagnostic& d : sink.diagnostics()) {
    CHECK(d.code.size() == 4);
    CHECK(d.code.rfind("E1", 0) == 0);
    CHECK(d.location.file == "fuzz");
  }
}

Skeleton Rig() {
  DiagnosticSink sink;
  std::optional<Skeleton> skeleton = ParseSkeleton(ReadGood("rig.skeleton.yaml"), "rig", sink);
  REQUIRE(skeleton.has_value());
  return std::move(*skeleton);
}

TEST_CASE("Every prefix of a good file loads or fails cleanly") {
  const Skeleton rig = Rig();
  for (const char* name : {"rig.skeleton.json", "rig.skeleton.yaml"}) {
    const std::string text = ReadGood(name);
    for (std::size_t n = 0; n < text.size(); ++n)
      CheckLoadsOrFailsCleanly(text.substr(0, n), nullptr);
    CheckFailuresAreLocated(text.substr(0, text.size() / 2));
  }
  for (const char* name : {"walk.clip.json", "walk.clip.yaml"}) {
    const std::string text = ReadGood(name);
    for (std::size_t n = 0; n < text.size(); ++n)
      CheckLoadsOrFailsCleanly(text.substr(0, n), &rig);
  }
}

TEST_CASE("Single-byte corruptions of a good file load or fail cleanly") {
  const Skeleton rig = Rig();
  // Bytes that change structure: brackets, quotes, separators, YAML indicators, a digit, a NUL.
  constexpr char kReplacements[] = {']', '}', '"', ',', ':', '-', '&', '9', '\n', '\0'};
  for (const char* name : {"rig.skeleton.json", "rig.skeleton.yaml", "walk.clip.json", "walk.clip.yaml"}) {
    const bool is_clip = std::string(name).find("clip") != std::string::npos;
    const std::string text = ReadGood(name);
    for (std::size_t i = 0; i < text.size(); ++i) {
      for (char c : kReplacements) {
        std::string corrupted = text;
        corrupted[i] = c;
        CheckLoadsOrFailsCleanly(corrupted, is_clip ? &rig : nullptr);
      }
    }
  }
}

TEST_CASE("Deep nesting and large aliased documents fail cleanly") {
  CheckLoadsOrFailsCleanly(std::string(100000, '[') + std::string(100000, ']'), nullptr);
  CheckLoadsOrFailsCleanly("a: &a [1, 2]\nb: &b [*a, *a]\nc: &c [*b, *b]\nd: [*c, *c]\n", nullptr);
  std::string many_bones = "format: animtc.skeleton\nversion: 1\nname: big\nbones: [{name: b0}";
  for (int i = 1; i < 40000; ++i)
    many_bones += ", {name: b" + std::to_string(i) + "}";
  many_bones += "]\n";
  DiagnosticSink sink;
  CHECK_FALSE(ParseSkeleton(many_bones, "big.yaml", sink).has_value());
  CHECK(FormatText(sink) ==
        "big.yaml:4:8: error[E105]: expected at most 32767 bones in 'bones', found 40000\n");
}

}  // namespace
}  // namespace anim
