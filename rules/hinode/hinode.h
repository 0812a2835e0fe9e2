// Hinode Yokocho Nyan Number One! (日の出横丁にゃんばーわん！), draft 5: a 3-4 player
// trick-taking area-control game. Rules reference: rules doc hinode.md (R1-R15, G1-G21).
//
// Three rounds of six must-follow tricks with 8 area cards each (suits R, G, B, values 1-11;
// with 3 players the 10s and 11s are out). A player void in the lead suit may play their
// once-per-game hero (value 12) instead. The two highest lead-suit cards (the hero first)
// fight a battle; everyone else, in ascending card order, supports a fighter (followers
// only) or occupies the lowest free site of an area of the lead suit. The stronger side's
// fighter scores the difference and its supporters their own card value; a lone lead scores
// its value. Markers in the lead suit's areas unlock skills (income, value_plus, recall).
// After rounds 1 and 2 each player secretly keeps at most one card, and each area keeps only
// the markers on its lowest r sites. At the end: 3 VP per area majority, 2 VP per area of the
// largest connected group of one's areas (if >= 2). Most VP wins; ties: markers on the map.
//
// Options: players 3|4; tribes (per seat, distinct; "default" = seat order karasu_tengu,
//          kappa, inugami, oni); first_player seat|"random"; map "hinode6"|"triad"|object;
//          skills "default"|object; offsuit_area "lead"|"played" (G4).
// Actions: play{card, boost?: true, recall?: true} (the legal list has a flag only when true;
//          a flag spelled out as false is the same action, §5),
//          support{side: seat of B1 or B2}, occupy{area: area id}, keep{card: id or null}.
//          Judgment steps with no choice (pass) or one choice are applied automatically
//          (R11); plays and keeps never are.
// Random steps, in order: (1) only when first_player is "random": uniform(N) = the first
//          leader; (2) at the start of each round (3 in all): one shuffle of the round's
//          cards listed in components-table order R1..R11, G1..G11, B1..B11 (without the 3p
//          removals and without the cards players carried over), dealt from the front one
//          at a time clockwise from the current leader, skipping full hands (G13).
// Sealed values: "r<round>.keep.s<seat>" (round 1 or 2), created when that seat submits its
//          keep: the card id, or "none". Known to that seat. Revealed for "none" once every
//          seat has chosen (whether a card was kept is public), for a card when it is played,
//          and at game end.
// Forfeit (the rules doc has none; the server forfeits a seat whose turn clock ran out): the
//          game ends at once. The seat that forfeited places last; the others are ranked as
//          R15 ranks them, on the standings now: VP so far, then markers on the map (G19);
//          equal on both share a rank, and rank 1 is `winners`. The end bonuses (R14) are not
//          scored: they score the map after the last trick of round 3 (G14), and a map in
//          the middle of the game is not that map (retention would still take markers off in
//          rounds 1 and 2, later tricks would change it), while the markers on it already
//          count in the ranking. Reason "forfeit", details "forfeit" = the seat, every area's
//          majority null and every bonus 0, turns = the tricks resolved. The end reveals what
//          every end reveals (§6): every hand, discard and undealt card, every keep; a trick
//          in play stays on the table.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "rules/core/event_log.h"
#include "rules/core/state.h"
#include "rules/hinode/cards.h"
#include "rules/hinode/map.h"
#include "rules/hinode/skills.h"

namespace nyan::hinode {

enum class Phase { play, judgment, round_end_keep, game_over };
enum class OffsuitArea { lead, played };  // G4

// A card played in a trick.
struct Play {
  Seat seat = 0;
  Card card = kNoCard;  // kNoCard when the hero was played
  bool hero = false;
  bool boost = false;
  bool recall = false;
  bool carried = false;  // it was the player's carried-over card (its keep slot opens)
  int ev = 0;            // R7
};

enum class Choice { support, occupy, pass };

// One judgment step (R11).
struct Judgment {
  Seat seat = 0;
  Choice choice = Choice::pass;
  Seat side = -1;  // support: B1 or B2
  int area = -1;   // occupy: area index
  int site = 0;    // occupy: site number, 1-based
  bool automatic = false;
};

struct Trick {
  int number = 1;  // 1..6 within the round
  Seat leader = 0;
  Suit lead = Suit::R;         // valid once a card is led
  std::vector<Play> plays;     // in play order
  std::vector<int> k;          // per seat, markers in lead-suit areas at the lead (G6)
  Seat b1 = -1, b2 = -1;       // R9
  std::vector<Seat> order;     // R10
  std::vector<Judgment> judgments;

  const Play& play_of(Seat s) const;  // the seat's play; only once the seat has played
};

// What a resolved trick gave, per seat (public).
struct TrickResult {
  int round = 1;
  Trick trick;
  int strength1 = 0, strength2 = 0;  // R12.2 (strength2 = 0 for a lone lead)
  std::vector<int> battle, support, income;
};

struct Player {
  int tribe = 0;
  // Its tribe's list, in the game's shared table (for_tribe_shared): copies of the state share it.
  std::shared_ptr<const SkillList> skills = std::make_shared<const SkillList>();
  std::vector<Card> hand;   // area cards, ascending
  std::vector<Card> known;  // recalled cards in hand this round (public), ascending
  bool hero_used = false;
  int vp = 0;
  int recalls_used = 0;  // this round
  int voids = 0;         // suit bits this round: the player did not follow that suit
};

// A round-end keep: the sealed slot "r<round>.keep.s<seat>".
struct KeepRecord {
  int round = 1;
  Seat seat = 0;
  Card card = kNoCard;  // kNoCard: kept nothing
  bool revealed = false;
};

// The cards of a finished round (the hidden parts are shown at game end).
struct PastRound {
  std::vector<Card> undealt;
  std::vector<std::vector<Card>> end_hand;      // per seat, before the keep
  std::vector<std::vector<Card>> known_at_end;  // recalled cards then in hand (public)
  std::vector<int> voids;                       // public
};

// Per-game figures for `simulate` (outcome details "stats").
struct Counters {
  int income = 0, value_plus = 0, recall = 0, hero = 0;  // fires (declared or paid)
  int value_plus_active = 0, recall_active = 0;          // player-tricks with the skill active
  int lone = 0, tied = 0, b2_wins = 0;
  int supports = 0, occupations = 0, passes = 0;
  int vp_battle = 0, vp_support = 0, vp_income = 0;
  std::vector<int> fill_pct;  // occupied sites in % at the end of each round
};

struct FinalScore {
  std::vector<Seat> majority;       // per area, -1 when nobody
  std::vector<int> majority_vp;     // per seat
  std::vector<int> group;           // per seat, largest connected group of own areas
  std::vector<int> dominance_vp;    // per seat
  std::vector<int> markers;         // per seat, on the map at the end (G19)
  std::vector<int> rank;            // 1 = first
  std::vector<Seat> winners;
  std::string reason;               // "vp", "markers", "draw" or "forfeit"
  std::optional<Seat> forfeit;      // reason "forfeit": the seat that forfeited
};

inline constexpr std::size_t kLogSize = 8;

// The complete position. Tests build exact positions from it directly.
struct Board {
  int players = 4;
  // Fixed for the whole game: copies of the state (one for every move) share them.
  std::shared_ptr<const MapDef> map = std::make_shared<const MapDef>();
  // The room's table; each player's list is in Player::skills.
  std::shared_ptr<const SkillTable> skill_table = std::make_shared<const SkillTable>();
  OffsuitArea offsuit = OffsuitArea::lead;
  std::vector<std::vector<Seat>> occupants;  // per area: the seats on sites 1, 2, ... (a prefix)
  std::vector<Player> p;
  Phase phase = Phase::play;
  int round = 1;
  Seat first_leader = 0;
  Trick trick;
  std::vector<Card> undealt;       // this round, face down
  std::vector<Card> round_played;  // area cards played this round that went to the discard
  std::vector<PastRound> past;
  std::vector<KeepRecord> keeps;   // sealed slots, in creation order
  // The last trick resolved: set once a trick and never changed, so copies of the state share it.
  std::shared_ptr<const TrickResult> last;
  Counters stats;
  std::optional<FinalScore> final_score;
  EventLog log{kLogSize};

  int markers_on_map(Seat s) const;
  int supply(Seat s) const { return kMarkers - markers_on_map(s); }
  int k(Seat s, Suit suit) const;  // markers in all areas of this suit
  int distance(Seat s) const { return (s - trick.leader + players) % players; }
  // Tricks resolved in the whole game.
  int tricks_resolved() const { return (round - 1) * kTricks + trick.number - 1; }
  Seat to_play() const { return (trick.leader + static_cast<int>(trick.plays.size())) % players; }
  Seat judge() const;  // the seat at the current judgment step, or -1
  const KeepRecord* keep_of(int round, Seat s) const;
  KeepRecord* keep_of(int round, Seat s);
  // The card a player carried into this round and has not played yet (kNoCard if none).
  Card carried(Seat s) const;
};

class HinodeState : public State {
 public:
  HinodeState(Board board, std::unique_ptr<Rng> rng);

  std::unique_ptr<State> clone() const override { return std::make_unique<HinodeState>(*this); }
  int seat_count() const override { return b_.players; }
  std::vector<Seat> to_act() const override;
  // §5: `boost` and `recall` default to false; a play that spells them out as false is the
  // same action as one that leaves them out.
  Json canonical_action(Seat seat, const Json& action) const override;
  bool over() const override { return b_.phase == Phase::game_over; }
  Outcome outcome() const override;
  std::vector<Sealed> sealed() const override;
  Json debug_state() const override;
  std::unique_ptr<State> resample(Seat viewer, Rng& rng) const override;
  std::vector<std::string> view_texts(const std::vector<Seat>& viewers) const override;

  const Board& board() const { return b_; }

 protected:
  void list_legal(ActionList& out, Seat seat) const override;
  void write_view(TextWriter& w, Seat viewer) const override;
  void do_apply(Seat seat, const Json& action) override;
  Error explain_rejection(Seat seat, const Json& action) const override;
  bool do_forfeit(Seat seat) override;

 private:
  // trick.cc
  void list_plays(ActionList& out, Seat seat) const;
  std::vector<Judgment> judgment_options(Seat seat) const;
  void play(Seat seat, const Json& action);
  void start_judgment();
  void judge(Judgment j, bool automatic);
  void advance_judgment();
  void resolve_trick();
  // round.cc
  void end_round();
  void keep(Seat seat, const Json& action);
  void finish_keeps();
  void final_scoring();
  // hinode_view.cc
  struct FixedText;
  struct SharedView;
  SharedView shared_view() const;
  std::string view_of(const SharedView& shared, Seat viewer) const;
  struct PublicRuns;
  PublicRuns public_runs(Seat who) const;
  void write_player(TextWriter& w, Seat who, bool sees, const PublicRuns& runs) const;
  void write_trick(TextWriter& w, const Trick& t, const TrickResult* result) const;
  void note_last_trick();

  Board b_;
  RngBox rng_;  // the round deals of rounds 2 and 3
  // The parts of every view that never change in a game, written once. Shared by copies: it
  // is immutable and derived from board parts that never change.
  std::shared_ptr<const FixedText> fixed_;
  // The views' "last_trick" (b_.last), written when it is set: it changes once a trick, and
  // copies share it.
  std::shared_ptr<const std::string> last_trick_;
};

// A new game: the first leader (random step 1 unless given) and the round-1 deal.
Board new_game(int players, std::vector<int> tribes, std::optional<Seat> first_player, MapDef map,
               const SkillTable& skills, OffsuitArea offsuit, Rng& rng);

// R2: shuffles and deals the round's cards (random step 2) into b.p[*].hand and b.undealt.
void deal_round(Board& b, Rng& rng);

// Which suit's areas `seat` may occupy in the current trick (R11, G4).
Suit occupy_suit(const Board& b, const Play& play);

}  // namespace nyan::hinode
