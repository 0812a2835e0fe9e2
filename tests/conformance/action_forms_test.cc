// The action forms every game publishes in /api/games (Game::action_forms, as one JSON Schema
// per game), held against the engine: in random playouts of every sample option set, every
// legal action of every seat at every step has exactly one of the game's forms and validates
// against the published schema; every form is used by some legal list (a form no engine
// offers would be a wrong promise to clients); side actions are exactly the engine's
// (State::side_action), and are what a seat outside to_act may be offered.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "rules/core/action_list.h"
#include "rules/core/registry.h"
#include "tests/support/json_schema.h"
#include "tests/support/playout.h"

using namespace nyan;

namespace {

// Games are played (seeds 1, 2, ..., the sample option sets in turn) until every form has
// been offered, at least kMinGames and at most kMaxGames. Every other game picks, instead of
// a random move, the legal action whose form has been taken least so far: random play alone
// never boards a Kushine type, so it never offers the merges that follow a boarding.
constexpr int kMinGames = 100;
constexpr int kMaxGames = 2000;

// A form by game, type and member names: "kushine exterminate()".
std::string form_name(const std::string& game, const ActionForm& f) {
  std::string out = game + " " + f.type + "(";
  for (std::size_t i = 0; i < f.members.size(); ++i) out += (i ? "," : "") + f.members[i].name;
  return out + ")";
}

// Forms that random games do not reach within kMaxGames, each with the rules scenario that
// offers it and checks it against the published schema.
const std::set<std::string> kReachedByScenario = {
    "kushine exterminate()",  // one pile left and three mice in hand: K7 (kushine_test.cc)
};

struct FormCheck {
  explicit FormCheck(const Game& g)
      : forms(g.type().action_forms), schema(action_schema(forms)), seen(forms.size()), taken(forms.size()) {
    for (std::size_t i = 0; i < forms.size(); ++i) {
      by_type[forms[i].type].push_back(i);
      schemas.push_back(form_schema(forms[i]));
      names.push_back(form_name(g.type().id, forms[i]));
    }
  }

  // Fails the test unless `action` has exactly one form, and returns it (marked as offered).
  // Each distinct action is checked once: legal lists repeat the same actions step after step.
  std::size_t check(const Json& action, bool side) {
    const std::string text = action.dump();
    auto known = form_of.find(text);
    if (known == form_of.end()) {
      INFO("action " << text);
      const auto problem = test::schema_problem(schema, action);
      INFO(problem.value_or(""));
      REQUIRE_FALSE(problem);
      std::size_t matched = forms.size(), matches = 0;
      for (std::size_t i : by_type[action["type"].get<std::string>()])
        if (!test::schema_problem(schemas[i], action)) matched = i, ++matches;
      REQUIRE(matches == 1);
      known = form_of.emplace(text, matched).first;
    }
    seen[known->second] = true;
    CHECK(side == forms[known->second].side);  // the engine lists it as its form says
    return known->second;
  }

  bool all_seen() const {
    for (std::size_t i = 0; i < forms.size(); ++i)
      if (!seen[i] && !kReachedByScenario.count(names[i])) return false;
    return true;
  }

  std::vector<ActionForm> forms;
  Json schema;
  std::vector<Json> schemas;
  std::vector<std::string> names;
  std::map<std::string, std::vector<std::size_t>> by_type;
  std::map<std::string, std::size_t> form_of;  // every action checked so far
  std::vector<bool> seen;
  std::vector<long> taken;  // moves made with each form
};

// Checks every legal list of the state and picks the next move: random, or (`novel`) an
// action of the acting seat's least-taken form.
Move next_move(FormCheck& forms, const State& s, Rng& rng, bool novel) {
  const std::vector<Seat> acting = s.to_act();
  Move best{-1, Json()};
  long fewest = 0;
  for (Seat seat = 0; seat < s.seat_count(); ++seat) {
    const bool acts = std::find(acting.begin(), acting.end(), seat) != acting.end();
    const ActionList legal(s, seat);
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const Json a = legal.parse(i);
      const std::size_t form = forms.check(a, legal.side(i));
      if (!acts) REQUIRE(legal.side(i));  // PROTOCOL.md: only side actions out of turn
      if (acts && (best.seat < 0 || forms.taken[form] < fewest)) best = {seat, a}, fewest = forms.taken[form];
    }
  }
  if (!novel) {
    auto move = random_move(s, rng);
    REQUIRE(move);
    best = *move;
  }
  REQUIRE(best.seat >= 0);
  forms.taken[forms.form_of.at(best.action.dump())]++;  // (checked above with its seat's list)
  return best;
}

}  // namespace

TEST_CASE("action forms: every legal action has exactly one published form, and every form is used",
          "[conformance][actions]") {
  register_all_games();
  for (const Game* g : registry().games()) {
    DYNAMIC_SECTION(g->type().id) {
      FormCheck forms(*g);
      REQUIRE(catalog_entry(g->type())["actions"] == forms.schema);
      std::vector<Json> option_sets;
      for (const Json& given : g->type().sample_options) option_sets.push_back(test::options(*g, given));
      int games = 0;
      for (std::uint64_t seed = 1; games < kMinGames || (games < kMaxGames && !forms.all_seen()); ++seed, ++games) {
        auto s = test::start(*g, option_sets[seed % option_sets.size()], seed);
        SplitMix rng(seed);
        // A novelty-driven game may wander; it is cut off at the game's bound.
        for (int n = 0; !s->over() && n < g->max_actions(option_sets[seed % option_sets.size()]); ++n) {
          const Move move = next_move(forms, *s, rng, seed % 2 == 0);
          test::must_apply(*s, move.seat, move.action);
        }
      }
      INFO(games << " games");
      for (std::size_t i = 0; i < forms.forms.size(); ++i) {
        INFO("form " << forms.names[i]);
        CHECK(forms.seen[i] != (kReachedByScenario.count(forms.names[i]) > 0));  // a listed form that is seen: unlist it
      }
    }
  }
}

TEST_CASE("action forms: the catalog names the side actions and the outcome reasons", "[conformance][actions]") {
  register_all_games();
  for (const Game* g : registry().games()) {
    INFO(g->type().id);
    const Json entry = catalog_entry(g->type());
    std::set<std::string> side;
    for (const ActionForm& f : g->type().action_forms)
      if (f.side) side.insert(f.type);
    CHECK(entry["side_actions"] == Json(side));
    std::set<std::string> reasons;
    for (const Json& r : entry["outcome_reasons"]) {
      CHECK(!r["meaning"].get<std::string>().empty());
      CHECK(reasons.insert(r["reason"].get<std::string>()).second);  // each once
    }
    CHECK(!reasons.empty());
  }
}

TEST_CASE("action forms: a forfeit is no client action, a game with forfeits publishes its reason", "[conformance][actions][forfeit]") {
  register_all_games();
  for (const Game* g : registry().games()) {
    INFO(g->type().id);
    // The server makes a forfeit (State::forfeit), a client never sends one: the published
    // schema refuses it, as apply() does.
    const Json schema = catalog_entry(g->type())["actions"];
    CHECK(test::schema_problem(schema, forfeit_action()));
    const std::vector<OutcomeReason> reasons = g->type().outcome_reasons;
    const bool listed =
        std::any_of(reasons.begin(), reasons.end(), [](const OutcomeReason& r) { return r.reason == "forfeit"; });
    CHECK(listed == g->type().forfeits);
  }
}
