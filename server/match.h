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

class Match {
 public:
  // `replaying`: the match is being rebuilt from the journal (with replay()); the sealed
  // slots are set up only when first needed (a restart with thousands of rooms spends its
  // time there otherwise). `rules_version`: the one the game was started under (kRulesVersion
  // for a new game; a journaled game keeps its own).
  Match(const Game& game, Json options, std::string room_code, std::string room_secret, int game_no,
        const Seed& seed, bool replaying = false, int rules_version = kRulesVersion);

  int game_no() const { return game_no_; }
  int version() const { return static_cast<int>(moves_.size()); }
  int seat_count() const { return state_->seat_count(); }
  bool over() const { return state_->over(); }
  const State& state() const { return *state_; }
  const Seed& seed() const { return seed_; }
  const std::vector<Move>& moves() const { return moves_; }

  // Applies one action for `seat` (the engine validates it).
  Result apply(Seat seat, const Json& action);
  // The same for an action read back from the journal: no update follows.
  Result replay(Seat seat, const Json& action);

  // After a successful apply: the update frame for every seat (index = seat) and, when
  // `spectators`, for the spectators (last element); and the new view hash of every seat.
  // Each patch goes from the view last sent to that audience (every connection got it, in
  // the last update or its snapshot) to the view now. Those views are kept as canonical
  // text, not as trees: the text is made anyway for the hash, it is a tenth of the memory,
  // and the diff reads it directly.
  struct Update {
    std::vector<Frame> frames;
    std::vector<std::string> hashes;
  };
  Update update(bool spectators);

  // Undoes the last apply (its record could not be made durable): replays every earlier
  // move from the seed. Rare, so it is done the simple way.
  void undo_last();

  // A full snapshot for a seat or kSpectator: view, version, hash, legal actions, every
  // commitment and every opening the seat is entitled to.
  Frame snapshot(Seat seat);

  // The view hash of every seat in the current state; recovery replays actions and checks
  // these against the hashes the journal recorded.
  std::vector<std::string> hashes() const;

  // The complete verifiable record of a finished game (options, seed, every move, outcome),
  // as a tree and as the canonical text the last update carries.
  Json record() const;
  std::string record_text() const;
  std::string seed_hash() const { return seed_hash_; }

 private:
  struct SealedSlot {
    std::string slot;        // room-unique: "g<game_no>.<engine slot>"
    std::string commitment;  // hex
    std::string nonce;
    Json value;
    std::vector<Seat> known_to;  // the engine's entitlement now
    bool revealed = false;
    std::uint64_t opened = 0;  // bit s: opened to seat s; bit 63: opened to spectators
  };
  static constexpr std::uint64_t kPublicBit = 1ULL << 63;

  // The last view an audience was sent: seats by index, spectators last.
  struct SentView {
    int version = -1;  // -1: none kept
    std::string text;  // canonical JSON, no spare capacity: kept for every seat of every match
    TextIndex index;   // of `text`, once it has been diffed: the next patch starts from it
  };

  std::uint64_t audience_bit(Seat seat) const { return seat == kSpectator ? kPublicBit : (1ULL << seat); }
  void restart(bool replaying);
  std::size_t audience(Seat seat) const { return seat == kSpectator ? sent_.size() - 1 : static_cast<std::size_t>(seat); }
  // The view of the current state for `seat`, remembered as sent.
  SentView& current_view(Seat seat);
  void ensure_sealed();  // after a replay: the sealed slots, all announced
  void sync_sealed();                            // picks up new slots and new entitlements
  // Both as canonical JSON text. openings_for marks what it returns as opened.
  std::string openings_for(Seat seat, bool only_new);
  std::string commitments_since(std::size_t first) const;
  // The opening of a frame for `to`: commitments, view hash, legal actions and openings (those
  // not sent before, or all). Marks the openings as sent. `rest` is the size of what the
  // caller will add, so that the frame is allocated once.
  std::string audience_members(Seat to, std::string_view commitments, const std::string& hash, bool only_new,
                               std::size_t rest);
  // The members every frame about the match carries (room, version, to_act, the seed and
  // record once over), as JSON text without braces.
  std::string common_members() const;

  const Game& game_;
  Json options_;
  std::string code_;
  std::string secret_;
  int game_no_;
  Seed seed_;
  int rules_version_;
  std::string seed_hash_;
  std::unique_ptr<State> state_;
  std::vector<Move> moves_;
  std::vector<SentView> sent_;
  std::vector<SealedSlot> sealed_;
  std::size_t announced_ = 0;  // slots whose commitments went out in an update
  bool fresh_ = false;         // sealed_ describes the current state
};

}  // namespace nyan::server
