// Each record kind's writer and reader, side by side. A writer adds its members to an object
// that already holds "kind" and "t"; a reader takes them from a journaled object and throws
// (caught in read_record) on a missing or mistyped member. The action, written for every move,
// is written as text rather than as a tree; its bytes are the same canonical JSON.
#include "server/room/records.h"

#include <stdexcept>

#include "rules/core/canonical_text.h"
#include "rules/core/rng.h"
#include "server/journal/journal.h"

namespace nyan::server {

namespace {

Seat seat_at(const Json& j, const char* key) {
  const Seat s = j.at(key).get<Seat>();
  if (s < 0) throw std::runtime_error("bad seat");
  return s;
}
Seat seat_of(const Json& j) { return seat_at(j, "seat"); }

std::vector<std::int64_t> times_of(const Json& j) {
  if (!j.is_array()) throw std::runtime_error("times must be a list");
  return j.get<std::vector<std::int64_t>>();
}

// ---- room_created
void write(const RoomCreated& r, Json& j) {
  j["code"] = r.code;
  j["game"] = r.game;
  j["options"] = r.options;
  j["secret"] = r.secret;
}
void read(const Json& j, RoomCreated& r) {
  r.code = j.at("code").get<std::string>();
  r.game = j.at("game").get<std::string>();
  r.options = j.value("options", Json());
  if (!j.contains("secret") || !j["secret"].is_string()) throw std::runtime_error("no room secret");
  r.secret = j["secret"].get<std::string>();
}

// ---- seat_claimed
void write(const SeatClaimed& r, Json& j) {
  j["seat"] = r.seat;
  j["token_hash"] = r.token_hash;
  j["name"] = r.name;
}
void read(const Json& j, SeatClaimed& r) {
  r.seat = seat_of(j);
  r.token_hash = j.at("token_hash").get<std::string>();
  r.name = j.at("name").get<std::string>();
}

// ---- seat_released
void write(const SeatReleased& r, Json& j) {
  j["seat"] = r.seat;
  j["host"] = r.host;
}
void read(const Json& j, SeatReleased& r) {
  r.seat = seat_of(j);
  r.host = j.at("host").get<Seat>();
}

// ---- seat_opened, stand_in, seat_taken_back, bot_removed, rematch_wanted: a seat and nothing else
template <class R>
void write_seat(const R& r, Json& j) {
  j["seat"] = r.seat;
}
template <class R>
void read_seat(const Json& j, R& r) {
  r.seat = seat_of(j);
}
void write(const SeatOpened& r, Json& j) { write_seat(r, j); }
void read(const Json& j, SeatOpened& r) { read_seat(j, r); }
void write(const StandIn& r, Json& j) { write_seat(r, j); }
void read(const Json& j, StandIn& r) { read_seat(j, r); }
void write(const SeatTakenBack& r, Json& j) { write_seat(r, j); }
void read(const Json& j, SeatTakenBack& r) { read_seat(j, r); }
void write(const BotRemoved& r, Json& j) { write_seat(r, j); }
void read(const Json& j, BotRemoved& r) { read_seat(j, r); }
void write(const RematchWanted& r, Json& j) { write_seat(r, j); }
void read(const Json& j, RematchWanted& r) { read_seat(j, r); }

// ---- seat_moved, seats_swapped: two seats, each under its own name
void write_two(Json& j, const char* first, Seat a, const char* second, Seat b) {
  j[first] = a;
  j[second] = b;
}
void read_two(const Json& j, const char* first, Seat& a, const char* second, Seat& b) {
  a = seat_at(j, first);
  b = seat_at(j, second);
}
void write(const SeatMoved& r, Json& j) { write_two(j, "from", r.from, "to", r.to); }
void read(const Json& j, SeatMoved& r) { read_two(j, "from", r.from, "to", r.to); }
void write(const SeatsSwapped& r, Json& j) { write_two(j, "a", r.a, "b", r.b); }
void read(const Json& j, SeatsSwapped& r) { read_two(j, "a", r.a, "b", r.b); }

// ---- bot_added
void write(const BotAdded& r, Json& j) {
  j["seat"] = r.seat;
  j["name"] = r.name;
}
void read(const Json& j, BotAdded& r) {
  r.seat = seat_of(j);
  r.name = j.at("name").get<std::string>();
}

// ---- game_started
void write(const GameStarted& r, Json& j) {
  j["game_no"] = r.game_no;
  j["seed"] = seed_hex(r.seed);
  j["rules"] = r.rules;
}
void read(const Json& j, GameStarted& r) {
  r.game_no = j.at("game_no").get<int>();
  const auto seed = seed_from_hex(j.at("seed").get<std::string>());
  if (!seed) throw std::runtime_error("bad seed");
  r.seed = *seed;
  r.rules = j.value("rules", 1);  // journaled before the rules had versions: 1
  if (!known_rules_version(r.rules)) throw std::runtime_error("unknown rules version");
}

// ---- action (written as text: see the top of the file)
void write_text(const ActionTaken& r, std::int64_t t, std::string& out) {
  TextWriter w(out);
  w.open_object().key("action").json(r.action);
  if (r.bot) w.key("bot").flag(true);
  if (!r.clock.empty()) {
    w.key("clock").nums(r.clock);
  }
  w.key("game_no").num(r.game_no).key("hashes").open_array();
  for (const std::string& h : r.hashes) w.str(h);
  w.close_array().key("kind").str(ActionTaken::kind).key("request").json(r.request).key("seat").num(r.seat);
  w.key("t").num(t).key("version").num(r.version).close_object();
}
void read(const Json& j, ActionTaken& r) {
  r.game_no = j.at("game_no").get<int>();
  r.seat = seat_of(j);
  r.action = j.at("action");
  r.bot = j.value("bot", false);
  if (const auto c = j.find("clock"); c != j.end() && !c->is_null()) r.clock = times_of(*c);
  r.hashes = j.at("hashes").get<std::vector<std::string>>();
  r.request = j.at("request");
  r.version = j.at("version").get<int>();
}

// ---- game_over
void write(const GameOver& r, Json& j) {
  j["game_no"] = r.game_no;
  j["outcome"] = r.outcome;
}
void read(const Json& j, GameOver& r) {
  r.game_no = j.at("game_no").get<int>();
  r.outcome = j.at("outcome");
}

// ---- clock_paused
void write(const ClockPaused& r, Json& j) {
  j["game_no"] = r.game_no;
  j["left"] = r.left;
}
void read(const Json& j, ClockPaused& r) {
  r.game_no = j.at("game_no").get<int>();
  r.left = times_of(j.at("left"));
}

// ---- closed
void write(const Closed& r, Json& j) { j["reason"] = r.reason; }
void read(const Json& j, Closed& r) { r.reason = j.at("reason").get<std::string>(); }

// The kinds in the variant's order, each read into its own alternative.
template <std::size_t I = 0>
bool read_kind(std::string_view kind, const Json& j, RecordBody& out) {
  if constexpr (I == std::variant_size_v<RecordBody>) {
    return false;
  } else {
    using Kind = std::variant_alternative_t<I, RecordBody>;
    if (kind != Kind::kind) return read_kind<I + 1>(kind, j, out);
    Kind r;
    read(j, r);
    out = std::move(r);
    return true;
  }
}

template <std::size_t... I>
std::vector<std::string_view> kinds(std::index_sequence<I...>) {
  return {std::variant_alternative_t<I, RecordBody>::kind...};
}

}  // namespace

Record record_now(RecordBody body) { return Record{std::move(body), journal_time_ms()}; }

std::string_view kind_of(const Record& record) {
  return std::visit([](const auto& r) { return std::decay_t<decltype(r)>::kind; }, record.body);
}

std::string record_text(const Record& record) {
  if (const auto* action = std::get_if<ActionTaken>(&record.body)) {
    std::string out;
    write_text(*action, record.t, out);
    return out;
  }
  Json j = Json::object();
  std::visit(
      [&j](const auto& r) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(r)>, ActionTaken>) write(r, j);
      },
      record.body);
  j["kind"] = kind_of(record);
  j["t"] = record.t;
  return canonical_json(j);  // dump()'s bytes, written faster
}

bool read_record(const Json& json, Record& out, std::string& problem) {
  if (!json.is_object() || !json.contains("kind") || !json["kind"].is_string()) {
    problem = "not a journal record";
    return false;
  }
  const std::string& kind = json["kind"].get_ref<const std::string&>();
  try {
    if (!read_kind(kind, json, out.body)) {
      problem = "unknown record kind '" + kind + "'";
      return false;
    }
    out.t = json.value("t", journal_time_ms());  // (every record has had its time)
  } catch (const std::exception& e) {
    problem = kind + ": " + e.what();
    return false;
  }
  return true;
}

std::vector<std::string_view> record_kinds() {
  return kinds(std::make_index_sequence<std::variant_size_v<RecordBody>>{});
}

}  // namespace nyan::server
