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
                 for (SeatState& st : seats_) st.requests.clear();  // ids are remembered per game
                 set_status(Status::playing);
                 start_clocks();
                 log::info("game_started", {{"room", code_}, {"game", game_.type().id}, {"game_no", game_no_}});
                 reply(from, {{"type", "ok"}, {"re", re}});
                 broadcast_room_info();
                 for (const auto& [pid, conn] : conns_) send_snapshot(pid, conn.seat);
                 ask_bots();
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
  if (!msg.id.is_null() && answer_retry(from, seat, msg.id, *action)) return;
  if (status_ == Status::over) return reply_error(from, ProtoError::game_over, "the game is over", msg.id);
  // A decision that came after its seat's time ran out is the bot's (or a forfeit) now;
  // talk (a side action) needs no time.
  if (late(seat, received) && !side_action(*action)) {
    if (clocks_.run_out(seat, received)) out_of_time(seat);
    return reply_error(from, ProtoError::out_of_time, "your time for this decision ran out", msg.id);
  }

  apply_action(seat, *action, from, msg.id, received);
}

bool Room::side_action(const Json& action) const {
  auto t = action.find("type");
  if (t == action.end() || !t->is_string()) return false;
  return std::find(side_types_.begin(), side_types_.end(), t->get_ref<const std::string&>()) != side_types_.end();
}

void Room::apply_action(Seat seat, const Json& action, const ParticipantPtr& from, const Json& re, Clock::time_point at,
                        bool forfeit) {
  // Worked out as a value: the room and the match change only once the record is durable.
  auto pending = std::make_shared<Match::Pending>();
  Result r = forfeit ? match_->prepare_forfeit(seat, spectators_ > 0, *pending)
                     : match_->prepare(seat, action, spectators_ > 0, *pending, /*by_bot=*/!from);
  if (!r) {
    if (from) return reply_error(from, from_rule_error(r.error().code), r.error().message, re);
    // A bot chose from the legal list of this very version, and the room forfeits only in
    // games with forfeits: the engine disagreeing is a bug.
    return log::error("server_move_refused", {{"room", code_}, {"seat", seat}, {"error", r.error().message}});
  }
  // The clocks after it, charged up to the moment the action arrived.
  auto clocks = std::make_shared<TurnClocks>(clocks_);
  clocks->acted(seat, !side_action(action), pending->state().to_act(), at);
  std::vector<std::string> records;
  if (ctx_.journal.keeps_records()) {
    // Written as text at once: one is made for every move, and a tree of it would be built
    // only to be written out.
    std::string& record = records.emplace_back();
    TextWriter w(record);
    w.open_object().key("action").json(pending->move().action);
    if (!from && !forfeit) w.key("bot").flag(true);
    if (clocks->on()) w.key("clock").json(clocks->left(at));
    w.key("game_no").num(game_no_).key("hashes").open_array();
    for (const std::string& h : pending->update().hashes) w.str(h);
    w.close_array().key("kind").str("action").key("request").json(re).key("seat").num(seat);
    w.key("t").num(journal_time_ms()).key("version").num(pending->version()).close_object();
    if (pending->over())
      records.push_back(journal_record(
          {{"kind", "game_over"}, {"game_no", game_no_}, {"outcome", pending->state().outcome().to_json()}}));
  }
  journal_texts_then(std::move(records), [this, pending, clocks, from, seat, re, at](bool ok) {
    // Not durable, so not accepted: nothing changed, and the player may try again.
    if (!ok) {
      if (from) return reply_error(from, ProtoError::unavailable, "the server cannot save moves right now; try again", re);
      return retry_bots_later();
    }
    clocks_ = *clocks;
    const Match::Update update = match_->commit(std::move(*pending), clock_member());
    finish_action(update, from, seat, re, at);
  });
}

bool Room::answer_retry(const ParticipantPtr& from, Seat seat, const Json& id, const Json& action) {
  const auto& requests = seats_[seat].requests;
  auto it = requests.find(id.dump());
  if (it == requests.end()) return false;
  // The first answer again, but only for the same action: an id used for another action is
  // a client's mistake (ids restarted after a reload), and applying nothing while answering
  // "accepted" would lose the move without a word.
  if (match_->moves()[static_cast<std::size_t>(it->second) - 1].action == canonical_json(action))
    from->deliver(ack_frame(id, game_no_, it->second, /*duplicate=*/true));
  else
    reply_error(from, ProtoError::id_reused, "this id was used for another action in this game; send a new id", id);
  return true;
}

void Room::finish_action(const Match::Update& update, const ParticipantPtr& from, Seat actor, const Json& re,
                         Clock::time_point received) {
  if (!re.is_null()) seats_[actor].requests.emplace(re.dump(), match_->version());
  Frame ack = ack_frame(re, game_no_, match_->version(), /*duplicate=*/false);
  const std::size_t spectator_frame = seats_.size();
  for (const auto& [pid, conn] : conns_) {
    const std::size_t i = conn.seat == kSpectator ? spectator_frame : static_cast<std::size_t>(conn.seat);
    if (i >= update.frames.size()) continue;  // no spectators were expected when it was made
    if (ack && from && pid == from->participant_id()) {
      from->deliver(std::move(ack), update.frames[i]);  // the actor: its ack, then its update
      ack = nullptr;
    } else {
      send(pid, update.frames[i]);
    }
  }
  if (ack && from) from->deliver(std::move(ack));  // the actor left while the move was being saved
  metrics().actions++;
  // A client's wait from its message to its answer; a bot's thinking is no one's wait.
  if (from) metrics().action_seconds.observe(std::chrono::duration<double>(Clock::now() - received).count());
  arm_clock();
  if (match_->over()) {
    set_status(Status::over);
    keep_record(0);
    const Outcome o = match_->state().outcome();
    log::info("game_over", {{"room", code_}, {"game_no", game_no_}, {"reason", o.reason}, {"winners", o.winners}});
    broadcast_room_info();
    return;
  }
  ask_bots();
}

void Room::on_resync(const ParticipantPtr& from, const Envelope& msg) {
  if (!match_) return reply_error(from, ProtoError::bad_state, "there is no game to resync yet", msg.id);
  metrics().resyncs++;
  send_snapshot(from->participant_id(), *seat_of(from->participant_id()), msg.id);
}

void Room::send_snapshot(std::uint64_t participant_id, Seat seat, const Json& re) {
  send(participant_id, match_->snapshot(seat, re, clock_member()));
}

}  // namespace nyan::server
