#include "server/room/room_state.h"

#include <algorithm>
#include <chrono>

#include "rules/core/canonical_text.h"
#include "server/journal/journal.h"

namespace nyan::server {

namespace {
// A record that does not fit the room: why, and false.
bool refused(std::string& problem, std::string why) {
  problem = std::move(why);
  return false;
}
}  // namespace

const char* status_name(RoomStatus s) {
  switch (s) {
    case RoomStatus::lobby: return "lobby";
    case RoomStatus::playing: return "playing";
    case RoomStatus::over: return "over";
    case RoomStatus::closed: return "closed";
  }
  return "lobby";
}

RoomPhase phase_of(RoomStatus s) {
  return s == RoomStatus::playing ? RoomPhase::playing : s == RoomStatus::over ? RoomPhase::over : RoomPhase::lobby;
}

RoomState::RoomState(const Game& game, Json options, std::string code, std::string secret)
    : game_(game),
      options_(std::move(options)),
      code_(std::move(code)),
      secret_(std::move(secret)),
      rules_(RoomRules::of(options_)),
      seats_(static_cast<std::size_t>(game.type().seat_count(options_))) {
  for (const ActionForm& f : game_.type().action_forms)
    if (f.side) side_types_.push_back(f.type);
}

bool RoomState::side_action(const Json& action) const {
  auto t = action.find("type");
  if (t == action.end() || !t->is_string()) return false;
  return std::find(side_types_.begin(), side_types_.end(), t->get_ref<const std::string&>()) != side_types_.end();
}

TurnClocks RoomState::clocks_after(Seat seat, const Json& action, const std::vector<Seat>& to_act,
                                   TurnClocks::Time at) const {
  TurnClocks after = clocks_;
  after.acted(seat, !side_action(action), to_act, at);
  return after;
}

bool RoomState::apply(const Record& record, Live* live, std::string& problem) {
  record_t_ = record.t;
  return std::visit([&](const auto& r) { return on(r, live, problem); }, record.body);
}

// ---- membership

bool RoomState::on(const RoomCreated& r, Live*, std::string& problem) {
  // The room was made from this record (its game, options and secret); it opens the journal.
  if (r.code != code_ || r.game != game_.type().id || r.secret != secret_ || match_ || host_ >= 0) {
    problem = "not this room's creation";
    return false;
  }
  return true;
}

bool RoomState::on(const SeatClaimed& r, Live*, std::string& problem) {
  if (!seat_in_range(r.seat)) return refused(problem, "bad seat");
  SeatRecord& s = seats_[r.seat];
  s = SeatRecord{};
  s.claimed = true;
  s.token_hash = r.token_hash;
  s.name = r.name;
  if (host_ < 0) host_ = r.seat;  // the creator, or the first to sit down in a room without a host
  return true;
}

bool RoomState::on(const SeatReleased& r, Live*, std::string& problem) {
  if (!seat_in_range(r.seat) || r.host >= seat_count()) return refused(problem, "bad seat");
  seats_[r.seat] = SeatRecord{};
  host_ = r.host;
  return true;
}

// The three records about a player's seat while they are gone: a flag of the seat each.
bool RoomState::player_flag(Seat seat, bool SeatRecord::*flag, bool value, std::string& problem) {
  if (!seat_in_range(seat) || !seats_[seat].claimed || seats_[seat].bot) return refused(problem, "bad seat");
  seats_[seat].*flag = value;
  return true;
}
bool RoomState::on(const SeatOpened& r, Live*, std::string& problem) {
  return player_flag(r.seat, &SeatRecord::open, true, problem);
}
bool RoomState::on(const StandIn& r, Live*, std::string& problem) {
  return player_flag(r.seat, &SeatRecord::stand_in, true, problem);
}
bool RoomState::on(const SeatTakenBack& r, Live*, std::string& problem) {
  return player_flag(r.seat, &SeatRecord::stand_in, false, problem);
}

bool RoomState::on(const BotAdded& r, Live*, std::string& problem) {
  if (!seat_in_range(r.seat)) return refused(problem, "bad seat");
  SeatRecord& s = seats_[r.seat];
  s = SeatRecord{};
  s.claimed = true;
  s.bot = true;
  s.name = r.name;
  return true;
}

bool RoomState::on(const BotRemoved& r, Live*, std::string& problem) {
  if (!seat_in_range(r.seat) || !seats_[r.seat].bot) return refused(problem, "bad seat");
  seats_[r.seat] = SeatRecord{};
  return true;
}

// The host's role goes with the player who holds it.
bool RoomState::on(const SeatMoved& r, Live*, std::string& problem) {
  if (status_ != RoomStatus::lobby || !seat_in_range(r.from) || !seat_in_range(r.to) || r.from == r.to ||
      !seats_[r.from].claimed || seats_[r.from].bot || seats_[r.to].claimed)
    return refused(problem, "bad seat move");
  seats_[r.to] = std::move(seats_[r.from]);
  seats_[r.from] = SeatRecord{};
  if (host_ == r.from) host_ = r.to;
  return true;
}

bool RoomState::on(const SeatsSwapped& r, Live*, std::string& problem) {
  if (status_ != RoomStatus::lobby || !seat_in_range(r.a) || !seat_in_range(r.b) || r.a == r.b ||
      (!seats_[r.a].claimed && !seats_[r.b].claimed))
    return refused(problem, "bad seat swap");
  std::swap(seats_[r.a], seats_[r.b]);
  if (host_ == r.a) host_ = r.b;
  else if (host_ == r.b) host_ = r.a;
  return true;
}

bool RoomState::on(const RematchWanted& r, Live*, std::string& problem) {
  if (status_ != RoomStatus::over || !seat_in_range(r.seat) || !seats_[r.seat].claimed || seats_[r.seat].bot)
    return refused(problem, "no player to say yes there");
  seats_[r.seat].rematch = true;
  return true;
}

bool RoomState::rematch_yes(Seat s) const {
  const SeatRecord& st = seats_[static_cast<std::size_t>(s)];
  return st.claimed && !st.open && (st.bot || st.stand_in || st.rematch);
}

std::vector<int> RoomState::rematch_votes() const {
  std::vector<int> out;
  if (status_ != RoomStatus::over) return out;
  for (Seat s = 0; s < seat_count(); ++s)
    if (seats_[s].rematch && seats_[s].claimed && !seats_[s].bot) out.push_back(s);
  return out;
}

bool RoomState::rematch_ready() const {
  if (status_ != RoomStatus::over) return false;
  bool asked = false;  // by a player: a table of bots and stand-ins alone does not play on
  for (Seat s = 0; s < seat_count(); ++s) {
    if (!rematch_yes(s)) return false;
    asked = asked || seats_[s].rematch;
  }
  return asked;
}

bool RoomState::on(const Closed&, Live*, std::string&) {
  status_ = RoomStatus::closed;
  return true;
}

// ---- the match

bool RoomState::on(const GameStarted& r, Live* live, std::string& problem) {
  if (r.game_no != game_no_ + 1 || status_ == RoomStatus::playing || status_ == RoomStatus::closed)
    return refused(problem, "bad game start");
  if (!live && !hashes_match())
    return refused(problem, "view hashes differ at the end of game " + std::to_string(game_no_));
  game_no_ = r.game_no;
  // Replayed, the match sets its sealed slots up when first asked (a restart of thousands of
  // rooms would spend its time there otherwise).
  match_ = std::make_unique<Match>(game_, options_, code_, secret_, game_no_, r.seed, /*replaying=*/!live, r.rules);
  for (SeatRecord& s : seats_) {
    s.requests.clear();  // ids are remembered per game
    s.rematch = false;   // and a yes is to one next game
  }
  status_ = RoomStatus::playing;
  clock_anchor_ = TurnClocks::Time::clock::now();  // the first clock runs from the game's start
  clocks_ = TurnClocks(rules_, seat_count());
  clocks_.start(match_->state().to_act(), clock_anchor_);
  return true;
}

bool RoomState::on(const ActionTaken& r, Live* live, std::string& problem) {
  if (!match_ || r.game_no != game_no_ || status_ != RoomStatus::playing || !seat_in_range(r.seat))
    return refused(problem, "action outside a game");
  if (live && live->pending) {
    // The engine's work was done when the action was checked: its state, frames and hashes.
    const std::vector<Seat> to_act = live->pending->state().to_act();
    clocks_.acted(r.seat, !side_action(r.action), to_act, live->at);
    clock_anchor_ = live->at;
    const std::string clock = clocks_.on() ? clocks_.frame_member(TurnClocks::Time::clock::now(), journal_time_ms())
                                           : std::string();
    live->update = match_->commit(std::move(*live->pending), clock);
  } else {
    if (!match_->replay(r.seat, r.action, r.bot)) return refused(problem, "the action does not replay");
    // Running again from the times journaled, from now: the time no server held the room is
    // nobody's.
    clock_anchor_ = TurnClocks::Time::clock::now();
    clocks_.resume(r.clock, match_->state().to_act(), clock_anchor_);
    last_hashes_ = r.hashes;
  }
  if (r.version != match_->version()) return refused(problem, "version differs");
  if (!r.request.is_null()) seats_[r.seat].requests.remember(r.request.dump(), match_->version());
  return true;
}

bool RoomState::on(const GameOver& r, Live*, std::string& problem) {
  if (!match_ || r.game_no != game_no_ || !match_->over() || canonical_json(r.outcome) != match_->state().outcome_text())
    return refused(problem, "the outcome differs");
  status_ = RoomStatus::over;
  keep_finished(record_t_);
  return true;
}

bool RoomState::on(const ClockPaused& r, Live*, std::string&) {
  // The server stopped: the clocks resume from these times wherever the room is served next.
  if (status_ == RoomStatus::playing && r.game_no == game_no_) {
    clock_anchor_ = TurnClocks::Time::clock::now();
    clocks_.resume(r.left, match_->state().to_act(), clock_anchor_);
  }
  return true;
}

void RoomState::keep_finished(std::int64_t finished_at_ms) {
  if (!finished_.empty() && finished_.back().game_no == match_->game_no()) return;
  finished_.push_back({match_->game_no(), finished_at_ms, match_->record_text()});
  if (finished_.size() > kKeptGames) finished_.erase(finished_.begin());
}

bool RoomState::hashes_match() {
  if (!match_ || last_hashes_.empty()) return true;
  const bool same = match_->hashes() == last_hashes_;
  last_hashes_.clear();
  return same;
}

bool RoomState::finish_restore(std::string& problem) {
  if (!hashes_match()) {
    problem = "view hashes differ at version " + std::to_string(match_->version());
    return false;
  }
  if (status_ == RoomStatus::playing && match_ && match_->over()) {
    problem = "the game ended without its game_over record";
    return false;
  }
  return true;
}

std::string RoomState::dump() const {
  Json seats = Json::array();
  for (const SeatRecord& s : seats_) {
    Json requests = Json::object();
    s.requests.for_each([&requests](std::string_view id, int version) { requests[std::string(id)] = version; });
    seats.push_back({{"claimed", s.claimed}, {"open", s.open}, {"bot", s.bot}, {"stand_in", s.stand_in},
                     {"rematch", s.rematch}, {"name", s.name}, {"token_hash", s.token_hash}, {"requests", requests}});
  }
  Json match = nullptr;
  if (match_)
    match = {{"game_no", match_->game_no()}, {"version", match_->version()}, {"over", match_->over()},
             {"hashes", match_->hashes()}, {"record", match_->record_text()}};
  Json clock = nullptr;
  if (clocks_.on() && status_ == RoomStatus::playing)
    clock = {{"left", clocks_.left(clock_anchor_)}, {"running", clocks_.running()}};
  Json finished = Json::array();
  for (const FinishedGame& g : finished_)
    finished.push_back({{"game_no", g.game_no}, {"finished_at_ms", g.finished_at_ms}, {"record", g.record}});
  return canonical_json({{"code", code_},
                         {"game", game_.type().id},
                         {"status", status_name(status_)},
                         {"host", host_},
                         {"game_no", game_no_},
                         {"seats", seats},
                         {"match", match},
                         {"clock", clock},
                         {"finished", finished}});
}

}  // namespace nyan::server
