// `nyanhall-cli bot`: joins (or creates) a room and plays until the game ends, verifying
// every hash and commitment. `--level 0` (the default) plays random legal moves; a level
// from 1 up plays with the same search as the built-in bots (rules/bot), from the view and
// legal list the server sent, with 100 x level playouts and --bot-budget-ms (50) per
// decision. If the server goes away it reconnects with its token and retries an unanswered
// action with the same request id. Once it knows the room code it connects to
// /ws?room=CODE, so a proxy can route it to the room's replica.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>

#include "clients/cli/args.h"
#include "clients/cli/command.h"
#include "clients/cli/game_client.h"
#include "clients/cli/render.h"
#include "clients/cli/seat_keeper.h"
#include "rules/bot/bot.h"
#include "rules/core/registry.h"
#include "rules/core/rng.h"

namespace nyan::cli {

namespace {

using namespace std::chrono_literals;


// The action to send: random at level 0, else the search's choice from this seat's view and
// legal list (the options are the room's, normalized as the server did).
Json pick(const std::string& game, const Json& room, const ViewTracker& t, Seat seat, int level, int budget_ms,
          Rng& rng) {
  const Json& legal = t.legal();
  const Game* g = level > 0 ? registry().find(game) : nullptr;
  Json options;
  if (!g || !t.has_view() || !g->normalize_options(room.value("options", Json::object()), options))
    return legal[rng.uniform(legal.size())];
  const std::vector<Json> list(legal.begin(), legal.end());
  return bot::choose(*g, options, seat, t.view(), list, rng.next_u64(), {100 * level, budget_ms}).action;
}

}  // namespace

const CommandSpec kBot = {
    "bot",
    "--server URL (--join CODE [--seat N] | --create GAME [--options JSON] [--start]) [FLAGS]",
    "take a seat and play to the end (random legal moves, or the search bot with --level),\n"
    "verifying every hash and commitment",
    {kServerFlag,
     {"join", "CODE", "join this room"},
     {"seat", "N", "with --join: ask for this seat (default: the first free one)"},
     {"create", "GAME", "create a room of this game (a game id: {games})"},
     {"options", "JSON", "with --create: the room's options (default {})"},
     {"start", nullptr, "with --create: start the game as soon as every seat is taken"},
     {"server-bots", "N", "with --create: seat the server's own bots in the last N seats"},
     {"name", "NAME", "the name shown to the other players (default bot)"},
     {"seed", "S", "seed of the bot's own move choices (default 1)"},
     {"think-ms", "MS", "wait this long before each move, like a person (default 0)"},
     {"level", "L", "0: random legal moves (the default); 1 to 100: the search bot with 100 x L playouts a decision"},
     {"bot-budget-ms", "MS", "with --level: the search's wall-time cap per decision, 0 to 600000 (default 50)"},
     {"timeout", "SECONDS", "give up when the game has not ended after this long (default 600)"},
     {"reconnect-timeout", "SECONDS", "when the server goes away, keep reconnecting for this long (default 30)"},
     {"answer-timeout-ms", "MS", "a move not answered within this long means the server is gone: reconnect (default 10000)"},
     {"save", "FILE", "write the transcript (every message received) to FILE for nyanhall-cli verify"},
     {"verbose", nullptr, "print every move, refusal and retry"},
     kCaFlag,
     kInsecureFlag}};

int bot(const Args& args) {
  Flags f(args, kBot);
  if (f.help()) return print_help(kBot);
  auto seed = f.integer("seed", 1);
  auto think_ms = f.integer("think-ms", 0);
  auto level = f.integer("level", 0);
  auto budget_ms = f.integer("bot-budget-ms", 50);
  auto timeout = f.integer("timeout", 600);
  auto reconnect_timeout = f.integer("reconnect-timeout", 30);
  auto answer_timeout_ms = f.integer("answer-timeout-ms", 10000);
  auto server_bots = f.integer("server-bots", 0);
  auto seat = f.integer("seat", -1);
  if (!f.ok()) return usage_error(kBot, f.error());  // (also an integer flag that is not one)
  if (f.has("join") == f.has("create")) return usage_error(kBot, "give exactly one of --join and --create");
  if (*think_ms < 0) return usage_error(kBot, "--think-ms cannot be negative");
  if (*level < 0 || *level > 100) return usage_error(kBot, "--level needs an integer from 0 to 100");
  if (*budget_ms < 0 || *budget_ms > 600000) return usage_error(kBot, "--bot-budget-ms needs an integer from 0 to 600000");
  std::string problem;
  ServerAddress server;
  if (!server_flags(f, server, problem)) return usage_error(kBot, problem);
  SeatKeeper keeper(server, std::chrono::seconds(*reconnect_timeout));
  // Each line as it happens, also into a file or a pipe (scripts watch a game's progress).
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  std::string error;
  std::unique_ptr<Connection> conn;
  if (!keeper.connect(conn, f.get("join"), error)) {
    std::fprintf(stderr, "bot: cannot connect: %s\n", error.c_str());
    return 1;
  }
  GameClient client(*conn);
  client.record_messages(f.has("save"));
  if (!client.hello(error)) {
    std::fprintf(stderr, "bot: %s\n", error.c_str());
    return 1;
  }
  const std::string name = f.get("name", "bot");
  std::optional<Json> joined;
  std::string game;
  if (f.has("create")) {
    game = f.get("create");
    Json options = Json::parse(f.get("options", "{}"), nullptr, false);
    if (options.is_discarded()) {
      std::fprintf(stderr, "bot: --options is not valid JSON\n");
      return 2;
    }
    joined = client.create(game, options, name);
  } else {
    joined = client.join(f.get("join"), name, *seat >= 0 ? std::optional<int>(static_cast<int>(*seat)) : std::nullopt);
  }
  if (!joined || (*joined)["type"] != "joined") {
    std::fprintf(stderr, "bot: %s\n", joined ? joined->value("message", "refused").c_str() : "no answer");
    return 1;
  }
  std::printf("room: %s seat: %d\n", client.room().c_str(), *client.seat());
  std::fflush(stdout);

  SplitMix rng(static_cast<std::uint64_t>(*seed));
  const bool verbose = f.has("verbose"), host_starts = f.has("start");
  bool started = false, bots_seated = *server_bots <= 0;
  std::optional<Json> pending;  // an action whose answer never came (the server went away)
  int acted_version = -1, acted_game = -1;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(*timeout);
  auto heard = std::chrono::steady_clock::now();  // when the server last said something
  while (std::chrono::steady_clock::now() < deadline) {
    if (client.connection().closed()) {
      if (verbose) std::printf("reconnecting: the table is coming back\n");
      if (!keeper.recover(client, conn, error)) {
        std::fprintf(stderr, "bot: lost the server: %s\n", error.c_str());
        return 1;
      }
      continue;
    }
    if (pending) {
      // The same request id: if it was applied before the server went away it is answered, not
      // repeated; a move the server could not save (its journal down for a moment) is sent
      // again a little later.
      auto r = client.request(*pending, std::chrono::milliseconds(*answer_timeout_ms));
      if (verbose && r) std::printf("retried: %s\n", r->dump().c_str());
      if (!r) {  // gone again before the answer: the same move once more, after the next recovery
        if (!client.connection().closed()) client.connection().drop();
        continue;
      }
      if ((*r)["type"] == "error" && r->value("code", "") == "unavailable") {
        std::this_thread::sleep_for(300ms);
        continue;
      }
      pending.reset();
    }
    if (client.pump(20ms)) heard = std::chrono::steady_clock::now();
    // A server that has said nothing for a while is asked whether it is still there: one that
    // does not answer (paused, cut off) is left, and the seat is taken back through the proxy.
    if (std::chrono::steady_clock::now() - heard > std::chrono::milliseconds(*answer_timeout_ms)) {
      if (!client.request({{"type", "ping"}}, std::chrono::milliseconds(*answer_timeout_ms))) {
        client.connection().drop();
        continue;
      }
      heard = std::chrono::steady_clock::now();
    }
    // The room's description comes in its own message after `joined`, maybe a little later.
    const Json& room = client.room_info();
    if (!room.is_object()) continue;
    if (game.empty()) game = room.value("game", "");
    if (!bots_seated && room.value("status", "") == "lobby") {
      const int seats = static_cast<int>(room["seats"].size());
      for (int s = std::max(1, seats - static_cast<int>(*server_bots)); s < seats; ++s)
        client.request({{"type", "add_bot"}, {"seat", s}});
      bots_seated = true;
    }
    if (host_starts && !started && room.value("status", "") == "lobby") {
      bool full = true;
      for (const Json& s : room["seats"]) full = full && (s["state"] == "connected" || s["state"] == "bot");
      if (full) {
        auto r = client.request({{"type", "start"}});
        started = r && (*r)["type"] == "ok";
      }
    }
    if (client.game_over() && client.tracker().record().is_object()) break;
    const auto& t = client.tracker();
    if (!client.my_turn() || (acted_version == t.version() && acted_game == t.game_no())) continue;
    acted_version = t.version();
    acted_game = t.game_no();
    // --think-ms paces the bot like a person, so a game lasts long enough to interrupt it.
    if (*think_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(*think_ms));
    const Json action = pick(game, room, t, *client.seat(), static_cast<int>(*level), static_cast<int>(*budget_ms), rng);
    Json msg = {{"type", "action"}, {"action", action}, {"id", client.next_id()}};
    auto r = client.request(msg, std::chrono::milliseconds(*answer_timeout_ms));
    if (!r) {
      // No answer: a server that went away, or one that stopped answering while its connection
      // stays open (paused). Either way the move is sent again, with its id, once back.
      pending = msg;
      if (!client.connection().closed()) client.connection().drop();
      continue;
    }
    // A move is printed once the server accepted it (scripts time a game's moves by these lines).
    if (verbose) std::printf((*r)["type"] == "ack" ? "%s\n" : "refused: %s\n",
                             ((*r)["type"] == "ack" ? describe_action(game, action) : r->dump()).c_str());
    // The server could not save the move (its journal is down for a moment): the same move,
    // with its id, once more.
    if ((*r)["type"] == "error" && r->value("code", "") == "unavailable") pending = msg;
  }
  if (!client.game_over()) {
    std::fprintf(stderr, "bot: timed out\n");
    return 1;
  }
  const Json& outcome = client.tracker().record()["outcome"];
  std::vector<std::string> names;
  for (const Json& s : client.room_info().value("seats", Json::array())) names.push_back(s.value("name", ""));
  std::printf("%s; hash problems %d, openings verified %d\n", end_line(game, outcome, names).c_str(), client.problems(),
              client.tracker().openings_verified());
  if (f.has("save")) {
    std::ofstream out(f.get("save"));
    out << client.transcript().dump() << "\n";
  }
  return client.problems() == 0 ? 0 : 1;
}

}  // namespace nyan::cli
