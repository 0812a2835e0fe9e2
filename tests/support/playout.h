// Helpers shared by the rules test suites.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "rules/core/game.h"
#include "rules/core/random_move.h"

namespace nyan::test {

// The registered game `id` (registers every game on first use); fails the test if absent.
const Game& game(const std::string& id);

// Normalized options, failing the test on a schema error.
Json options(const Game& g, const Json& given);
// The same without the room options every game shares (clock, on_timeout, drop_policy): the
// game's own options.
Json own_options(const Game& g, const Json& given);

// A new game seeded like a real room (DRBG over seed_from_number(seed)).
std::unique_ptr<State> start(const Game& g, const Json& normalized_options, std::uint64_t seed);

// An explicit JSON array of strings, for fixtures (nlohmann would read {"a", "b"} as an
// object).
Json L(std::initializer_list<const char*> items);

// Canonical bytes, for byte-identical comparisons.
std::string bytes(const Json& j);

// Everything `viewer` receives from the server about this state, as canonical bytes: its
// view, who acts, whether the game is over, its legal actions and the sealed slots with the
// values it may open. The resampling leak tests compare these.
std::string received(const State& s, Seat viewer);

// Applies `action` for `seat` and fails the test with the engine's message if rejected.
void must_apply(State& s, Seat seat, const Json& action);

// True when `actions` contains `action`.
bool contains(const std::vector<Json>& actions, const Json& action);

// True when this test program has a test case named `name` (the suites with one test case
// per game check that no registered game was left without one).
bool has_test_case(const std::string& name);

}  // namespace nyan::test
