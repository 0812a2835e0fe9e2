// The generic conformance suite: every registered game, every sample option set, thousands
// of random playouts with fixed seeds. At every step of the fully checked games:
//  - an action is accepted iff its canonical text is that of one in legal_actions(seat), and
//    the engine applies it;
//  - random illegal and malformed actions get a typed error and change nothing;
//  - a copy equals the original; views are integers-only JSON and view_text is their
//    canonical text;
//  - the outcome's reason is one the game publishes (Game::outcome_reasons);
//  - sealed values keep their contract (stable slots, values never change, reveals only grow);
//  - every action the engine accepts, in whatever spelling, has the shape the game's published
//    action schema gives (action_forms_test.cc checks the legal lists against it).
// Every game ends within the game's bound, and replaying (options, seed, actions) reproduces
// identical states and views.
// Forfeits (State::forfeit): in every game with forfeits, playouts that forfeit a random seat
// at a random step end at once with reason "forfeit" and pass every check of a step; the
// record, replayed move by move with apply_move, reaches the same views. A game without
// forfeits refuses one and stays as it was.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "protocol/canonical.h"
#include "protocol/sha256.h"
#include "rules/core/registry.h"
#include "tests/support/game_cases.h"
#include "tests/support/json_schema.h"
#include "tests/support/playout.h"

using namespace nyan;
using nyan::test::bytes;
using nyan::test::contains;

namespace {

// Light playouts per option set (fully checked games are extra). Oikake's two modes make
// 2 x 10,000 light games plus the checked ones.
int light_games(const std::string& id) {
  static const std::map<std::string, int> counts = {{"oikake", 10000}, {"kushine", 1000}};
  auto it = counts.find(id);
  return it == counts.end() ? 2000 : it->second;
}
constexpr int kCheckedGames = 150;

// Each seat's legal list at one step (read once: the probes consult it many times).
using LegalLists = std::vector<std::vector<Json>>;

// Candidate bad inputs derived from the legal actions of every seat.
std::vector<std::pair<Seat, Json>> probes(const State& s, const LegalLists& legal_of, Rng& rng) {
  std::vector<std::pair<Seat, Json>> out;
  const int n = s.seat_count();
  const Seat any = static_cast<Seat>(rng.uniform(n));
  for (const Json& bad : {Json(42), Json("present"), Json::array(), Json::object(),
                          Json{{"type", 5}}, Json{{"type", "no_such_action"}},
                          Json{{"type", nullptr}}})
    out.emplace_back(any, bad);
  out.emplace_back(-1, Json{{"type", "x"}});
  out.emplace_back(n, Json{{"type", "x"}});

  // 1.0 equals 1 as a tree, but numbers in actions are integers only (PROTOCOL.md).
  static const std::vector<Json> junk = {-1, 0, 1, 2, 99, 1000000, "", "zzz", nullptr, true,
                                         Json::array(), Json::object(), 1.5, 1.0};
  for (Seat seat = 0; seat < n; ++seat) {
    const std::vector<Json>& legal = legal_of[seat];
    if (legal.empty()) continue;
    const Json& a = legal[rng.uniform(legal.size())];
    // The same action for every other seat.
    for (Seat other = 0; other < n; ++other)
      if (other != seat) out.emplace_back(other, a);
    // Field mutations.
    std::vector<std::string> fields;
    for (const auto& [k, v] : a.items())
      if (k != "type") fields.push_back(k);
    Json extra = a;
    extra["extra"] = 1;
    out.emplace_back(seat, extra);
    if (!fields.empty()) {
      const std::string& f = fields[rng.uniform(fields.size())];
      Json removed = a;
      removed.erase(f);
      out.emplace_back(seat, removed);
      for (int k = 0; k < 3; ++k) {
        Json changed = a;
        changed[f] = junk[rng.uniform(junk.size())];
        out.emplace_back(seat, changed);
      }
      // A value borrowed from another legal action keeps the shape but may be illegal.
      const Json& b = legal[rng.uniform(legal.size())];
      if (b.contains(f)) {
        Json mixed = a;
        mixed[f] = b[f];
        out.emplace_back(seat, mixed);
      }
    }
  }
  return out;
}

// Whether apply() must accept: the canonical spelling of `action` is listed, text for text.
bool listed(const State& s, Seat seat, const Json& action, const std::set<std::string>& legal_texts) {
  return legal_texts.count(bytes(s.canonical_action(seat, action))) > 0;
}

void check_sealed_contract(const std::vector<Sealed>& before, const std::vector<Sealed>& after) {
  REQUIRE(after.size() >= before.size());
  for (std::size_t i = 0; i < before.size(); ++i) {
    INFO("slot " << before[i].slot);
    REQUIRE(after[i].slot == before[i].slot);
    REQUIRE(bytes(after[i].value) == bytes(before[i].value));
    if (before[i].revealed) REQUIRE(after[i].revealed);
    for (Seat s : before[i].known_to) REQUIRE(after[i].known_by(s));
  }
  for (std::size_t i = 0; i < after.size(); ++i) {
    REQUIRE(integers_only(after[i].value));
    for (std::size_t j = i + 1; j < after.size(); ++j) REQUIRE(after[i].slot != after[j].slot);
  }
}

void check_step(const State& s, Rng& rng, const Json& action_schema) {
  const int n = s.seat_count();
  const std::vector<Seat> acting = s.to_act();
  REQUIRE(s.over() == acting.empty());
  LegalLists legal_of(static_cast<std::size_t>(n));
  std::vector<std::set<std::string>> legal_texts(static_cast<std::size_t>(n));
  for (Seat seat = 0; seat < n; ++seat) {
    const std::vector<Json>& legal = legal_of[seat] = s.legal_actions(seat);
    for (const Json& a : legal) legal_texts[seat].insert(bytes(a));
    if (std::find(acting.begin(), acting.end(), seat) != acting.end()) REQUIRE(!legal.empty());
    for (std::size_t i = 0; i < legal.size(); ++i) {
      REQUIRE(legal[i].is_object());
      REQUIRE(s.canonical_action(seat, legal[i]) == legal[i]);  // listed actions are canonical
      REQUIRE(legal[i].contains("type"));
      REQUIRE(integers_only(legal[i]));
    }
    REQUIRE(s.legal_text(seat) == canonical_json(Json(legal)));  // what the server sends
  }
  // Views are integers-only JSON, and the text the server sends is exactly their canonical
  // form, whether the engine writes the text itself or its tree is written.
  std::vector<std::string> view_texts;
  for (Seat seat = kSpectator; seat < n; ++seat) {
    const Json view = s.view(seat);
    REQUIRE(integers_only(view));
    view_texts.push_back(s.view_text(seat));
    REQUIRE(view_texts.back() == canonical_json(view));
  }
  // The views of every audience written together, as the server has them after each action
  // (an engine may write what they show alike once), are the views written one by one, in
  // any order of the audiences.
  std::vector<Seat> audiences;
  for (Seat seat = kSpectator; seat < n; ++seat) audiences.push_back(seat);
  REQUIRE(s.view_texts(audiences) == view_texts);
  std::reverse(audiences.begin(), audiences.end());
  REQUIRE(s.view_texts(audiences) == std::vector<std::string>(view_texts.rbegin(), view_texts.rend()));

  // A copy equals the original (its views compared as text, which the loop above showed to
  // be the views' canonical form).
  auto copy = s.clone();
  const std::string state_bytes = bytes(s.debug_state());
  REQUIRE(bytes(copy->debug_state()) == state_bytes);
  for (Seat seat = kSpectator; seat < n; ++seat) REQUIRE(copy->view_text(seat) == view_texts[seat + 1]);

  // Accepted iff legal; rejections are typed and change nothing.
  for (const auto& [seat, action] : probes(s, legal_of, rng)) {
    const bool legal = seat >= 0 && seat < n && listed(s, seat, action, legal_texts[seat]);
    auto probe = s.clone();
    Result r = probe->apply(seat, action);
    INFO("seat " << seat << " action " << action.dump());
    if (legal) {
      REQUIRE(r.is_ok());
      const auto shape = test::schema_problem(action_schema, action);
      INFO(shape.value_or(""));
      REQUIRE_FALSE(shape);
      continue;
    }
    REQUIRE_FALSE(r.is_ok());
    REQUIRE(r.error().code != RuleError::internal);
    REQUIRE(!r.error().message.empty());
    // The order of checks: seat, game over, shape, turn, legality.
    const bool shaped = action.is_object() && action.contains("type") && action["type"].is_string();
    if (seat < 0 || seat >= n) REQUIRE(r.error().code == RuleError::invalid_seat);
    else if (s.over()) REQUIRE(r.error().code == RuleError::game_over);
    else if (!shaped) REQUIRE(r.error().code == RuleError::malformed_action);
    else if (legal_of[seat].empty()) REQUIRE(r.error().code == RuleError::not_your_turn);
    REQUIRE(bytes(probe->debug_state()) == state_bytes);
  }
}

struct Played {
  std::vector<Move> moves;
  std::vector<std::size_t> state_hashes;  // after each move
  std::string final_state;
};

Played play(const Game& g, const Json& opts, std::uint64_t seed, bool checked) {
  Played out;
  auto s = test::start(g, opts, seed);
  SplitMix rng(seed * 7919 + 13);
  const int bound = g.max_actions(opts);
  const Json schema = action_schema(g.type().action_forms);
  std::vector<Sealed> sealed = s->sealed();
  while (!s->over()) {
    INFO("seed " << seed << " after " << out.moves.size() << " actions");
    if (checked) check_step(*s, rng, schema);
    auto move = random_move(*s, rng);
    REQUIRE(move);
    REQUIRE(contains(s->legal_actions(move->seat), move->action));
    (void)s->outcome_text();  // asked before the end: nothing of it may stay
    test::must_apply(*s, move->seat, move->action);
    out.moves.push_back(*move);
    REQUIRE(static_cast<int>(out.moves.size()) <= bound);
    if (checked) {
      std::vector<Sealed> now = s->sealed();
      check_sealed_contract(sealed, now);
      sealed = std::move(now);
      out.state_hashes.push_back(std::hash<std::string>{}(bytes(s->debug_state())));
    }
  }
  if (checked) check_step(*s, rng, schema);
  const Outcome o = s->outcome();
  REQUIRE(!o.reason.empty());
  // The outcome's text is the outcome's, once over, in the state and in its copies.
  REQUIRE(s->outcome_text() == canonical_json(o.to_json()));
  REQUIRE(s->clone()->outcome_text() == canonical_json(o.to_json()));
  const std::vector<OutcomeReason> reasons = g.type().outcome_reasons;  // every reason is published
  INFO("outcome reason " << o.reason);
  REQUIRE(std::any_of(reasons.begin(), reasons.end(), [&](const OutcomeReason& r) { return r.reason == o.reason; }));
  for (Seat w : o.winners) REQUIRE((w >= 0 && w < s->seat_count()));
  REQUIRE((o.scores.empty() || static_cast<int>(o.scores.size()) == s->seat_count()));
  out.final_state = bytes(s->debug_state());
  return out;
}

void replay(const Game& g, const Json& opts, std::uint64_t seed, const Played& p) {
  auto s = test::start(g, opts, seed);
  for (std::size_t i = 0; i < p.moves.size(); ++i) {
    test::must_apply(*s, p.moves[i].seat, p.moves[i].action);
    if (!p.state_hashes.empty())
      REQUIRE(std::hash<std::string>{}(bytes(s->debug_state())) == p.state_hashes[i]);
  }
  REQUIRE(s->over());
  REQUIRE(bytes(s->debug_state()) == p.final_state);
}

}  // namespace

namespace {

// Every option set of game `id`: kCheckedGames fully checked games and light_games(id) more.
void check_game(const std::string& id) {
  const Game& g = test::game(id);
  for (const Json& given : g.type().sample_options) {
    const Json opts = test::options(g, given);
    INFO("options " << opts.dump());
    std::uint64_t seed = 1;
    for (int i = 0; i < kCheckedGames; ++i, ++seed) {
      const Played p = play(g, opts, seed, true);
      replay(g, opts, seed, p);
    }
    const int light = light_games(id);
    for (int i = 0; i < light; ++i, ++seed) {
      const Played p = play(g, opts, seed, false);
      if (i % 10 == 0) replay(g, opts, seed, p);
    }
  }
}

}  // namespace

namespace {

constexpr int kForfeitGames = 200;

// Every view's hash, the spectators' first.
std::vector<std::string> view_hashes(const State& s) {
  std::vector<std::string> out;
  for (Seat seat = kSpectator; seat < s.seat_count(); ++seat) out.push_back(sha256_hex(s.view_text(seat)));
  return out;
}

bool all_revealed(const State& s) {
  const std::vector<Sealed> sealed = s.sealed();
  return std::all_of(sealed.begin(), sealed.end(), [](const Sealed& x) { return x.revealed; });
}

// One playout of game `g` that stops at a random step, where a random seat forfeits.
void forfeit_playout(const Game& g, const Json& opts, std::uint64_t seed) {
  INFO("seed " << seed);
  SplitMix rng(seed * 6007 + 3);
  // The whole game first, to draw a step before its end.
  std::vector<Move> moves;
  for (auto s = test::start(g, opts, seed); !s->over();) {
    auto move = random_move(*s, rng);
    REQUIRE(move);
    test::must_apply(*s, move->seat, move->action);
    moves.push_back(*move);
  }
  moves.resize(rng.uniform(moves.size()));
  auto s = test::start(g, opts, seed);
  for (const Move& m : moves) test::must_apply(*s, m.seat, m.action);
  const Seat seat = static_cast<Seat>(rng.uniform(static_cast<std::uint64_t>(s->seat_count())));
  INFO("seat " << seat << " forfeits after " << moves.size() << " moves");
  const std::string before = bytes(s->debug_state());
  if (!g.type().forfeits) {
    Result r = s->forfeit(seat);
    REQUIRE_FALSE(r.is_ok());
    CHECK(r.error().code == RuleError::illegal_action);
    REQUIRE(bytes(s->debug_state()) == before);
    return;
  }
  const std::vector<Sealed> sealed = s->sealed();
  auto on = s->clone();  // the same game played on to its normal end
  while (!on->over()) {
    auto move = random_move(*on, rng);
    REQUIRE(move);
    test::must_apply(*on, move->seat, move->action);
  }

  REQUIRE(s->forfeit(seat).is_ok());
  moves.push_back(Move{seat, forfeit_action()});
  REQUIRE(s->over());
  CHECK(s->to_act().empty());
  for (Seat other = 0; other < s->seat_count(); ++other) CHECK(s->legal_actions(other).empty());
  check_sealed_contract(sealed, s->sealed());
  if (all_revealed(*on)) CHECK(all_revealed(*s));  // what a normal end opens, a forfeit opens
  check_step(*s, rng, action_schema(g.type().action_forms));  // views, copies, every action refused
  const Outcome o = s->outcome();
  CHECK(o.reason == "forfeit");
  const std::vector<OutcomeReason> reasons = g.type().outcome_reasons;
  CHECK(std::any_of(reasons.begin(), reasons.end(), [](const OutcomeReason& r) { return r.reason == "forfeit"; }));
  CHECK(o.details.value("forfeit", Json()) == seat);
  CHECK(std::find(o.winners.begin(), o.winners.end(), seat) == o.winners.end());
  for (Seat w : o.winners) CHECK((w >= 0 && w < s->seat_count()));
  CHECK((o.scores.empty() || static_cast<int>(o.scores.size()) == s->seat_count()));
  const std::string after = bytes(s->debug_state());
  CHECK(s->forfeit(seat).error().code == RuleError::game_over);
  CHECK(bytes(s->debug_state()) == after);

  // The record replays through apply_move to the same views.
  auto replayed = test::start(g, opts, seed);
  for (const Move& m : moves) REQUIRE(apply_move(*replayed, m).is_ok());
  CHECK(view_hashes(*replayed) == view_hashes(*s));
  CHECK(bytes(replayed->debug_state()) == after);
}

void check_forfeits(const std::string& id) {
  const Game& g = test::game(id);
  for (const Json& given : g.type().sample_options) {
    const Json opts = test::options(g, given);
    INFO("options " << opts.dump());
    for (std::uint64_t seed = 1; seed <= kForfeitGames; ++seed) forfeit_playout(g, opts, seed);
  }
}

}  // namespace

// One test case per registered game (made when the program starts, from the registry:
// tests/support/game_cases.h), so that ctest runs them side by side.
NYAN_GAME_CASES("conformance: ", "[conformance]", check_game);
NYAN_GAME_CASES("conformance: forfeits in ", "[conformance][forfeit]", check_forfeits);

TEST_CASE("conformance: every registered game has its test case", "[conformance]") {
  register_all_games();
  for (const Game* g : registry().games()) {
    CHECK(test::has_test_case("conformance: " + g->type().id));
    CHECK(test::has_test_case("conformance: forfeits in " + g->type().id));
  }
}

TEST_CASE("conformance: option schemas reject unknown and out-of-range options", "[conformance]") {
  register_all_games();
  for (const Game* g : registry().games()) {
    INFO(g->type().id);
    Json out;
    Result unknown = g->normalize_options({{"no_such_option", 1}}, out);
    REQUIRE_FALSE(unknown.is_ok());
    CHECK(unknown.error().code == RuleError::bad_option);
    CHECK(unknown.error().message.find("no_such_option") != std::string::npos);
    CHECK_FALSE(g->normalize_options(Json::array(), out).is_ok());
    for (const OptionSpec& spec : g->type().options) {
      Json bad = {{spec.name, spec.kind == OptionKind::boolean ? Json(7) : Json(3.5)}};
      Result r = g->normalize_options(bad, out);
      REQUIRE_FALSE(r.is_ok());
      CHECK(r.error().message.find(spec.name) != std::string::npos);
    }
    REQUIRE(g->normalize_options(nullptr, out).is_ok());
    for (const OptionSpec& spec : g->type().options) CHECK(out.contains(spec.name));
    CHECK(catalog_entry(g->type())["id"] == g->type().id);
  }
}
