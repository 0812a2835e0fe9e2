// nyanhall-cli: the native client: simulate, play, bot, load, verify.
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
      "           play N games with random legal moves in-process and summarise them\n"
      "  play     --server HOST:PORT (--create GAME [--options JSON] | --join CODE | --spectate CODE\n"
      "           | --reconnect CODE --token T) [--name NAME] [--save FILE]\n"
      "           play in the terminal: the board for your seat and numbered legal moves\n"
      "  bot      --server HOST:PORT (--join CODE [--seat N] | --create GAME [--options JSON] [--start])\n"
      "           [--seed S] [--think-ms MS] [--save FILE] [--verbose]   play random legal moves to the end\n"
      "  load     --server HOST:PORT --game ID --rooms M [--matches N | --duration S] [--think-ms MS]\n"
      "           [--server-pid PID]   concurrent bot matches; throughput, latency, server CPU and RSS\n"
      "  verify   FILE   check a saved transcript or a game record: hashes, commitments, the seed\n",
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
  if (command == "play") return nyan::cli::play(args);
  if (command == "bot") return nyan::cli::bot(args);
  if (command == "load") return nyan::cli::load(args);
  if (command == "verify") return nyan::cli::verify(args);
  std::fprintf(stderr, "nyanhall-cli: unknown command '%s'\n", command.c_str());
  usage();
  return 2;
}
