// Double Hunt (ダブルハント): four players in two teams hunt for cards on a 7x7 grid.
//
// 49 of the 52 cards lie face down on the grid; the pieces start on the corners (on their
// cards). A turn: optional pre-roll abilities, `roll` (d6), then `move` to a square reached
// by a path of cost exactly d + k (a square with a card costs 1, an empty one 2, no square
// twice, the start counts as visited), where k is the number of `boost` discards made in
// this move, or `stay` when no such square exists and nothing was boosted; the card on the
// destination goes to the mover's hand; optional post-take abilities; `end_turn`. Cards A..10
// score their rank, a team holding J, Q and K of one suit across both hands scores 30 for
// it. A team at `target_score` wins at once (R12); else the game ends after a turn when the
// grid is empty or after `max_turns` turns, the higher score winning (equal: a draw).
// Teams: A = seats {0, 2}, B = {1, 3}; partners see each other's hands. Before play each
// seat drafts a role (order F, F+1, F+3, F+2): pilot, observer, bandit, richman, scientist,
// advisor, necromancer (R16-R23), each a step sequence of actions (R15a).
// Rules reference: rules doc doublehunt.md (R1-R25, R8a, R15a, G1-G33).
//
// Options: first_seat 0..3 or "random"; target_score (default 70); max_turns (200);
//          max_boost 0..12 (6): the most boosts in one move phase (G33).
// Actions: pick_role{role}; roll; boost{discard}; move{to}; stay; pilot_fly{discard};
//          pilot_land{square}; observer_peek{discard}; observer_pick{square};
//          bandit_raid{target, discard}; richman_give{card}; richman_give_end;
//          scientist_open; scientist_take{card}; necromancer_raise{square};
//          advisor_extra_move; advisor_decline; advisor_give{card}; advisor_take{card};
//          advisor_exchange_end; end_turn. Cards "S1".."C13", squares "r0c0".."r6c6".
//          A forced stay, end_turn, richman_give_end or advisor_exchange_end is applied
//          by the engine as part of the action before (§5).
// Random steps, in order: (1) shuffle of the 52 cards listed in card-id order S1..S13,
//          H1..H13, D1..D13, C1..C13; positions 0..48 go to r0c0..r6c6 row by row and
//          49..51 are the leftover cards; (2) only when first_seat is "random":
//          uniform(4) = the first seat. Later, in the order they happen: every die (the
//          `roll` and the Advisor's extra move) is uniform(6) + 1; the Bandit's pick is
//          uniform(n) over the target's hand in card-id order, the Necromancer's
//          uniform(n) over the discard pile in card-id order (G31); with n = 1 these draw
//          one value too (PROTOCOL.md; games of rules version 1 drew none there).
// Sealed values, listed from the initial state: "grid.r0c0".."grid.r6c6" (the 49 dealt grid
//          cards, row by row), then "leftover.0".."leftover.2" (deck positions 49..51); later
//          "raise.1", "raise.2", ... (each card a Necromancer puts face down on the grid).
//          A slot opens to a seat when the card on that square becomes known to it (taken
//          by the seat or its partner, an Observer peek of its team, the Necromancer's own
//          raise; the leftovers to the Richman and partner), and to everyone at game end.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/event_log.h"
#include "rules/core/state.h"
#include "rules/doublehunt/cards.h"
#include "rules/doublehunt/paths.h"

namespace nyan::doublehunt {

inline constexpr int kSeats = 4;
inline constexpr std::size_t kLogSize = 8;
inline constexpr int kGridSlots = kSquares;  // slots 0..48: the dealt grid cards
inline constexpr int kLeftovers = 3;         // slots 49..51: the leftover cards

enum class Phase {
  draft,
  pre_roll,
  move,
  advisor_prompt,
  post_take,
  pilot_choose,
  observer_choose,
  richman_giving,
  scientist_choose,
  advisor_exchange,
  game_over,
};
const char* phase_name(Phase p);

// R1: partners sit opposite; team A = {0, 2} (team 0), team B = {1, 3} (team 1).
inline Seat partner(Seat s) { return (s + 2) % kSeats; }
inline int team_of(Seat s) { return s % 2; }
inline unsigned team_bits(int team) { return (1U << team) | (1U << (team + 2)); }
inline const char* team_name(int team) { return team == 0 ? "A" : "B"; }

// R3, G13: the i-th drafter (i = 0..3): F, F+1, F+3, F+2.
Seat draft_seat(Seat first_seat, int i);

// A sealed value (see the header comment). `name` says which: 0..48 the card dealt to that
// square, 49..51 a leftover card, 52 + k the k-th raise (k from 0); see slot_id().
// `known`: a bit per seat entitled to the card.
struct Slot {
  int name = 0;
  Card card = kNoCard;
  unsigned known = 0;
};
std::string slot_id(int name);  // "grid.r3c4", "leftover.0", "raise.1"

// Allowances used in the current turn (R24 resets them).
struct TurnUse {
  bool pilot_pre = false, pilot_post = false, observer = false, bandit = false;
  bool richman_give = false, advisor_prompted = false, advisor_exchange = false;
  bool necromancer = false;
};

// Per-game counts for `simulate` (outcome details.stats).
struct Counters {
  int boosts = 0, stays = 0, takes = 0, pilot_flights = 0, observer_peeks = 0, bandit_raids = 0;
  int richman_cards = 0, scientist_cards = 0, advisor_extra_moves = 0, advisor_swaps = 0;
  int necromancer_raises = 0;
};

// The complete position. Tests build exact positions from it directly.
struct Board {
  int target_score = 70, max_turns = 200, max_boost = 6;  // room options
  Seat first_seat = 0;

  std::vector<Slot> slots;             // every sealed card, in creation order
  std::array<int, kSquares> grid{};    // the slot of the face-down card on each square, or -1
  std::array<CardSet, kSeats> hand{};
  CardSet pile;                        // the discard pile (face down, a set: order never matters)
  CardSet leftover;                    // the 3 leftover cards until the draft ends (R4)
  std::array<Square, kSeats> piece{};
  std::array<std::optional<Role>, kSeats> role{};
  int drafted = 0;                     // picks made so far (R3)

  Phase phase = Phase::draft;
  Seat active = 0;                     // whose turn it is (the drafter during the draft)
  int turn = 0;                        // 1 for the first turn, +1 at each end_turn
  int die = 0, boosts = 0;             // move phase: budget = die + boosts (R8)
  bool extra_move = false;             // this move phase is the Advisor's extra move (R21)
  TurnUse used;
  bool scientist_used = false;         // once per game (R20)
  std::optional<Seat> last_bandit_target;  // G18

  // Step sequences in progress (R15a).
  Phase resume = Phase::pre_roll;      // where pilot / richman / scientist uses return
  std::vector<Square> observer_picks;  // squares picked so far in this peek
  int observer_total = 0;              // min(3, n), fixed by observer_peek
  int scientist_left = 0;              // takes still to make
  int richman_given = 0;               // cards given in this give
  CardSet exchange_given, exchange_taken;  // cards moved in this Advisor exchange (G32)
  bool give_waiting = false;           // an advisor_give waits for its advisor_take

  // Move phase. The destinations depend only on the empty squares, the start square and the
  // budget, none of which boosts or gives change, so each budget's set is computed once per
  // move phase: dest[b] is valid when bit b of dest_known is set.
  std::array<SquareMask, 6 + 12 + 2> dest{};
  std::uint32_t dest_known = 0;
  SquareMask targets = 0;              // destinations at the current budget (R7)
  bool boost_ok = false;               // R8: another boost can still be completed

  std::optional<int> winner_team;      // set at game over; nullopt = draw
  std::string end_reason;              // "target", "grid_empty", "turn_limit"
  Counters counters;
  EventLog log{kLogSize};

  Card card_at(Square s) const { return grid[s] < 0 ? kNoCard : slots[grid[s]].card; }
  SquareMask empty_squares() const;
  int cards_on_grid() const;
  CardSet team_cards(int team) const { return hand[team] | hand[team + 2]; }
  int score(int team) const { return team_score(team_cards(team)); }
  Seat drafter() const;  // during the draft: the seat to pick (R3)
  std::optional<Seat> seat_with(Role r) const;
  bool is(Seat s, Role r) const { return role[s] == r; }
};

// One legal action before it becomes JSON: its type and its parameter, if any.
struct Choice {
  enum class Kind { none, card, square, role, raid };
  const char* type = "";
  Kind kind = Kind::none;
  const char* key = nullptr;  // the parameter's field name
  int value = 0;              // the card, square or role
  Seat target = 0;            // bandit_raid: the target seat (value is the discard)
  void write(TextWriter& w) const;  // as the legal list has it
  Json to_json() const;             // the same, parsed
};

class DoubleHuntState : public State {
 public:
  explicit DoubleHuntState(Board board, std::unique_ptr<Rng> rng = nullptr);

  std::unique_ptr<State> clone() const override { return std::make_unique<DoubleHuntState>(*this); }
  int seat_count() const override { return kSeats; }
  std::vector<Seat> to_act() const override;
  bool over() const override { return b_.phase == Phase::game_over; }
  Outcome outcome() const override;
  std::vector<Sealed> sealed() const override;
  Json debug_state() const override;
  std::unique_ptr<State> resample(Seat viewer, Rng& rng) const override;

  const Board& board() const { return b_; }
  // Tests: the Board with its move-phase cache recomputed (after editing a position).
  void refresh() { refresh_move(); }

 protected:
  void list_legal(ActionList& out, Seat seat) const override;
  void write_view(TextWriter& w, Seat viewer) const override;
  void do_apply(Seat seat, const Json& action) override;
  Error explain_rejection(Seat seat, const Json& action) const override;

 private:
  // doublehunt.cc: turn flow.
  void apply_one(Seat seat, const Json& action);
  void settle();
  void pick_role(Role r);
  void end_draft();
  void roll();
  int draw_die();
  void boost(Card c);
  void move_to(Square to);
  void stay();
  void after_move(bool landed_on_empty);
  void end_turn();
  void refresh_move();
  SquareMask destinations_at(int budget);
  std::vector<Choice> choices(Seat seat) const;
  bool check_target(int acting_team);
  void finish(std::optional<int> winner, const std::string& reason);
  void discard(Seat s, Card c);
  void move_choices(std::vector<Choice>& out) const;

  // abilities.cc: R16-R23.
  void ability_choices(Seat seat, std::vector<Choice>& out) const;
  bool apply_ability(Seat seat, const std::string& type, const Json& action);
  void use_pilot(const std::string& type, const Json& action);
  void use_observer(const std::string& type, const Json& action);
  void use_bandit(const Json& action);
  void use_richman(const std::string& type, const Json& action);
  void use_scientist(const std::string& type, const Json& action);
  void use_necromancer(const Json& action);
  void use_advisor(Seat seat, const std::string& type, const Json& action);
  std::vector<Seat> bandit_targets() const;
  bool richman_can_give() const;
  bool advisor_can_give() const;

  // doublehunt_view.cc
  void write_seat(TextWriter& w, Seat who, Seat viewer) const;
  void write_grid(TextWriter& w, Seat viewer) const;
  void write_sequence(TextWriter& w, Seat viewer) const;

  Board b_;
  RngBox rng_;
};

// Deals a new game (random steps (1) and (2) of the header comment) and opens the draft.
Board deal(std::optional<Seat> first_seat, Rng& rng);

}  // namespace nyan::doublehunt
