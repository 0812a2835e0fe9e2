// Runs a program to its end, as a person at a terminal would, and keeps what it printed on
// stdout and on stderr apart (help must go to stdout, errors to stderr).
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace nyan::test {

struct ProgramResult {
  int exit = -1;  // the exit code; -1 when it was killed or had to be
  std::string out, err;
};

// `argv[0]` is the program's path. `env` entries ("NAME=VALUE") are added to the test's own
// environment; stdin is /dev/null. The program is killed after `timeout`.
ProgramResult run_program(const std::vector<std::string>& argv, const std::vector<std::string>& env = {},
                          std::chrono::seconds timeout = std::chrono::seconds(30));

}  // namespace nyan::test
