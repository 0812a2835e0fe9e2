#include "tests/server/harness.h"

#include <catch2/catch.hpp>

#include <thread>

#include "clients/cli/verifier.h"

namespace nyan::test {

using namespace std::chrono_literals;

std::unique_ptr<Player> connect_player(unsigned short port, const std::string& path) {
  cli::ServerAddress server;
  server.host = "127.0.0.1";
  server.port = port;
  return connect_player(server, path);
}

std::unique_ptr<Player> connect_player(const cli::ServerAddress& server, const std::string& path) {
  auto p = std::make_unique<Player>();
  std::string error;
  const bool connected = p->conn.connect(server, error, path);
  INFO(server.url() << ": " << error);
  REQUIRE(connected);
  p->client.record_messages(true);
  INFO(error);
  REQUIRE(p->client.hello(error));
  return p;
}

std::string open_room(std::vector<Player*> seats, std::vector<Player*> spectators, const std::string& game,
                      const Json& options) {
  auto created = seats[0]->client.create(game, options, "host");
  REQUIRE(created);
  INFO(created->dump());
  REQUIRE((*created)["type"] == "joined");
  REQUIRE((*created)["seat"] == 0);
  const std::string code = (*created)["room"];
  for (std::size_t i = 1; i < seats.size(); ++i) {
    auto joined = seats[i]->client.join(code, "player" + std::to_string(i));
    REQUIRE(joined);
    INFO(joined->dump());
    REQUIRE((*joined)["type"] == "joined");
    REQUIRE((*joined)["seat"] == static_cast<int>(i));
  }
  for (Player* s : spectators) {
    auto joined = s->client.spectate(code);
    REQUIRE(joined);
    REQUIRE((*joined)["type"] == "joined");
    REQUIRE((*joined)["seat"].is_null());
  }
  return code;
}

std::string answer_to(Player& p, const Json& message) {
  auto r = p.client.request(message);
  REQUIRE(r);
  INFO(r->dump());
  return (*r)["type"] == "error" ? "error:" + (*r)["code"].get<std::string>() : (*r)["type"].get<std::string>();
}

void rejoin(Player& p, unsigned short port) {
  std::string error;
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  for (;;) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    if (p.conn.connect("127.0.0.1", port, error) && p.client.hello(error)) {
      auto r = p.client.reconnect(p.client.room(), p.client.token());
      if (r && (*r)["type"] == "joined") return;
    }
    std::this_thread::sleep_for(50ms);
  }
}

void settle(std::vector<Player*> all, int quiet_ms) {
  bool any = true;
  while (any) {
    any = false;
    for (Player* p : all)
      while (p->client.pump(std::chrono::milliseconds(quiet_ms))) any = true;
  }
}

void play_to_end(std::vector<Player*> seats, std::vector<Player*> spectators, Rng& rng,
                 const std::function<void(int)>& between, int timeout_s) {
  auto started = seats[0]->client.request({{"type", "start"}});
  REQUIRE(started);
  INFO(started->dump());
  REQUIRE((*started)["type"] == "ok");
  play_until_over(seats, spectators, rng, between, timeout_s);
}

void play_until_over(std::vector<Player*> seats, std::vector<Player*> spectators, Rng& rng,
                     const std::function<void(int)>& between, int timeout_s) {
  std::vector<Player*> all = seats;
  all.insert(all.end(), spectators.begin(), spectators.end());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  int actions = 0;
  for (;;) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    for (Player* p : all)
      while (p->client.pump(1ms)) {
      }
    bool over = true;
    for (Player* p : all) over = over && p->client.game_over();
    if (over) break;
    for (Player* p : seats) {
      const auto& t = p->client.tracker();
      if (!p->client.my_turn() || (p->acted_version == t.version() && p->acted_game == t.game_no())) continue;
      const Json& legal = t.legal();
      p->acted_version = t.version();
      p->acted_game = t.game_no();
      const Json action = legal[rng.uniform(legal.size())];
      auto reply = p->client.act(action);
      REQUIRE(reply);
      // Another seat may have moved first in a simultaneous phase; only a stale view may be refused.
      if ((*reply)["type"] == "error") {
        INFO(reply->dump());
        REQUIRE(((*reply)["code"] == "not_your_turn" || (*reply)["code"] == "illegal_action"));
        continue;
      }
      REQUIRE((*reply)["type"] == "ack");
      ++actions;
      if (between) between(actions);
    }
  }
  settle(all, 50);
}

int check_frames(const std::vector<Json>& messages, int seat, const Json& record) {
  const cli::VerifyReport r = cli::verify_game(record, messages, seat);
  for (const std::string& p : r.problems) UNSCOPED_INFO(p);
  REQUIRE(r.ok());
  return r.frames;
}

}  // namespace nyan::test
