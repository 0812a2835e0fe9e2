#include "rules/oikake/oikake_game.h"

#include "rules/oikake/oikake.h"

namespace nyan::oikake {

namespace {
Mode mode_of(const Json& options) {
  return options.value("mode", std::string("normal")) == "short" ? Mode::short_ : Mode::normal;
}

// Oikake as data (oikake.h summarises the rules and says who wins a forfeit).
GameType oikake_type() {
  std::vector<std::string> kinds;  // G5: cards are their kinds
  for (int k = 0; k < kKinds; ++k) kinds.emplace_back(kind_name(static_cast<Kind>(k)));
  const Json card = values::names(kinds);
  return {
      .id = "oikake",
      .title = "Oikake Nyanzu",
      .title_ja = "おいかけにゃんず",
      .summary = "Two cats chase each other around a track. Offer two cards, one face down; your "
                 "opponent takes one and you move by the other. Catch the other cat or collect three "
                 "Finds, but never three Dangers.",
      .min_seats = 2,
      .max_seats = 2,
      .options =
          {
              OptionSpec::choice("mode", {"normal", "short"}, "normal",
                                 "normal: 38 cards, 14 spaces; short (Minimum Sudden Death): 16 cards, 10 spaces"),
              OptionSpec::choice("first_seat", {0, 1, "random"}, "random",
                                 "who presents first; random is a coin toss from the game's seed"),
          },
      .action_forms =
          {
              {"exchange", {{"card", card}}, "R2: a card from hand to your exchange pile, and draw (normal mode, before presenting)"},
              {"present", {{"up", card}, {"down", card}}, "R3: offer two cards, `up` face up and `down` face down"},
              {"choose", {{"pick", values::names({"up", "down"})}}, "R5: take the face-up or the face-down card"},
          },
      .outcome_reasons =
          {
              {"catch", "R9: the winner's cat caught the other", "caught the other cat"},
              {"find3", "R10: the winner holds three find", "three Find cards"},
              {"opponent_danger3", "R11: the loser holds three danger", "the opponent holds three Danger cards"},
              {"conflict", "R12: both players met a condition in the same turn; the presenter wins",
               "both won at once, so the presenter wins"},
              {"deck_out_distance",
               "R13: the deck is out and the next presenter holds fewer than 2 cards; the shorter distance wins",
               "the deck ran out and the closer cat wins"},
              {"deck_out_tie", "R13: as deck_out_distance, with equal distances; the next presenter wins",
               "the deck ran out at equal distance, so the next presenter wins"},
              {"forfeit", "the other seat forfeited (its turn clock ran out; details.forfeit); this seat wins",
               "the other player forfeited"},
          },
      .forfeits = true,
      .sample_options = {{{"mode", "normal"}}, {{"mode", "short"}}},
  };
}

}  // namespace

OikakeGame::OikakeGame() : Game(oikake_type()) {}

std::unique_ptr<State> OikakeGame::start(const Json& options, std::unique_ptr<Rng> rng) const {
  std::optional<Seat> first;
  if (const Json& f = options.at("first_seat"); f.is_number_integer()) first = f.get<int>();
  return std::make_unique<OikakeState>(deal(mode_of(options), first, *rng));
}

int OikakeGame::max_actions(const Json& options) const {
  // Every turn takes two cards out of the hands (one present, one choose); exchanges add at
  // most 4 per player. 38 cards: at most 19 turns.
  const bool normal = mode_of(options) == Mode::normal;
  const int cards = normal ? 38 : 16;
  return cards + (normal ? 8 : 0);
}

}  // namespace nyan::oikake
