// nyanhall-cli: the native client (simulate; play, bot, load and verify come with the server).
#include <cstdio>
#include <cstring>
#include <string>

#include "clients/cli/command.h"
#include "rules/core/registry.h"

namespace {

void usage() {
  std::fputs(
      "usage: nyanhall-cli <command> [options]\n"
      "\n"
      "commands:\n"
      "  simulate --game ID [--options JSON] [--games N] [--seed S]\n"
      "           play N games with random legal moves in-process and summarise them\n",
      stderr);
}

}  // namespace

int main(int argc, char** argv) {
  nyan::register_all_games();
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    usage();
    return argc < 2 ? 2 : 0;
  }
  const std::string command = argv[1];
  const nyan::cli::Args args(argv + 2, argv + argc);
  if (command == "simulate") return nyan::cli::simulate(args);
  std::fprintf(stderr, "nyanhall-cli: unknown command '%s'\n", command.c_str());
  usage();
  return 2;
}
