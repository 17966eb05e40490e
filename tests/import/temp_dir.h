// A fresh directory under the system temp directory, removed with everything in it at scope exit:
// temp/<prefix><pid>_<n>.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

namespace anim::test {

class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "animtc_import_") {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            (prefix + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace anim::test
