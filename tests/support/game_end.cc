#include "tests/support/game_end.h"

#include <catch2/catch.hpp>

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

}  // namespace nyan::test
