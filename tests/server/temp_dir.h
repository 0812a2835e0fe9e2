// A directory of its own for one test (a journal, a fault plan), removed with everything in it.
#pragma once

#include <stdlib.h>

#include <filesystem>
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
};

}  // namespace nyan::test
