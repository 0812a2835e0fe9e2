// Bots in a room. The host seats them in the lobby; a bot also stands in for a player who is
// gone past the grace period (drop_policy "bot") and makes the decision of a seat whose clock
// ran out (on_timeout "bot"). Whenever a seat its bot plays is to act, the room hands the
// bot exactly what a client of that seat would get (its view and its legal list, from the
// same engine calls as the frames) and nothing else. The bot thinks on the bot pool, never
// on this strand; its answer comes back here and goes through the same path as a client's
// action (checked by the engine again, journaled, broadcast). An answer for a version that is
// no longer current, or for a seat its bot no longer plays, is dropped.
#include <boost/asio/post.hpp>
#include <cstring>

#include "protocol/drbg.h"
#include "rules/bot/bot.h"
#include "server/log.h"
#include "server/room.h"
#include "server/room_manager.h"

namespace nyan::server {

namespace {
std::uint64_t bot_seed() {
  const Seed s = random_seed();
  std::uint64_t out = 0;
  std::memcpy(&out, s.data(), sizeof out);
  return out;
}

constexpr auto kBotRetry = std::chrono::milliseconds(200);
}  // namespace

std::string Room::next_bot_name() const {
  for (int n = 1;; ++n) {
    const std::string name = "Bot " + std::to_string(n);
    if (std::none_of(seats_.begin(), seats_.end(), [&](const SeatState& st) { return st.bot && st.name == name; }))
      return name;
  }
}

std::optional<Seat> Room::bot_seat_request(const ParticipantPtr& from, const Envelope& msg) {
  if (!is_host(from->participant_id())) {
    reply_error(from, ProtoError::not_host, "only the host can seat or remove bots", msg.id);
    return std::nullopt;
  }
  if (status_ != Status::lobby) {
    reply_error(from, ProtoError::bad_state, "bots are seated and removed in the lobby", msg.id);
    return std::nullopt;
  }
  auto s = int_field(msg.body, "seat");
  if (!s) {
    reply_error(from, ProtoError::bad_field, "'seat' must be an integer", msg.id);
    return std::nullopt;
  }
  if (*s < 0 || *s >= static_cast<std::int64_t>(seats_.size())) {
    reply_error(from, ProtoError::wrong_seat, "no such seat", msg.id);
    return std::nullopt;
  }
  return static_cast<Seat>(*s);
}

void Room::on_add_bot(const ParticipantPtr& from, const Envelope& msg) {
  const auto seat = bot_seat_request(from, msg);
  if (!seat) return;
  if (seats_[*seat].claimed) return reply_error(from, ProtoError::seat_taken, "that seat is taken", msg.id);
  const std::string name = next_bot_name();
  journal_then({{{"kind", "bot_added"}, {"seat", *seat}, {"name", name}}},
               [this, from, re = msg.id, seat = *seat, name](bool ok) {
                 if (!ok) return reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
                 SeatState& st = seats_[seat];
                 st = SeatState{};
                 st.claimed = true;
                 st.bot = true;
                 st.name = name;
                 log::info("bot_added", {{"room", code_}, {"seat", seat}});
                 reply(from, {{"type", "ok"}, {"re", re}});
                 broadcast_room_info();
               });
}

void Room::on_remove_bot(const ParticipantPtr& from, const Envelope& msg) {
  const auto seat = bot_seat_request(from, msg);
  if (!seat) return;
  if (!seats_[*seat].bot) return reply_error(from, ProtoError::wrong_seat, "no bot sits there", msg.id);
  journal_then({{{"kind", "bot_removed"}, {"seat", *seat}}}, [this, from, re = msg.id, seat = *seat](bool ok) {
    if (!ok) return reply_error(from, ProtoError::unavailable, "the server cannot save this room right now", re);
    seats_[seat] = SeatState{};
    log::info("bot_removed", {{"room", code_}, {"seat", seat}});
    reply(from, {{"type", "ok"}, {"re", re}});
    broadcast_room_info();
  });
}

bool Room::bot_plays(Seat seat) const {
  const SeatState& st = seats_[seat];
  // A seat out of time forfeits instead where the room says so and the game has forfeits.
  const bool bot_on_timeout = !(rules_.forfeit_on_timeout && game_.type().forfeits);
  return st.claimed && (st.bot || st.stand_in || (bot_on_timeout && clocks_.out_of_time(seat)));
}

void Room::take_seat_back(Seat seat) {
  journal_then({{{"kind", "seat_taken_back"}, {"seat", seat}}}, [this, seat](bool ok) {
    SeatState& st = seats_[seat];
    if (!ok) return log::warn("seat_not_taken_back", {{"room", code_}, {"seat", seat}});
    st.stand_in = false;
    log::info("seat_taken_back", {{"room", code_}, {"seat", seat}});
    broadcast_room_info();
  });
}

void Room::ask_bots() {
  if (status_ != Status::playing || !match_ || match_->over() || clocks_paused_) return;
  const State& state = match_->state();
  for (Seat seat : state.to_act()) {
    if (seat < 0 || seat >= static_cast<Seat>(seats_.size()) || !bot_plays(seat)) continue;
    SeatState& st = seats_[seat];
    if (st.asked_game == game_no_ && st.asked_version == match_->version()) continue;  // already thinking
    // The seat's own view and legal list, from the same engine calls as its frames.
    Json view = state.view(seat);
    std::vector<Json> legal = state.legal_actions(seat);
    if (legal.empty()) continue;
    const bot::Budget budget{.playouts = ctx_.config.bot_playouts, .time_ms = ctx_.config.bot_budget_ms};
    auto job = [self = shared_from_this(), seat, game_no = game_no_, version = match_->version(),
                view = std::move(view), legal = std::move(legal), budget, seed = bot_seed()] {
      bot::Choice c = bot::choose(self->game_, self->options_, seat, view, legal, seed, budget);
      net::post(self->strand_, [self, seat, game_no, version, action = std::move(c.action)]() mutable {
        self->when_idle([self, seat, game_no, version, action = std::move(action)]() mutable {
          self->bot_answered(seat, game_no, version, std::move(action));
        });
      });
    };
    if (!ctx_.manager.bots().submit(std::move(job))) {
      metrics().bot_queue_full++;
      retry_bots_later();  // the pool is full: nothing is marked as asked
      continue;
    }
    st.asked_game = game_no_;
    st.asked_version = match_->version();
  }
}

void Room::bot_answered(Seat seat, int game_no, int version, Json action) {
  SeatState& st = seats_[seat];
  if (st.asked_game == game_no && st.asked_version == version) st.asked_version = -1;
  const bool current = status_ == Status::playing && match_ && game_no == game_no_ && version == match_->version();
  // The state moved on while the bot thought (another seat acted, or the seat's player came
  // back): that answer is for a position that no longer exists.
  if (!current || !bot_plays(seat)) return ask_bots();
  metrics().bot_moves++;
  apply_action(seat, action, nullptr, nullptr, Clock::now());
}

void Room::retry_bots_later() {
  if (bot_retry_armed_) return;
  bot_retry_armed_ = true;
  bot_retry_.expires_after(kBotRetry);
  bot_retry_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    self->bot_retry_armed_ = false;
    if (ec) return;
    self->when_idle([self] { self->ask_bots(); });
  });
}

}  // namespace nyan::server
