// Oikake Nyanzu (おいかけにゃんず): two cats chase each other around a circular track.
//
// Each turn the presenter offers two cards from hand, one face up (`up`) and one face down
// (`down`); the chooser takes one, the presenter the other, and both move by the value of the
// card just acquired, which depends on how many copies of that kind they now hold. A player
// wins by catching the other piece or holding 3 `find`, and loses by holding 3 `danger`;
// everything is judged after both moves and every conflict goes to the presenter. When the
// deck is out and the next presenter holds fewer than 2 cards, the smaller distance wins.
// Rules reference: rules doc oikake.md (R1-R16, G1-G14).
//
// Options: mode "normal" (38 cards, 14 spaces, hand 4, 4 exchanges each) or "short"
//          (16 cards, 10 spaces, hand 3, no exchange); first_seat 0, 1 or "random".
// Actions: exchange{card}, present{up, down}, choose{pick: "up"|"down"}. Cards are kinds (G5).
// Random steps, in order: (1) shuffle of the mode's cards listed in components-table order
//          (find, danger, lazy, walk, twist, watch, bigcat, spy; each kind's copies together);
//          (2) only when first_seat is "random": uniform(2) = the first presenter.
// Sealed values: "t<turn>.down", the face-down card, known to its presenter until `choose`.
// Forfeit (the rules doc has none; the server forfeits a seat whose turn clock ran out): the
//          other seat wins at once, reason "forfeit", details "forfeit" = the seat that
//          forfeited and no condition held. The end reveals what every end reveals (hands,
//          exchange piles, the deck, every face-down card); a pair presented but not yet
//          chosen stays on the table, its face-down card face up.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "rules/core/event_log.h"
#include "rules/core/state.h"
#include "rules/oikake/cards.h"

namespace nyan::oikake {

enum class Phase { present, choose, game_over };

// What happened in the last resolved turn (public once resolved).
struct TurnRecord {
  int turn = 0;
  Seat presenter = 0;
  Kind up = Kind::find, down = Kind::find;
  bool picked_up = true;           // the chooser took `up`
  std::array<Kind, 2> acquired{};  // per seat
  std::array<int, 2> moves{};      // m per seat
};

inline constexpr std::size_t kLogSize = 8;

// A face-down card presented in turn `turn`: sealed value "t<turn>.down".
struct DownCard {
  int turn = 0;
  Seat presenter = 0;
  Kind card = Kind::find;
  bool revealed = false;
};

struct Outcome2p {
  Seat winner = 0;
  std::string reason;
  std::array<std::array<bool, 3>, 2> conditions{};  // per seat: catch, find3, danger3
};

// The complete position. Tests build exact positions from it directly.
struct Board {
  Mode mode = Mode::normal;
  std::array<int, 2> pos{};
  std::array<Counts, 2> hand{};
  std::array<Counts, 2> area{};
  std::array<Counts, 2> exchanged{};  // exchange piles: out of the game, not acquired
  std::array<int, 2> exchanges_used{};
  std::vector<Kind> deck;  // index 0 is the top
  Phase phase = Phase::present;
  Seat presenter = 0;
  Seat first_seat = 0;
  int turn = 1;
  Kind up = Kind::find;        // phase choose: the face-up presented card
  std::vector<DownCard> downs;  // every face-down card presented; in phase choose the last
                                // one is on the table
  std::optional<TurnRecord> last;
  std::optional<Outcome2p> result;
  std::optional<Seat> forfeit;  // reason "forfeit": the seat that forfeited
  bool forfeit_in_choose = false;  // made while the chooser chose: the pair stays on the table
  EventLog log{kLogSize};  // recent events for the views

  int track() const { return mode == Mode::normal ? 14 : 10; }
  int hand_size() const { return mode == Mode::normal ? 4 : 3; }
  int max_exchanges() const { return mode == Mode::normal ? 4 : 0; }
  int dist(Seat p) const { return ((pos[1 - p] - pos[p]) % track() + track()) % track(); }
  // A presented pair lies on the table: in phase choose, and after a forfeit made there.
  bool pair_on_table() const { return phase == Phase::choose || forfeit_in_choose; }
};

class OikakeState : public State {
 public:
  explicit OikakeState(Board board) : b_(std::move(board)) {}

  std::unique_ptr<State> clone() const override { return std::make_unique<OikakeState>(*this); }
  int seat_count() const override { return 2; }
  std::vector<Seat> to_act() const override;
  bool over() const override { return b_.phase == Phase::game_over; }
  Outcome outcome() const override;
  std::vector<Sealed> sealed() const override;
  Json debug_state() const override;
  std::unique_ptr<State> resample(Seat viewer, Rng& rng) const override;

  const Board& board() const { return b_; }

 protected:
  void list_legal(ActionList& out, Seat seat) const override;
  void write_view(TextWriter& w, Seat viewer) const override;
  void do_apply(Seat seat, const Json& action) override;
  Error explain_rejection(Seat seat, const Json& action) const override;
  bool do_forfeit(Seat seat) override;

 private:
  void exchange(Kind card);
  void present(Kind up, Kind down);
  void choose(bool pick_up);
  void end_check(const std::array<int, 2>& moves, int dist_before_0);
  void end_game(Outcome2p result);
  void write_seat(TextWriter& w, Seat who, Seat viewer) const;

  Board b_;
};

// A card kind as its name, and a hand, area or exchange pile as an object of kind name ->
// count (kinds held only).
inline Json kind_json(Kind k) { return std::string(kind_name(k)); }
Json counts_json(const Counts& c);

// Deals a new game (random steps in the order of the header comment).
Board deal(Mode mode, std::optional<Seat> first_seat, Rng& rng);

}  // namespace nyan::oikake
