// The journal's records on their own: every kind written and read back to the same bytes, the
// bytes canonical JSON (what the journal held before the records were typed), and a clear
// error naming the record for an unknown kind or a malformed member.
#include <catch2/catch.hpp>

#include "rules/core/canonical_text.h"
#include "server/room/records.h"

using namespace nyan;
using namespace nyan::server;

namespace {

std::vector<Record> one_of_each() {
  Seed seed{};
  seed[0] = 7;
  const std::int64_t t = 1'765'000'000'123;
  return {
      {RoomCreated{"n1-kasumi-norepa-hodute", "oikake", {{"mode", "short"}}, "c2VjcmV0"}, t},
      {SeatClaimed{1, "ab12", "Aki \"the cat\""}, t},
      {SeatReleased{1, 0}, t},
      {SeatOpened{2}, t},
      {StandIn{3}, t},
      {SeatTakenBack{3}, t},
      {BotAdded{2, "Bot 1"}, t},
      {BotRemoved{2}, t},
      {SeatMoved{1, 3}, t},
      {SeatsSwapped{0, 2}, t},
      {RematchWanted{1}, t},
      {GameStarted{2, seed, 2}, t},
      {ActionTaken{2, 1, {{"type", "play"}, {"card", 5}}, true, {12'000, 0}, {"h0", "h1"}, "req-1", 9}, t},
      {ActionTaken{2, 0, {{"type", "pass"}}, false, {}, {"h0", "h1"}, nullptr, 10}, t},
      {GameOver{2, {{"reason", "caught"}, {"winners", {1}}}}, t},
      {ClockPaused{2, {5'000, 61'000}}, t},
      {Closed{"closed by the host"}, t},
  };
}

}  // namespace

TEST_CASE("records: every kind is canonical JSON and reads back to the same bytes", "[records]") {
  std::set<std::string_view> seen;
  for (const Record& r : one_of_each()) {
    const std::string text = record_text(r);
    INFO(text);
    const Json j = Json::parse(text);
    CHECK(canonical_json(j) == text);  // keys sorted, compact: the bytes of dump()
    CHECK(j["kind"] == std::string(kind_of(r)));
    CHECK(j["t"] == r.t);
    Record back;
    std::string problem;
    REQUIRE(read_record(j, back, problem));
    CHECK(problem.empty());
    CHECK(back.body.index() == r.body.index());
    CHECK(record_text(back) == text);
    seen.insert(kind_of(r));
  }
  // Every kind has a name of its own, and the list above has every kind.
  const auto kinds = record_kinds();
  CHECK(std::set<std::string_view>(kinds.begin(), kinds.end()).size() == kinds.size());
  CHECK(seen.size() == kinds.size());
}

TEST_CASE("records: an action's record has the members it always had", "[records]") {
  const Record r{ActionTaken{3, 1, {{"type", "play"}}, false, {}, {"x"}, 17, 4}, 99};
  CHECK(record_text(r) ==
        R"({"action":{"type":"play"},"game_no":3,"hashes":["x"],"kind":"action","request":17,"seat":1,"t":99,"version":4})");
  const Record bot{ActionTaken{3, 0, {{"type", "forfeit"}}, true, {0, 250}, {"x", "y"}, nullptr, 5}, 99};
  CHECK(record_text(bot) ==
        R"({"action":{"type":"forfeit"},"bot":true,"clock":[0,250],"game_no":3,"hashes":["x","y"],"kind":"action","request":null,"seat":0,"t":99,"version":5})");
}

TEST_CASE("records: unknown kinds and malformed records are refused with a clear reason", "[records]") {
  Record r;
  std::string problem;
  CHECK_FALSE(read_record(Json::array(), r, problem));
  CHECK(problem == "not a journal record");
  CHECK_FALSE(read_record({{"kind", 3}}, r, problem));
  CHECK(problem == "not a journal record");
  CHECK_FALSE(read_record({{"kind", "teleport"}, {"t", 1}}, r, problem));
  CHECK(problem == "unknown record kind 'teleport'");
  CHECK_FALSE(read_record({{"kind", "seat_claimed"}, {"seat", 1}, {"name", "x"}}, r, problem));
  CHECK(problem.rfind("seat_claimed: ", 0) == 0);  // no token_hash
  CHECK_FALSE(read_record({{"kind", "seat_opened"}, {"seat", "one"}}, r, problem));
  CHECK(problem.rfind("seat_opened: ", 0) == 0);
  CHECK_FALSE(read_record({{"kind", "bot_removed"}, {"seat", -2}}, r, problem));
  CHECK(problem == "bot_removed: bad seat");
  CHECK_FALSE(read_record({{"kind", "game_started"}, {"game_no", 1}, {"seed", "zz"}}, r, problem));
  CHECK(problem == "game_started: bad seed");
  CHECK_FALSE(read_record({{"kind", "room_created"}, {"code", "c"}, {"game", "oikake"}}, r, problem));
  CHECK(problem == "room_created: no room secret");
  CHECK_FALSE(read_record({{"kind", "clock_paused"}, {"game_no", 1}, {"left", "soon"}}, r, problem));
  CHECK(problem == "clock_paused: times must be a list");
  CHECK_FALSE(read_record({{"kind", "seat_moved"}, {"from", 1}, {"t", 5}}, r, problem));
  CHECK(problem.rfind("seat_moved: ", 0) == 0);
  CHECK_FALSE(read_record({{"kind", "seats_swapped"}, {"a", 0}, {"b", -1}, {"t", 5}}, r, problem));
  CHECK(problem == "seats_swapped: bad seat");
  CHECK_FALSE(read_record({{"kind", "rematch_wanted"}, {"seat", "me"}, {"t", 5}}, r, problem));
  CHECK(problem.rfind("rematch_wanted: ", 0) == 0);
  // A record from before the rules had versions starts its game under version 1.
  Seed seed{};
  REQUIRE(read_record({{"kind", "game_started"}, {"game_no", 1}, {"seed", seed_hex(seed)}, {"t", 5}}, r, problem));
  CHECK(std::get<GameStarted>(r.body).rules == 1);
}
