// A room rebuilt from its journal equals the live room, after every record: for each game and
// every combination of the room options (no clock, a move clock, a bank clock; the bot or a
// forfeit when a clock runs out; a gone player's seat kept for them, or opened by the host), a
// room lives a random history in this process: joins, leaves, kicks, reconnects, spectators,
// bots added and removed, seats moved and swapped in the lobby, a start, actions from its
// clients and its bots, players who leave a game or drop past their grace period (stand-ins
// taken back, seats the host opened taken over), clocks running out, the players' yes to a
// rematch (absent players removed and bots seated after a game), the server pausing the
// clocks, a close. The journal (kept in memory, failing some writes) keeps
// each record's text; each time the live room applies one, a RoomState rebuilt from the texts
// so far applies the same record, and the two dumps (seats, host, token hashes, bots, clocks,
// match, version, request ids, finished games) must be the same bytes. At the end a restore
// through the server's own path (RoomManager::restore_all) must give every room's dump again.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <map>
#include <mutex>
#include <random>
#include <set>

#include "protocol/messages.h"
#include "rules/core/registry.h"
#include "server/room/room.h"
#include "server/room/room_manager.h"

using namespace nyan;
using namespace nyan::server;
using namespace std::chrono_literals;

namespace {

namespace net = boost::asio;

// A journal in memory that keeps every durable record's text, completes each write later on
// the I/O context (as a disk would), and fails one write in `fail_every` (nothing of it kept).
class KeepingJournal : public Journal {
 public:
  KeepingJournal(net::io_context& ioc, int fail_every) : ioc_(ioc), fail_every_(fail_every) {}
  std::string describe() const override { return "test"; }
  void append(const std::string& code, std::vector<std::string> records, Done done) override {
    const bool ok = ++writes_ % fail_every_ != 0;
    if (ok) {
      std::lock_guard<std::mutex> lock(mu_);
      auto& kept = rooms_[code];
      for (std::string& r : records) kept.push_back(std::move(r));
    }
    net::post(ioc_, [done, ok] { done(ok); });
  }
  bool healthy() const override { return true; }
  void load(const std::function<void(StoredRoom&&)>& each) override {
    for (const auto& [code, texts] : rooms_) {
      if (forgotten_.count(code)) continue;
      StoredRoom room{code, {}};
      for (const std::string& t : texts) room.records.push_back(Json::parse(t));
      each(std::move(room));
    }
  }
  void forget(const std::string& code) override { forgotten_.insert(code); }
  void mark_broken(const std::string& code) override { broken_.insert(code); }
  void flush() override {}

  std::vector<std::string> texts(const std::string& code) {
    std::lock_guard<std::mutex> lock(mu_);
    return rooms_[code];
  }
  const std::set<std::string>& broken() const { return broken_; }

 private:
  net::io_context& ioc_;
  const int fail_every_;
  int writes_ = 0;
  std::mutex mu_;
  std::map<std::string, std::vector<std::string>> rooms_;
  std::set<std::string> forgotten_, broken_;
};

// A connection as the room sees it: keeps what it was sent, and what it needs to act.
class Client : public Participant {
 public:
  explicit Client(std::uint64_t id) : id_(id) {}
  std::uint64_t participant_id() const override { return id_; }
  void deliver(Frame f) override { take(*f); }
  void deliver(Frame a, Frame b) override {
    take(*a);
    take(*b);
  }
  void left_room(const RoomLink*) override { in_room = false; }
  void room_moved(const RoomLink*) override { in_room = false; }
  bool lookups_limited() const override { return false; }
  void lookup_failed() override {}

  bool in_room = false;
  std::optional<Seat> seat;
  int next_id = 0;
  Json last_action;  // the last action message it sent (a retry sends it again)
  std::string token;
  Json legal = Json::array();  // of the latest snapshot or update
  int frames = 0;

 private:
  void take(const std::string& text) {
    ++frames;
    const Json m = Json::parse(text);
    const std::string type = m.value("type", "");
    if (type == "joined") {
      in_room = true;
      if (m["seat"].is_number_integer()) seat = m["seat"].get<Seat>();
      if (m.contains("token")) token = m["token"];
    } else if (type == "moved") {
      seat = m["seat"].get<Seat>();
    } else if (type == "snapshot" || type == "update") {
      legal = m.value("legal", Json::array());
    } else if (type == "kicked" || type == "closed") {
      in_room = false;
    }
  }
  const std::uint64_t id_;
};

Envelope envelope(const Json& message) {
  Envelope e;
  ParseError error;
  REQUIRE(parse_envelope(message.dump(), e, error));
  return e;
}

// One room's history: its clients, a random number source, and the room rebuilt beside it.
struct History {
  std::string name;
  const Game* game = nullptr;
  Json options;
  std::shared_ptr<Room> room;
  std::vector<std::shared_ptr<Client>> clients;
  std::mt19937 rng;
  std::unique_ptr<RoomState> rebuilt;
  std::size_t applied = 0;
  std::set<std::string> kinds;
  std::string mismatch;  // the first difference seen
  bool started = false, closed = false;
  int phase_steps = 0;
};

struct World {
  IoPool io{1};
  net::io_context& ioc = io.main();
  Config config;
  KeepingJournal journal{ioc, 23};
  std::unique_ptr<RoomManager> manager;
  std::uint64_t next_id = 1;
  std::vector<std::unique_ptr<History>> histories;
  std::map<std::string, History*> by_code;

  World() {
    register_all_games();
    config.grace_ms = 60;
    config.room_idle_ms = 600'000;
    config.retention_ms = 600'000;
    // The bots' strength is not what is tested: their decisions are quick.
    config.bot_playouts = 1;
    config.bot_budget_ms = 1;
    config.bot_threads = 2;
    manager = std::make_unique<RoomManager>(io, journal, config);
    manager->applied = [this](const Room& room, const Record& record) { compare(room, record); };
  }

  // The live room just applied `record`: the rebuilt one applies the same text and must dump alike.
  void compare(const Room& room, const Record& record) {
    auto it = by_code.find(room.code());
    if (it == by_code.end()) return;
    History& h = *it->second;
    h.kinds.insert(std::string(kind_of(record)));
    const std::vector<std::string> texts = journal.texts(room.code());
    if (!h.mismatch.empty()) return;
    if (h.applied >= texts.size()) {
      h.mismatch = "a record applied that the journal does not hold";
      return;
    }
    Record read;
    std::string problem;
    const Json json = Json::parse(texts[h.applied]);
    if (!read_record(json, read, problem)) {
      h.mismatch = "record " + std::to_string(h.applied + 1) + " unreadable: " + problem;
      return;
    }
    if (!h.rebuilt) {
      const auto* created = std::get_if<RoomCreated>(&read.body);
      if (!created) {
        h.mismatch = "the first record is not the room's creation";
        return;
      }
      h.rebuilt = std::make_unique<RoomState>(*h.game, room.state().options(), created->code, created->secret);
    }
    if (!h.rebuilt->apply(read, nullptr, problem)) {
      h.mismatch = "record " + std::to_string(h.applied + 1) + " (" + texts[h.applied] + ") not applied: " + problem;
      return;
    }
    ++h.applied;
    const std::string live = room.state().dump(), again = h.rebuilt->dump();
    if (live != again)
      h.mismatch = "after record " + std::to_string(h.applied) + " " + texts[h.applied - 1] + "\n live:    " + live +
                   "\n rebuilt: " + again;
  }

  std::shared_ptr<Client> client() { return std::make_shared<Client>(next_id++); }

  void send(History& h, const std::shared_ptr<Client>& c, Json message) {
    if (!c->in_room && message["type"] != "join" && message["type"] != "create" && message["type"] != "reconnect" &&
        message["type"] != "spectate")
      return;
    h.room->handle(c, envelope(message), Clock::now());
  }

  // Runs the rooms' work for `d` (their timers, the bots' answers, the journal's completions),
  // then whatever became ready meanwhile, so that a step's records are applied before the next
  // step however fast the machine is.
  void run(std::chrono::milliseconds d) {
    ioc.restart();
    ioc.run_for(d);
    ioc.restart();
    while (ioc.poll() > 0) {
    }
  }

  // Whether every game's histories have made every kind of record that play makes (the
  // paused clocks and the closes come at the end).
  bool every_kind_played() const {
    std::map<std::string, std::set<std::string>> kinds;
    for (const auto& h : histories) kinds[h->game->type().id].insert(h->kinds.begin(), h->kinds.end());
    for (const auto& [game, seen] : kinds)
      for (const std::string_view kind : record_kinds())
        if (kind != ClockPaused::kind && kind != Closed::kind && !seen.count(std::string(kind))) return false;
    return true;
  }
};

// The options of history `i`: every combination of the room options, in turn.
Json room_options(int i) {
  static const Json clocks[] = {{{"clock", "off"}},
                                {{"clock", "move"}, {"move_seconds", 1}},
                                {{"clock", "bank"}, {"bank_seconds", 1}, {"increment_seconds", 0}}};
  Json o = clocks[i % 3];
  o["on_timeout"] = (i / 3) % 2 ? "forfeit" : "bot";
  o["drop_policy"] = (i / 6) % 2 ? "host" : "bot";
  return o;
}

std::shared_ptr<Client> pick(History& h, const std::function<bool(const Client&)>& fits) {
  std::vector<std::shared_ptr<Client>> some;
  for (const auto& c : h.clients)
    if (fits(*c)) some.push_back(c);
  if (some.empty()) return nullptr;
  return some[std::uniform_int_distribution<std::size_t>(0, some.size() - 1)(h.rng)];
}

// One step of a history, chosen by where the room is.
void step(World& w, History& h) {
  auto& rng = h.rng;
  auto roll = [&rng](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  const RoomState& st = h.room->state();
  const int seats = st.seat_count();
  auto empty_seat = [&]() -> std::optional<Seat> {
    std::vector<Seat> empty;
    for (Seat s = 0; s < seats; ++s)
      if (!st.seat(s).claimed) empty.push_back(s);
    if (empty.empty()) return std::nullopt;
    return empty[static_cast<std::size_t>(roll(static_cast<int>(empty.size())))];
  };
  auto host = pick(h, [&](const Client& c) { return c.in_room && c.seat && *c.seat == st.host(); });
  auto seated = [&](const Client& c) { return c.in_room && c.seat.has_value(); };
  // A player's seat that no client of the history holds now: its player is away.
  auto away = [&](Seat s) {
    return st.seat(s).claimed && !st.seat(s).bot &&
           std::none_of(h.clients.begin(), h.clients.end(), [&](const auto& c) { return seated(*c) && *c->seat == s; });
  };
  auto join = [&](std::optional<Seat> seat) {
    auto c = w.client();
    h.clients.push_back(c);
    Json m = {{"type", "join"}, {"room", h.room->code()}, {"name", "P" + std::to_string(c->participant_id())}};
    if (seat) m["seat"] = *seat;
    w.send(h, c, m);
  };
  auto drop = [&](const std::shared_ptr<Client>& c) {
    c->in_room = false;
    h.room->disconnected(c->participant_id());
  };
  auto come_back = [&] {  // a dropped player returns with their token
    auto gone = pick(h, [](const Client& c) { return !c.in_room && !c.token.empty(); });
    if (!gone) return;
    auto c = w.client();
    c->token = gone->token;
    gone->token.clear();
    h.clients.push_back(c);
    w.send(h, c, {{"type", "reconnect"}, {"room", h.room->code()}, {"token", c->token}});
  };
  ++h.phase_steps;
  switch (st.status()) {
    case RoomStatus::lobby: {
      const int r = roll(10);
      const auto free = empty_seat();
      // First what every lobby goes through (a bot seated and taken out, a guest who sits down
      // and leaves or is kicked); then anything.
      if (h.phase_steps <= 6 && host) {
        switch (h.phase_steps - 1) {
          case 0:
            if (free) return w.send(h, host, {{"type", "add_bot"}, {"seat", *free}});
            break;
          case 1:
            for (Seat s = 0; s < seats; ++s)
              if (st.seat(s).bot) return w.send(h, host, {{"type", "remove_bot"}, {"seat", s}});
            break;
          case 2:  // the host moves to an empty seat (its team, in a team game)
            if (free) return w.send(h, host, {{"type", "sit"}, {"seat", *free}});
            break;
          case 3:
            if (free) return join(free);
            break;
          case 4:  // the host swaps its own seat with another
            return w.send(h, host, {{"type", "swap_seats"}, {"a", st.host()}, {"b", (st.host() + 1) % seats}});
          case 5:
            if (auto c = pick(h, [&](const Client& c) { return seated(c) && *c.seat != st.host(); }))
              return roll(2) ? w.send(h, c, {{"type", "leave"}}) : w.send(h, host, {{"type", "kick"}, {"seat", *c->seat}});
            break;
        }
      }
      if (!free || (h.phase_steps > 12 && host)) {
        if (!free && host) w.send(h, host, {{"type", "start"}, {"id", h.phase_steps}});
        else if (host && free) w.send(h, host, {{"type", "add_bot"}, {"seat", *free}});
        else if (free) join(free);
        return;
      }
      if (roll(6) == 0) {
        // Seats arranged: a player sits elsewhere, or the host swaps two seats.
        if (roll(2) == 0) {
          if (auto c = pick(h, seated)) w.send(h, c, {{"type", "sit"}, {"seat", *free}});
        } else if (host) {
          w.send(h, host, {{"type", "swap_seats"}, {"a", roll(seats)}, {"b", roll(seats)}});
        }
        return;
      }
      if (r < 3) join(roll(2) ? free : std::nullopt);
      else if (r < 5 && host) w.send(h, host, {{"type", "add_bot"}, {"seat", *free}});
      else if (r < 6 && host) {
        for (Seat s = 0; s < seats; ++s)
          if (st.seat(s).bot) return w.send(h, host, {{"type", "remove_bot"}, {"seat", s}});
      } else if (r < 7) {
        if (auto c = pick(h, [&](const Client& c) { return seated(c) && *c.seat != st.host(); }))
          w.send(h, c, {{"type", "leave"}});
      } else if (r < 8 && host) {
        for (Seat s = 0; s < seats; ++s)
          if (s != st.host() && st.seat(s).claimed && !st.seat(s).bot)
            return w.send(h, host, {{"type", "kick"}, {"seat", s}});
      } else if (r < 9) {
        if (auto c = pick(h, [&](const Client& c) { return seated(c) && *c.seat != st.host(); })) drop(c);
      } else {
        auto c = w.client();
        h.clients.push_back(c);
        w.send(h, c, {{"type", "spectate"}, {"room", h.room->code()}});
      }
      return;
    }
    case RoomStatus::playing: {
      // Besides chance, a player drops now and then, and comes back ten steps later.
      const int r = h.phase_steps % 30 == 5 ? 0 : h.phase_steps % 30 == 15 ? 1 : roll(60);
      if (host && roll(4) == 0) {
        // The host opens the seat of a player who is gone (refused where the room keeps it).
        for (Seat s = 0; s < seats; ++s)
          if (st.seat(s).stand_in && !st.seat(s).open && away(s)) return w.send(h, host, {{"type", "open_seat"}, {"seat", s}});
      }
      if (r == 0) {
        if (auto c = pick(h, seated)) drop(c);  // its grace period, then a stand-in or an open seat
      } else if (r <= 2) {
        come_back();
      } else if (r == 3) {
        for (Seat s = 0; s < seats; ++s)
          if (st.seat(s).open) return join(s);  // someone with the link takes a seat the host opened
        // A player leaves the game: their bot plays for them at once.
        if (auto c = pick(h, seated); c && roll(2)) w.send(h, c, {{"type", "leave"}});
      } else if (r == 4) {
        if (auto c = pick(h, seated)) w.send(h, c, {{"type", "resync"}});
      } else {
        // Those whose seats may act send one of their legal actions, most with a new id, some
        // without; now and then one sends its last action again (a retry: the first answer
        // again), or its last id with another action (refused).
        const auto clients = h.clients;
        for (const auto& c : clients) {
          if (!c->in_room || !c->seat || roll(2)) continue;
          const int how = roll(20);
          if (how == 0 && !c->last_action.is_null()) {
            w.send(h, c, c->last_action);
            continue;
          }
          if (c->legal.empty()) continue;
          const Json& action = c->legal[static_cast<std::size_t>(roll(static_cast<int>(c->legal.size())))];
          Json m = {{"type", "action"}, {"action", action}};
          if (how == 1 && !c->last_action.is_null()) m["id"] = c->last_action.value("id", Json("x"));
          else if (how > 4) m["id"] = "c" + std::to_string(c->participant_id()) + "." + std::to_string(++c->next_id);
          c->last_action = m;
          w.send(h, c, m);
        }
      }
      return;
    }
    case RoomStatus::over: {
      if (st.game_no() >= 2) {  // one rematch per history here; the last ones at the end
        if (roll(4) == 0) come_back();
        return;
      }
      // The players say yes, one at a time; the host removes a player who is away (or a seat
      // left open) and seats a bot there, or someone takes the seat; a player may come back.
      const int r = roll(6);
      if (r == 0) return come_back();
      if (r == 1 && host) {
        for (Seat s = 0; s < seats; ++s)
          if (s != st.host() && (away(s) || st.seat(s).open)) return w.send(h, host, {{"type", "kick"}, {"seat", s}});
      }
      if (const auto free = empty_seat()) {
        if (host && roll(3)) return w.send(h, host, {{"type", "add_bot"}, {"seat", *free}});
        return join(free);
      }
      if (auto c = pick(h, [&](const Client& c) { return seated(c) && !st.seat(*c.seat).rematch; }))
        return w.send(h, c, {{"type", "rematch"}, {"id", "r" + std::to_string(c->participant_id())}});
      if (auto c = pick(h, seated)) w.send(h, c, {{"type", "rematch"}});  // a yes said again changes nothing
      return;
    }
    case RoomStatus::closed: return;
  }
}

}  // namespace

TEST_CASE("restore equals live: a room rebuilt from its journal after every record is the live room",
          "[server][records]") {
  World w;
  int index = 0;
  for (const Game* game : registry().games()) {
    for (int combo = 0; combo < 12; ++combo, ++index) {
      auto h = std::make_unique<History>();
      h->game = game;
      Json given = room_options(combo);
      if (game->type().max_seats > game->type().min_seats) given["players"] = game->type().max_seats;
      REQUIRE(game->normalize_options(given, h->options));
      h->name = game->type().id + " " + given.dump();
      h->rng.seed(static_cast<std::uint32_t>(1000 + index));
      h->room = w.manager->create(*game, h->options);
      REQUIRE(h->room);
      w.by_code[h->room->code()] = h.get();
      auto creator = w.client();
      h->clients.push_back(creator);
      // The first create may be one of the journal's failed writes: the room is then gone.
      w.send(*h, creator, {{"type", "create"}, {"game", game->type().id}, {"options", h->options}, {"name", "Host"}});
      w.histories.push_back(std::move(h));
    }
  }
  w.run(20ms);
  // The rooms live side by side; every so often nobody acts for longer than a clock's second
  // and a grace period, so that clocks run out and dropped seats are given up. At least 900
  // rounds, and on (up to a bound) until every game has made every kind of record.
  for (int round = 0; round < 900 || (round < 6000 && !w.every_kind_played()); ++round) {
    for (auto& h : w.histories)
      if (h->room->state().status() != RoomStatus::closed) step(w, *h);
    w.run(round % 150 == 149 ? 1300ms : 3ms);
  }
  // Finished tables play again (each player still there says yes), so that the server stops
  // with games under way.
  for (auto& h : w.histories) {
    if (h->room->state().status() != RoomStatus::over) continue;
    for (const auto& c : h->clients)
      if (c->in_room && c->seat) w.send(*h, c, {{"type", "rematch"}});
  }
  w.run(50ms);
  // The server stops: every running clock is journaled, then some rooms close.
  int pausing = 0;
  for (auto& h : w.histories) {
    ++pausing;
    h->room->pause_clocks([&pausing] { --pausing; });
  }
  for (int i = 0; i < 200 && pausing > 0; ++i) w.run(5ms);
  CHECK(pausing == 0);
  std::map<std::string, int> closing;  // per game: three of its rooms close
  for (auto& h : w.histories) {
    auto host = pick(*h, [&](const Client& c) { return c.in_room && c.seat && *c.seat == h->room->state().host(); });
    if (!host || closing[h->game->type().id] >= 3) continue;
    ++closing[h->game->type().id];
    w.send(*h, host, {{"type", "close"}});
  }
  w.run(100ms);

  std::map<std::string, std::set<std::string>> kinds_by_game;
  std::map<std::string, std::string> live_dumps;
  for (auto& h : w.histories) {
    INFO(h->name << " room " << h->room->code());
    CHECK(h->mismatch == "");
    CHECK(h->applied == w.journal.texts(h->room->code()).size());
    kinds_by_game[h->game->type().id].insert(h->kinds.begin(), h->kinds.end());
    if (w.manager->find(h->room->code())) live_dumps[h->room->code()] = h->room->state().dump();
  }
  // Every record kind, in every game.
  for (const auto& [game, kinds] : kinds_by_game) {
    INFO(game);
    for (const std::string_view kind : record_kinds()) {
      INFO(kind);
      CHECK(kinds.count(std::string(kind)) == 1);
    }
  }

  // The server's own restore of the same journal gives the same rooms.
  w.manager->applied = nullptr;
  w.by_code.clear();
  RoomManager again(w.io, w.journal, w.config);
  const auto restored = again.restore_all(1);
  CHECK(restored.broken == 0);
  CHECK(w.journal.broken().empty());
  CHECK(static_cast<std::size_t>(restored.restored) == live_dumps.size());
  for (const auto& [code, dump] : live_dumps) {
    INFO(code);
    auto room = again.find(code);
    REQUIRE(room);
    CHECK(room->state().dump() == dump);
  }
  w.manager.reset();
}
