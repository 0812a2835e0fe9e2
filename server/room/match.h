// One game being played in a room: the engine state plus everything the room sends about it
// (per-seat views, patches, hashes, legal actions, commitments and openings). A Match never
// sees a socket: it produces frames, and the room decides who receives them.
//
// Sealed slots are prefixed with the game number ("g2.t1.down") so that a rematch in the same
// room never reuses a nonce.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "protocol/drbg.h"
#include "protocol/json_diff.h"
#include "rules/core/game.h"
#include "rules/core/random_move.h"

namespace nyan::server {

using Frame = std::shared_ptr<const std::string>;

// A move of the match's record as the match keeps it: its action as canonical text. Every
// room keeps its game's moves, and a small tree of maps costs several times its text.
struct PlayedMove {
  Seat seat = 0;
  bool bot = false;    // the seat's bot made it
  std::string action;  // canonical JSON
};

class Match {
 public:
  // `replaying`: the match is being rebuilt from the journal (with replay()); the sealed
  // slots are set up only when first needed (a restart with thousands of rooms spends its
  // time there otherwise). `rules_version`: the one the game was started under (kRulesVersion
  // for a new game; a journaled game keeps its own).
  Match(const Game& game, const Json& options, std::string room_code, std::string room_secret, int game_no,
        const Seed& seed, bool replaying = false, int rules_version = kRulesVersion);

  int game_no() const { return game_no_; }
  int version() const { return static_cast<int>(moves_.size()); }
  int seat_count() const { return state_->seat_count(); }
  bool over() const { return state_->over(); }
  const State& state() const { return *state_; }
  const Seed& seed() const { return seed_; }
  const std::vector<PlayedMove>& moves() const { return moves_; }

  // An action read back from the journal: applied at once; no frames follow. `by_bot`: the
  // seat's bot made it (the record says so).
  Result replay(Seat seat, const Json& action, bool by_bot = false);

  // After an accepted action: the update frame for every seat (index = seat) and, when
  // there are spectators, for them (last element); and the new view hash of every seat.
  struct Update {
    std::vector<Frame> frames;
    std::vector<std::string> hashes;
  };
  class Pending;

  // Applies `action` for `seat` (the engine validates it) to a copy of the state and works
  // out everything the room sends about it. Each patch goes from the view last sent to that
  // audience (every connection got it, in the last update or its snapshot) to the view
  // after the action. The match itself does not change (only its cache of the current
  // views): see commit(). `by_bot`: the seat's bot chose it (marked in the record).
  Result prepare(Seat seat, const Json& action, bool spectators, Pending& out, bool by_bot = false);
  // The same for the server's forfeit of `seat` (its clock ran out), recorded as the move
  // {"type":"forfeit"}; an error for a game without forfeits.
  Result prepare_forfeit(Seat seat, bool spectators, Pending& out);
  // Makes a prepared action the match's own: its state, the views it sent, the openings it
  // marked as sent. `p` was prepared against the current version. Returns its update, each
  // frame ending with `extra` (members the room adds as it sends them, such as the clocks;
  // text without braces, or empty).
  Update commit(Pending&& p, std::string_view extra = {});

  // A full snapshot for a seat or kSpectator: view, version, hash, legal actions, every
  // commitment and every opening the seat is entitled to, and `extra` as in commit(); `re`
  // answers a resync.
  Frame snapshot(Seat seat, const Json& re = nullptr, std::string_view extra = {});

  // The view hash of every seat in the current state; recovery replays actions and checks
  // these against the hashes the journal recorded.
  std::vector<std::string> hashes() const;

  // The complete verifiable record of a finished game (options, seed, every move, outcome),
  // as a tree and as the canonical text the last update carries.
  Json record() const;
  std::string record_text() const;
  std::string seed_hash() const { return seed_hash_; }

 private:
  // A sealed value as committed to: fixed once made.
  struct SealedSlot {
    std::string slot;        // room-unique: "g<game_no>.<engine slot>"
    std::string commitment;  // hex
    std::string nonce;
    Json value;
  };
  static constexpr std::uint64_t kPublicBit = 1ULL << 63;
  // Which slots an audience was opened: bit s for seat s, bit 63 for the spectators.
  using Opened = std::vector<std::uint64_t>;

  // The last view an audience was sent: seats by index, spectators last.
  struct SentView {
    int version = -1;  // -1: none kept
    std::string text;  // canonical JSON, no spare capacity: kept for every seat of every match
    TextIndex index;   // of `text`, once it has been diffed: the next patch starts from it
  };

  std::uint64_t audience_bit(Seat seat) const { return seat == kSpectator ? kPublicBit : (1ULL << seat); }
  std::size_t audience(Seat seat) const { return seat == kSpectator ? sent_.size() - 1 : static_cast<std::size_t>(seat); }
  // The view of the current state for `seat`, remembered as sent.
  SentView& current_view(Seat seat);
  // The slots of the current state, made once after a replay (every one counts as announced:
  // a client gets them all in its snapshot).
  void ensure_sealed();
  // New slots of `now` (the engine's list after an action) beyond the committed ones.
  std::vector<SealedSlot> new_slots(const std::vector<Sealed>& now) const;
  // Both as canonical JSON text. `openings` lists what `to` is entitled to by `entitled` and
  // (with `only_new`) was not opened to it before, and marks it in `opened`; `added` are
  // slots not yet committed, after the committed ones.
  std::string openings(Seat to, bool only_new, const std::vector<Sealed>& entitled,
                       const std::vector<SealedSlot>& added, Opened& opened) const;
  static std::string commitments(const std::vector<SealedSlot>& slots, std::size_t first);
  // The legal actions of `state` a frame for `to` carries, as text (none for spectators).
  static std::string legal_text(const State& state, Seat to);
  // The members every frame about the match carries (room, version, to_act, the seed and
  // `record` once over), as JSON text without braces, for `state` at `version`.
  std::string common_members(const State& state, int version, const std::string& record) const;
  // The record of `state` reached by moves_ and, when given, `last` after them.
  std::string record_text(const State& state, const Move* last = nullptr) const;
  static PlayedMove played(const Move& move);
  Result prepare_move(Move move, bool forfeit, bool spectators, Pending& p);

  const Game& game_;
  std::string options_;  // canonical JSON: read once a game, written into its record; kept by every match
  std::string code_;
  std::string secret_;
  int game_no_;
  Seed seed_;
  int rules_version_;
  std::string seed_hash_;
  std::unique_ptr<State> state_;
  std::vector<PlayedMove> moves_;
  std::vector<SentView> sent_;
  std::vector<SealedSlot> slots_;  // every slot committed to, in creation order
  std::vector<Sealed> entitled_;   // the engine's list for the current state (who knows what)
  Opened opened_;                  // per slot
  bool fresh_ = false;             // the slots describe the current state

 public:
  class Pending {
   public:
    const Update& update() const { return update_; }  // its hashes; the frames come with commit()
    const Move& move() const { return move_; }
    int version() const { return version_; }
    bool over() const { return state_->over(); }
    const State& state() const { return *state_; }

   private:
    friend class Match;
    std::unique_ptr<State> state_;
    Move move_;
    int version_ = 0;
    Update update_;
    std::vector<std::string> frames_;  // each frame but its common members and its end
    std::string common_;
    std::vector<SentView> sent_;
    std::vector<SealedSlot> added_;
    std::vector<Sealed> entitled_;
    Opened opened_;
  };
};

}  // namespace nyan::server
