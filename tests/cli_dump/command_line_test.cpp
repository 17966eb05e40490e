// The tools' one wording for command-line mistakes (cli/common/command_line.h): CLI11 parses, and
// each of its errors is said in the project's words, with the closest option for a misspelt one;
// choices and ranges show in help as the values they take, not as CLI11's validator names.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "cli/common/command_line.h"

namespace anim::cli {
namespace {

struct ToyTool {
  CLI::App app{"toy"};
  std::string input, output, format = "text";
  int skin = 0;
  double rate = 30.0, precision = 1.0;

  ToyTool() {
    app.add_option("FILE", input, "the input")->required()->type_name("");
    app.add_option("-o,--output", output, "the output")->required()->type_name("DIR");
    app.add_option("--skin", skin, "a skin");
    NumberIn(app.add_option("--rate", rate, "a rate"), 0.001, 10000.0, "HZ");
    PositiveNumber(app.add_option("--precision", precision, "a precision"), "UNITS");
    Choices(app.add_option("--format", format, "a format"), {"text", "json"}, true);
  }

  // The error line of parsing `args`, or "" when they parse.
  std::string Error(std::vector<std::string> args) {
    args.insert(args.begin(), "toy");
    std::vector<char*> argv;
    for (std::string& arg : args)
      argv.push_back(arg.data());
    try {
      app.parse(static_cast<int>(argv.size()), argv.data());
    } catch (const CLI::ParseError& e) {
      return UsageErrorText(app, e, static_cast<int>(argv.size()), argv.data());
    }
    return "";
  }
};

TEST_CASE("A command-line mistake is one line in the project's words", "[cli]") {
  CHECK(ToyTool().Error({"in.glb", "--outptu", "x"}) ==
        "unknown option '--outptu' (did you mean '--output'?)");
  CHECK(ToyTool().Error({"in.glb", "-o", "x", "--zzzzzzzz"}) == "unknown option '--zzzzzzzz' (see --help)");
  CHECK(ToyTool().Error({"in.glb", "-o", "x", "extra"}) == "unexpected argument 'extra' (see --help)");
  CHECK(ToyTool().Error({"in.glb", "-o", "x", "--skin", "abc"}) == "--skin: 'abc' is not a whole number");
  CHECK(ToyTool().Error({"in.glb", "-o", "x", "--skin"}) == "--skin needs a value: a whole number");
  CHECK(ToyTool().Error({"in.glb"}) == "--output is required (see --help)");
  CHECK(ToyTool().Error({"-o", "x"}) == "missing FILE, which is required (see --help)");
  CHECK(ToyTool().Error({"in.glb", "-o", "x", "--rate", "0"}) == "--rate: '0' is not from 0.001 to 10000");
  CHECK(ToyTool().Error({"in.glb", "-o", "x", "--rate", "fast"}) == "--rate: 'fast' is not a number");
  CHECK(ToyTool().Error({"in.glb", "-o", "x", "--precision", "-1"}) == "--precision: '-1' is not above 0");
  CHECK(ToyTool().Error({"in.glb", "-o", "x", "--format", "xml"}) ==
        "--format: 'xml' is not one of text, json");
}

TEST_CASE("Choices take any case when asked and keep the canonical name", "[cli]") {
  ToyTool tool;
  CHECK(tool.Error({"in.glb", "-o", "x", "--format", "JSON"}).empty());
  CHECK(tool.format == "json");
}

TEST_CASE("Help shows what an option takes, not CLI11's validators", "[cli]") {
  const std::string help = ToyTool().app.help();
  INFO(help);
  for (const char* shown : {"--rate HZ", "--precision UNITS", "--format text|json", "-o,--output DIR"})
    CHECK(help.find(shown) != std::string::npos);
  for (const char* leak : {"FLOAT", "TEXT", "{", "in [", "POSITIVE"})
    CHECK(help.find(leak) == std::string::npos);
}

}  // namespace
}  // namespace anim::cli
