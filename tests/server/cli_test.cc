// nyanhall-cli against a real server: bots play every game to the end (one creates the room
// and starts it, the others join by code), and `play` drives a game from its terminal.
#include <catch2/catch.hpp>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "protocol/version.h"
#include "rules/core/registry.h"
#include "tests/server/child.h"
#include "tests/server/program.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;
using namespace std::chrono_literals;

namespace {

std::string server_addr(const ServerProcess& s) { return "127.0.0.1:" + std::to_string(s.port()); }

// The count `load` printed after "LABEL: " (the run fails here when the line is missing).
int load_count(const std::string& output, const std::string& label) {
  std::smatch m;
  REQUIRE(std::regex_search(output, m, std::regex(label + ": (\\d+)")));
  return std::stoi(m[1]);
}

// "oikake, daihugo, ...": the registered games' ids.
std::string game_ids_of_registry() {
  register_all_games();
  std::string ids;
  for (const Game* g : registry().games()) ids += (ids.empty() ? "" : ", ") + g->type().id;
  return ids;
}

}  // namespace

TEST_CASE("cli: bots play every game to the end", "[server][cli]") {
  register_all_games();
  // Every bot here is 127.0.0.1: one address opening a room per game and option set.
  ServerProcess server({"--journal", "none", "--max-client-rooms-per-minute", "1000"});
  int seed = 1;
  for (const Game* g : registry().games()) {
    for (const Json& given : g->type().sample_options) {
      Json options;
      REQUIRE(g->normalize_options(given, options));
      const int seats = g->type().seat_count(options);
      INFO(g->type().id << " " << options.dump());
      Child host({NYANHALL_CLI, "bot", "--server", server_addr(server), "--create", g->type().id, "--options", given.dump(),
                  "--start", "--seed", std::to_string(seed++)});
      const std::string code = host.room_code(10s);
      REQUIRE(!code.empty());
      std::vector<std::unique_ptr<Child>> others;
      for (int i = 1; i < seats; ++i)
        others.push_back(std::make_unique<Child>(std::vector<std::string>{
            NYANHALL_CLI, "bot", "--server", server_addr(server), "--join", code, "--seed", std::to_string(seed++)}));
      CHECK(host.wait(300s) == 0);
      INFO(host.output);
      CHECK(host.output.find("game over") != std::string::npos);
      CHECK(host.output.find("hash problems 0") != std::string::npos);
      for (auto& c : others) {
        INFO(c->output);
        CHECK(c->wait(60s) == 0);
      }
    }
  }
}

TEST_CASE("cli: play drives a game from the terminal", "[server][cli]") {
  ServerProcess server({"--journal", "none"});
  char saved_tmpl[] = "/tmp/nyanhall-save-XXXXXX";
  const int saved_fd = mkstemp(saved_tmpl);
  REQUIRE(saved_fd >= 0);
  close(saved_fd);
  const std::string saved = saved_tmpl;
  Child player({NYANHALL_CLI, "play", "--server", server_addr(server), "--create", "oikake", "--name", "Aki", "--save",
                saved});
  const std::regex joined("joined room ([a-z0-9-]+)");
  std::smatch m;
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!std::regex_search(player.output, m, joined)) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    player.read_available();
    std::this_thread::sleep_for(20ms);
  }
  Child opponent({NYANHALL_CLI, "bot", "--server", server_addr(server), "--join", m[1].str()});
  std::this_thread::sleep_for(300ms);
  player.write_line("s");  // start
  const auto end = std::chrono::steady_clock::now() + 60s;
  while (player.output.find("game over") == std::string::npos) {
    INFO(player.output.substr(player.output.size() > 3000 ? player.output.size() - 3000 : 0));
    REQUIRE(std::chrono::steady_clock::now() < end);
    player.write_line("1");  // always the first listed move
    std::this_thread::sleep_for(100ms);
    player.read_available();
  }
  player.write_line("q");
  CHECK(player.wait(10s) == 0);
  CHECK(opponent.wait(10s) == 0);
  // The terminal showed the board and numbered moves.
  CHECK(player.output.find("track:") != std::string::npos);
  CHECK(player.output.find(" 1) present") != std::string::npos);
  // The end says who won by name and why in words, not "seat [0] wins (find3)".
  CHECK(std::regex_search(player.output, std::regex("game over: (Aki|bot) wins: [a-z][a-z ,]+")));
  CHECK(player.output.find("seat [") == std::string::npos);
  // Into a pipe the screens follow one another: no terminal control codes.
  CHECK(player.output.find("\x1b[") == std::string::npos);
  // The saved transcript verifies, and does not hand over the seat: no reconnect token in it.
  std::ifstream in(saved);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(saved.c_str());
  REQUIRE(!text.empty());
  CHECK(Json::parse(text)["messages"].size() > 10);
  CHECK(text.find("\"token\"") == std::string::npos);
  std::ofstream(saved) << text;
  CHECK(std::system((std::string(NYANHALL_CLI) + " verify " + saved + " > /dev/null").c_str()) == 0);
  std::remove(saved.c_str());
}

TEST_CASE("cli: load plays its rooms within the server's default limits and reports the figures", "[server][cli]") {
  register_all_games();
  ServerProcess server({"--journal", "none"});  // the default message rate limit
  Child load({NYANHALL_CLI, "load", "--server", server_addr(server), "--game", "oikake", "--rooms", "3", "--duration",
              "3"});
  REQUIRE(load.wait(60s) == 0);
  INFO(load.output);
  // Bots that never think still keep under the announced rate: no move is dropped, and no
  // room stalls after its first burst.
  CHECK(load.output.find("errors: 0\n") != std::string::npos);
  CHECK(load.output.find("hash mismatches 0") != std::string::npos);
  // 3 rooms for 3 s at about 27 messages/s per bot: well over a hundred moves, so several
  // Oikake games each (a game is rarely longer than 30 moves).
  CHECK(load_count(load.output, "matches completed") >= 6);
  const int actions = load_count(load.output, "actions");
  CHECK(actions >= 150);
  // The round trips once every room is playing: the three rooms begin within the first
  // second, and nearly every action of the run comes after.
  std::smatch m;
  REQUIRE(std::regex_search(load.output, m, std::regex(R"(once every room plays \(from ([0-9.]+) s, (\d+) actions\): p50 )")));
  CHECK(std::stod(m[1]) < 2.0);
  CHECK(std::stoi(m[2]) > actions / 2);
  CHECK(std::stoi(m[2]) <= actions);
}

TEST_CASE("cli: load shares its rooms among threads, and the connections it is told to verify check every hash",
          "[server][cli]") {
  register_all_games();
  ServerProcess server({"--journal", "none"});
  Child load({NYANHALL_CLI, "load", "--server", server_addr(server), "--game", "daihugo", "--options", R"({"players":3})",
              "--rooms", "4", "--duration", "3", "--threads", "2", "--verify-every", "1"});
  REQUIRE(load.wait(60s) == 0);
  INFO(load.output);
  CHECK(load.output.find("load generator: 2 threads, 12 connections checking their views") != std::string::npos);
  CHECK(load.output.find("hash mismatches 0") != std::string::npos);
  CHECK(load_count(load.output, "actions") >= 100);
}

TEST_CASE("cli: --help, help and --version print to stdout and exit 0, and every command explains its flags",
          "[server][cli][help]") {
  for (const std::vector<std::string>& asks : {std::vector<std::string>{"--help"}, {"help"}, {"-h"}}) {
    std::vector<std::string> argv = {NYANHALL_CLI};
    argv.insert(argv.end(), asks.begin(), asks.end());
    const auto r = run_program(argv);
    INFO(asks[0] << ": " << r.out << r.err);
    CHECK(r.exit == 0);
    CHECK(r.err.empty());
    for (const char* command : {"simulate", "play", "bot", "load", "verify", "games"})
      CHECK(std::regex_search(r.out, std::regex(std::string("\n  ") + command + " +\\S")));
    // The list of commands is easy to scan (issue 37): a summary that goes on to more lines
    // continues under its own first line, never at column 0, and no line is wider than 100.
    const auto from = r.out.find("\ncommands:\n"), to = r.out.find("\n\n", from + 1);
    REQUIRE(from != std::string::npos);
    std::istringstream list(r.out.substr(from + 11, to - from - 11));
    std::size_t column = 0, rows = 0, continued = 0;
    for (std::string line; std::getline(list, line);) {
      INFO(line);
      CHECK(line.size() <= 100);
      std::smatch m;
      if (std::regex_match(line, m, std::regex("  ([a-z]+) +(\\S.*)"))) {
        ++rows;
        if (!column) column = static_cast<std::size_t>(m.position(2));
        CHECK(static_cast<std::size_t>(m.position(2)) == column);  // every summary in one column
      } else {
        ++continued;
        CHECK(line.find_first_not_of(' ') == column);
      }
    }
    CHECK(rows == 6);
    CHECK(continued > 0);  // (some summaries are long)
    // The games this client knows, from its registry.
    register_all_games();
    for (const Game* g : registry().games()) CHECK(std::regex_search(r.out, std::regex("\ngames:.*\\b" + g->type().id + "\\b")));
  }
  const auto version = run_program({NYANHALL_CLI, "--version"});
  CHECK(version.exit == 0);
  CHECK(version.out == "nyanhall-cli " + std::string(kVersion) + " (protocol 1)\n");
  CHECK(version.err.empty());
  // Nothing to do is a mistake: the usage goes to stderr.
  const auto nothing = run_program({NYANHALL_CLI});
  CHECK(nothing.exit == 2);
  CHECK(nothing.out.empty());
  CHECK(nothing.err.find("usage:") != std::string::npos);

  // The flags each command takes (as the README and the deployment scripts use them).
  const std::map<std::string, std::vector<std::string>> flags = {
      {"simulate", {"game", "options", "games", "seed"}},
      {"play", {"server", "create", "options", "join", "seat", "spectate", "reconnect", "token", "name", "save"}},
      {"bot",
       {"server", "join", "seat", "create", "options", "start", "name", "seed", "think-ms", "timeout",
        "reconnect-timeout", "save", "verbose"}},
      {"load",
       {"server", "game", "options", "seats", "rooms", "matches", "duration", "think-ms", "server-pid", "idle-rooms"}},
      {"verify", {}},
      {"games", {}}};
  for (const auto& [command, names] : flags) {
    for (const std::vector<std::string>& asks :
         {std::vector<std::string>{command, "--help"}, {"help", command}, {command, "-h"}}) {
      std::vector<std::string> argv = {NYANHALL_CLI};
      argv.insert(argv.end(), asks.begin(), asks.end());
      const auto r = run_program(argv);
      INFO(asks[0] << " " << asks[1] << ":\n" << r.out << r.err);
      CHECK(r.exit == 0);
      CHECK(r.err.empty());
      CHECK(std::regex_search(r.out, std::regex("^usage: nyanhall-cli " + command + "[ \n]")));
      // Each flag on a line of its own: the flag, its value's placeholder if it takes one,
      // and what it does.
      for (const std::string& name : names)
        CHECK(std::regex_search(r.out, std::regex("\n  --" + name + "( [A-Z][A-Z:]*)?  +[a-z(]\\S* \\S")));
      CHECK(std::regex_search(r.out, std::regex("\n  --help  +print this help")));
    }
  }
  // The flags that take a game list the games this client knows (its registry), not a copy.
  for (const char* command : {"simulate", "play", "bot", "load"}) {
    const std::string help = run_program({NYANHALL_CLI, command, "--help"}).out;
    INFO(help);
    CHECK(help.find("{games}") == std::string::npos);
    CHECK(help.find("(a game id: " + game_ids_of_registry() + ")") != std::string::npos);
  }
  // verify --help is help, not a file name.
  CHECK(run_program({NYANHALL_CLI, "verify", "--help"}).out.find("FILE") != std::string::npos);
  CHECK(std::regex_search(run_program({NYANHALL_CLI, "verify", "--help"}).out, std::regex("\n  FILE  +a transcript")));

  // A mistake names itself on stderr, with the usage line, and exits 2.
  for (const std::string command : {"simulate", "play", "bot", "load", "verify"}) {
    const auto r = run_program({NYANHALL_CLI, command, "--bogus"});
    INFO(command << ": " << r.err);
    CHECK(r.exit == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("unknown flag --bogus") != std::string::npos);
    CHECK(r.err.find("usage: nyanhall-cli " + command) != std::string::npos);
  }
  CHECK(run_program({NYANHALL_CLI, "simulate", "--game", "oikake", "--games", "-1"}).exit == 2);
  CHECK(run_program({NYANHALL_CLI, "verify"}).exit == 2);
  const auto sim = run_program({NYANHALL_CLI, "simulate", "--game=oikake", "--games", "3", "--seed", "2"});
  CHECK(sim.exit == 0);
  CHECK(sim.out.find("games: 3, errors: 0") != std::string::npos);
}

TEST_CASE("cli: games lists every registered game, its id first, its seats and titles", "[server][cli]") {
  register_all_games();
  const auto r = run_program({NYANHALL_CLI, "games"});
  INFO(r.out << r.err);
  CHECK(r.exit == 0);
  std::istringstream lines(r.out);
  for (const Game* g : registry().games()) {
    const GameType& t = g->type();
    std::string line;
    REQUIRE(std::getline(lines, line));  // in the registry's order, one a line
    std::istringstream words(line);
    std::string id, seats;
    words >> id >> seats;
    CHECK(id == t.id);
    CHECK(seats == (t.min_seats == t.max_seats ? std::to_string(t.min_seats)
                                               : std::to_string(t.min_seats) + "-" + std::to_string(t.max_seats)));
    CHECK(line.find(t.title + " / " + t.title_ja) != std::string::npos);
  }
  std::string extra;
  CHECK_FALSE(std::getline(lines, extra));
  CHECK(run_program({NYANHALL_CLI, "games", "extra"}).exit == 2);
}
