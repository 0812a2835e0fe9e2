// The messages the server writes as text, member by member, against the same message built as
// a tree and written by the JSON library (what PROTOCOL.md's canonical form is defined by).
#include <catch2/catch.hpp>

#include "protocol/server_messages.h"

using namespace nyan;

namespace {

Json seats_tree(const std::vector<RoomSeat>& seats) {
  Json out = Json::array();
  for (const RoomSeat& s : seats) {
    const char* state[] = {"empty", "bot", "open", "disconnected", "connected"};
    Json j = {{"seat", s.seat}, {"state", state[static_cast<int>(s.presence)]}};
    if (s.name) j["name"] = *s.name;
    if (s.bot) j["bot"] = true;
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

TEST_CASE("room: written as text, the same bytes as its tree", "[messages]") {
  const std::string aki = "Aki \"ねこ\"\\\n", ren = "Ren";
  const Json options = {{"players", 4}, {"clock", {{"per_move_ms", 30000}}}, {"variant", "二人"}};
  const std::vector<RoomSeat> seats = {{0, SeatPresence::connected, &aki, false},
                                       {1, SeatPresence::bot, nullptr, true},
                                       {2, SeatPresence::disconnected, &ren, true},
                                       {3, SeatPresence::open, nullptr, false},
                                       {4, SeatPresence::empty, nullptr, false}};
  for (const auto& [finished, rematch] : {std::pair<std::vector<int>, std::vector<int>>{{}, {}},
                                          {{1, 2, 3}, {0, 2}},
                                          {{7}, {}}}) {
    const RoomInfo info{"ABCD-EFGH", "hinode", options, "over", 2, 3, seats, 5, finished, rematch};
    Json expected = {{"type", "room"},      {"room", "ABCD-EFGH"}, {"game", "hinode"},       {"options", options},
                     {"status", "over"},    {"host", 2},           {"game_no", 3},           {"seats", seats_tree(seats)},
                     {"spectators", 5},     {"finished", finished}};
    if (!rematch.empty()) expected["rematch"] = rematch;
    CHECK(room_message(info) == expected.dump());
  }
  const std::vector<RoomSeat> none;
  const std::vector<int> empty;
  const RoomInfo bare{"X", "oikake", Json::object(), "waiting", 0, 0, none, 0, empty, empty};
  CHECK(room_message(bare) ==
        R"({"finished":[],"game":"oikake","game_no":0,"host":0,"options":{},"room":"X","seats":[],"spectators":0,"status":"waiting","type":"room"})");
}
