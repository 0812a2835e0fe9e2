// The turn clocks on their own: what each mode charges, when a decision ends, deadlines,
// and resuming journaled times. Time is given, never read, so every case is exact.
#include <catch2/catch.hpp>

#include "server/room/turn_clocks.h"

using namespace nyan;
using namespace nyan::server;
using namespace std::chrono_literals;

namespace {

RoomRules rules(RoomRules::Clock mode) {
  RoomRules r;
  r.clock = mode;
  r.move_ms = 30'000;
  r.bank_ms = 100'000;
  r.increment_ms = 5'000;
  return r;
}

const TurnClocks::Time t0{std::chrono::seconds(1000)};

}  // namespace

TEST_CASE("turn clocks: move mode gives every decision the same time", "[clocks]") {
  TurnClocks c(rules(RoomRules::Clock::move), 2);
  REQUIRE(c.on());
  c.start({0}, t0);
  CHECK(c.running() == std::vector<Seat>{0});
  CHECK(c.left(t0 + 12s) == std::vector<std::int64_t>{18'000, 30'000});
  REQUIRE(c.deadlines().size() == 1);
  CHECK(c.deadlines()[0].seat == 0);
  CHECK(c.deadlines()[0].at == t0 + 30s);

  // Seat 0 decides after 12 s; seat 1 is to act and starts full.
  c.acted(0, /*decision=*/true, {1}, t0 + 12s);
  CHECK(c.running() == std::vector<Seat>{1});
  CHECK(c.left(t0 + 12s) == std::vector<std::int64_t>{30'000, 30'000});
  CHECK(c.left(t0 + 20s) == std::vector<std::int64_t>{30'000, 22'000});
  // A decision of the same seat again (a step sequence): a new full decision.
  c.acted(1, true, {1}, t0 + 20s);
  CHECK(c.left(t0 + 21s) == std::vector<std::int64_t>{30'000, 29'000});
}

TEST_CASE("turn clocks: bank mode spends one reserve and adds the increment after each decision", "[clocks]") {
  TurnClocks c(rules(RoomRules::Clock::bank), 3);
  c.start({1}, t0);
  c.acted(1, true, {2}, t0 + 40s);  // 100 - 40 + 5
  CHECK(c.left(t0 + 40s) == std::vector<std::int64_t>{100'000, 65'000, 100'000});
  c.acted(2, true, {1}, t0 + 50s);  // 100 - 10 + 5
  CHECK(c.left(t0 + 60s) == std::vector<std::int64_t>{100'000, 55'000, 95'000});
  REQUIRE(c.deadlines().size() == 1);
  CHECK(c.deadlines()[0].seat == 1);
  CHECK(c.deadlines()[0].at == t0 + 50s + 65s);
}

TEST_CASE("turn clocks: a side action ends no decision, a seat the game stops waiting for stops", "[clocks]") {
  TurnClocks c(rules(RoomRules::Clock::bank), 3);
  c.start({0, 1}, t0);  // a simultaneous choice
  // Seat 2 talks (a side action) and seat 0 talks: nothing stops, nothing is added.
  c.acted(2, /*decision=*/false, {0, 1}, t0 + 5s);
  c.acted(0, /*decision=*/false, {0, 1}, t0 + 6s);
  CHECK(c.running() == std::vector<Seat>{0, 1});
  CHECK(c.left(t0 + 10s) == std::vector<std::int64_t>{90'000, 90'000, 100'000});
  // Seat 1 decides; the game then waits for seat 0 only.
  c.acted(1, true, {0}, t0 + 10s);
  CHECK(c.running() == std::vector<Seat>{0});
  CHECK(c.left(t0 + 10s) == std::vector<std::int64_t>{90'000, 95'000, 100'000});
  // Seat 0's decision is taken away by the game (no increment for it).
  c.acted(2, true, {2}, t0 + 20s);
  CHECK(c.running() == std::vector<Seat>{2});
  CHECK(c.left(t0 + 20s) == std::vector<std::int64_t>{80'000, 95'000, 100'000});
}

TEST_CASE("turn clocks: running out, once per decision", "[clocks]") {
  TurnClocks c(rules(RoomRules::Clock::move), 2);
  Timeouts out;
  c.start({0}, t0);
  CHECK_FALSE(c.expired(0, t0 + 29'999ms));
  CHECK_FALSE(out.run_out(c, 0, t0 + 29'999ms));
  CHECK(c.expired(0, t0 + 30s));
  CHECK_FALSE(out.run_out(c, 1, t0 + 40s));  // not running
  REQUIRE(out.next(c));
  CHECK(out.run_out(c, 0, t0 + 30s));
  CHECK(out.out_of_time(c, 0));
  CHECK_FALSE(out.run_out(c, 0, t0 + 31s));  // already
  CHECK_FALSE(out.next(c));                  // none for a seat out of time
  CHECK(c.left(t0 + 31s)[0] == 0);
  // The bot decides for it; the next decision is the seat's, full, with a deadline of its own.
  c.acted(0, true, {0}, t0 + 30'050ms);
  CHECK_FALSE(out.out_of_time(c, 0));
  CHECK(c.left(t0 + 30'050ms)[0] == 30'000);
  REQUIRE(out.next(c));
  CHECK(out.next(c)->at == t0 + 60'050ms);
  // A side action ends no decision: the deadline acted on stays acted on.
  REQUIRE(out.run_out(c, 0, t0 + 61s));
  c.acted(1, false, {0}, t0 + 62s);
  CHECK(out.out_of_time(c, 0));
  CHECK_FALSE(out.next(c));

  TurnClocks bank(rules(RoomRules::Clock::bank), 2);
  Timeouts bank_out;
  bank.start({0}, t0);
  REQUIRE(bank_out.run_out(bank, 0, t0 + 100s));
  bank.acted(0, true, {0}, t0 + 101s);
  CHECK(bank.left(t0 + 101s)[0] == 5'000);  // the increment only
}

TEST_CASE("turn clocks: resuming journaled times runs them from the restart", "[clocks]") {
  TurnClocks c(rules(RoomRules::Clock::bank), 2);
  c.start({1}, t0);
  c.resume({70'000, 12'345}, {1}, t0 + 500s);
  CHECK(c.left(t0 + 500s) == std::vector<std::int64_t>{70'000, 12'345});
  CHECK(c.left(t0 + 502s) == std::vector<std::int64_t>{70'000, 10'345});
  // A list of another length keeps the times the clocks had.
  TurnClocks d(rules(RoomRules::Clock::bank), 2);
  d.start({0}, t0);
  d.resume({1}, {0}, t0 + 1s);
  CHECK(d.left(t0 + 1s) == std::vector<std::int64_t>{100'000, 100'000});
}

TEST_CASE("turn clocks: the frame member", "[clocks]") {
  TurnClocks c(rules(RoomRules::Clock::move), 2);
  c.start({1}, t0);
  CHECK(c.frame_member(t0 + 1500ms, 1'764'768'000'123) ==
        R"("clock":{"left":[30000,28500],"mode":"move","now":1764768000123,"running":[1]})");
  TurnClocks off;
  CHECK_FALSE(off.on());
  CHECK(off.deadlines().empty());
  CHECK_FALSE(Timeouts().out_of_time(off, 0));
}

TEST_CASE("room options: every game's schema has the clock, on_timeout and drop_policy", "[clocks]") {
  Json out = Json::object();
  REQUIRE(normalize_room_options(Json::object(), out));
  // A gone player's seat is played by its bot, with or without a clock.
  CHECK(out == Json{{"bank_seconds", 600}, {"clock", "off"}, {"drop_policy", "bot"}, {"increment_seconds", 10},
                    {"move_seconds", 60}, {"on_timeout", "bot"}});
  out = Json::object();
  REQUIRE(normalize_room_options({{"clock", "bank"}, {"players", 3}}, out));
  CHECK(out["drop_policy"] == "bot");
  CHECK_FALSE(out.contains("players"));
  out = Json::object();
  REQUIRE(normalize_room_options({{"clock", "move"}, {"drop_policy", "host"}}, out));
  CHECK(out["drop_policy"] == "host");
  // The values of older releases are still taken: "open" is now the host's to open, and null
  // (which followed the clock) is the default.
  out = Json::object();
  REQUIRE(normalize_room_options({{"drop_policy", "open"}}, out));
  CHECK(out["drop_policy"] == "host");
  out = Json::object();
  REQUIRE(normalize_room_options({{"drop_policy", nullptr}}, out));
  CHECK(out["drop_policy"] == "bot");
  CHECK_FALSE(normalize_room_options({{"drop_policy", "anyone"}}, out));
  CHECK_FALSE(normalize_room_options({{"clock", "fast"}}, out));
  CHECK_FALSE(normalize_room_options({{"move_seconds", 0}}, out));
  CHECK_FALSE(normalize_room_options({{"on_timeout", "resign"}}, out));
  const RoomRules r = RoomRules::of({{"clock", "bank"}, {"bank_seconds", 90}, {"increment_seconds", 3},
                                     {"on_timeout", "forfeit"}, {"drop_policy", "host"}});
  CHECK(r.clock == RoomRules::Clock::bank);
  CHECK(r.bank_ms == 90'000);
  CHECK(r.increment_ms == 3'000);
  CHECK(r.forfeit_on_timeout);
  CHECK(r.host_opens_seats);
  CHECK(RoomRules::of({{"drop_policy", "open"}}).host_opens_seats);  // a room of an older release
  CHECK_FALSE(RoomRules::of({{"drop_policy", "bot"}}).host_opens_seats);
  // A record from before the room options: no clock, a gone player's seat kept for them.
  const RoomRules old = RoomRules::of({{"mode", "normal"}});
  CHECK(old.clock == RoomRules::Clock::off);
  CHECK_FALSE(old.host_opens_seats);
}
