// rules/core: option schemas, the Rng helpers, the event log, the canonical text writer,
// legal lists, and the moves of a record (an action or a forfeit).
#include <catch2/catch.hpp>

#include <map>

#include "rules/core/canonical_text.h"
#include "rules/core/event_log.h"
#include "rules/core/move.h"
#include "rules/core/options.h"
#include "rules/core/random_move.h"
#include "rules/core/rng.h"
#include "rules/core/state.h"

using namespace nyan;

TEST_CASE("options: defaults, unknown names, types and ranges", "[core][options]") {
  const std::vector<OptionSpec> schema = {
      OptionSpec::choice("mode", {"a", "b"}, "a", ""),
      OptionSpec::integer("players", 2, 4, 3, ""),
      OptionSpec::boolean("fast", false, ""),
      OptionSpec::object("map", "default", ""),
  };
  Json out;
  REQUIRE(normalize_options(schema, nullptr, out).is_ok());
  CHECK(out == Json{{"mode", "a"}, {"players", 3}, {"fast", false}, {"map", "default"}});
  REQUIRE(normalize_options(schema, {{"players", 4}, {"map", {{"x", 1}}}}, out).is_ok());
  CHECK(out["players"] == 4);

  auto error = [&](const Json& given) {
    Result r = normalize_options(schema, given, out);
    REQUIRE_FALSE(r.is_ok());
    CHECK(r.error().code == RuleError::bad_option);
    return r.error().message;
  };
  CHECK(error({{"colour", 1}}).find("unknown option 'colour'") != std::string::npos);
  CHECK(error({{"players", 5}}) == "option 'players': must be between 2 and 4");
  CHECK(error({{"players", 3.0}}) == "option 'players': must be an integer");
  CHECK(error({{"players", "3"}}) == "option 'players': must be an integer");
  CHECK(error({{"mode", "c"}}) == "option 'mode': must be one of \"a\", \"b\"");
  CHECK(error({{"fast", 1}}) == "option 'fast': must be true or false");
  CHECK(error({{"map", 1}}).find("option 'map'") == 0);
  CHECK(error(Json::array()) == "options must be a JSON object");
}

TEST_CASE("Rng::uniform stays in range and covers it", "[core][rng]") {
  SplitMix rng(1);
  for (std::uint64_t n : {1ULL, 2ULL, 3ULL, 6ULL, 52ULL, (1ULL << 63) + 1}) {
    for (int i = 0; i < 200; ++i) CHECK(rng.uniform(n) < n);
  }
  std::map<int, int> seen;
  for (int i = 0; i < 6000; ++i) seen[rng.below(6)]++;
  REQUIRE(seen.size() == 6);
  for (auto [k, c] : seen) CHECK((c > 800 && c < 1200));
}

TEST_CASE("event log: bounded, numbered, secrets only for their seats", "[core][log]") {
  EventLog log(3);
  log.add({{"type", "a"}});
  log.add({{"type", "b"}, {"seat", 0}}, {0}, {{"card", "x"}});
  log.add({{"type", "c"}});
  log.add({{"type", "d"}});
  const Json v0 = log.view(0), v1 = log.view(1), all = log.view(1, true);
  REQUIRE(v0.size() == 3);
  CHECK(v0[0]["n"] == 2);
  CHECK(v0[0]["card"] == "x");
  CHECK_FALSE(v1[0].contains("card"));
  CHECK(all[0]["card"] == "x");
  log.forget_secrets_except(1);
  CHECK_FALSE(log.view(0)[0].contains("card"));
  CHECK(log.count() == 4);
}

TEST_CASE("event log: its text is the canonical text of its view, secrets merged in key order", "[core][log]") {
  EventLog log(4);
  // Secret keys before, between and after the public ones, and one that replaces a public
  // field (the secret value wins, as in view()).
  log.add({{"type", "a"}, {"seat", 0}}, {0}, {{"card", "x"}, {"seen", true}, {"zone", 3}});
  log.add({{"type", "b"}, {"seat", 1}, {"up", "walk"}}, {1}, {{"up", "hidden"}, {"down", Json::array({1, 2})}});
  log.add({{"type", "c"}});
  log.add({{"type", "d \"quoted\""}, {"seat", 0}}, {0, 1}, {{"m", Json::object({{"k", 1}})}});
  for (Seat viewer : {kSpectator, 0, 1, 2}) {
    for (bool all : {false, true}) {
      std::string text;
      TextWriter w(text);
      log.write(w, viewer, all);
      CHECK(text == canonical_json(log.view(viewer, all)));
    }
  }
}

TEST_CASE("TextWriter: canonical text member by member", "[core][canonical]") {
  std::string out = "prefix:";
  TextWriter w(out);
  w.open_object();
  w.key("a").open_array().num(-3).str("x\"y\n").flag(true).null().open_object().close_object().close_array();
  w.key("b").open_object().key("c").num(1).key("d").open_array().close_array().close_object();
  w.key("e").json(Json::parse(R"({"z":1,"y":[2,{"x":null}]})"));
  w.key("f").raw("[1,2]");
  w.key("g").str("caf\u00e9");
  w.close_object();
  CHECK(out == "prefix:" + canonical_json(Json::parse(out.substr(7))));
  CHECK(out == R"(prefix:{"a":[-3,"x\"y\n",true,null,{}],"b":{"c":1,"d":[]},"e":{"y":[2,{"x":null}],"z":1},"f":[1,2],"g":"café"})");
}

TEST_CASE("TextWriter: keys out of byte order fail where they are written", "[core][canonical]") {
  REQUIRE(TextWriter::checking_key_order());  // the test main turns the check on
  const auto written = [](auto&& write) {
    std::string out;
    TextWriter w(out);
    write(w);
    return out;
  };
  // In order at every level, with a nested object between two members: fine.
  CHECK(written([](TextWriter& w) {
          w.open_object().key("deck").num(1).key("deck_count").open_object().key("z").num(1).close_object();
          w.key("e").open_array().open_object().key("b").num(1).close_object().open_object().key("a").num(2).close_object();
          w.close_array().close_object();
        }) == R"({"deck":1,"deck_count":{"z":1},"e":[{"b":1},{"a":2}]})");
  CHECK_THROWS_AS(written([](TextWriter& w) { w.open_object().key("deck_count").num(1).key("deck").num(2); }),
                  std::logic_error);
  CHECK_THROWS_AS(written([](TextWriter& w) { w.open_object().key("a").num(1).key("a").num(2); }), std::logic_error);
  CHECK_THROWS_AS(written([](TextWriter& w) {
                    w.open_object().key("b").open_object().key("x").num(1).close_object().key("a").num(2);
                  }),
                  std::logic_error);
  // Byte order, not dictionary order: "Z" (0x5a) comes before "a" (0x61), "_" (0x5f) before "a".
  CHECK_NOTHROW(written([](TextWriter& w) { w.open_object().key("Z").num(1).key("a_b").num(2).key("ab").num(3).close_object(); }));
  // A writer of a bare member list checks its top level too.
  CHECK_THROWS_AS(written([](TextWriter& w) { w.key("room").num(1).key("game").num(2); }), std::logic_error);
  // Turned off (as in release builds), nothing is checked.
  TextWriter::check_key_order(false);
  CHECK(written([](TextWriter& w) { w.open_object().key("b").num(1).key("a").num(2).close_object(); }) == R"({"b":1,"a":2})");
  TextWriter::check_key_order(true);
}

TEST_CASE("append_canonical_json_within: a value of any size or depth, written only up to a limit", "[core][canonical]") {
  const Json small = Json::parse(R"({"card":"R5","type":"play"})");
  std::string out = "x";
  CHECK(append_canonical_json_within(out, small, 27));
  CHECK(out == "x" + canonical_json(small));
  out.clear();
  CHECK_FALSE(append_canonical_json_within(out, small, 26));
  // Deeper than any stack would take if written whole: the limit stops the descent.
  Json deep = Json::array();
  for (int i = 0; i < 100000; ++i) {
    Json outer = Json::array();
    outer.push_back(std::move(deep));
    deep = std::move(outer);
  }
  Json action = {{"type", "play"}};
  action["card"] = std::move(deep);
  out.clear();
  CHECK_FALSE(append_canonical_json_within(out, action, 64));
  CHECK(out.size() < 200);
  out.clear();
  CHECK_FALSE(append_canonical_json_within(out, Json{{"type", std::string(1 << 20, 'x')}}, 64));
  CHECK(out.size() < 200);
}

namespace {

// The smallest engine: seat 0 may `take` a card or `say` something (a side action); the
// view is a count. `broken` lists an action without writing it.
class ListState : public State {
 public:
  bool broken = false;
  int taken = 0;
  std::unique_ptr<State> clone() const override { return std::make_unique<ListState>(*this); }
  int seat_count() const override { return 2; }
  std::vector<Seat> to_act() const override { return {0}; }
  bool over() const override { return false; }
  Outcome outcome() const override { return {}; }
  Json debug_state() const override { return taken; }
  std::unique_ptr<State> resample(Seat, Rng&) const override { return clone(); }

 protected:
  void list_legal(ActionList& out, Seat seat) const override {
    if (seat != 0) return;
    for (const char* card : {"R1", "G12"}) out.add().open_object().key("card").str(card).key("type").str("take").close_object();
    out.add_text(R"({"topic":"hand","type":"say"})", /*side=*/true);
    out.add().open_object().key("n").num(7).key("type").str("count").close_object();
    if (broken) out.add();
  }
  void write_view(TextWriter& w, Seat viewer) const override {
    w.open_object().key("taken").num(taken).key("you").seat(viewer).close_object();
  }
  void do_apply(Seat, const Json& action) override { taken += action.at("type") == "take" ? 1 : 0; }
};

}  // namespace

namespace {

// ListState with a forfeit: a seat's forfeit ends the game.
class ForfeitState : public ListState {
 public:
  Seat forfeited = -1;
  std::unique_ptr<State> clone() const override { return std::make_unique<ForfeitState>(*this); }
  std::vector<Seat> to_act() const override { return over() ? std::vector<Seat>{} : std::vector<Seat>{0}; }
  bool over() const override { return forfeited >= 0; }

 protected:
  void list_legal(ActionList& out, Seat seat) const override {
    if (!over()) ListState::list_legal(out, seat);
  }
  bool do_forfeit(Seat seat) override {
    forfeited = seat;
    return true;
  }
};

}  // namespace

TEST_CASE("ActionList: one enumerator gives the text, the parsed list and the lookup", "[core][legal]") {
  ListState s;
  const ActionList legal(s, 0);
  REQUIRE(legal.size() == 4);
  CHECK(legal.text() == R"([{"card":"R1","type":"take"},{"card":"G12","type":"take"},{"topic":"hand","type":"say"},{"n":7,"type":"count"}])");
  CHECK(legal.action(1) == R"({"card":"G12","type":"take"})");
  CHECK(legal.action(3) == R"({"n":7,"type":"count"})");
  CHECK((!legal.side(0) && !legal.side(1) && legal.side(2) && !legal.side(3)));
  CHECK(legal.parse(2) == Json{{"type", "say"}, {"topic", "hand"}});
  CHECK(s.legal_text(0) == legal.text());
  CHECK(canonical_json(Json(s.legal_actions(0))) == legal.text());
  CHECK(ActionList(s, 1).empty());
  CHECK(s.legal_text(1) == "[]");

  CHECK(legal.find(Json{{"type", "take"}, {"card", "G12"}}).value_or(99) == 1);
  CHECK(legal.find(Json{{"type", "count"}, {"n", 7}}).value_or(99) == 3);
  CHECK_FALSE(legal.find(Json{{"type", "take"}, {"card", "G1"}}));
  CHECK_FALSE(legal.find(Json{{"type", "take"}, {"card", "G12"}, {"x", 1}}));
  CHECK_FALSE(legal.find(Json{{"type", "count"}, {"n", 7.0}}));  // numbers are integers only
  CHECK_FALSE(legal.find(Json::array()));
  CHECK_FALSE(legal.find(Json{{"type", std::string(100000, 'x')}}));

  // apply() goes through the same list.
  CHECK(s.apply(0, Json{{"type", "take"}, {"card", "R1"}}).is_ok());
  CHECK(s.apply(0, Json{{"type", "count"}, {"n", 7.0}}).error().code == RuleError::illegal_action);
  CHECK(s.apply(1, Json{{"type", "take"}, {"card", "R1"}}).error().code == RuleError::not_your_turn);
  CHECK(s.view_text(1) == R"({"taken":1,"you":1})");
  CHECK(s.view(kSpectator) == Json{{"taken", 1}, {"you", nullptr}});
}

TEST_CASE("ActionList: an action listed but not written fails at once", "[core][legal]") {
  ListState s;
  s.broken = true;
  CHECK_THROWS_AS(ActionList(s, 0), std::logic_error);
}

namespace {

// ListState's list with a run of side actions (`say`) put in by add_run or, action by
// action, by add_text: before the other actions, between them, after them, or alone.
class RunState : public ListState {
 public:
  enum class At { first, middle, last, alone };
  At at = At::middle;
  bool whole = true;  // add_run; false: add_text of each
  ActionRun run{/*side=*/true};
  std::vector<std::string> says;
  std::unique_ptr<State> clone() const override { return std::make_unique<RunState>(*this); }

 protected:
  void list_legal(ActionList& out, Seat seat) const override {
    if (seat != 0) return;
    auto take = [&](const char* card) { out.add().open_object().key("card").str(card).key("type").str("take").close_object(); };
    auto say = [&] {
      if (whole) out.add_run(run);
      else
        for (const std::string& s : says) out.add_text(s, /*side=*/true);
    };
    if (at == At::alone) return say();
    if (at == At::first) say();
    take("R1");
    if (at == At::middle) say();
    out.add_text(R"({"n":7,"type":"count"})");
    if (at == At::last) say();
  }
};

}  // namespace

TEST_CASE("ActionList: a run of actions written once lists as its actions one by one", "[core][legal]") {
  for (const int n : {0, 1, 3}) {
    for (const auto at : {RunState::At::first, RunState::At::middle, RunState::At::last, RunState::At::alone}) {
      RunState whole, each;
      for (int i = 0; i < n; ++i) {
        const std::string say = R"({"hint":")" + std::string(static_cast<std::size_t>(i * 7 + 1), 'a') + R"(","type":"say"})";
        whole.run.add_text(say);
        each.says.push_back(say);
      }
      whole.at = each.at = at;
      each.whole = false;
      INFO("actions in the run: " << n << ", place " << static_cast<int>(at));
      const ActionList a(whole, 0), b(each, 0);
      CHECK(a.text() == b.text());
      REQUIRE(a.size() == b.size());
      for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a.action(i) == b.action(i));
        CHECK(a.side(i) == b.side(i));
        CHECK(a.find(b.parse(i)) == std::optional<std::size_t>(i));
      }
      // The longest action bounds what find() writes of a wanted action: the run's longest counts.
      if (n == 3) CHECK(a.find(Json{{"type", "say"}, {"hint", std::string(15, 'a')}}).has_value());
      CHECK(canonical_json(Json::parse(a.text())) == a.text());
    }
  }
}

TEST_CASE("random_move: side actions only one time in kSideActionOdds", "[core][legal]") {
  ListState s;
  SplitMix rng(3);
  int side = 0;
  const int n = 8000;
  for (int i = 0; i < n; ++i) {
    const auto move = random_move(s, rng);
    REQUIRE(move);
    CHECK(move->seat == 0);
    if (move->action.at("type") == "say") ++side;
  }
  // One in 8 draws is over all four actions, so the side action comes 1/32 of the time.
  CHECK(side > n / 32 / 2);
  CHECK(side < n / 32 * 2);
}

TEST_CASE("RngBox: a copy continues the same stream independently", "[core][rng]") {
  RngBox a(std::make_unique<SplitMix>(5));
  a->next_u64();
  RngBox b = a;
  const std::uint64_t x = a->next_u64();
  CHECK(b->next_u64() == x);
  CHECK(a->next_u64() == b->next_u64());
}

TEST_CASE("forfeit: refused by a game without forfeits, out of range and once over", "[core][forfeit]") {
  ListState none;
  Result r = none.forfeit(1);
  REQUIRE_FALSE(r.is_ok());
  CHECK(r.error().code == RuleError::illegal_action);
  CHECK(r.error().message == "this game has no forfeit");
  CHECK(none.forfeit(2).error().code == RuleError::invalid_seat);
  CHECK(none.forfeit(kSpectator).error().code == RuleError::invalid_seat);
  CHECK_FALSE(none.over());

  ForfeitState s;
  CHECK(s.forfeit(2).error().code == RuleError::invalid_seat);
  CHECK_FALSE(s.over());
  REQUIRE(s.forfeit(1).is_ok());
  CHECK(s.forfeited == 1);
  CHECK(s.forfeit(0).error().code == RuleError::game_over);
  CHECK(s.forfeited == 1);
}

TEST_CASE("apply_move: a recorded forfeit goes to forfeit(), anything else to apply()", "[core][forfeit]") {
  CHECK(forfeit_action() == Json{{"type", "forfeit"}});
  CHECK(is_forfeit(Json{{"type", "forfeit"}}));
  CHECK_FALSE(is_forfeit(Json{{"type", "forfeit"}, {"seat", 0}}));  // exactly the type, nothing more
  CHECK_FALSE(is_forfeit(Json{{"type", "take"}, {"card", "R1"}}));
  CHECK_FALSE(is_forfeit(Json("forfeit")));
  CHECK_FALSE(is_forfeit(Json::array({"forfeit"})));

  ForfeitState s;
  // A client cannot forfeit: the action is in no legal list, so apply() refuses it.
  CHECK(s.apply(0, forfeit_action()).error().code == RuleError::illegal_action);
  CHECK(apply_move(s, Move{0, {{"type", "forfeit"}, {"x", 1}}}).error().code == RuleError::illegal_action);
  REQUIRE(apply_move(s, Move{0, {{"type", "take"}, {"card", "R1"}}}).is_ok());
  CHECK(s.taken == 1);
  CHECK_FALSE(s.over());
  CHECK(apply_move(s, Move{2, forfeit_action()}).error().code == RuleError::invalid_seat);
  REQUIRE(apply_move(s, Move{1, forfeit_action()}).is_ok());
  CHECK(s.forfeited == 1);
  CHECK(apply_move(s, Move{0, {{"type", "take"}, {"card", "R1"}}}).error().code == RuleError::game_over);
  CHECK(apply_move(s, Move{0, forfeit_action()}).error().code == RuleError::game_over);

  ListState none;  // a game without forfeits refuses a recorded one
  CHECK(apply_move(none, Move{0, forfeit_action()}).error().code == RuleError::illegal_action);
}
