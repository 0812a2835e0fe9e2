// A room journaled by an older release comes back under today's seat rules: its drop_policy
// "open" reads as "host", and a seat that release opened by itself (no bot standing in) is
// played by its bot once the grace period after the restart ends, so that the game does not
// wait for a stranger.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "rules/core/registry.h"
#include "server/room/room.h"
#include "server/room/room_manager.h"
#include "server/room/tokens.h"

using namespace nyan;
using namespace nyan::server;
using namespace std::chrono_literals;

namespace {

namespace net = boost::asio;

// A journal that holds one room's records from the start and keeps what is appended.
class OlderJournal : public Journal {
 public:
  OlderJournal(net::io_context& ioc, std::string code, std::vector<Json> records)
      : ioc_(ioc), code_(std::move(code)), records_(std::move(records)) {}
  std::string describe() const override { return "older"; }
  void append(const std::string&, std::vector<std::string> records, Done done) override {
    for (std::string& r : records) appended.push_back(Json::parse(r));
    net::post(ioc_, [done] { done(true); });
  }
  bool healthy() const override { return true; }
  void load(const std::function<void(StoredRoom&&)>& each) override { each(StoredRoom{code_, records_}); }
  void forget(const std::string&) override {}
  void mark_broken(const std::string&) override {}
  void flush() override {}

  std::vector<Json> appended;

 private:
  net::io_context& ioc_;
  const std::string code_;
  const std::vector<Json> records_;
};

Json older_record(RecordBody body) { return Json::parse(record_text(Record{std::move(body), 1'765'000'000'000})); }

}  // namespace

TEST_CASE("older rooms: drop_policy open reads as host, and a seat opened by itself gets its bot after a restart",
          "[server][records]") {
  register_all_games();
  const std::string code = "kasumi-norepa-hodute";
  Seed seed{};
  seed[0] = 9;
  // What an older release journaled: a room without a clock whose policy opened a gone
  // player's seat to anyone.
  const Json options = {{"mode", "short"}, {"first_seat", 0}, {"clock", "off"}, {"drop_policy", "open"}};
  IoPool io(1);
  net::io_context& ioc = io.main();
  OlderJournal journal(ioc, code,
                       {older_record(RoomCreated{code, "oikake", options, "c2VjcmV0"}),
                        older_record(SeatClaimed{0, token_hash("aaaa"), "Aki"}),
                        older_record(SeatClaimed{1, token_hash("bbbb"), "Bo"}), older_record(GameStarted{1, seed, 2}),
                        older_record(SeatOpened{1})});
  Config config;
  config.grace_ms = 30;
  config.bot_threads = 1;
  config.bot_playouts = 1;
  config.bot_budget_ms = 1;
  RoomManager manager(io, journal, config);
  REQUIRE(manager.restore_all(1).restored == 1);
  auto room = manager.find(code);
  REQUIRE(room);
  CHECK(room->state().options()["drop_policy"] == "host");
  CHECK(room->state().rules().host_opens_seats);
  CHECK(room->state().seat(1).open);
  CHECK_FALSE(room->state().seat(1).stand_in);

  ioc.run_for(300ms);
  // Past the grace period its bot plays the opened seat (still open to a newcomer), and the
  // host's seat, nobody connected, is played by its bot too.
  CHECK(room->state().seat(1).stand_in);
  CHECK(room->state().seat(1).open);
  CHECK(room->state().seat(0).stand_in);
  std::vector<std::string> kinds;
  for (const Json& r : journal.appended) kinds.push_back(r["kind"]);
  CHECK(std::count(kinds.begin(), kinds.end(), "stand_in") == 2);
  CHECK(std::count(kinds.begin(), kinds.end(), "action") > 0);  // the bots play on
}
