// Nothing in the runtime or the compiler is built with fused multiply-adds
// (cmake/compiler_options.cmake): GCC 12's vectorizer fused quaternion products despite
// -ffp-contract=off, in some inlining contexts and not others, so builds at -O2 and -O3 rounded
// foot IK one bit apart. This reads the libraries' machine code and fails on any fused
// instruction, whichever compiler pass or intrinsic put it there.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct Disassembly {
  bool ok = false;
  int instructions = 0;
  std::vector<std::string> fused;  // "function: instruction"
};

Disassembly Disassemble(const std::string& library) {
  Disassembly d;
  const std::string command = "objdump -d -C --no-show-raw-insn '" + library + "' 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return d;
  std::string function;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) {
    const std::string_view line(buffer);
    if (line.ends_with(">:\n")) {
      function = line.substr(0, line.size() - 1);
      continue;
    }
    const std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos) continue;
    ++d.instructions;
    const std::string_view mnemonic = line.substr(tab + 1);
    if (mnemonic.starts_with("vfmadd") || mnemonic.starts_with("vfmsub") || mnemonic.starts_with("vfnmadd") ||
        mnemonic.starts_with("vfnmsub")) {
      d.fused.push_back(function + " " + std::string(mnemonic.substr(0, mnemonic.find(' '))));
    }
  }
  d.ok = pclose(pipe) == 0;
  return d;
}

}  // namespace

TEST_CASE("the runtime and compiler libraries hold no fused multiply-add", "[math][determinism]") {
  for (const char* library :
       {ANIMTC_EXECUTOR_LIBRARY, ANIMTC_VM_LIBRARY, ANIMTC_CROWD_LIBRARY, ANIMTC_COMPILER_LIBRARY}) {
    INFO(library);
    const Disassembly d = Disassemble(library);
    REQUIRE(d.ok);
    CHECK(d.instructions > 1000);  // objdump read machine code
    for (std::size_t i = 0; i < d.fused.size() && i < 5; ++i)
      UNSCOPED_INFO(d.fused[i]);
    CHECK(d.fused.empty());
  }
}
