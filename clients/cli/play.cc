// `nyanhall-cli play`: play any registered game in the terminal. Shows the board for your
// seat and numbered legal moves; type a number to play it. Also: s = start (host),
// m = rematch (host), r = resync, q = quit.
#include <poll.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>

#include "clients/cli/args.h"
#include "clients/cli/command.h"
#include "clients/cli/game_client.h"
#include "clients/cli/render.h"

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

void show(const GameClient& c, const std::string& game) {
  std::printf("\n");
  const Json& room = c.room_info();
  if (room.contains("seats")) {
    std::printf("room %s  status %s  seats:", c.room().c_str(), room.value("status", "").c_str());
    for (const Json& s : room["seats"])
      std::printf("  [%d %s %s]", s["seat"].get<int>(), s.value("name", "-").c_str(), s["state"].get<std::string>().c_str());
    std::printf("\n");
  }
  if (c.tracker().has_view()) std::printf("%s", render_view(game, c.tracker().view()).c_str());
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
    "--server HOST:PORT (--create GAME [--options JSON] | --join CODE [--seat N] | --spectate CODE"
    " | --reconnect CODE --token TOKEN) [--name NAME] [--save FILE]",
    "play in the terminal: the board for your seat and numbered legal moves; type a move's number,\n"
    "or s (start), m (rematch), r (resync), q (quit)",
    {{"server", "HOST:PORT", "the server (default 127.0.0.1:8080)"},
     {"create", "GAME", "create a room of this game and host it (a game id: oikake, daihugo, kushine, doublehunt, hinode)"},
     {"options", "JSON", "with --create: the room's options (default {})"},
     {"join", "CODE", "join this room"},
     {"seat", "N", "with --join: ask for this seat (default: the first free one)"},
     {"spectate", "CODE", "watch this room: the public view only"},
     {"reconnect", "CODE", "take back your seat in this room after a dropped connection (with --token)"},
     {"token", "TOKEN", "with --reconnect: the reconnect token printed when you joined"},
     {"name", "NAME", "the name shown to the other players (default player)"},
     {"save", "FILE", "when you quit, write the transcript to FILE for nyanhall-cli verify"}}};

int play(const Args& args) {
  Flags f(args, kPlay);
  if (f.help()) return print_help(kPlay);
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // a person (or a pipe) sees each line at once
  std::string host;
  unsigned short port = 0;
  auto seat = f.integer("seat", -1);
  const int modes = f.has("create") + f.has("join") + f.has("spectate") + f.has("reconnect");
  if (!f.ok()) return usage_error(kPlay, f.error());
  if (modes != 1) return usage_error(kPlay, "give exactly one of --create, --join, --spectate and --reconnect");
  if (f.has("reconnect") != f.has("token")) return usage_error(kPlay, "--reconnect and --token go together");
  if (!parse_server(f.get("server", "127.0.0.1:8080"), host, port))
    return usage_error(kPlay, "--server needs HOST:PORT");
  // Joining, spectating or reconnecting names the room in the address (a proxy routes by it).
  const std::string room = f.has("join") ? f.get("join") : f.has("spectate") ? f.get("spectate") : f.get("reconnect");
  Connection conn;
  std::string error;
  if (!conn.connect(host, port, error, ws_path(room))) {
    std::fprintf(stderr, "play: cannot connect: %s\n", error.c_str());
    return 1;
  }
  GameClient c(conn);
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
  while (!conn.closed()) {
    while (auto m = c.pump(30ms)) {
      dirty = true;
      const std::string type = m->value("type", "");
      if (type == "error") std::printf("\nserver: %s (%s)\n", m->value("message", "").c_str(), m->value("code", "").c_str());
      if (type == "closed" || type == "kicked") {
        std::printf("\nthe room is %s\n", type == "closed" ? "closed" : "gone: you were kicked");
        return 0;
      }
    }
    if (game.empty()) game = c.room_info().value("game", "");
    if (c.problems()) std::printf("\n(verification problem: %s; resynced)\n", c.last_problem().c_str());
    if (dirty) show(c, game);
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
        if (r && (*r)["type"] == "error") std::printf("refused: %s\n", r->value("message", "").c_str());
      }
    }
  }
  if (f.has("save")) {
    std::ofstream out(f.get("save"));
    out << Json{{"room", c.room()}, {"seat", c.seat() ? Json(*c.seat()) : Json(nullptr)}, {"messages", c.messages()}}.dump()
        << "\n";
  }
  return 0;
}

}  // namespace nyan::cli
