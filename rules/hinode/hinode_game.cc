#include "rules/hinode/hinode_game.h"

#include <algorithm>

#include "rules/hinode/hinode.h"
#include "rules/hinode/hinode_policy.h"

namespace nyan::hinode {

namespace {

// §2.4 `tribes`: "default" (seat order of the components table) or one distinct id per seat.
Result tribes_from_option(const Json& option, int players, std::vector<int>& out) {
  auto bad = [](const std::string& why) { return Result::fail(RuleError::bad_option, "option 'tribes': " + why); };
  out.clear();
  if (option == "default") {
    for (int t = 0; t < players; ++t) out.push_back(t);
    return Result::ok();
  }
  if (!option.is_array()) return bad("must be \"default\" or a list of tribe ids, one per seat");
  if (static_cast<int>(option.size()) != players)
    return bad("needs exactly " + std::to_string(players) + " tribes, one per seat");
  for (const Json& t : option) {
    auto ti = t.is_string() ? tribe_from_id(t.get<std::string>()) : std::nullopt;
    if (!ti) return bad("unknown tribe " + t.dump() + " (karasu_tengu, kappa, inugami, oni)");
    if (std::find(out.begin(), out.end(), *ti) != out.end()) return bad("tribe " + t.dump() + " is chosen twice");
    out.push_back(*ti);
  }
  return Result::ok();
}

int players_of(const Json& options) { return options.at("players").get<int>(); }

}  // namespace

namespace {

// Hinode as data (hinode.h summarises the rules and says who wins a forfeit).
GameType hinode_type() {
  constexpr int kMaxSeats = 4;
  std::vector<std::string> area_cards;  // R1..R11, G1..G11, B1..B11 (with 3 players, 10s and 11s never come)
  for (Card c = 0; c < kAreaCards; ++c) area_cards.emplace_back(card_id(c));
  std::vector<std::string> playable = area_cards;
  for (int t = 0; t < kTribes; ++t) playable.push_back(hero_id(t));
  const Json flag = values::boolean();  // listed only when true; false is the same as leaving it out
  return {
      .id = "hinode",
      .title = "Hinode Yokocho Nyan Number One!",
      .title_ja = "日の出横丁にゃんばーわん！",
      .summary = "Tribes of cats fight over the sacred sites of a back alley. Play must-follow tricks: the two "
                 "highest cards battle for VP while everyone else supports a side or occupies a site. Sites "
                 "unlock skills, and the end rewards area majorities and connected territory.",
      .min_seats = 3,
      .max_seats = kMaxSeats,
      .options =
          {
              OptionSpec::integer("players", 3, kMaxSeats, 4, "number of players"),
              OptionSpec::object("tribes", "default",
                                 "one distinct tribe per seat (karasu_tengu, kappa, inugami, oni); \"default\" = that order"),
              OptionSpec::choice("first_player", {0, 1, 2, 3, "random"}, "random",
                                 "who leads the first trick; random is drawn from the game's seed"),
              OptionSpec::object("map", "hinode6",
                                 "\"hinode6\" (6 areas, 2 per suit), \"triad\" (3 areas) or a map object "
                                 "{areas: [{id, suit, sites}], edges: [[a, b]], layout?}"),
              OptionSpec::object("skills", "default",
                                 "\"default\" or a skill table {default: [{threshold, skill, vp|amount|per_round}], "
                                 "overrides: {tribe: [...]}}"),
              OptionSpec::choice("offsuit_area", {"lead", "played"}, "lead",
                                 "which suit's areas an off-suit player occupies: the lead suit or their card's suit"),
          },
      .action_forms =
          {
              {"play", {{"card", values::names(playable)}, {"boost", flag, true}, {"recall", flag, true}},
               "R4-R6: an area card (boost, recall: skills declared with it) or your hero"},
              {"support", {{"side", values::integer(0, kMaxSeats - 1)}}, "R11: support the fighter in this seat (B1 or B2)"},
              {"occupy", {{"area", values::string(1, kMaxAreaId)}}, "R11: a marker on the lowest free site of this area (its id in the map)"},
              {"keep", {{"card", values::either({values::names(area_cards), values::null()})}},
               "R13: the card kept for the next round, or null for none"},
          },
      .outcome_reasons =
          {
              {"vp", "R15: the most VP wins", "most victory points"},
              {"markers", "R15: equal VP; more markers on the map wins", "tied on victory points, more markers on the map"},
              {"draw", "R15: equal VP and markers; every tied player wins", "a draw"},
              {"forfeit",
               "a seat forfeited (its turn clock ran out; details.forfeit): it places last, the others are "
               "ranked by VP so far, then markers on the map, without the end bonuses",
               "a player forfeited"},
          },
      .forfeits = true,
      // The triad preset is tried with 3 players and the `played` off-suit variant together,
      // which keeps this game's share of the conformance and leak suites small.
      .sample_options = {{{"players", 3}}, {{"players", 4}}, {{"players", 3}, {"map", "triad"}, {"offsuit_area", "played"}}},
  };
}

}  // namespace

HinodeGame::HinodeGame() : Game(hinode_type(), std::make_unique<bot::hinode::HinodePolicy>()) {}

Result HinodeGame::check_options(const Json& o) const {
  const int players = players_of(o);
  std::vector<int> tribes;
  if (Result r = tribes_from_option(o.at("tribes"), players, tribes); !r) return r;
  if (const Json& f = o.at("first_player"); f.is_number_integer() && f.get<int>() >= players)
    return Result::fail(RuleError::bad_option,
                        "option 'first_player': seat " + f.dump() + " does not exist with " + std::to_string(players) +
                            " players");
  MapDef map;
  if (Result r = map_from_option(o.at("map"), players, map); !r) return r;
  SkillTable skills;
  return skills_from_option(o.at("skills"), skills);
}

std::unique_ptr<State> HinodeGame::start(const Json& o, std::unique_ptr<Rng> rng) const {
  const int players = players_of(o);
  std::vector<int> tribes;
  MapDef map;
  SkillTable skills;
  // The options are normalized (checked), so these cannot fail.
  (void)tribes_from_option(o.at("tribes"), players, tribes);
  (void)map_from_option(o.at("map"), players, map);
  (void)skills_from_option(o.at("skills"), skills);
  std::optional<Seat> first;
  if (const Json& f = o.at("first_player"); f.is_number_integer()) first = f.get<int>();
  const OffsuitArea offsuit = o.at("offsuit_area") == "played" ? OffsuitArea::played : OffsuitArea::lead;
  Board b = new_game(players, tribes, first, std::move(map), skills, offsuit, *rng);
  return std::make_unique<HinodeState>(std::move(b), std::move(rng));
}

int HinodeGame::max_actions(const Json& options) const {
  // Per trick: N plays and at most N-1 judgment choices; N keeps after rounds 1 and 2.
  const int n = players_of(options);
  return kRounds * kTricks * (2 * n - 1) + (kRounds - 1) * n;
}

}  // namespace nyan::hinode
