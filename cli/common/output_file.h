// Writing a tool's results, one policy for animc, anim-dump and anim-import (docs/cli.md, "Output
// files"):
//   - "-" is standard output.
//   - Nothing at the path, or a regular file: the bytes go to a new temporary file in the same
//     directory (an unpredictable name, created with O_CREAT | O_EXCL | O_NOFOLLOW, so nothing
//     planted there is followed or reused), are fsync'ed, and the temporary is renamed over the
//     path. A replaced file keeps its permission bits. Readers never see a half-written file.
//   - A character device or a FIFO (/dev/null, a named pipe): written to directly, never replaced.
//     A FIFO is opened once a process has it open for reading; if none does within
//     kFifoReaderWaitMs, the write fails instead of waiting forever.
//   - A symbolic link: never replaced and never written through to a regular file. One that leads
//     to a character device or a FIFO (/dev/stdout, /dev/fd/N from a shell's >(...)) is written to
//     as that device; any other is refused.
//   - A directory, a block device, a socket: refused.
//   - One of the run's input files (the same device and inode, whatever the path: ./x, a symbolic
//     link, a hard link): refused before anything is written.
// Every failure names the path and the real reason (strerror of the failing call). On any failure
// the temporary is removed and the destination is left as it was.
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace anim::cli {

// How long a FIFO output waits for a reader before the write fails.
inline constexpr int kFifoReaderWaitMs = 3000;

// The files a run reads, by device and inode, so that an output naming one of them is refused.
class InputFiles {
 public:
  // Records `path` when it names a regular file (following symbolic links); anything else (a
  // device, a FIFO, a missing file) cannot be overwritten by an output and is ignored.
  void Add(const std::string& path);
  // Records standard input when it is redirected from a regular file.
  void AddStandardInput();
  // The recorded input that `path` is the same file as, if any.
  std::optional<std::string> Find(const std::string& path) const;

 private:
  struct Entry {
    dev_t device;
    ino_t inode;
    std::string name;
  };
  void AddStat(dev_t device, ino_t inode, const std::string& name);
  std::vector<Entry> entries_;
};

// One output being written. Open, Write (any number of times), Close, Commit. Destroying it before
// Commit removes the temporary and leaves the destination untouched.
class OutputFile {
 public:
  // Decides how `path` is written by what is there now (see the top of this file). nullptr with
  // `error` set ("cannot write 'PATH': ...") when it cannot or must not be written.
  static std::unique_ptr<OutputFile> Open(const std::string& path, const InputFiles& inputs,
                                          std::string& error);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  bool Write(std::span<const char> bytes, std::string& error);
  // Flushes the bytes to storage (fsync) and closes the file; the destination is not replaced yet.
  bool Close(std::string& error);
  // Closes if needed, then renames the temporary over the destination.
  bool Commit(std::string& error);

  const std::string& path() const { return path_; }

 private:
  enum class Kind { StandardOutput, Replace, Stream };
  OutputFile(Kind kind, std::string path, int fd, std::string temp);
  bool Fail(const std::string& what, int error_number, std::string& error);

  Kind kind_;
  std::string path_;
  int fd_ = -1;
  std::string temp_;  // Replace: the temporary's path until it is renamed
  bool committed_ = false;
};

// Open, Write, Commit in one call. False with `error` set; the destination is then untouched.
bool WriteOutput(const std::string& path, std::span<const char> bytes, const InputFiles& inputs,
                 std::string& error);

}  // namespace anim::cli
