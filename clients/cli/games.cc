// nyanhall-cli games: the games this client knows (its registry), one a line: the id, the seat
// count or range, and the titles. Scripts take the id, the first word of each line
// (bench/server_load.sh, tests/one_list_of_games.sh).
#include <cstdio>
#include <string>

#include "clients/cli/command.h"
#include "rules/core/registry.h"

namespace nyan::cli {

const CommandSpec kGames = {
    "games", "", "list the games this client knows, one a line: the id, the seats (2, or 1-4) and the titles", {}};

int games(const Args& args) {
  Flags f(args, kGames);
  if (f.help()) return print_help(kGames);
  if (!f.ok()) return usage_error(kGames, f.error());
  register_all_games();
  for (const Game* g : registry().games()) {
    const GameType& t = g->type();
    std::string seats = std::to_string(t.min_seats);
    if (t.max_seats != t.min_seats) seats += "-" + std::to_string(t.max_seats);
    std::printf("%-12s %-5s %s / %s\n", t.id.c_str(), seats.c_str(), t.title.c_str(), t.title_ja.c_str());
  }
  return 0;
}

}  // namespace nyan::cli
