#include "rules/daihugo/daihugo_game.h"

#include <limits>

#include "rules/daihugo/daihugo.h"
#include "rules/daihugo/daihugo_policy.h"

namespace nyan::daihugo {

Settings settings_of(const Json& o) {
  Settings s;
  s.players = o.at("players").get<int>();
  s.single_round = o.at("match") == "single_round";
  s.opening_containing = o.at("opening_lead") == "containing";
  s.winner_leads = o.at("next_round_start") == "round_winner";
  s.solo_target = o.at("solo_target_turns").get<int>();
  return s;
}

namespace {

// Dai Hugo as data (daihugo.h summarises the rules and says who wins a forfeit).
GameType daihugo_type() {
  std::vector<std::string> names;  // §2.1, in canonical order
  for (Card c = 0; c < kCards; ++c) names.push_back(card_name(c));
  const Json card = values::names(names);
  const Json number = values::integer(1, kMaxNumber);
  // §5: a play element; "as" for a wild (required), "double" for a doppel (listed when true).
  const Json element = values::object({{"id", card}, {"as", number, true}, {"double", values::boolean(), true}});
  std::vector<std::string> take_from = names;
  take_from.push_back("pile");
  return {
      .id = "daihugo",
      .title = "Nyanya Dai Hugo",
      .title_ja = "にゃーにゃー大フゴー",
      .summary = "Shed your hand of cat cards in singles, sets and sequences; passing makes you take a "
                 "card from the field. Whoever is left holding cards raises tails, and five tails lose. "
                 "Solo: clear your hand in as few turns as possible.",
      .min_seats = 1,
      .max_seats = 4,
      .options =
          {
              OptionSpec::integer("players", 1, 4, 2, "1 to 4 players; 1 plays the solo challenge"),
              OptionSpec::choice("match", {"tails", "single_round"}, "tails",
                                 "tails: rounds until someone has 5 tails; single_round: one round only"),
              OptionSpec::choice("opening_lead", {"exact", "containing"}, "exact",
                                 "the start player's first play: exactly the revealed card, or any play containing it"),
              OptionSpec::choice("next_round_start", {"reveal", "round_winner"}, "reveal",
                                 "rounds 2+: a new start-card reveal, or the previous round's winner leads"),
              // §2.4: any integer >= 1; a target above 32 turns (R18) makes every clear a success.
              OptionSpec::integer("solo_target_turns", 1, std::numeric_limits<int>::max(), 6,
                                  "solo: a clear within this many turns is a success"),
          },
      .action_forms =
          {
              {"swap_wild", {{"card", values::names({card_name(kBlackWild), card_name(kWhiteWild)})}},
               "R19: the seat dealt both wilds gives one of them up"},
              {"reveal", {{"card", card}, {"as", number, true}}, "R6: the simultaneous start-card pick; `as` declares a wild"},
              {"play", {{"cards", values::list(element, 1, kCards)}}, "R4, R8, R9: a single, a set or a sequence, in card order"},
              {"pass", {{"take", card, true}}, "R10: pass, taking a face-up field card (required while the field has one)"},
              {"solo_take", {{"from", values::names(take_from)}}, "R22: solo, a field card or the pile top"},
          },
      .outcome_reasons =
          {
              {"tails_limit", "R16: a seat reached 5 tails; every such seat loses, the others win", "five tails"},
              {"single_round", "G12: match single_round; the round winner wins", "a single round"},
              {"solo_cleared", "R22, R24: solo, the hand is empty; details.success when within solo_target_turns",
               "the solo game is cleared"},
              {"forfeit",
               "a seat forfeited (its turn clock ran out; details.forfeit): it alone loses and the others win; "
               "solo: the challenge is lost",
               "a player forfeited"},
          },
      .forfeits = true,
      // Every player count, and each rule-changing option once (the suites run every set).
      .sample_options = {{{"players", 1}},
                         {{"players", 2}, {"next_round_start", "round_winner"}},
                         {{"players", 3}},
                         {{"players", 4}, {"match", "single_round"}, {"opening_lead", "containing"}}},
  };
}

}  // namespace

DaihugoGame::DaihugoGame() : Game(daihugo_type(), std::make_unique<bot::daihugo::DaihugoPolicy>()) {}

std::unique_ptr<State> DaihugoGame::start(const Json& options, std::unique_ptr<Rng> rng) const {
  Board b = new_match(settings_of(options), *rng);
  return std::make_unique<DaihugoState>(std::move(b), std::move(rng));
}

int DaihugoGame::max_actions(const Json& options) const {
  const Settings s = settings_of(options);
  const int n = s.players;
  // Solo: at most 32 turns (R18), each a play and perhaps a take, plus one wild swap.
  if (n == 1) return 2 * kCards + 1;
  // A round: a swap, n picks, at most 32 plays (a card is played at most once per round)
  // and at most n-1 passes before each play (R12).
  const int per_round = 1 + n + kCards + (n - 1) * kCards;
  // Every round raises at least one tail for each of the n-1 others and the match goes on
  // only while everyone has at most 4: at most 4n/(n-1) rounds before the last.
  const int rounds = s.single_round ? 1 : 4 * n / (n - 1) + 1;
  return rounds * per_round;
}

}  // namespace nyan::daihugo
