// nyanhall-cli subcommands. Each takes its arguments after the subcommand name and returns
// the process exit code; each describes its flags in its CommandSpec (args.h), which
// `nyanhall-cli help` and the subcommand's --help print.
#pragma once

#include <string>
#include <vector>

#include "clients/cli/args.h"

namespace nyan::cli {

using Args = std::vector<std::string>;

int simulate(const Args& args);
int play(const Args& args);
int bot(const Args& args);
int load(const Args& args);
int verify(const Args& args);
int games(const Args& args);

extern const CommandSpec kSimulate, kPlay, kBot, kLoad, kVerify, kGames;

}  // namespace nyan::cli
