#include "cli/common/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <thread>

namespace anim::cli {
namespace {

std::string Quoted(const std::string& path) {
  return "'" + path + "'";
}

std::string CannotWrite(const std::string& path, const std::string& reason) {
  return "cannot write " + Quoted(path) + ": " + reason;
}

// A name nobody can guess ahead of the run, so nothing can be planted there; O_EXCL makes sure
// that whatever is there anyway is neither followed nor reused.
std::string RandomSuffix() {
  static std::random_device device;
  static const char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  std::string out;
  for (int word = 0; word < 2; ++word) {
    uint32_t bits = device();
    for (int i = 0; i < 6; ++i) {
      out += kDigits[bits % 36];
      bits /= 36;
    }
  }
  return out;
}

// Creates the temporary in `dir`, named after `base`. -1 with errno set on failure.
int CreateTemporary(const std::string& dir, const std::string& base, std::string& temp) {
  // Leave room in NAME_MAX for the dot and the suffix.
  const std::string stem = "." + base.substr(0, 200) + ".tmp.";
  for (int attempt = 0; attempt < 32; ++attempt) {
    temp = (std::filesystem::path(dir) / (stem + RandomSuffix())).string();
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  errno = EEXIST;
  return -1;
}

// Opens a character device or a FIFO for writing, without creating or truncating anything. A FIFO
// is opened non-blocking, so a FIFO nobody reads fails with ENXIO instead of blocking; that is
// retried until a reader comes or kFifoReaderWaitMs have passed.
int OpenStream(const std::string& path, bool follow, bool fifo, bool& no_reader) {
  const int flags = O_WRONLY | O_NOCTTY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW) | (fifo ? O_NONBLOCK : 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kFifoReaderWaitMs);
  no_reader = false;
  for (;;) {
    const int fd = ::open(path.c_str(), flags);
    if (fd >= 0) {
      if (fifo) {
        const int status = ::fcntl(fd, F_GETFL);
        if (status == -1 || ::fcntl(fd, F_SETFL, status & ~O_NONBLOCK) == -1) {
          const int saved = errno;
          ::close(fd);
          errno = saved;
          return -1;
        }
      }
      return fd;
    }
    if (errno == EINTR) continue;
    if (errno != ENXIO || !fifo) return -1;
    if (std::chrono::steady_clock::now() >= deadline) {
      no_reader = true;
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::string LinkTarget(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path target = std::filesystem::read_symlink(path, ec);
  return ec ? std::string("?") : target.string();
}

// Best effort: a crash right after the rename should not lose the new directory entry.
void SyncDirectory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

void InputFiles::AddStat(dev_t device, ino_t inode, const std::string& name) {
  for (const Entry& e : entries_) {
    if (e.device == device && e.inode == inode) return;
  }
  entries_.push_back({device, inode, name});
}

void InputFiles::Add(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) AddStat(st.st_dev, st.st_ino, path);
}

void InputFiles::AddStandardInput() {
  struct stat st {};
  if (::fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode)) AddStat(st.st_dev, st.st_ino, "standard input");
}

std::optional<std::string> InputFiles::Find(const std::string& path) const {
  // The file itself (through any symbolic link), and the name itself (a hard link is the same
  // inode either way).
  struct stat followed {
  }, name{};
  const bool have_followed = ::stat(path.c_str(), &followed) == 0;
  const bool have_name = ::lstat(path.c_str(), &name) == 0;
  for (const Entry& e : entries_) {
    if (have_followed && followed.st_dev == e.device && followed.st_ino == e.inode) return e.name;
    if (have_name && name.st_dev == e.device && name.st_ino == e.inode) return e.name;
  }
  return std::nullopt;
}

OutputFile::OutputFile(Kind kind, std::string path, int fd, std::string temp)
    : kind_(kind), path_(std::move(path)), fd_(fd), temp_(std::move(temp)) {}

OutputFile::~OutputFile() {
  if (fd_ >= 0) ::close(fd_);
  if (kind_ == Kind::Replace && !committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

std::unique_ptr<OutputFile> OutputFile::Open(const std::string& path, const InputFiles& inputs,
                                             std::string& error) {
  if (path == "-") return std::unique_ptr<OutputFile>(new OutputFile(Kind::StandardOutput, path, -1, ""));
  if (path.empty()) {
    error = "cannot write '': an empty file name";
    return nullptr;
  }
  if (const std::optional<std::string> input = inputs.Find(path)) {
    error = CannotWrite(path, "it is the input " + Quoted(*input) +
                                  " (the same file); an output never replaces one of the run's inputs");
    return nullptr;
  }
  struct stat st {};
  const bool exists = ::lstat(path.c_str(), &st) == 0;
  if (!exists && errno != ENOENT) {
    error = CannotWrite(path, std::strerror(errno));
    return nullptr;
  }
  bool stream = false, follow = false;
  mode_t keep_mode = 0;
  if (exists) {
    if (S_ISLNK(st.st_mode)) {
      struct stat target {};
      if (::stat(path.c_str(), &target) == 0 && (S_ISCHR(target.st_mode) || S_ISFIFO(target.st_mode))) {
        stream = follow = true;
        st = target;
      } else {
        error = CannotWrite(path, "it is a symbolic link (to " + Quoted(LinkTarget(path)) +
                                      "), which an output never replaces nor writes through (-o - is "
                                      "standard output)");
        return nullptr;
      }
    } else if (S_ISDIR(st.st_mode)) {
      error = CannotWrite(path, "it is a directory");
      return nullptr;
    } else if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
      stream = true;
    } else if (S_ISBLK(st.st_mode)) {
      error = CannotWrite(path, "it is a block device, which an output never writes to");
      return nullptr;
    } else if (S_ISSOCK(st.st_mode)) {
      error = CannotWrite(path, "it is a socket");
      return nullptr;
    } else if (S_ISREG(st.st_mode)) {
      keep_mode = st.st_mode & 0777;
    } else {
      error = CannotWrite(path, "it is not a regular file");
      return nullptr;
    }
  }

  if (stream) {
    const bool fifo = S_ISFIFO(st.st_mode);
    bool no_reader = false;
    const int fd = OpenStream(path, follow, fifo, no_reader);
    if (fd < 0) {
      error = no_reader ? CannotWrite(path, "no process opened the FIFO for reading within " +
                                                std::to_string(kFifoReaderWaitMs / 1000) + " s")
                        : CannotWrite(path, std::strerror(errno));
      return nullptr;
    }
    struct stat opened {};
    if (::fstat(fd, &opened) != 0 || !(S_ISCHR(opened.st_mode) || S_ISFIFO(opened.st_mode))) {
      // Something else was put there between the look and the open; nothing was written to it.
      ::close(fd);
      error = CannotWrite(path, "it changed while being opened and is no longer a device or a FIFO");
      return nullptr;
    }
    return std::unique_ptr<OutputFile>(new OutputFile(Kind::Stream, path, fd, ""));
  }

  const std::filesystem::path as_path(path);
  const std::string base = as_path.filename().string();
  if (base.empty() || base == "." || base == "..") {
    error = CannotWrite(path, "it names a directory, not a file");
    return nullptr;
  }
  const std::string dir = as_path.has_parent_path() ? as_path.parent_path().string() : ".";
  std::string temp;
  const int fd = CreateTemporary(dir, base, temp);
  if (fd < 0) {
    error = CannotWrite(path, "cannot create a file in " + Quoted(dir) + ": " + std::strerror(errno));
    return nullptr;
  }
  auto out = std::unique_ptr<OutputFile>(new OutputFile(Kind::Replace, path, fd, temp));
  if (exists && ::fchmod(fd, keep_mode) != 0) {
    error = CannotWrite(path, std::string("cannot keep the file's permissions: ") + std::strerror(errno));
    return nullptr;
  }
  return out;
}

bool OutputFile::Fail(const std::string& what, int error_number, std::string& error) {
  const std::string reason =
      what.empty() ? std::strerror(error_number) : what + ": " + std::strerror(error_number);
  error = kind_ == Kind::StandardOutput ? "cannot write to standard output: " + reason
                                        : CannotWrite(path_, reason);
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  if (kind_ == Kind::Replace && !temp_.empty()) {
    ::unlink(temp_.c_str());
    temp_.clear();
  }
  return false;
}

bool OutputFile::Write(std::span<const char> bytes, std::string& error) {
  if (kind_ == Kind::StandardOutput) {
    errno = 0;
    if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() || std::fflush(stdout) != 0)
      return Fail("", errno ? errno : EIO, error);
    return true;
  }
  if (fd_ < 0) return Fail("", EBADF, error);
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return Fail("", errno, error);
    }
    if (n == 0) return Fail("", EIO, error);
    bytes = bytes.subspan(static_cast<std::size_t>(n));
  }
  return true;
}

bool OutputFile::Close(std::string& error) {
  if (kind_ == Kind::StandardOutput) {
    if (std::fflush(stdout) != 0) return Fail("", errno, error);
    return true;
  }
  if (fd_ < 0) return true;  // closed already (a failure closes it too, and says so)
  // Devices and FIFOs have no storage to flush to.
  if (kind_ == Kind::Replace && ::fsync(fd_) != 0) return Fail("", errno, error);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0 && errno != EINTR) return Fail("", errno, error);
  return true;
}

bool OutputFile::Commit(std::string& error) {
  if (committed_) return true;
  if (fd_ >= 0 && !Close(error)) return false;
  if (kind_ == Kind::Replace) {
    if (temp_.empty()) return Fail("", EBADF, error);
    if (::rename(temp_.c_str(), path_.c_str()) != 0)
      return Fail("cannot rename " + Quoted(temp_) + " into place", errno, error);
    const std::filesystem::path as_path(path_);
    SyncDirectory(as_path.has_parent_path() ? as_path.parent_path().string() : ".");
  }
  committed_ = true;
  return true;
}

bool WriteOutput(const std::string& path, std::span<const char> bytes, const InputFiles& inputs,
                 std::string& error) {
  const std::unique_ptr<OutputFile> file = OutputFile::Open(path, inputs, error);
  return file && file->Write(bytes, error) && file->Commit(error);
}

}  // namespace anim::cli
