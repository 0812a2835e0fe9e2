// nyanhall-cli: the native client: simulate, play, bot, load, verify, games.
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <cstddef>
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
                             {nyan::cli::kVerify, nyan::cli::verify},
                             {nyan::cli::kGames, nyan::cli::games}};

// The list of commands: each name in a column of kNameWidth, its summary beside it, wrapped to
// kWidth columns with every further line under the summary's first, so the names stand out.
constexpr std::size_t kNameWidth = 9;
constexpr std::size_t kIndent = 2 + kNameWidth + 1;
constexpr std::size_t kWidth = 100;

// `text` (its own line breaks read as spaces) in lines of at most `width` characters, broken
// between words; the lines after the first start with `indent` spaces.
std::string wrap(const std::string& text, std::size_t width, std::size_t indent) {
  std::string out, line, word;
  auto flush_word = [&] {
    if (word.empty()) return;
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + "\n" + std::string(indent, ' ');
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    word.clear();
  };
  for (char c : text) {
    if (c == ' ' || c == '\n') flush_word();
    else word += c;
  }
  flush_word();
  return out + line;
}

void usage(std::FILE* out) {
  std::fputs("usage: nyanhall-cli COMMAND [FLAGS]\n"
             "       nyanhall-cli help [COMMAND] | --help | --version\n\ncommands:\n",
             out);
  for (const Command& c : kCommands)
    std::fprintf(out, "  %-*s %s\n", static_cast<int>(kNameWidth), c.spec.name,
                 wrap(c.spec.summary, kWidth - kIndent, kIndent).c_str());
  std::fprintf(out, "\ngames: %s\n", wrap(nyan::cli::game_ids(), kWidth - 7, 7).c_str());
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
