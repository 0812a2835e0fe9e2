#include "rules/doublehunt/doublehunt_game.h"

#include "rules/doublehunt/doublehunt.h"

namespace nyan::doublehunt {

std::string DoubleHuntGame::summary() const {
  return "Two teams of two hunt for cards face down on a 7x7 grid: roll, move exactly that far "
         "(empty squares cost double), take the card where you stop. Each player drafts a role "
         "with a special power; the first team to hold 70 points wins.";
}

std::vector<OptionSpec> DoubleHuntGame::option_schema() const {
  return {
      OptionSpec::choice("first_seat", {0, 1, 2, 3, "random"}, "random",
                         "the seat that drafts and plays first; random is drawn from the game's seed"),
      // The range is ours (the rules give only the default): up to every point in the deck.
      OptionSpec::integer("target_score", 1, 340, 70, "a team holding this many points wins at once"),
      OptionSpec::integer("max_turns", 1, 1000, 200, "the game ends after this many turns"),
      OptionSpec::integer("max_boost", 0, 12, 6, "the most cards discarded for extra steps in one move"),
  };
}

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

// The conformance and leak suites play every set many times with random moves, and a
// random game at the default options runs to its 200-turn limit in about 450 actions, so
// these sets keep the games short (`nyanhall-cli simulate` plays the defaults).
std::vector<Json> DoubleHuntGame::sample_options() const {
  return {{{"max_turns", 12}},
          {{"first_seat", 1}, {"max_boost", 0}, {"max_turns", 10}},
          {{"first_seat", 2}, {"max_boost", 12}, {"target_score", 25}, {"max_turns", 16}}};
}

}  // namespace nyan::doublehunt
