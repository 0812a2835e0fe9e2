#include "rules/kushine/kushine_game.h"

#include <algorithm>
#include <limits>

#include "rules/kushine/actions.h"
#include "rules/kushine/kushine.h"
#include "rules/kushine/kushine_policy.h"

namespace nyan::kushine {

namespace {

Result bad(const std::string& option, const std::string& why) {
  return Result::fail(RuleError::bad_option, "option '" + option + "': " + why);
}

// G1, G2: the default officers for a player count.
std::vector<Officer> default_officers(int players) {
  if (players == 2) return {Officer::captain, Officer::mate};
  if (players == 3) return {Officer::captain, Officer::mate, Officer::doctor};
  return {Officer::captain, Officer::mate, Officer::boatswain, Officer::doctor};
}

// The playing officers from the (normalized) options.
Result parse_characters(const Json& options, std::vector<Officer>& out) {
  const int players = options.at("players").get<int>();
  const Json& c = options.at("characters");
  if (c == "default") {
    out = default_officers(players);
    return Result::ok();
  }
  if (!c.is_array()) return bad("characters", "must be \"default\" or a list of officers");
  if (static_cast<int>(c.size()) != players)
    return bad("characters", "must list exactly " + std::to_string(players) + " officers, one per player");
  out.clear();
  for (const Json& x : c) {
    auto o = x.is_string() ? officer_from_name(x.get<std::string>()) : std::nullopt;
    if (!o) return bad("characters", "unknown officer " + x.dump() + " (captain, mate, boatswain, doctor)");
    if (std::find(out.begin(), out.end(), *o) != out.end()) return bad("characters", "officers must be distinct");
    out.push_back(*o);
  }
  if (std::find(out.begin(), out.end(), Officer::captain) == out.end())
    return bad("characters", "must include the captain");  // G2: play starts from the Captain
  return Result::ok();
}

// The fixed seat -> officer map, or nullopt for "random" (G3). Accepts a list (seat i plays
// item i) or an object whose keys are the seat numbers.
Result parse_assignment(const Json& options, const std::vector<Officer>& officers,
                        std::optional<std::vector<Officer>>& out) {
  const Json& a = options.at("assignment");
  out.reset();
  if (a == "random") return Result::ok();
  const int players = static_cast<int>(officers.size());
  std::vector<Json> names(static_cast<std::size_t>(players));
  if (a.is_array() && static_cast<int>(a.size()) == players) {
    for (int s = 0; s < players; ++s) names[s] = a[s];
  } else if (a.is_object() && static_cast<int>(a.size()) == players) {
    for (int s = 0; s < players; ++s) {
      auto it = a.find(std::to_string(s));
      if (it == a.end()) return bad("assignment", "has no officer for seat " + std::to_string(s));
      names[s] = *it;
    }
  } else {
    return bad("assignment", "must be \"random\", or map each of the " + std::to_string(players) +
                                 " seats to an officer");
  }
  std::vector<Officer> seats;
  for (const Json& x : names) {
    auto o = x.is_string() ? officer_from_name(x.get<std::string>()) : std::nullopt;
    if (!o || std::find(officers.begin(), officers.end(), *o) == officers.end())
      return bad("assignment", x.dump() + " is not one of the playing officers");
    if (std::find(seats.begin(), seats.end(), *o) != seats.end())
      return bad("assignment", "each officer plays exactly one seat");
    seats.push_back(*o);
  }
  out = seats;
  return Result::ok();
}

Level level_of(const Json& options) {
  const std::string d = options.at("difficulty").get<std::string>();
  return d == "hard" ? Level::hard : d == "normal" ? Level::normal : Level::easy;
}

// Kushine as data (kushine.h summarises the rules). No forfeit: in a co-operative game the
// server's bot makes the decision of a seat whose clock ran out.
GameType kushine_type() {
  std::vector<std::string> hand_kinds, nyanko;  // in table order
  for (int k = 0; k < kHandKinds; ++k) hand_kinds.emplace_back(kind_name(static_cast<Kind>(k)));
  for (int k = 0; k < kTypes; ++k) nyanko.emplace_back(kind_name(static_cast<Kind>(k)));
  const Json card = values::names(hand_kinds);
  const Json pile = values::integer(1, actions::kMaxPileId);  // the wire form of pile pN is N
  const Json choice = values::boolean();
  return {
      .id = "kushine",
      .title = "Kushine-go Departs",
      .title_ja = "クシィネ号出港",
      .summary = "Cooperative: the ship's officers find 20 lazing nyanko and bring them to the pier before "
                 "any card pile runs out or a sixth pile appears. Tanuki split the piles, catnip liquor "
                 "shuffles them, and you may only tell each other how many nyanko and mice you hold.",
      .min_seats = 2,
      .max_seats = 4,
      .options =
          {
              OptionSpec::integer("players", 2, 4, 4, "number of players (2 is the variant: one officer each)"),
              OptionSpec::choice("difficulty", {"easy", "normal", "hard"}, "easy",
                                 "easy: board every nyanko; normal: and end with 1 pile; hard: and use at most "
                                 "one ability"),
              OptionSpec::object("characters", "default",
                                 "\"default\" (4p: all four; 3p: captain, mate, doctor; 2p: captain, mate) or a "
                                 "list of distinct officers, one per player, including the captain"),
              OptionSpec::object("assignment", "random",
                                 "\"random\" (from the game's seed) or seat -> officer, e.g. [\"mate\", \"captain\"]"),
              OptionSpec::integer("max_turns", 0, std::numeric_limits<int>::max(), 200,
                                  "the team loses after this many turns (0: no cap)"),
          },
      .action_forms =
          {
              {"draw", {{"pile", pile}}, "R4: the top card of a pile (1 action)"},
              {"return", {{"card", card}, {"pile", pile}}, "R5: a hand card to the bottom of a pile (1 action)"},
              {"place", {{"card", card}}, "R6: a nyanko on the pier (1 action)"},
              {"receive", {}, "R7: a card from the right-hand neighbour, who chooses it (1 action)"},
              {"give", {{"card", card}}, "R7: the card the right-hand neighbour gives"},
              {"exterminate", {}, "R8: three mice out of the game, with one pile left (1 action)"},
              {"exterminate", {{"top", pile}, {"bottom", pile}}, "R8: three mice out, and pile top merged onto bottom (1 action)"},
              {"mate_peek", {{"pile", pile}}, "R17: the Mate looks at the top card of a pile (1 action)"},
              {"mate_decide", {{"to", values::names({"hand", "bottom"})}}, "R17: the peeked card into hand or to the pile's bottom"},
              {"boatswain_place", {{"cards", values::list(values::names(nyanko), 2, 2)}},
               "R18: two nyanko on the pier at once (1 action); listed in table order, any order accepted"},
              {"captain_decide", {{"cancel", choice}}, "R16: cancel the Tanuki or not"},
              {"doctor_decide", {{"cancel", choice}}, "R19: cancel the Matatabi or not"},
              {"merge", {{"top", pile}, {"bottom", pile}}, "R9, R10: after a boarding, pile top onto pile bottom"},
              {"skip_merge", {}, "R10: after a boarding, no merge"},
              {"say", {{"topic", values::constant("hand")}}, "R21: tell how many nyanko and mice you hold (counted by the engine)", true},
              {"say", {{"topic", values::constant("want")}, {"category", values::names({"nyanko", "mouse"})}},
               "R21: ask for a nyanko or a mouse", true},
              {"say", {{"topic", values::constant("pile")}, {"pile", pile}, {"hint", values::names({"draw", "avoid"})}},
               "R21: suggest drawing from or avoiding a pile", true},
              {"say", {{"topic", values::constant("merge")}, {"top", pile}, {"bottom", pile}},
               "R21: suggest a merge of two piles", true},
          },
      .outcome_reasons =
          {
              {"all_boarded", "R20: every type boarded at the chosen difficulty; the team wins", "everyone boarded"},
              {"difficulty_not_met", "R20: every type boarded, below the chosen difficulty; the team loses",
               "everyone boarded, but short of the difficulty"},
              {"pile_empty", "R14: a pile has no card left; the team loses", "a pile ran out"},
              {"six_piles", "R14: six piles exist (details.reasons also lists pile_empty when both happened)",
               "there were six piles"},
              {"turn_limit", "R22: max_turns turns completed; the team loses", "the turn limit was reached"},
          },
      .hints = {.team = "the crew"},  // R20: the team wins or loses together
      // Each player count and each difficulty. Random play rarely lasts 30 turns; the caps keep
      // the test suites fast and make the turn limit (R22) one of the endings they check.
      .sample_options = {{{"players", 2}, {"difficulty", "easy"}, {"max_turns", 25}},
                         {{"players", 3}, {"difficulty", "normal"}, {"max_turns", 20}},
                         {{"players", 4}, {"difficulty", "hard"}}},
  };
}

}  // namespace

KushineGame::KushineGame() : Game(kushine_type(), std::make_unique<bot::kushine::KushinePolicy>()) {}

Result KushineGame::check_options(const Json& normalized) const {
  std::vector<Officer> officers;
  if (Result r = parse_characters(normalized, officers); !r) return r;
  std::optional<std::vector<Officer>> assign;
  return parse_assignment(normalized, officers, assign);
}

std::unique_ptr<State> KushineGame::start(const Json& options, std::unique_ptr<Rng> rng) const {
  Setup setup;
  setup.difficulty = level_of(options);
  setup.max_turns = options.at("max_turns").get<int>();
  (void)parse_characters(options, setup.officers);  // checked by normalize_options
  (void)parse_assignment(options, setup.officers, setup.assign);
  Board b = deal(setup, *rng);
  return std::make_unique<KushineState>(std::move(b), std::move(rng));
}

int KushineGame::max_actions(const Json&) const {
  // No bound: `say` is a free side action with no count (§5: "the server may rate-limit
  // it"), so talk can go on as long as the players like. Play itself is bounded by max_turns
  // (R22) when it is set: a turn has at most 2 main actions, each with at most 2 follow-up
  // decisions.
  return std::numeric_limits<int>::max();
}

}  // namespace nyan::kushine
