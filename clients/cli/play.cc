// `nyanhall-cli play`: play any registered game in the terminal. Shows the board for your
// seat and numbered legal moves; type a number to play it. Also: s = start (host),
// m = say yes to a rematch, r = resync, q = quit. On a terminal the screen is redrawn for every
// change; piped, the screens are printed one after another.
#include <poll.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>

#include "clients/cli/args.h"
#include "clients/cli/command.h"
#include "clients/cli/game_client.h"
#include "clients/cli/render.h"
#include "clients/cli/seat_keeper.h"

namespace nyan::cli {

namespace {

using namespace std::chrono_literals;

// A line from stdin if one is ready within `ms` (the game keeps updating meanwhile).
std::optional<std::string> read_line(int ms) {
  pollfd p{STDIN_FILENO, POLLIN, 0};
  if (poll(&p, 1, ms) <= 0) return std::nullopt;
  std::string line;
  if (!std::getline(std::cin, line)) return std::string("q");
  return line;
}

std::vector<std::string> seat_names(const Json& room) {
  std::vector<std::string> names;
  for (const Json& s : room.value("seats", Json::array())) names.push_back(s.value("name", ""));
  return names;
}

// 75000 ms as "1:15".
std::string clock_text(std::int64_t ms) {
  const std::int64_t s = (ms + 999) / 1000;
  char out[32];
  std::snprintf(out, sizeof out, "%lld:%02lld", static_cast<long long>(s / 60), static_cast<long long>(s % 60));
  return out;
}

// On a terminal each update redraws the screen from the top (clear, home), so a long move
// list never pushes the board away; into a pipe or a file the screens follow one another,
// which is what tests and logs read.
// `notice` (a refusal, an error) is shown under the board until the next change.
void show(const GameClient& c, const std::string& game, bool terminal, const std::string& notice) {
  std::printf(terminal ? "\x1b[H\x1b[2J" : "\n");
  const Json& room = c.room_info();
  const std::vector<std::string> names = seat_names(room);
  if (room.contains("seats")) {
    std::printf("room %s  status %s  seats:", c.room().c_str(), room.value("status", "").c_str());
    for (const Json& s : room["seats"]) {
      const Seat seat = s.value("seat", 0);
      std::printf("  [%d %s %s%s]", seat, seat_name(names, seat).c_str(), s.value("state", "").c_str(),
                  c.seat() && *c.seat() == seat ? ", you" : "");
    }
    std::printf("\n");
  }
  if (const auto left = c.clock_left(); !left.empty() && !c.game_over()) {
    std::printf("clock (%s):", c.clock_mode().c_str());
    for (std::size_t s = 0; s < left.size(); ++s)
      std::printf("  %s %s%s", seat_name(names, static_cast<Seat>(s)).c_str(), clock_text(left[s]).c_str(),
                  c.clock_running(static_cast<int>(s)) ? (left[s] > 0 ? " (running)" : " (out of time)") : "");
    std::printf("\n");
  }
  if (c.tracker().has_view()) std::printf("%s", render_view(game, c.tracker().view(), names).c_str());
  if (!notice.empty()) std::printf("%s\n", notice.c_str());
  if (c.my_turn()) {
    int i = 1;
    for (const Json& a : c.tracker().legal()) std::printf("  %2d) %s\n", i++, describe_action(game, a).c_str());
    std::printf("your move (number, or s/m/r/q): ");
  } else if (c.seat() && !c.game_over()) {
    std::printf("waiting... (s = start, m = rematch, r = resync, q = quit): ");
  }
  std::fflush(stdout);
}

}  // namespace

const CommandSpec kPlay = {
    "play",
    "--server URL (--create GAME [--options JSON] | --join CODE [--seat N] | --spectate CODE"
    " | --reconnect CODE --token TOKEN) [--name NAME] [--save FILE]",
    "play in the terminal: the board for your seat and numbered legal moves; type a move's number,\n"
    "or s (start, the host), m (say yes to a rematch), r (resync), q (quit)",
    {kServerFlag,
     {"create", "GAME", "create a room of this game and host it (a game id: {games})"},
     {"options", "JSON", "with --create: the room's options (default {})"},
     {"join", "CODE", "join this room"},
     {"seat", "N", "with --join: ask for this seat (default: the first free one)"},
     {"spectate", "CODE", "watch this room: the public view only"},
     {"reconnect", "CODE", "take back your seat in this room after a dropped connection (with --token)"},
     {"token", "TOKEN", "with --reconnect: the reconnect token printed when you joined"},
     {"name", "NAME", "the name shown to the other players (default player)"},
     {"save", "FILE", "when you quit, write the transcript to FILE for nyanhall-cli verify"},
     kCaFlag,
     kInsecureFlag}};

int play(const Args& args) {
  Flags f(args, kPlay);
  if (f.help()) return print_help(kPlay);
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // a person (or a pipe) sees each line at once
  const bool terminal = isatty(STDOUT_FILENO) == 1;
  ServerAddress server;
  std::string problem;
  auto seat = f.integer("seat", -1);
  const int modes = f.has("create") + f.has("join") + f.has("spectate") + f.has("reconnect");
  if (!f.ok()) return usage_error(kPlay, f.error());
  if (modes != 1) return usage_error(kPlay, "give exactly one of --create, --join, --spectate and --reconnect");
  if (f.has("reconnect") != f.has("token")) return usage_error(kPlay, "--reconnect and --token go together");
  if (!server_flags(f, server, problem)) return usage_error(kPlay, problem);
  // Joining, spectating or reconnecting names the room in the address (a proxy routes by it).
  const std::string room = f.has("join") ? f.get("join") : f.has("spectate") ? f.get("spectate") : f.get("reconnect");
  // A seat is kept through a server going away: the table comes back (seat_keeper.h).
  SeatKeeper keeper(server, std::chrono::seconds(120));
  std::unique_ptr<Connection> conn;
  std::string error;
  if (!keeper.connect(conn, room, error)) {
    std::fprintf(stderr, "play: cannot connect: %s\n", error.c_str());
    return 1;
  }
  GameClient c(*conn);
  c.record_messages(f.has("save"));
  if (!c.hello(error)) {
    std::fprintf(stderr, "play: %s\n", error.c_str());
    return 1;
  }
  std::optional<Json> joined;
  const std::string name = f.get("name", "player");
  if (f.has("create")) {
    Json options = Json::parse(f.get("options", "{}"), nullptr, false);
    joined = c.create(f.get("create"), options.is_discarded() ? Json::object() : options, name);
  } else if (f.has("join")) {
    joined = c.join(f.get("join"), name, *seat >= 0 ? std::optional<int>(static_cast<int>(*seat)) : std::nullopt);
  } else if (f.has("spectate")) {
    joined = c.spectate(f.get("spectate"));
  } else {
    joined = c.reconnect(f.get("reconnect"), f.get("token"));
  }
  if (!joined || (*joined)["type"] != "joined") {
    std::fprintf(stderr, "play: %s\n", joined ? joined->value("message", "refused").c_str() : "no answer");
    return 1;
  }
  std::printf("joined room %s as %s\n", c.room().c_str(),
              c.seat() ? ("seat " + std::to_string(*c.seat())).c_str() : "spectator");
  if (joined->contains("token"))
    std::printf("reconnect token (keep it secret): %s\n", (*joined)["token"].get<std::string>().c_str());
  std::string game = f.get("create");
  bool dirty = true;
  std::string notice;
  auto drawn = std::chrono::steady_clock::now();
  auto shown_problems = c.problems();
  for (;;) {
    if (conn->closed()) {
      if (!c.seat() || c.token().empty()) break;  // a spectator just goes
      std::printf("\nthe connection was lost: the table is coming back...\n");
      if (!keeper.recover(c, conn, error)) {
        std::printf("the table did not come back: %s\n", error.c_str());
        break;
      }
      std::printf("back at the table\n");
      dirty = true;
      continue;
    }
    while (auto m = c.pump(30ms)) {
      dirty = true;
      const std::string type = m->value("type", "");
      if (type == "error") notice = "server: " + m->value("message", "") + " (" + m->value("code", "") + ")";
      if (type == "closed" || type == "kicked") {
        std::printf("\nthe room is %s\n", type == "closed" ? "closed" : "gone: you were kicked");
        return 0;
      }
    }
    if (game.empty()) game = c.room_info().value("game", "");
    if (c.problems() > shown_problems) {
      shown_problems = c.problems();
      notice = "(verification problem: " + c.last_problem() + "; resynced)";
      dirty = true;
    }
    // A running clock counts down on a terminal (once a second); a pipe gets changes only.
    const auto now = std::chrono::steady_clock::now();
    if (terminal && !c.clock_left().empty() && !c.game_over() && now - drawn >= 1s) dirty = true;
    if (dirty) {
      show(c, game, terminal, notice);
      notice.clear();
      drawn = now;
    }
    dirty = false;
    auto line = read_line(50);
    if (!line) continue;
    dirty = true;
    if (*line == "q") break;
    if (*line == "s") c.request({{"type", "start"}});
    else if (*line == "m") c.request({{"type", "rematch"}});
    else if (*line == "r") c.request({{"type", "resync"}});
    else if (c.my_turn()) {
      const int n = std::atoi(line->c_str());
      if (n >= 1 && n <= static_cast<int>(c.tracker().legal().size())) {
        auto r = c.act(c.tracker().legal()[n - 1]);
        if (r && (*r)["type"] == "error") notice = "refused: " + r->value("message", "");
      }
    }
  }
  if (f.has("save")) {
    std::ofstream out(f.get("save"));
    out << c.transcript().dump() << "\n";
  }
  return 0;
}

}  // namespace nyan::cli
