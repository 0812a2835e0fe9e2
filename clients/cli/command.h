// nyanhall-cli subcommands. Each takes its arguments after the subcommand name and returns
// the process exit code.
#pragma once

#include <string>
#include <vector>

namespace nyan::cli {

using Args = std::vector<std::string>;

int simulate(const Args& args);
int play(const Args& args);
int bot(const Args& args);
int load(const Args& args);
int verify(const Args& args);

}  // namespace nyan::cli
