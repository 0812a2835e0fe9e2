// A directory of its own for one test (a journal, a fault plan), removed with everything in it.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace nyan::test {

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    char tmpl[] = "/tmp/nyanhall-test-XXXXXX";
    path = mkdtemp(tmpl);
  }
  TempDir(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  // Writes `content` to `name` under the directory (making its parents); returns its path.
  std::filesystem::path write(const std::string& name, const std::string& content) const {
    const std::filesystem::path p = path / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary | std::ios::trunc) << content;
    return p;
  }
};

}  // namespace nyan::test
