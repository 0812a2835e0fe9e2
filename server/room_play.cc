// The match in a room: start, rematch, actions (journaled before they are broadcast), resync.
#include <boost/asio/post.hpp>

#include "protocol/drbg.h"
#include "rules/core/canonical_text.h"
#include "server/log.h"
#include "server/room.h"

namespace nyan::server {

namespace {

// The answer to an accepted action, written as text: one goes out for every move.
Frame ack_frame(const Json& re, int game_no, int version, bool duplicate) {
  std::string ack;
  TextWriter w(ack);
  w.open_object();
  if (duplicate) w.key("duplicate").flag(true);
  w.key("game_no").num(game_no).key("re").json(re).key("type").str("ack").key("version").num(version);
  w.close_object();
  return std::make_shared<const std::string>(std::move(ack));
}

}  // namespace

void Room::on_start(const ParticipantPtr& from, const Envelope& msg) {
  if (!is_host(from->participant_id())) return reply_error(from, ProtoError::not_host, "only the host can start", msg.id);
  if (status_ != Status::lobby) return reply_error(from, ProtoError::bad_state, "the game has already started", msg.id);
  for (const SeatState& st : seats_)
    if (!st.claimed) return reply_error(from, ProtoError::bad_state, "every seat must be taken first", msg.id);
  start_match(from, msg.id);
}

void Room::on_rematch(const ParticipantPtr& from, const Envelope& msg) {
  if (!is_host(from->participant_id())) return reply_error(from, ProtoError::not_host, "only the host can start a rematch", msg.id);
  if (status_ != Status::over) return reply_error(from, ProtoError::bad_state, "a rematch follows a finished game", msg.id);
  for (const SeatState& st : seats_)
    if (!st.claimed || st.open) return reply_error(from, ProtoError::bad_state, "every seat must be taken first", msg.id);
  start_match(from, msg.id);
}

void Room::start_match(const ParticipantPtr& from, const Json& re) {
  const Seed seed = random_seed();
  const int game_no = game_no_ + 1;
  journal_then({{{"kind", "game_started"}, {"game_no", game_no}, {"seed", seed_hex(seed)}, {"rules", kRulesVersion}}},
               [this, from, re, seed, game_no](bool ok) {
                 if (!ok) return reply_error(from, ProtoError::unavailable, "the server cannot save this game right now", re);
                 game_no_ = game_no;
                 match_ = std::make_unique<Match>(game_, options_, code_, secret_, game_no_, seed);
                 set_status(Status::playing);
                 log::info("game_started", {{"room", code_}, {"game", game_.id()}, {"game_no", game_no_}});
                 reply(from, {{"type", "ok"}, {"re", re}});
                 broadcast_room_info();
                 for (const auto& [pid, conn] : conns_) send_snapshot(pid, conn.seat);
               });
}

void Room::on_action(const ParticipantPtr& from, const Envelope& msg, Clock::time_point received) {
  const Seat seat = *seat_of(from->participant_id());
  if (seat == kSpectator) return reply_error(from, ProtoError::wrong_seat, "spectators cannot act", msg.id);
  if (auto s = msg.body.find("seat"); s != msg.body.end() && *s != seat)
    return reply_error(from, ProtoError::wrong_seat, "you can only act for your own seat", msg.id);
  auto action = msg.body.find("action");
  if (action == msg.body.end() || !action->is_object())
    return reply_error(from, ProtoError::bad_field, "'action' must be an object", msg.id);
  if (!match_ || status_ == Status::lobby) return reply_error(from, ProtoError::bad_state, "the game has not started", msg.id);
  SeatState& st = seats_[seat];
  // A retried request is answered with what it did the first time, not applied again.
  if (!msg.id.is_null())
    for (const auto& [id, version] : st.accepted)
      if (id == msg.id)
        return from->deliver(ack_frame(msg.id, game_no_, version, /*duplicate=*/true));
  if (status_ == Status::over) return reply_error(from, ProtoError::game_over, "the game is over", msg.id);

  Result r = match_->apply(seat, *action);
  if (!r) return reply_error(from, from_rule_error(r.error().code), r.error().message, msg.id);

  Match::Update update = match_->update(spectators_ > 0);
  if (!ctx_.journal.keeps_records()) return finish_action(update, from, seat, msg.id, received);
  std::vector<Json> records = {{{"kind", "action"},
                                {"game_no", game_no_},
                                {"version", match_->version()},
                                {"seat", seat},
                                {"action", match_->moves().back().action},
                                {"request", msg.id},
                                {"hashes", update.hashes}}};
  if (match_->over())
    records.push_back({{"kind", "game_over"}, {"game_no", game_no_}, {"outcome", match_->state().outcome().to_json()}});
  const Json re = msg.id;
  journal_then(std::move(records), [this, update = std::move(update), from, seat, re, received](bool ok) {
    if (!ok) {
      // Not durable, so not accepted: the state goes back and the player is told.
      match_->undo_last();
      return reply_error(from, ProtoError::unavailable, "the server cannot save moves right now; try again", re);
    }
    finish_action(update, from, seat, re, received);
  });
}

void Room::finish_action(const Match::Update& update, const ParticipantPtr& from, Seat actor, const Json& re,
                         Clock::time_point received) {
  if (!re.is_null()) {
    auto& accepted = seats_[actor].accepted;
    accepted.emplace_back(re, match_->version());
    if (accepted.size() > 64) accepted.pop_front();
  }
  Frame ack = ack_frame(re, game_no_, match_->version(), /*duplicate=*/false);
  const std::size_t spectator_frame = seats_.size();
  for (const auto& [pid, conn] : conns_) {
    const std::size_t i = conn.seat == kSpectator ? spectator_frame : static_cast<std::size_t>(conn.seat);
    if (i >= update.frames.size()) continue;  // no spectators were expected when it was made
    if (ack && pid == from->participant_id()) {
      from->deliver(std::move(ack), update.frames[i]);  // the actor: its ack, then its update
      ack = nullptr;
    } else {
      send(pid, update.frames[i]);
    }
  }
  if (ack) from->deliver(std::move(ack));  // the actor left while the move was being saved
  metrics().actions++;
  metrics().action_seconds.observe(std::chrono::duration<double>(Clock::now() - received).count());
  if (match_->over()) {
    set_status(Status::over);
    const Outcome o = match_->state().outcome();
    log::info("game_over", {{"room", code_}, {"game_no", game_no_}, {"reason", o.reason}, {"winners", o.winners}});
    broadcast_room_info();
  }
}

void Room::on_resync(const ParticipantPtr& from, const Envelope& msg) {
  if (!match_) return reply_error(from, ProtoError::bad_state, "there is no game to resync yet", msg.id);
  metrics().resyncs++;
  send_snapshot(from->participant_id(), *seat_of(from->participant_id()));
}

void Room::send_snapshot(std::uint64_t participant_id, Seat seat) {
  send(participant_id, match_->snapshot(seat));
}

}  // namespace nyan::server
