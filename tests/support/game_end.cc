#include "tests/support/game_end.h"

#include <catch2/catch.hpp>

#include "rules/core/move.h"
#include "tests/support/playout.h"

namespace nyan::test {

void require_ended(const State& s) {
  REQUIRE(s.over());
  CHECK(s.to_act().empty());
  for (Seat seat = 0; seat < s.seat_count(); ++seat) CHECK(s.legal_actions(seat).empty());
}

void require_views_public(const State& s) {
  const Json spectator = s.view(kSpectator);
  for (Seat viewer = 0; viewer < s.seat_count(); ++viewer) {
    Json v = s.view(viewer);
    CHECK(v["you"] == viewer);
    v["you"] = nullptr;
    CHECK(v == spectator);
  }
}

Json view_shape(const Json& view, const char* seats_key) {
  Json keys = Json::array(), seat_keys = Json::array();
  for (const auto& [k, v] : view.items()) keys.push_back(k);
  for (const auto& [k, v] : view[seats_key][0].items()) seat_keys.push_back(k);
  return {keys, seat_keys};
}

void require_no_forfeits(State& s) {
  const std::string before = bytes(s.debug_state());
  for (Seat seat = 0; seat < s.seat_count(); ++seat) {
    Result r = s.forfeit(seat);
    REQUIRE_FALSE(r.is_ok());
    CHECK(r.error().code == RuleError::illegal_action);
    CHECK(apply_move(s, Move{seat, forfeit_action()}).error().code == RuleError::illegal_action);
  }
  CHECK_FALSE(s.over());
  CHECK(bytes(s.debug_state()) == before);
}

void require_forfeit_guarded(State& s) {
  const std::string before = bytes(s.debug_state());
  CHECK(s.forfeit(s.seat_count()).error().code == RuleError::invalid_seat);
  CHECK(s.forfeit(kSpectator).error().code == RuleError::invalid_seat);
  REQUIRE_FALSE(s.to_act().empty());
  for (Seat seat : s.to_act()) CHECK(s.apply(seat, forfeit_action()).error().code == RuleError::malformed_action);
  CHECK(bytes(s.debug_state()) == before);
}

void require_no_forfeit_after_end(State& s) {
  REQUIRE(s.over());
  const std::string after = bytes(s.debug_state());
  for (Seat seat = 0; seat < s.seat_count(); ++seat) CHECK(s.forfeit(seat).error().code == RuleError::game_over);
  CHECK(bytes(s.debug_state()) == after);
}

}  // namespace nyan::test
