// What a room is, as its records make it: the seats (who holds them, by token hash), the host,
// the bots, the match and its clocks, the request ids each seat used, the finished games. It
// changes only through apply(record): the live room applies each record once the journal
// says it is durable, and a restore or a takeover applies the journaled records one by one,
// so a restored room is the live one by construction (tests/server/restore_equals_live_test
// compares their dumps after every record).
//
// What is not here is the room's life on one server: connections, timers, the bots thinking,
// the record in flight (see room.h). None of it is journaled, and a restore starts it afresh.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rules/core/game.h"
#include "rules/core/room_options.h"
#include "server/common/metrics.h"
#include "server/room/match.h"
#include "server/room/records.h"
#include "server/room/request_ids.h"
#include "server/room/turn_clocks.h"

namespace nyan::server {

enum class RoomStatus { lobby, playing, over, closed };
const char* status_name(RoomStatus s);
// The rooms gauge's phase of a status (closed rooms are not counted).
RoomPhase phase_of(RoomStatus s);

// A seat as the records made it.
struct SeatRecord {
  bool claimed = false;
  bool open = false;      // given up mid-game after the grace period: anyone may take it
  bool bot = false;       // the room's bot holds the seat (put there by the host; no player)
  bool stand_in = false;  // its player left the game or is gone past the grace period, and its bot plays for them
  bool rematch = false;   // after a game, its player said yes to the next one
  std::string name;
  std::string token_hash;
  // This game's accepted request ids (as JSON text) and the version each one made: a retry
  // with the same id and action gets the first answer. At most one per action of the game.
  RequestIds requests;
};

// A finished game's verifiable record, kept for the transcript and replay endpoints.
struct FinishedGame {
  int game_no = 0;
  std::int64_t finished_at_ms = 0;  // wall clock (the game_over record's), for the retention
  std::string record;               // canonical text (Match::record_text)
};

class RoomState {
 public:
  // At most this many finished games are kept per room (the oldest go first).
  static constexpr std::size_t kKeptGames = 50;

  RoomState(const Game& game, Json options, std::string code, std::string secret);

  // What the live room worked out before its record was durable, so that apply does not do it
  // again: for an action, the engine's prepared move and when it reached the server; apply
  // hands back the frames of its update. Null on restore, where apply works from the record
  // alone and checks it against the room (an action the engine accepts at the version
  // journaled, a seat in range, a game in order).
  struct Live {
    TurnClocks::Time at{};
    Match::Pending* pending = nullptr;
    Match::Update update;  // out
  };

  // The only code that changes the room. False with `problem` when the record does not fit
  // the room (a corrupt journal, or a bug the live room logs).
  bool apply(const Record& record, Live* live, std::string& problem);
  // After a restore's last record: the views reached are the ones the last action journaled,
  // and a game that ended has its game_over record.
  bool finish_restore(std::string& problem);

  const Game& game() const { return game_; }
  const Json& options() const { return options_; }
  const RoomRules& rules() const { return rules_; }
  const std::string& code() const { return code_; }
  const std::string& secret() const { return secret_; }
  RoomStatus status() const { return status_; }
  Seat host() const { return host_; }
  int seat_count() const { return static_cast<int>(seats_.size()); }
  const std::vector<SeatRecord>& seats() const { return seats_; }
  const SeatRecord& seat(Seat s) const { return seats_[static_cast<std::size_t>(s)]; }
  int game_no() const { return game_no_; }
  // The match (null before the first game). Not const: its frames keep the views they sent,
  // a cache that changes nothing a client sees; only apply moves it on.
  Match* match() const { return match_.get(); }
  const TurnClocks& clocks() const { return clocks_; }
  const std::vector<FinishedGame>& finished() const { return finished_; }

  // After a game: whether the seat's yes to the next game is given, by its player or at once
  // (a bot seat, a seat whose bot stands in for its player).
  bool rematch_yes(Seat s) const;
  // The seats whose players said yes to the next game (bots and stand-ins not listed).
  std::vector<int> rematch_votes() const;
  // Whether the next game starts now: the game is over, every seat is held by a player or a
  // bot (none empty or opened), every one of them said yes, and one player at least said it.
  bool rematch_ready() const;

  // Whether `action` is a side action of this game (free, open to any seat, no decision).
  bool side_action(const Json& action) const;
  // The clocks after `seat`'s `action` reached the server at `at`, the game then waiting for
  // `to_act`: what its record journals (apply does the same).
  TurnClocks clocks_after(Seat seat, const Json& action, const std::vector<Seat>& to_act, TurnClocks::Time at) const;

  // The room as canonical JSON: seats, host, token hashes, bots, clocks (time left when the
  // last record was applied), match (version, every seat's view hash, its record), request
  // ids, finished games. Two rooms with the same dump answer every client alike.
  std::string dump() const;

 private:
  bool seat_in_range(Seat s) const { return s >= 0 && s < seat_count(); }
  void keep_finished(std::int64_t finished_at_ms);
  bool player_flag(Seat seat, bool SeatRecord::*flag, bool value, std::string& problem);
  // The hashes journaled with the game's latest action equal the match's views.
  bool hashes_match();

  // One per record kind; each returns false with `problem` when the record does not fit.
  bool on(const RoomCreated& r, Live* live, std::string& problem);
  bool on(const SeatClaimed& r, Live* live, std::string& problem);
  bool on(const SeatReleased& r, Live* live, std::string& problem);
  bool on(const SeatOpened& r, Live* live, std::string& problem);
  bool on(const StandIn& r, Live* live, std::string& problem);
  bool on(const SeatTakenBack& r, Live* live, std::string& problem);
  bool on(const BotAdded& r, Live* live, std::string& problem);
  bool on(const BotRemoved& r, Live* live, std::string& problem);
  bool on(const SeatMoved& r, Live* live, std::string& problem);
  bool on(const SeatsSwapped& r, Live* live, std::string& problem);
  bool on(const RematchWanted& r, Live* live, std::string& problem);
  bool on(const GameStarted& r, Live* live, std::string& problem);
  bool on(const ActionTaken& r, Live* live, std::string& problem);
  bool on(const GameOver& r, Live* live, std::string& problem);
  bool on(const ClockPaused& r, Live* live, std::string& problem);
  bool on(const Closed& r, Live* live, std::string& problem);

  const Game& game_;
  const Json options_;
  const std::string code_;
  const std::string secret_;
  const RoomRules rules_;
  std::vector<std::string> side_types_;  // the game's side action types

  RoomStatus status_ = RoomStatus::lobby;
  Seat host_ = -1;
  std::vector<SeatRecord> seats_;
  int game_no_ = 0;
  std::unique_ptr<Match> match_;
  TurnClocks clocks_;  // of the game being played (off without a clock)
  TurnClocks::Time clock_anchor_{};  // when the clocks were last set by a record
  std::vector<FinishedGame> finished_;  // oldest first, at most kKeptGames
  std::int64_t record_t_ = 0;  // the time of the record being applied
  // A restore checks the view hashes once per game (see finish_restore): the latest action's.
  std::vector<std::string> last_hashes_;
};

}  // namespace nyan::server
