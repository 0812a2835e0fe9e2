// The terminal client's boards, found by game id: each registered game's own renderer or the
// generic one, the end line in the words of the game's type, and a game this client has no
// renderer for played from its views alone.
#include <catch2/catch.hpp>

#include <set>

#include "clients/cli/render.h"
#include "rules/core/registry.h"
#include "tests/support/playout.h"

using namespace nyan;

TEST_CASE("cli render: every registered game's views and legal actions read as text", "[cli][render]") {
  register_all_games();
  for (const Game* g : registry().games()) {
    const std::string& id = g->type().id;
    DYNAMIC_SECTION(id) {
      const Json opts = test::options(*g, g->type().sample_options.front());
      auto s = test::start(*g, opts, 5);
      SplitMix rng(6);
      for (int step = 0; step < 300 && !s->over(); ++step) {
        for (Seat seat = kSpectator; seat < s->seat_count(); ++seat) CHECK_FALSE(cli::render_view(id, s->view(seat)).empty());
        auto move = random_move(*s, rng);
        REQUIRE(move);
        CHECK_FALSE(cli::describe_action(id, move->action).empty());
        test::must_apply(*s, move->seat, move->action);
      }
    }
  }
}

TEST_CASE("cli render: the games' own renderers are registered games, each once", "[cli][render]") {
  register_all_games();
  std::set<std::string> seen;
  for (const cli::Renderer& r : cli::renderers()) {
    INFO(r.game);
    CHECK(registry().find(r.game) != nullptr);  // render_<id>.cc names a game of the registry
    CHECK(seen.insert(r.game).second);
    CHECK(cli::find_renderer(r.game) == &r);
  }
  CHECK_FALSE(cli::renderers().empty());
  CHECK(cli::find_renderer("no_such_game") == nullptr);
}

TEST_CASE("cli render: a game without a renderer of its own gets the generic board", "[cli][render]") {
  const Json view = {{"phase", "play"},
                     {"hand", {"R5", "G2"}},
                     {"pile", Json::array()},
                     {"players", {{{"seat", 0}, {"vp", 3}}, {{"seat", 1}, {"vp", 1}}}},
                     {"you", 0},
                     {"outcome", {{"winners", {0}}, {"reason", "most_vp"}}}};
  const std::string board = cli::render_view("newgame", view, {"Aki", "Bo"});
  INFO(board);
  CHECK(board.rfind("newgame\n", 0) == 0);  // not a registered game: its id as the title
  CHECK(board.find("\n  phase: play\n") != std::string::npos);
  CHECK(board.find("\n  hand: R5, G2\n") != std::string::npos);
  CHECK(board.find("\n  pile: -\n") != std::string::npos);
  CHECK(board.find("\n  players:\n    [0] {\"seat\":0,\"vp\":3}\n    [1] {\"seat\":1,\"vp\":1}\n") != std::string::npos);
  CHECK(board.find("\n  you: 0\n") != std::string::npos);
  // The outcome is the end line, its unknown reason's code in words.
  CHECK(board.find("outcome:") == std::string::npos);
  CHECK(board.find("\n  game over: Aki wins: most vp\n") != std::string::npos);

  CHECK(cli::describe_action("newgame", {{"type", "play"}, {"card", "R5"}, {"boost", true}}) ==
        "play (boost: true, card: R5)");
  CHECK(cli::describe_action("newgame", {{"type", "pass"}}) == "pass");
}

TEST_CASE("cli render: the end line says the reason in the words of the game's type", "[cli][render]") {
  register_all_games();
  for (const Game* g : registry().games())
    for (const OutcomeReason& r : g->type().outcome_reasons) {
      INFO(g->type().id << " " << r.reason);
      CHECK_FALSE(r.words.empty());  // every game's reasons have them
      const std::string line = cli::end_line(g->type().id, {{"winners", {0}}, {"reason", r.reason}}, {"Aki"});
      CHECK(line.size() > r.words.size());
      CHECK(line.substr(line.size() - r.words.size()) == r.words);
    }
  const std::vector<std::string> names = {"Aki", "Bo", "Chi"};
  CHECK(cli::end_line("oikake", {{"winners", {1}}, {"reason", "catch"}}, names) ==
        "game over: Bo wins: caught the other cat");
  CHECK(cli::end_line("hinode", {{"winners", {0, 2}}, {"reason", "draw"}}, names) ==
        "game over: Aki and Chi win: a draw");
  // Kushine's crew wins or loses together (R20): its hint names the table, not the seats.
  CHECK(cli::end_line("kushine", {{"winners", {0, 1, 2}}, {"reason", "all_boarded"}}, names) ==
        "game over: the crew wins: everyone boarded");
  CHECK(cli::end_line("kushine", {{"winners", Json::array()}, {"reason", "six_piles"}}, names) ==
        "game over: the crew lost: there were six piles");
  CHECK(cli::end_line("oikake", {{"winners", {0}}, {"reason", "new_ending"}}, names) ==
        "game over: Aki wins: new ending");
}
