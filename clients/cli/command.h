// nyanhall-cli subcommands. Each takes its arguments after the subcommand name and returns
// the process exit code.
#pragma once

#include <string>
#include <vector>

namespace nyan::cli {

using Args = std::vector<std::string>;

int simulate(const Args& args);

}  // namespace nyan::cli
