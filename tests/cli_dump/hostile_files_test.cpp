// Hostile file systems and inputs (issue 13), with animc, anim-dump and anim-import run as real
// processes: the output policy of docs/cli.md "Output files" (FIFOs, devices, directories,
// symbolic links, planted temporaries, read-only directories, outputs naming an input), inputs
// without a size (/dev/zero, an endless pipe), and running out of memory under a real limit.
// Nothing here may hang: every run that could is bounded by `timeout`.
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>

#include "tests/cli_dump/dump_process.h"
#include "tests/support/sample_gltf.h"

namespace anim::test {
namespace {

namespace fs = std::filesystem;

std::string Quote(const fs::path& p) {
  return "'" + p.string() + "'";
}

ProcessRun Animc(const std::string& args, const std::string& cwd = ANIMTC_SOURCE_DIR) {
  return Shell("timeout 60 '" + std::string(ANIMC_PATH) + "' " + args, cwd);
}

ProcessRun Import(const std::string& args) {
  return Shell("timeout 60 '" + std::string(ANIM_IMPORT_PATH) + "' " + args);
}

// A fresh directory in the scratch directory holding a copy of the litmus sample (its graph,
// skeleton and clip), so outputs and inputs can be put side by side; removed at scope exit.
class Workspace {
 public:
  explicit Workspace(const std::string& name) : dir_(Scratch() / name) {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::copy(fs::path(ANIMTC_SOURCE_DIR) / "samples/litmus", dir_ / "litmus", fs::copy_options::recursive);
    fs::copy_file(fs::path(ANIMTC_SOURCE_DIR) / "samples/litmus.yaml", dir_ / "litmus.yaml");
    fs::copy_file(fs::path(ANIMTC_SOURCE_DIR) / "samples/litmus.scenario.yaml",
                  dir_ / "litmus.scenario.yaml");
  }
  ~Workspace() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;
  const fs::path& path() const { return dir_; }

 private:
  fs::path dir_;
};

// The error output is exactly one line starting with `prefix` and containing `mentions`.
void RequireOneErrorLine(const ProcessRun& run, const std::string& prefix, const std::string& mentions) {
  INFO("stderr: " << run.err);
  CHECK(run.exit_code == 2);
  CHECK(run.err.rfind(prefix, 0) == 0);
  CHECK(run.err.find('\n') == run.err.size() - 1);
  CHECK(run.err.find(mentions) != std::string::npos);
}

bool IsCharacterDevice(const fs::path& p, unsigned major_number, unsigned minor_number) {
  struct stat st {};
  return ::lstat(p.c_str(), &st) == 0 && S_ISCHR(st.st_mode) && major(st.st_rdev) == major_number &&
         minor(st.st_rdev) == minor_number;
}

// After a run given a system device: it must still be that device. If a regression replaced it
// (as root the old tools did), the device is put back before the test fails, so one bad run does
// not break the machine for everything else.
void CheckStillDevice(const char* path, unsigned major_number, unsigned minor_number) {
  const bool intact = IsCharacterDevice(path, major_number, minor_number);
  if (!intact && ::geteuid() == 0) {
    ::unlink(path);
    ::mknod(path, S_IFCHR | 0666, makedev(major_number, minor_number));
    ::chmod(path, 0666);
  }
  INFO(path << " must still be a character device " << major_number << "," << minor_number);
  CHECK(intact);
}

// No temporary left behind in `dir` (names containing `marker`).
void CheckNoTemporaries(const fs::path& dir, const std::string& marker = ".tmp") {
  for (const auto& entry : fs::directory_iterator(dir)) {
    INFO(entry.path());
    CHECK(entry.path().filename().string().find(marker) == std::string::npos);
  }
}

}  // namespace

TEST_CASE("an output FIFO is written to once a reader opens it, and fails after 3 s without one",
          "[cli_dump][hostile]") {
  const Workspace workspace("fifo");
  const fs::path& dir = workspace.path();
  REQUIRE(Animc("litmus.yaml -o expected.animbc", dir.string()).exit_code == 0);
  REQUIRE(::mkfifo((dir / "pipe").c_str(), 0644) == 0);

  // A reader started first or at the same time: the bytes arrive through the FIFO, which stays one.
  const ProcessRun with_reader = Shell("timeout 30 cat pipe > got & '" + std::string(ANIMC_PATH) +
                                           "' litmus.yaml -o pipe; status=$?; wait; exit $status",
                                       dir.string());
  INFO(with_reader.err);
  CHECK(with_reader.exit_code == 0);
  CHECK(ReadFile(dir / "got") == ReadFile(dir / "expected.animbc"));
  CHECK(fs::is_fifo(fs::symlink_status(dir / "pipe")));

  const ProcessRun dumped = Shell("timeout 30 cat pipe > dumped & '" + std::string(ANIM_DUMP_PATH) +
                                      "' dis litmus.yaml -o pipe; status=$?; wait; exit $status",
                                  dir.string());
  CHECK(dumped.exit_code == 0);
  CHECK(ReadFile(dir / "dumped").find("output") != std::string::npos);

  // Nobody reading: the tool gives up after 3 s instead of blocking forever.
  const auto start = std::chrono::steady_clock::now();
  const ProcessRun no_reader = Animc("litmus.yaml -o pipe", dir.string());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  RequireOneErrorLine(
      no_reader, "animc: error: ", "cannot write 'pipe': no process opened the FIFO for reading within 3 s");
  CHECK(seconds >= 2.5);
  CHECK(seconds < 30.0);
  CHECK(fs::is_fifo(fs::symlink_status(dir / "pipe")));
  CheckNoTemporaries(dir);
}

TEST_CASE("an output of /dev/null is written to and stays the system's character device",
          "[cli_dump][hostile]") {
  // Run as root in the test environment, where replacing /dev/null would succeed.
  INFO("euid " << ::geteuid());
  REQUIRE(IsCharacterDevice("/dev/null", 1, 3));
  const ProcessRun compiled = Animc("samples/litmus.yaml -o /dev/null");
  INFO(compiled.err);
  CHECK(compiled.exit_code == 0);
  CHECK(compiled.err.empty());
  CheckStillDevice("/dev/null", 1, 3);
  const ProcessRun dumped = Dump("tasks " + SampleArgs("litmus") + " -o /dev/null");
  CHECK(dumped.exit_code == 0);
  CheckStillDevice("/dev/null", 1, 3);
  // A symbolic link to a device is written to as that device, and stays a link.
  const Workspace workspace("devnull");
  const fs::path& dir = workspace.path();
  fs::create_symlink("/dev/null", dir / "sink");
  CHECK(Animc("litmus.yaml -o sink", dir.string()).exit_code == 0);
  CHECK(fs::is_symlink(dir / "sink"));
  CheckStillDevice("/dev/null", 1, 3);
  CheckNoTemporaries(dir);
  CheckNoTemporaries("/dev", ".null.tmp");
}

TEST_CASE("a full device fails the write with No space left on device, exit 2", "[cli_dump][hostile]") {
  REQUIRE(IsCharacterDevice("/dev/full", 1, 7));
  RequireOneErrorLine(Animc("samples/litmus.yaml -o /dev/full"),
                      "animc: error: ", "cannot write '/dev/full': No space left on device");
  CheckStillDevice("/dev/full", 1, 7);
  RequireOneErrorLine(Dump("tasks " + SampleArgs("litmus") + " -o /dev/full"),
                      "anim-dump: error: ", "cannot write '/dev/full': No space left on device");
  CheckStillDevice("/dev/full", 1, 7);
  // Standard output on a full device.
  RequireOneErrorLine(Animc("samples/litmus.yaml -o - > /dev/full"),
                      "animc: error: ", "cannot write to standard output: No space left on device");
  RequireOneErrorLine(Dump("dis samples/litmus.yaml > /dev/full"),
                      "anim-dump: error: ", "cannot write to standard output: No space left on device");
  RequireOneErrorLine(
      Animc("samples/litmus.yaml -o " + Quote(Scratch() / "stats.animbc") + " --stats > /dev/full"),
      "animc: error: ", "cannot write to standard output: No space left on device");
}

TEST_CASE("an output naming an input is refused and the input is unchanged", "[cli_dump][hostile]") {
  const Workspace workspace("same");
  const fs::path& dir = workspace.path();
  const std::string graph = ReadFile(dir / "litmus.yaml");
  const std::string skeleton = ReadFile(dir / "litmus/skeleton.yaml");
  const std::string scenario = ReadFile(dir / "litmus.scenario.yaml");
  fs::create_symlink("litmus.yaml", dir / "link.yaml");
  fs::create_hard_link(dir / "litmus.yaml", dir / "hard.yaml");
  const std::string refused = "an output never replaces one of the run's inputs";
  const std::string names[] = {
      "litmus.yaml",          "./litmus.yaml", "link.yaml", "hard.yaml", (dir / "litmus.yaml").string(),
      "litmus/../litmus.yaml"};
  for (const std::string& out : names) {
    INFO(out);
    RequireOneErrorLine(Animc("litmus.yaml -o '" + out + "'", dir.string()), "animc: error: ",
                        "cannot write '" + out + "': it is the input 'litmus.yaml' (the same file)");
    RequireOneErrorLine(Dump("dis litmus.yaml -o '" + out + "'", dir.string()),
                        "anim-dump: error: ", refused);
  }
  // The graph's assets are inputs too, and so is a graph read from standard input.
  RequireOneErrorLine(Animc("litmus.yaml -o litmus/skeleton.yaml", dir.string()),
                      "animc: error: ", "it is the input 'litmus/skeleton.yaml'");
  RequireOneErrorLine(Animc("litmus.yaml -o x.animbc --depfile litmus/straight.json", dir.string()),
                      "animc: error: ", "it is the input 'litmus/straight.json'");
  CHECK_FALSE(fs::exists(dir / "x.animbc"));
  RequireOneErrorLine(Animc("- -o litmus.yaml < litmus.yaml", dir.string()),
                      "animc: error: ", "it is the input 'standard input'");
  RequireOneErrorLine(Animc("litmus.yaml -o x.animbc --depfile ./x.animbc", dir.string()),
                      "animc: error: ", "--depfile and -o name the same file");
  // anim-dump: the scenario, and a compiled program's --graph and its assets.
  RequireOneErrorLine(
      Dump("tasks litmus.yaml --scenario litmus.scenario.yaml -o litmus.scenario.yaml", dir.string()),
      "anim-dump: error: ", "it is the input 'litmus.scenario.yaml'");
  REQUIRE(Animc("litmus.yaml -o litmus.animbc", dir.string()).exit_code == 0);
  const std::string program = ReadFile(dir / "litmus.animbc");
  RequireOneErrorLine(Dump("tasks litmus.animbc --graph litmus.yaml -o litmus.animbc", dir.string()),
                      "anim-dump: error: ", "it is the input 'litmus.animbc'");
  RequireOneErrorLine(Dump("tasks litmus.animbc --graph litmus.yaml -o litmus/straight.json", dir.string()),
                      "anim-dump: error: ", "it is the input 'litmus/straight.json'");
  // anim-import: the glTF file itself.
  const fs::path gltf = dir / "humanoid.glb";
  WriteHumanoidGlb(gltf);
  fs::create_directories(dir / "humanoid");
  fs::create_hard_link(gltf, dir / "humanoid" / "skeleton.yaml");
  const std::string glb = ReadFile(gltf);
  RequireOneErrorLine(Import(Quote(gltf) + " -o " + Quote(dir / "humanoid")),
                      "anim-import: error: ", "it is the input");

  CHECK(ReadFile(dir / "litmus.yaml") == graph);
  CHECK(ReadFile(dir / "litmus/skeleton.yaml") == skeleton);
  CHECK(ReadFile(dir / "litmus.scenario.yaml") == scenario);
  CHECK(ReadFile(dir / "litmus.animbc") == program);
  CHECK(ReadFile(gltf) == glb);
  CHECK(fs::is_symlink(dir / "link.yaml"));
  CheckNoTemporaries(dir);
  CheckNoTemporaries(dir / "humanoid");
}

TEST_CASE("an output that is a directory says it is a directory", "[cli_dump][hostile]") {
  const Workspace workspace("directory");
  const fs::path& dir = workspace.path();
  fs::create_directories(dir / "out");
  RequireOneErrorLine(Animc("litmus.yaml -o out", dir.string()),
                      "animc: error: ", "cannot write 'out': it is a directory");
  RequireOneErrorLine(Animc("litmus.yaml -o out/", dir.string()), "animc: error: ", "it is a directory");
  RequireOneErrorLine(Dump("dis litmus.yaml -o out", dir.string()),
                      "anim-dump: error: ", "cannot write 'out': it is a directory");
  fs::create_directories(dir / "import" / "skeleton.yaml");
  WriteHumanoidGlb(dir / "humanoid.glb");
  RequireOneErrorLine(Import(Quote(dir / "humanoid.glb") + " -o " + Quote(dir / "import")),
                      "anim-import: error: ", "skeleton.yaml': it is a directory");
  CHECK(fs::is_empty(dir / "out"));
  CHECK(fs::is_empty(dir / "import" / "skeleton.yaml"));
  CheckNoTemporaries(dir / "import");
}

TEST_CASE("a planted symbolic link never redirects an output", "[cli_dump][hostile]") {
  const Workspace workspace("planted");
  const fs::path& dir = workspace.path();
  WriteFile(dir / "victim", "precious\n");
  REQUIRE(Animc("litmus.yaml -o expected.animbc", dir.string()).exit_code == 0);

  // At the temporary names older versions used: PATH.tmp.PID (the shell's $$ is the pid animc
  // runs as after exec) and anim-import's DIR/.skeleton.yaml.tmp.
  const ProcessRun planted_pid =
      Shell("ln -s victim out.animbc.tmp.$$ && ln -s victim .out.animbc.tmp.$$ && exec '" +
                std::string(ANIMC_PATH) + "' litmus.yaml -o out.animbc",
            dir.string());
  INFO(planted_pid.err);
  CHECK(planted_pid.exit_code == 0);
  CHECK(ReadFile(dir / "out.animbc") == ReadFile(dir / "expected.animbc"));
  fs::create_directories(dir / "humanoid");
  fs::create_symlink("../victim", dir / "humanoid" / ".skeleton.yaml.tmp");
  fs::create_symlink("../victim", dir / "humanoid" / ".walk_fwd.json.tmp");
  WriteHumanoidGlb(dir / "humanoid.glb");
  const ProcessRun imported = Import(Quote(dir / "humanoid.glb") + " -o " + Quote(dir / "humanoid"));
  INFO(imported.err);
  CHECK(imported.exit_code == 0);
  CHECK(ReadFile(dir / "humanoid" / "skeleton.yaml").find("bones") != std::string::npos);
  CHECK(fs::is_symlink(dir / "humanoid" / ".skeleton.yaml.tmp"));

  // At the output itself: refused, the link and what it points to left alone.
  fs::create_symlink("victim", dir / "link.animbc");
  RequireOneErrorLine(Animc("litmus.yaml -o link.animbc", dir.string()), "animc: error: ",
                      "cannot write 'link.animbc': it is a symbolic link (to 'victim'), which an output "
                      "never replaces nor writes through");
  RequireOneErrorLine(Dump("dis litmus.yaml -o link.animbc", dir.string()),
                      "anim-dump: error: ", "it is a symbolic link");
  fs::create_symlink("nowhere", dir / "dangling.animbc");
  RequireOneErrorLine(Animc("litmus.yaml -o dangling.animbc", dir.string()),
                      "animc: error: ", "it is a symbolic link (to 'nowhere')");
  CHECK_FALSE(fs::exists(dir / "nowhere"));
  // /dev/stdout leads to a pipe here: written to; to a regular file: refused (-o - is the way).
  const ProcessRun piped =
      Shell("'" + std::string(ANIMC_PATH) + "' litmus.yaml -o /dev/stdout | cat > piped", dir.string());
  CHECK(piped.exit_code == 0);
  CHECK(ReadFile(dir / "piped") == ReadFile(dir / "expected.animbc"));
  RequireOneErrorLine(Animc("litmus.yaml -o /dev/stdout", dir.string()),
                      "animc: error: ", "it is a symbolic link (to '/proc/self/fd/1')");

  CHECK(ReadFile(dir / "victim") == "precious\n");
  CHECK(fs::is_symlink(dir / "link.animbc"));
  CHECK(fs::read_symlink(dir / "link.animbc") == "victim");
}

TEST_CASE("a read-only directory gives the real reason, exit 2", "[cli_dump][hostile]") {
  const Workspace workspace("readonly");
  const fs::path& dir = workspace.path();
  fs::create_directories(dir / "ro");
  fs::permissions(dir / "ro", fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                  fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  // Root writes into a read-only directory regardless, so as root the tools run as 'nobody'.
  std::string as_user;
  if (::geteuid() == 0) {
    REQUIRE(OnPath("setpriv"));
    as_user = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
  }
  const ProcessRun compiled = Shell(as_user + "'" + std::string(ANIMC_PATH) + "' " +
                                    Quote(fs::path(ANIMTC_SOURCE_DIR) / "samples/litmus.yaml") + " -o " +
                                    Quote(dir / "ro/out.animbc"));
  RequireOneErrorLine(compiled, "animc: error: ",
                      "cannot write '" + (dir / "ro/out.animbc").string() + "': cannot create a file in '" +
                          (dir / "ro").string() + "': Permission denied");
  const ProcessRun dumped =
      Shell(as_user + "'" + std::string(ANIM_DUMP_PATH) + "' dis " +
            Quote(fs::path(ANIMTC_SOURCE_DIR) / "samples/litmus.yaml") + " -o " + Quote(dir / "ro/out.txt"));
  RequireOneErrorLine(dumped, "anim-dump: error: ", "Permission denied");
  CHECK(fs::is_empty(dir / "ro"));
}

TEST_CASE("inputs without a size stop at the 256 MiB cap with one error line, quickly",
          "[cli_dump][hostile]") {
  const std::string cap = "it holds more than 268435456 bytes (256 MiB), the limit on documents";
  const auto start = std::chrono::steady_clock::now();
  RequireOneErrorLine(
      Shell("yes | timeout 60 '" + std::string(ANIMC_PATH) + "' - -o " + Quote(Scratch() / "yes.animbc")),
      "animc: error: ", "cannot read standard input: " + cap);
  RequireOneErrorLine(Animc("/dev/zero -o " + Quote(Scratch() / "zero.animbc")),
                      "animc: error: ", "cannot read '/dev/zero': " + cap);
  RequireOneErrorLine(Shell("yes | timeout 60 '" + std::string(ANIM_DUMP_PATH) + "' tasks -"),
                      "anim-dump: error: ", "cannot read standard input: " + cap);
  RequireOneErrorLine(Dump("tasks samples/litmus.yaml --scenario /dev/zero"),
                      "anim-dump: error: ", "cannot read scenario '/dev/zero': " + cap);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 60.0);
  CHECK_FALSE(fs::exists(Scratch() / "yes.animbc"));
  CHECK_FALSE(fs::exists(Scratch() / "zero.animbc"));
}

#if !ANIMTC_SANITIZE
namespace {

// A legal graph far larger than the samples: a chain of 30000 blends over the litmus clip, under
// the bytecode's limits (32766 pose tasks); compiling it takes about 75 MB.
fs::path LargeGraph(const fs::path& dir) {
  std::string text =
      "format: animtc.graph\nversion: 1\nskeleton: litmus/skeleton.yaml\nclips:\n  straight: "
      "litmus/straight.json\nparameters:\n  mix: {type: float, default: 0.5, min: 0, max: 1}\nnodes:\n"
      "  chain: {kind: clip, clip: straight}\n  b0: {kind: blend, a: chain, b: chain, alpha: mix}\n";
  const int blends = 30000;
  for (int i = 1; i < blends; ++i)
    text += "  b" + std::to_string(i) + ": {kind: blend, a: b" + std::to_string(i - 1) +
            ", b: chain, alpha: mix}\n";
  text += "output: {pose: b" + std::to_string(blends - 1) + "}\n";
  WriteFile(dir / "large.yaml", text);
  return dir / "large.yaml";
}

}  // namespace
#endif

TEST_CASE("running out of memory under a real limit is one error line, exit 2", "[cli_dump][hostile]") {
#if ANIMTC_SANITIZE
  // AddressSanitizer's operator new aborts instead of throwing std::bad_alloc when memory runs out,
  // and its shadow memory cannot start under an address-space limit: the real run is the release
  // build's. The catch itself is tested in-process in both builds (output_guard_test.cpp).
  WARN("AddressSanitizer build: the out-of-memory process run needs the release build");
  CHECK(true);
#else
  const Workspace workspace("memory");
  const fs::path& dir = workspace.path();
  const fs::path large = LargeGraph(dir);
  // Legal: without a limit it compiles.
  const ProcessRun unlimited = Animc("large.yaml -o unlimited.animbc", dir.string());
  INFO(unlimited.err);
  REQUIRE(unlimited.exit_code == 0);
  // 40 MiB of address space: enough to start and compile the sample, far from enough for this.
  const std::string limit = "ulimit -v 40960 && exec ";
  const ProcessRun small =
      Shell(limit + "'" + std::string(ANIMC_PATH) + "' litmus.yaml -o small.animbc", dir.string());
  INFO(small.err);
  REQUIRE(small.exit_code == 0);

  WriteFile(dir / "kept.animbc", "previous");
  const ProcessRun compiled =
      Shell(limit + "'" + std::string(ANIMC_PATH) + "' large.yaml -o kept.animbc", dir.string());
  CHECK(compiled.exit_code == 2);
  CHECK(compiled.out.empty());
  CHECK(compiled.err ==
        "animc: error: out of memory: the input needs more memory than this process may allocate\n");
  CHECK(ReadFile(dir / "kept.animbc") == "previous");
  const ProcessRun dumped =
      Shell(limit + "'" + std::string(ANIM_DUMP_PATH) + "' tasks large.yaml", dir.string());
  CHECK(dumped.exit_code == 2);
  CHECK(dumped.out.empty());
  CHECK(dumped.err ==
        "anim-dump: error: out of memory: the input needs more memory than this process may allocate\n");
  CheckNoTemporaries(dir);
#endif
}

}  // namespace anim::test

namespace anim::test {
namespace {

TEST_CASE("anim-import --markers: a malformed value or an unknown foot is one error line, nothing written",
          "[cli_dump][hostile]") {
  const fs::path out = Scratch() / "markers_out";
  fs::remove_all(out);
  for (const char* value : {"feet", "feet:foot_l", "foot_l,foot_r", "feet:foot_l,", "feet:a,b,c"}) {
    INFO(value);
    const ProcessRun run =
        Import("missing.glb --markers '" + std::string(value) + "' -o '" + out.string() + "'");
    CHECK(run.exit_code == 2);
    CHECK(run.err == "anim-import: error: --markers '" + std::string(value) +
                         "': expected feet:BONE_L,BONE_R (two foot bones of the skeleton)\n");
  }
  CHECK_FALSE(fs::exists(out));
}

}  // namespace
}  // namespace anim::test
