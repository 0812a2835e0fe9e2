#include "tests/support/playout.h"

#include <catch2/catch.hpp>

#include <algorithm>

#include "protocol/canonical.h"
#include "protocol/drbg.h"
#include "rules/core/registry.h"
#include "rules/core/room_options.h"

namespace nyan::test {

const Game& game(const std::string& id) {
  register_all_games();
  const Game* g = registry().find(id);
  REQUIRE(g != nullptr);
  return *g;
}

Json options(const Game& g, const Json& given) {
  Json out;
  Result r = g.normalize_options(given, out);
  INFO(given.dump());
  REQUIRE(r.is_ok());
  return out;
}

Json own_options(const Game& g, const Json& given) {
  Json out = options(g, given);
  for (const OptionSpec& spec : room_option_schema()) out.erase(spec.name);
  return out;
}

std::unique_ptr<State> start(const Game& g, const Json& normalized_options, std::uint64_t seed) {
  return g.start(normalized_options, std::make_unique<Drbg>(seed_from_number(seed)));
}

Json L(std::initializer_list<const char*> items) {
  Json a = Json::array();
  for (const char* x : items) a.push_back(x);
  return a;
}

std::string bytes(const Json& j) { return canonical_json(j); }

std::string received(const State& s, Seat viewer) {
  // The texts the server sends, as they are: view_text is the canonical text of view() and
  // legal_text that of the legal list (the conformance suite checks both), so nothing needs
  // parsing and writing again, which was most of the resampling tests' time.
  std::string out = "view " + s.view_text(viewer);
  out += "\nto_act " + bytes(Json(s.to_act())) + "\nover " + (s.over() ? "true" : "false");
  if (viewer != kSpectator) out += "\nlegal " + s.legal_text(viewer);
  Json sealed = Json::array();
  for (const Sealed& x : s.sealed()) {
    Json e = {{"slot", x.slot}, {"known_to", x.known_to}, {"revealed", x.revealed}};
    if (x.known_by(viewer)) e["value"] = x.value;
    sealed.push_back(e);
  }
  return out + "\nsealed " + bytes(sealed);
}

void must_apply(State& s, Seat seat, const Json& action) {
  Result r = s.apply(seat, action);
  if (r) return;  // (the action is written out only for a failure: playouts apply millions)
  INFO("seat " << seat << " action " << action.dump());
  INFO("error: " << to_string(r.error().code) << ": " << r.error().message);
  REQUIRE(r.is_ok());
}

bool contains(const std::vector<Json>& actions, const Json& action) {
  return std::find(actions.begin(), actions.end(), action) != actions.end();
}

bool has_test_case(const std::string& name) {
  for (const Catch::TestCase& t : Catch::getRegistryHub().getTestCaseRegistry().getAllTests())
    if (t.getTestCaseInfo().name == name) return true;
  return false;
}

}  // namespace nyan::test
