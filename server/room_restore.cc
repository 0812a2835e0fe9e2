// Rebuilding a room from its journal after a restart: every record is replayed in order,
// every action must be accepted again at its journaled version, and the state reached must
// have exactly the view hashes journaled with the game's last action (the views the clients
// hold). Anything else marks the room broken (the caller logs it once and leaves the room
// out). Hashes are compared once per game rather than after every action: building every
// seat's view for every action made a restart with 10,000 rooms take several times longer,
// and an engine that replays every action to the same final views cannot have diverged in a
// way any client can observe.
#include <boost/asio/post.hpp>

#include "protocol/drbg.h"
#include "server/room.h"

namespace nyan::server {

bool Room::restore(const std::vector<Json>& records, std::string& problem) {
  const int n = static_cast<int>(seats_.size());
  auto seat_in = [&](const Json& r, Seat& seat) {
    if (!r.contains("seat") || !r["seat"].is_number_integer()) return false;
    seat = r["seat"].get<Seat>();
    return seat >= 0 && seat < n;
  };
  host_ = -1;
  std::int64_t finished_at = 0;
  Json clock_left;  // each seat's time left as last journaled in the current game
  Json last_hashes;  // journaled with the current game's latest action
  auto check_hashes = [&] {
    if (!match_ || last_hashes.is_null()) return true;
    const bool same = match_->hashes() == last_hashes.get<std::vector<std::string>>();
    last_hashes = nullptr;
    return same;
  };
  for (std::size_t i = 1; i < records.size(); ++i) {
    const Json& r = records[i];
    const std::string where = "record " + std::to_string(i + 1) + ": ";
    if (!r.is_object() || !r.contains("kind") || !r["kind"].is_string()) {
      problem = where + "not a journal record";
      return false;
    }
    const std::string kind = r["kind"];
    Seat seat = 0;
    try {
      if (kind == "seat_claimed") {
        if (!seat_in(r, seat)) throw std::runtime_error("bad seat");
        SeatState& st = seats_[seat];
        st = SeatState{};
        st.claimed = true;
        st.token_hash = r.at("token_hash").get<std::string>();
        st.name = r.at("name").get<std::string>();
        if (host_ < 0) host_ = seat;
      } else if (kind == "seat_released") {
        if (!seat_in(r, seat)) throw std::runtime_error("bad seat");
        seats_[seat] = SeatState{};
        host_ = r.at("host").get<Seat>();
      } else if (kind == "bot_added") {
        if (!seat_in(r, seat)) throw std::runtime_error("bad seat");
        SeatState& st = seats_[seat];
        st = SeatState{};
        st.claimed = true;
        st.bot = true;
        st.name = r.at("name").get<std::string>();
      } else if (kind == "bot_removed") {
        if (!seat_in(r, seat) || !seats_[seat].bot) throw std::runtime_error("bad seat");
        seats_[seat] = SeatState{};
      } else if (kind == "stand_in" || kind == "seat_taken_back") {
        if (!seat_in(r, seat) || !seats_[seat].claimed || seats_[seat].bot) throw std::runtime_error("bad seat");
        seats_[seat].stand_in = kind == "stand_in";
      } else if (kind == "clock_paused") {
        if (r.at("game_no").get<int>() == game_no_) clock_left = r.at("left");
      } else if (kind == "seat_opened") {
        if (!seat_in(r, seat)) throw std::runtime_error("bad seat");
        seats_[seat].open = true;
      } else if (kind == "game_started") {
        if (!check_hashes()) throw std::runtime_error("view hashes differ at the end of game " + std::to_string(game_no_));
        const int game_no = r.at("game_no").get<int>();
        auto seed = seed_from_hex(r.at("seed").get<std::string>());
        const int rules = r.value("rules", 1);  // journaled before the rules had versions: 1
        if (game_no != game_no_ + 1 || !seed || !known_rules_version(rules)) throw std::runtime_error("bad game start");
        game_no_ = game_no;
        match_ = std::make_unique<Match>(game_, options_, code_, secret_, game_no_, *seed, /*replaying=*/true, rules);
        for (SeatState& st : seats_) st.requests.clear();
        clock_left = nullptr;  // a new game starts with full clocks
        set_status(Status::playing);
      } else if (kind == "action") {
        if (!match_ || r.at("game_no").get<int>() != game_no_ || !seat_in(r, seat))
          throw std::runtime_error("action outside a game");
        if (!match_->replay(seat, r.at("action"), r.value("bot", false)))
          throw std::runtime_error("the action does not replay");
        if (r.at("version").get<int>() != match_->version()) throw std::runtime_error("version differs");
        last_hashes = r.at("hashes");
        clock_left = r.value("clock", Json());
        if (!r.at("request").is_null()) seats_[seat].requests.emplace(r["request"].dump(), match_->version());
      } else if (kind == "game_over") {
        if (!match_ || !match_->over() || match_->state().outcome().to_json() != r.at("outcome"))
          throw std::runtime_error("the outcome differs");
        set_status(Status::over);
        finished_at = r.value("t", journal_time_ms());
        keep_record(finished_at);
      } else if (kind == "closed") {
        throw std::runtime_error("the room was closed");
      } else {
        throw std::runtime_error("unknown record kind '" + kind + "'");
      }
    } catch (const std::exception& e) {
      problem = where + kind + ": " + e.what();
      return false;
    }
  }
  if (!check_hashes()) {
    problem = "view hashes differ at version " + std::to_string(match_->version());
    return false;
  }
  if (status_ == Status::playing && match_ && match_->over()) {
    problem = "the game ended without its game_over record";
    return false;
  }
  if (status_ == Status::over && journal_time_ms() - finished_at > ctx_.config.retention_ms) {
    problem = "retention expired";
    expired_ = true;
    return false;
  }
  // Nobody is connected after a restart: every seat is in its grace period again.
  for (Seat s = 0; s < n; ++s)
    if (seats_[s].claimed) seat_dropped(s);
  arm_idle_timer();
  // The clocks run again from where they were journaled, and a bot to act when the server
  // stopped thinks again (on the room's strand, as always).
  net::post(strand_, [self = shared_from_this(), clock_left] {
    if (self->status_ == Status::playing) self->resume_clocks(clock_left);
    self->ask_bots();
  });
  return true;
}

}  // namespace nyan::server
