// nyanhall-cli: the native client: simulate, play, bot, load, verify.
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <string>

#include "clients/cli/command.h"
#include "protocol/messages.h"
#include "protocol/version.h"
#include "rules/core/registry.h"

namespace {

struct Command {
  const nyan::cli::CommandSpec& spec;
  int (*run)(const nyan::cli::Args&);
};

const Command kCommands[] = {{nyan::cli::kSimulate, nyan::cli::simulate},
                             {nyan::cli::kPlay, nyan::cli::play},
                             {nyan::cli::kBot, nyan::cli::bot},
                             {nyan::cli::kLoad, nyan::cli::load},
                             {nyan::cli::kVerify, nyan::cli::verify}};

void usage(std::FILE* out) {
  std::fputs("usage: nyanhall-cli COMMAND [FLAGS]\n"
             "       nyanhall-cli help [COMMAND] | --help | --version\n\ncommands:\n",
             out);
  for (const Command& c : kCommands) std::fprintf(out, "  %-9s %s\n", c.spec.name, c.spec.summary);
  std::fputs("\n`nyanhall-cli COMMAND --help` describes the command's flags.\n", out);
}

const Command* find(const std::string& name) {
  for (const Command& c : kCommands)
    if (name == c.spec.name) return &c;
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  nyan::register_all_games();
  // Connections' unexpected errors (server/net/fail.h) go to stderr, away from what the
  // commands print; the everyday ends of a connection are not shown.
  spdlog::set_default_logger(spdlog::stderr_logger_mt("nyanhall-cli"));
  spdlog::set_level(spdlog::level::warn);
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const std::string command = argv[1];
  if (command == "--version") {
    std::printf("nyanhall-cli %s (protocol %d)\n", nyan::kVersion, nyan::kProtocolVersion);
    return 0;
  }
  if (command == "--help" || command == "-h" || command == "help") {
    if (argc > 2) {
      if (const Command* c = find(argv[2])) return nyan::cli::print_help(c->spec);
      std::fprintf(stderr, "nyanhall-cli: unknown command '%s'\n", argv[2]);
      usage(stderr);
      return 2;
    }
    usage(stdout);
    return 0;
  }
  if (const Command* c = find(command)) return c->run(nyan::cli::Args(argv + 2, argv + argc));
  std::fprintf(stderr, "nyanhall-cli: unknown command '%s'\n", command.c_str());
  usage(stderr);
  return 2;
}
