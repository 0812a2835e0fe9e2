// Nyanya Dai Hugo (にゃーにゃー大フゴー): a shedding card game for 1-4 players.
// Rules reference: rules doc daihugo.md (R1-R24, G1-G17).
//
// 32 cards: white cats W1-W8, two black sets B1a-B8a (1 circle) and B1b-B8b (2 circles),
// doppels D1-D6, and the wilds B? and W? (a black / white card of a declared number). A play
// is a single, a set of equal numbers (a doppel may count double, G1) or a sequence of 3+
// consecutive numbers of one mark (R4). A trick's leader plays anything (R8); the others
// follow with the same type and size and an equal or higher rank (R9), or pass and take one
// of the up to 3 face-up field cards, which refills from the pile (R10, R11). After N-1
// consecutive passes the trick is cleared and its last player leads (R12). Whoever empties
// their hand wins the round; the others raise 1-3 tails by the circles left in hand (R13-R15);
// the match ends when someone has 5 tails, and they all lose (R16, G11). Each round starts
// with the wild swap for a seat dealt both wilds (R19) and a simultaneous start-card pick
// (R6, R7). Solo (1 player): play every turn, draw by the size of the play, clear the hand in
// as few turns as possible (R20-R24).
//
// Options: players 1-4; match "tails" | "single_round" (G12); opening_lead "exact" |
//          "containing" (G5); next_round_start "reveal" | "round_winner" (G10);
//          solo_target_turns (G14, default 6).
// Actions: swap_wild{card}; reveal{card, as?}; play{cards: [{id, as?, double?}...]} in
//          canonical card order, "double" only when true; pass{take?}; solo_take{from}.
// Random steps, in order: one per round, at its start: shuffle of the 32 cards listed in
//          the components-table order (W1..W8, B1a..B8a, B1b..B8b, D1..D6, B?, W?); the
//          hands are dealt one card at a time from index 0, seat 0 first, the next 3 cards
//          go to the field and the rest is the pile (index 0 = top). Nothing else is random.
// Sealed values: "r<round>.pick.<seat>", a seat's start-card pick ({"card"} or {"card",
//          "as"}), known to that seat from its submission until every seat has picked.
// Forfeit (the rules doc has none; the server forfeits a seat whose turn clock ran out): the
//          match ends at once and the round in play is not scored (no tails are raised). The
//          seat that forfeited is the match's only loser and every other seat wins (as with
//          R16, where every seat that is not a loser wins); so too with match "single_round",
//          whose round has no winner before it ends. Scores stay the tails. The standings put
//          that seat last and the others in their usual order (§7: tails; single_round: the
//          circles left in hand, the penalty R14 would count), equal values sharing a rank;
//          each entry's penalty is the circles in hand at the end, and details "hands" the
//          hands at the end. Solo: the challenge is lost (no winner); its score is the turn
//          it was given up in. The end reveals what every end reveals (§6): every hand, the
//          pile, the wild swap's drawn card, and every start-card pick made.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/event_log.h"
#include "rules/core/state.h"
#include "rules/daihugo/cards.h"
#include "rules/daihugo/combo.h"

namespace nyan::daihugo {

enum class Phase { wild_swap, reveal, play, solo_take, game_over };
std::string phase_name(Phase p);

struct Settings {
  int players = 2;
  bool single_round = false;        // match = "single_round" (G12)
  bool opening_containing = false;  // opening_lead = "containing" (G5)
  bool winner_leads = false;        // next_round_start = "round_winner" (G10)
  int solo_target = 6;              // solo_target_turns (R24, G14)
};

struct PlayRecord {
  Seat seat = 0;
  Play play;
  Combo combo;
};

// R17: the open trick. No plays: the current seat leads (R8).
struct Trick {
  std::vector<PlayRecord> plays;
  int passes = 0;  // consecutive passes since the last play
  bool open() const { return !plays.empty(); }
};

// A start-card pick (R6): sealed slot "r<round>.pick.<seat>".
struct Pick {
  int round = 1;
  Seat seat = 0;
  Elem card;  // a wild with its declared number
  bool revealed = false;
};

// R19: the round's wild swap (the drawn card is private until the round ends).
struct Swap {
  Seat seat = 0;
  Card wild = kBlackWild;
  Card drawn = 0;
};

// A finished round, public from its end (R14, R15, G15).
struct RoundResult {
  int round = 1;
  Seat winner = 0;
  Seat start_seat = 0;
  std::vector<int> penalties, tails_added, tails;
  std::vector<Hand> hands;  // what each seat still held
  std::vector<Card> pile;   // the remaining pile, top first
  std::optional<Swap> swap;
};

// One solo turn (R21, R22): `took` is "", a field card id or "pile".
struct SoloTurn {
  int turn = 1;
  Play play;
  int size = 0;
  std::string took;
};

inline constexpr std::size_t kLogSize = 8;

// The complete position. Tests build exact positions from it directly.
struct Board {
  Settings settings;
  int round = 1;
  Phase phase = Phase::reveal;
  Seat current = 0;  // whose turn in wild_swap, play and solo_take
  std::vector<Hand> hands;
  // Cards everyone knows to be in a hand: taken from the field, revealed picks, the wild a
  // swapper kept. Resampling leaves them in place.
  std::vector<Hand> shown;
  // Cards a seat played while they were not shown: dealt to it (or its swap draw). Lets
  // resampling respect "a seat dealt both wilds swaps one" (R19) for everyone else.
  std::vector<Hand> played_unshown;
  Hand field = 0;          // face up, at most 3 (R11)
  std::vector<Card> pile;  // face down, index 0 = top
  Hand cleared = 0;        // cards of finished tricks this round
  Trick trick;
  std::optional<Elem> opening;  // R7: the start player's first play is still due
  Seat start_seat = -1;         // this round's start player, once known
  std::optional<Swap> swap;     // this round's wild swap
  std::vector<int> tails;
  std::vector<Pick> picks;  // every pick of the match, in submission order
  std::vector<RoundResult> results;
  int solo_turn = 1;  // t (R21)
  std::vector<SoloTurn> solo_turns;
  // Counters for the outcome.
  int turns = 0, plays = 0, passes = 0, wild_swaps = 0;
  std::string reason;  // set when the game is over
  std::optional<Seat> forfeit;  // reason "forfeit": the seat that forfeited
  EventLog log{kLogSize};

  int n() const { return settings.players; }
  bool solo() const { return settings.players == 1; }
  // The swapped wild is still the pile's known bottom card (§6).
  bool bottom_known() const { return swap && !pile.empty() && pile.back() == swap->wild; }
  bool picked(Seat s) const;
};

class DaihugoState : public State {
 public:
  // `rng` deals the later rounds (may be null for a fixture that never reaches one).
  DaihugoState(Board board, std::unique_ptr<Rng> rng);

  std::unique_ptr<State> clone() const override { return std::make_unique<DaihugoState>(*this); }
  int seat_count() const override { return b_.n(); }
  std::vector<Seat> to_act() const override;
  // §5: a play's cards in any order, "double": false spelled out or left out.
  Json canonical_action(Seat seat, const Json& action) const override;
  bool over() const override { return b_.phase == Phase::game_over; }
  Outcome outcome() const override;
  std::vector<Sealed> sealed() const override;
  Json debug_state() const override;
  std::unique_ptr<State> resample(Seat viewer, Rng& rng) const override;

  const Board& board() const { return b_; }
  // The requirement on the current seat's play now (R7, R8, R9, R21).
  Requirement requirement() const;

 protected:
  void list_legal(ActionList& out, Seat seat) const override;
  void write_view(TextWriter& w, Seat viewer) const override;
  void do_apply(Seat seat, const Json& action) override;
  Error explain_rejection(Seat seat, const Json& action) const override;
  bool do_forfeit(Seat seat) override;

 private:
  void swap_wild(Card wild);
  void reveal(Seat seat, const Elem& pick);
  void play(const Play& p);
  void pass(std::optional<Card> take);
  void solo_take(const std::string& from);
  void after_solo_play(int size);
  void end_round(Seat winner);
  void next_round();
  Error explain_play(Seat seat, const Json& action) const;
  void write_seat(TextWriter& w, Seat who, Seat viewer) const;

  Board b_;
  RngBox rng_;
};

// Round setup (§3): a fresh shuffle and deal, then the wild check and the start procedure.
void deal_round(Board& b, Rng& rng);
// Enters the round's first phase for a dealt board: wild_swap (R19), else begin_play_phase.
void begin_round(Board& b);
// After the wild check: solo play (R20), the winner's free lead (G10) or the reveal (R6).
void after_wild_check(Board& b);
// R6: the start seat among this round's picks (smallest number, then fewest circles).
Seat start_seat_of(const std::vector<Pick>& round_picks);
// The settings of normalized room options.
Settings settings_of(const Json& options);
// A new match (round 1) for `settings`.
Board new_match(const Settings& settings, Rng& rng);

// Removes a field card taken by a pass or a solo take and refills from the pile top (R11);
// returns the refill card, if any.
std::optional<Card> take_from_field(Board& b, Card c);
// Draws the pile top into the solo player's hand (R22); the pile must not be empty.
Card draw_pile_top(Board& b, Seat s);
// Match results as the views and the outcome show them (written, and its tree).
void write_result(TextWriter& w, const RoundResult& r);
Json result_json(const RoundResult& r);

}  // namespace nyan::daihugo
