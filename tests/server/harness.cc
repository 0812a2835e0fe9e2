#include "tests/server/harness.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "protocol/canonical.h"
#include "protocol/commitment.h"
#include "protocol/drbg.h"
#include "rules/core/registry.h"

namespace nyan::test {

using namespace std::chrono_literals;

std::unique_ptr<Player> connect_player(unsigned short port) {
  auto p = std::make_unique<Player>();
  std::string error;
  REQUIRE(p->conn.connect("127.0.0.1", port, error));
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

namespace {

// Keys a snapshot or update may carry; anything else would be unexplained data.
const std::set<std::string> kFrameKeys = {"type", "room",  "game_no",     "version",  "to_act", "seed_hash", "seed",
                                          "record", "hash", "legal", "commitments", "openings", "view",   "patch"};

}  // namespace

int check_frames(const std::vector<Json>& messages, int seat, const Json& record) {
  register_all_games();
  const Game* game = registry().find(record.at("game").get<std::string>());
  REQUIRE(game);
  auto seed = seed_from_hex(record.at("seed").get<std::string>());
  REQUIRE(seed);
  REQUIRE(seed_commitment(*seed) == record.at("seed_hash"));
  const int game_no = record.at("game_no");
  const Json& moves = record.at("moves");

  // States of the replay at every version.
  std::vector<std::unique_ptr<State>> states;
  states.push_back(game->start(record.at("options"), std::make_unique<Drbg>(*seed)));
  for (const Json& m : moves) {
    auto next = states.back()->clone();
    REQUIRE(next->apply(m.at("seat"), m.at("action")).is_ok());
    states.push_back(std::move(next));
  }
  REQUIRE(states.back()->over());

  int checked = 0;
  const std::string prefix = "g" + std::to_string(game_no) + ".";
  for (const Json& msg : messages) {
    const std::string type = msg.value("type", "");
    if ((type != "snapshot" && type != "update") || msg.value("game_no", 0) != game_no) continue;
    for (const auto& [k, v] : msg.items()) {
      INFO("unexpected key " << k);
      REQUIRE(kFrameKeys.count(k));
    }
    const int v = msg.at("version");
    REQUIRE((v >= 0 && v < static_cast<int>(states.size())));
    const State& s = *states[v];
    INFO("seat " << seat << " version " << v);
    REQUIRE(msg.at("hash") == view_hash(s.view(seat)));
    if (seat == kSpectator) REQUIRE(msg.at("legal").empty());
    else REQUIRE(msg.at("legal") == Json(s.legal_actions(seat)));
    REQUIRE(msg.at("to_act") == Json(s.to_act()));
    REQUIRE(msg.contains("seed") == s.over());
    REQUIRE(msg.contains("record") == s.over());
    const std::vector<Sealed> sealed = s.sealed();
    for (const Json& o : msg.at("openings")) {
      const std::string slot = o.at("slot");
      REQUIRE(slot.rfind(prefix, 0) == 0);
      auto it = std::find_if(sealed.begin(), sealed.end(), [&](const Sealed& x) { return prefix + x.slot == slot; });
      REQUIRE(it != sealed.end());
      REQUIRE(it->known_by(seat));
      REQUIRE(o.at("value") == it->value);
    }
    ++checked;
  }
  return checked;
}

}  // namespace nyan::test
