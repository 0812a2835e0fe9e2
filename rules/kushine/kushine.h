// Kushine-go Departs (クシィネ号出港): a cooperative game for 2-4 ship's officers.
//
// The team draws cards from face-down piles (stable ids p1, p2, ...), returns cards to pile
// bottoms, receives cards from the right-hand neighbour (the previous seat; the giver
// chooses), and places nyanko on the pier. Five nyanko of one type on the pier board the
// ship; each boarding allows an optional merge of two piles (top pile onto bottom pile, no
// shuffle, the bottom pile's id stays). Three mice in hand can be exterminated, with a
// mandatory merge. A drawn tanuki collects the top card of every pile into a new shuffled
// pile; a drawn matatabi shuffles its pile. The team loses at once when a pile has 0 cards or
// 6 piles exist, and wins when all four types have boarded at the chosen difficulty level
// (easy; normal = and 1 pile; hard = and at most one ability used). Each officer has a
// once-per-game ability; using it cuts the officer's actions per turn from 2 to 1 from its
// next turn. Hands hold at most 3 cards and are private; the only table talk is the public,
// structured `say` (true category counts of one's hand, requests by category, pile and merge
// suggestions), so hand contents by type can never be told.
// Rules reference: rules doc kushine.md (R1-R22, G1-G24).
//
// Options: players 2-4; difficulty "easy" | "normal" | "hard"; characters "default" or a
//          list of distinct officers including the captain (one per seat); assignment
//          "random" or a seat -> officer map; max_turns (0 = no cap, default 200).
// Actions: draw{pile}, return{card, pile}, place{card}, receive{}, exterminate{[top, bottom]},
//          mate_peek{pile}, boatswain_place{cards: [kind, kind], listed in table order, any
//          order accepted} (main actions,
//          1 action each); give{card}, mate_decide{to: "hand"|"bottom"},
//          captain_decide{cancel}, doctor_decide{cancel}, merge{top, bottom}, skip_merge{}
//          (decisions, free); say{topic: "hand" | "want"{category} | "pile"{pile, hint} |
//          "merge"{top, bottom} (two distinct piles)} (a free side action for
//          every seat in every live phase, without a count: §5 leaves limiting it to the
//          server, whose message rate limit does). Piles are integers (1 = p1); cards are kinds.
// Random steps, in order:
//   (1) only with assignment "random": shuffle of the playing officers listed in table order
//       (captain, mate, boatswain, doctor); seat i plays item i;
//   (2) shuffle of the 24 nyanko + mouse cards listed in table order (passenger x5, guard x5,
//       sailor x5, cook x5, mouse x4); cards 0-7 go to p1, 8-15 to p2, 16-23 to p3;
//   (3) shuffle of the 8 nuisance cards (tanuki x4, matatabi x4); items 0-1 go to p1, 2-4 to
//       p2, 5-7 to p3;
//   (4) shuffles of p1, p2, p3 in that order, each pile's 10 or 11 cards listed in table order
//       (its 8 nyanko and mice, then its nuisance cards under them);
//   later, as they happen: a Tanuki's new pile (the collected top cards listed in ascending
//   pile id) and a Matatabi's pile (its current order, top first) are shuffled.
//   Every shuffle is Rng::shuffle (Fisher-Yates from the back).
// Sealed values: "s<k>.draw" (a drawn nyanko or mouse, known to the drawer), "s<k>.return"
//   (a returned card, known to the returner), "s<k>.give" (known to giver and receiver),
//   "s<k>.peek" (the Mate's peeked card, known to the Mate; revealed at once if taken and a
//   tanuki or matatabi). k counts sealed slots from 1; all are revealed at game over.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/event_log.h"
#include "rules/core/state.h"
#include "rules/kushine/cards.h"

namespace nyan::kushine {

enum class Phase { act, await_give, await_peek, await_captain, await_doctor, await_merge, game_over };
enum class Level { none, easy, normal, hard };  // R20, ordered

inline constexpr int kMaxPlayers = 4;
inline constexpr std::size_t kLogSize = 8;

// A card in a pile. `seen` marks the seats that know this card is here (its returner, a Mate
// who peeked and put it back); resampling keeps such cards in place for those seats.
struct Card {
  Kind kind = Kind::passenger;
  unsigned seen = 0;
  bool operator==(const Card&) const = default;
};

struct Pile {
  int id = 0;               // 1 = p1
  std::vector<Card> cards;  // index 0 is the top
};

struct Player {
  Officer officer = Officer::captain;
  bool used = false;  // ability used: the character card is face down (R15)
  Hand hand{};
  // known[k]: cards seat k knows this player holds (a card k gave, a card k had seen in a
  // pile). Only resampling reads it; views never show it.
  std::array<Hand, kMaxPlayers> known{};
  bool declared = false;  // has published its category counts with `say hand`
  std::string said = "null";  // the last `say` of this seat (public), as canonical text: every view has it
};

// A card fact some seats know now and everyone learns at game over (a sealed value).
struct Secret {
  std::string what;  // draw, return, give, peek
  Kind card = Kind::passenger;
  unsigned known_to = 0;  // bit s: seat s knows the card
  bool revealed = false;
  bool known_by(Seat s) const { return revealed || (s >= 0 && (known_to & (1u << s))); }
  std::vector<Seat> knowers() const;
};

// The Mate's peek (R17): the pile and the choice are public, the card is a secret.
struct Peek {
  int pile = 0;
  std::string to;  // "hand" or "bottom"; empty while the decision is pending
  int secret = 0;  // index in Board::secrets
};

struct Ending {
  bool won = false;
  std::string reason;                // all_boarded, difficulty_not_met, pile_empty, six_piles, turn_limit
  std::vector<std::string> reasons;  // every trigger (six_piles and pile_empty may coincide)
  Level level = Level::none;         // R20: the level achieved
};

// The complete position. Tests build exact positions from it directly.
struct Board {
  Level difficulty = Level::easy;
  int max_turns = 200;
  std::vector<Player> seats;
  std::vector<Pile> piles;  // ascending id
  int next_pile_id = 4;     // ids of merged-away piles are never reused
  std::array<int, kTypes> pier{};
  std::array<bool, kTypes> boarded{};
  std::array<int, kKinds> removed{};  // drawn tanuki and matatabi, exterminated mice
  Phase phase = Phase::act;
  Seat active = 0;
  int actions_left = 2;
  int turn = 1;  // the current turn, from 1; turn - 1 turns are completed
  // Pending decisions: the pile of a drawn tanuki / matatabi waiting for the Captain / Doctor
  // (the card is implied by the phase), and the boardings whose merge is still to decide.
  int pending_pile = 0;
  int merges_pending = 0;
  std::optional<Peek> peek;  // the Mate's peek (once per game); pending while `to` is empty
  std::vector<Secret> secrets;
  std::optional<Ending> result;
  EventLog log{kLogSize};

  int players() const { return static_cast<int>(seats.size()); }
  Seat seat_of(Officer o) const;  // -1 when that officer is not in play
  Seat giver() const { return (active + players() - 1) % players(); }  // R1, G4
  int abilities_used() const;
  bool ability_available(Officer o) const;  // R15, G17
  Pile* pile(int id);
  const Pile* pile(int id) const;
  bool all_boarded() const;
};

class KushineState : public State {
 public:
  KushineState(Board board, std::unique_ptr<Rng> rng) : b_(std::move(board)), rng_(std::move(rng)) {}

  std::unique_ptr<State> clone() const override { return std::make_unique<KushineState>(*this); }
  int seat_count() const override { return b_.players(); }
  std::vector<Seat> to_act() const override;
  bool over() const override { return b_.phase == Phase::game_over; }
  Outcome outcome() const override;
  std::vector<Sealed> sealed() const override;
  Json debug_state() const override;
  Json canonical_action(Seat seat, const Json& action) const override;
  std::unique_ptr<State> resample(Seat viewer, Rng& rng) const override;
  std::vector<std::string> view_texts(const std::vector<Seat>& viewers) const override;

  const Board& board() const { return b_; }

 protected:
  void list_legal(ActionList& out, Seat seat) const override;
  void write_view(TextWriter& w, Seat viewer) const override;
  void do_apply(Seat seat, const Json& action) override;
  Error explain_rejection(Seat seat, const Json& action) const override;

 private:
  // kushine.cc: actions and turn flow.
  Seat actor() const;
  void game_actions(Seat seat, ActionList& out) const;
  void act_actions(ActionList& out) const;
  void say_actions(ActionList& out) const;  // the same for every seat
  void apply_main(const std::string& type, const Json& action);
  void apply_decision(Seat seat, const std::string& type, const Json& action);
  void say(Seat seat, const Json& action);
  void end_turn();
  // piles.cc: card movement and resolution.
  void take_top(int pile_id, Seat who, bool mate_take);
  bool remove_nuisance(Kind card, bool cancel);  // true when cancelled
  void resolve_tanuki(bool cancel);
  void resolve_matatabi(bool cancel);
  void merge(int top, int bottom);
  void give_to_hand(Seat who, Kind k, unsigned seen_by);
  void take_from_hand(Seat who, Kind k, int n = 1);
  void place(const std::vector<Kind>& cards);
  void next_merge_or_continue();
  void finish_boarded();
  void lose(std::string reason, std::vector<std::string> reasons = {});
  int add_secret(std::string what, Kind card, unsigned known_to);
  // kushine_view.cc
  struct SharedView;
  SharedView shared_view() const;
  std::string view_of(const SharedView& shared, Seat viewer) const;
  void write_seat(TextWriter& w, Seat who, bool sees) const;
  void write_pending(TextWriter& w) const;
  Error why_illegal(Seat seat, const std::string& type, const Json& action) const;

  Board b_;
  RngBox rng_;  // the game's own stream: Tanuki and Matatabi shuffles
};

// The setup (§3): officers, the 24-card shuffle, the 8-card shuffle, the three pile shuffles.
struct Setup {
  Level difficulty = Level::easy;
  int max_turns = 200;
  std::vector<Officer> officers;               // the playing officers, one per seat
  std::optional<std::vector<Officer>> assign;  // seat -> officer; nullopt = random
};
Board deal(const Setup& setup, Rng& rng);

std::string_view level_name(Level l);
std::string_view phase_name(Phase p);
inline Json kind_json(Kind k) { return std::string(kind_name(k)); }

}  // namespace nyan::kushine
