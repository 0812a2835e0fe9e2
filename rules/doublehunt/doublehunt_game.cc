#include "rules/doublehunt/doublehunt_game.h"

#include "rules/doublehunt/doublehunt.h"
#include "rules/doublehunt/doublehunt_policy.h"

namespace nyan::doublehunt {

namespace {

// Double Hunt as data (doublehunt.h summarises the rules). No forfeit: in a team game the
// server's bot makes the decision of a seat whose clock ran out.
GameType doublehunt_type() {
  std::vector<std::string> cards, squares, roles;  // §2.1 card ids, rRcC squares, the roles table
  for (Card c = 0; c < kCards; ++c) cards.push_back(card_name(c));
  for (Square s = 0; s < kSquares; ++s) squares.push_back(square_name(s));
  for (int r = 0; r < kRoles; ++r) roles.emplace_back(role_name(static_cast<Role>(r)));
  const Json card = values::names(cards), square = values::names(squares);
  return {
      .id = "doublehunt",
      .title = "Double Hunt",
      .title_ja = "ダブルハント",
      .summary = "Two teams of two hunt for cards face down on a 7x7 grid: roll, move exactly that far "
                 "(empty squares cost double), take the card where you stop. Each player drafts a role "
                 "with a special power; the first team to hold 70 points wins.",
      .min_seats = kSeats,
      .max_seats = kSeats,
      .options =
          {
              OptionSpec::choice("first_seat", {0, 1, 2, 3, "random"}, "random",
                                 "the seat that drafts and plays first; random is drawn from the game's seed"),
              // The range is ours (the rules give only the default): up to every point in the deck.
              OptionSpec::integer("target_score", 1, 340, 70, "a team holding this many points wins at once"),
              OptionSpec::integer("max_turns", 1, 1000, 200, "the game ends after this many turns"),
              OptionSpec::integer("max_boost", 0, 12, 6, "the most cards discarded for extra steps in one move"),
          },
      .action_forms =
          {
              {"pick_role", {{"role", values::names(roles)}}, "R3: draft a role"},
              {"roll", {}, "R6: roll the die"},
              {"boost", {{"discard", card}}, "R8: discard a card for one more step"},
              {"move", {{"to", square}}, "R7: move to a square at the budget, taking its card"},
              {"stay", {}, "R9: no square at the budget"},
              {"pilot_fly", {{"discard", card}}, "R16: discard to fly"},
              {"pilot_land", {{"square", square}}, "R16: where the flight lands"},
              {"observer_peek", {{"discard", card}}, "R17: discard to peek at grid cards"},
              {"observer_pick", {{"square", square}}, "R17: one square to peek at"},
              {"bandit_raid", {{"target", values::integer(0, kSeats - 1)}, {"discard", card}},
               "R18: discard; the target seat loses a card at random"},
              {"richman_give", {{"card", card}}, "R19: one card to the partner"},
              {"richman_give_end", {}, "R19: no more cards to give"},
              {"scientist_open", {}, "R20: look at the discard pile"},
              {"scientist_take", {{"card", card}}, "R20: one card from the discard pile"},
              {"necromancer_raise", {{"square", square}}, "R23: a random card of the pile face down on an empty square"},
              {"advisor_extra_move", {}, "R21: the Advisor rolls and moves again"},
              {"advisor_decline", {}, "R21: no extra move"},
              {"advisor_give", {{"card", card}}, "R22: a card to the partner in the exchange"},
              {"advisor_take", {{"card", card}}, "R22: a card from the partner in the exchange"},
              {"advisor_exchange_end", {}, "R22: the exchange ends"},
              {"end_turn", {}, "R24: end the turn"},
          },
      .outcome_reasons =
          {
              {"target", "R12: a team holds target_score points; it wins at once", "the target score was reached"},
              {"grid_empty", "R25: the grid is empty after a turn; the higher score wins (equal: a draw)",
               "the grid is empty"},
              {"turn_limit", "R25: max_turns turns are over; the higher score wins (equal: a draw)",
               "the turn limit was reached"},
          },
      // The conformance and leak suites play every set many times with random moves, and a
      // random game at the default options runs to its 200-turn limit in about 450 actions, so
      // these sets keep the games short (`nyanhall-cli simulate` plays the defaults).
      .sample_options = {{{"max_turns", 12}},
                         {{"first_seat", 1}, {"max_boost", 0}, {"max_turns", 10}},
                         {{"first_seat", 2}, {"max_boost", 12}, {"target_score", 25}, {"max_turns", 16}}},
  };
}

}  // namespace

DoubleHuntGame::DoubleHuntGame() : Game(doublehunt_type(), std::make_unique<bot::doublehunt::DoubleHuntPolicy>()) {}

std::unique_ptr<State> DoubleHuntGame::start(const Json& options, std::unique_ptr<Rng> rng) const {
  std::optional<Seat> first;
  if (const Json& f = options.at("first_seat"); f.is_number_integer()) first = f.get<int>();
  Board b = deal(first, *rng);
  b.target_score = options.at("target_score").get<int>();
  b.max_turns = options.at("max_turns").get<int>();
  b.max_boost = options.at("max_boost").get<int>();
  return std::make_unique<DoubleHuntState>(std::move(b), std::move(rng));
}

// Accepted actions: 4 picks, then per turn at most: a pre-roll flight (2), a peek (4), a
// raise (1), a Richman's give (51 cards + end), the roll, two move phases of max_boost
// boosts and a move each (or a Richman's give in the second instead of the first), the
// Advisor's answer, a post-take flight (2), a raid (1), an exchange (26 swaps of 2 + end)
// and end_turn; plus one Scientist search (4) per game.
int DoubleHuntGame::max_actions(const Json& options) const {
  const int max_boost = options.at("max_boost").get<int>();
  const int per_turn = 2 + 4 + 1 + 53 + 1 + 2 * (max_boost + 1) + 1 + 2 + 1 + 53 + 1;
  return 4 + 4 + options.at("max_turns").get<int>() * per_turn;
}

}  // namespace nyan::doublehunt
