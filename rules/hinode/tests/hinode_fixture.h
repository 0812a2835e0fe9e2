// Hinode Yokocho test helpers: positions from compact fixtures, as the rules doc's §9
// describes them, and action builders.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>

#include "rules/hinode/hinode.h"
#include "tests/support/playout.h"

namespace hinode_test {

using namespace nyan;
using namespace nyan::hinode;

inline Card C(const std::string& id) {
  auto c = card_from_id(id);
  REQUIRE(c);
  return *c;
}

using nyan::test::L;

inline std::vector<Card> cards(const Json& ids) {
  std::vector<Card> out;
  for (const Json& id : ids) out.push_back(C(id.get<std::string>()));
  std::sort(out.begin(), out.end());
  return out;
}

inline Json ids(const std::vector<Card>& cs) {
  Json out = Json::array();
  for (Card c : cs) out.push_back(card_id(c));
  return out;
}

// Fields (all optional): players (4), map ("hinode6"), skills ("default"), offsuit_area
// ("lead"), leader (0), round (1), trick (1), phase ("play" or "keep"), hands (per seat),
// sites ({"A1": [seats on site 1, 2, ...]}), vp, hero_used, recalls_used (per seat), keeps
// ([[round, seat, card or null, revealed]]), seed (the SplitMix seed of later deals).
// Cards in no hand are undealt.
inline HinodeState fixture(const Json& f) {
  Board b;
  b.players = f.value("players", 4);
  MapDef map;
  REQUIRE(map_from_option(f.value("map", Json("hinode6")), b.players, map).is_ok());
  b.map = std::make_shared<const MapDef>(std::move(map));
  SkillTable table;
  REQUIRE(skills_from_option(f.value("skills", Json("default")), table).is_ok());
  b.skill_table = std::make_shared<const SkillTable>(table);
  b.offsuit = f.value("offsuit_area", "lead") == "played" ? OffsuitArea::played : OffsuitArea::lead;
  b.occupants.assign(b.map->areas.size(), {});
  if (f.contains("sites"))
    for (const auto& [area, seats] : f["sites"].items()) {
      const int a = b.map->find(area);
      REQUIRE(a >= 0);
      for (const Json& s : seats) b.occupants[a].push_back(s.get<int>());
    }
  b.p.resize(static_cast<std::size_t>(b.players));
  for (Seat s = 0; s < b.players; ++s) {
    Player& p = b.p[s];
    p.tribe = s;
    p.skills = for_tribe_shared(b.skill_table, s);
    if (f.contains("hands")) p.hand = cards(f["hands"][s]);
    if (f.contains("vp")) p.vp = f["vp"][s].get<int>();
    if (f.contains("hero_used")) p.hero_used = f["hero_used"][s].get<bool>();
    if (f.contains("recalls_used")) p.recalls_used = f["recalls_used"][s].get<int>();
  }
  b.round = f.value("round", 1);
  b.trick.number = f.value("trick", 1);
  b.trick.leader = f.value("leader", 0);
  b.first_leader = b.trick.leader;
  if (f.value("phase", "play") == "keep") b.phase = Phase::round_end_keep;
  if (f.contains("keeps"))
    for (const Json& k : f["keeps"])
      b.keeps.push_back(KeepRecord{k[0].get<int>(), k[1].get<int>(), k[2].is_null() ? kNoCard : C(k[2].get<std::string>()),
                                   k[3].get<bool>()});
  for (Card c : game_cards(b.players))
    if (std::none_of(b.p.begin(), b.p.end(), [&](const Player& p) {
          return std::find(p.hand.begin(), p.hand.end(), c) != p.hand.end();
        }))
      b.undealt.push_back(c);
  return HinodeState(std::move(b), std::make_unique<SplitMix>(f.value("seed", 1)));
}

// Four hands, seat 0 first (a fixture's "hands").
inline Json hands4(Json a, Json b, Json c, Json d) { return Json::array({a, b, c, d}); }

inline Json play(const std::string& card, bool boost = false, bool recall = false) {
  Json a = {{"type", "play"}, {"card", card}};
  if (boost) a["boost"] = true;
  if (recall) a["recall"] = true;
  return a;
}
inline Json support(Seat side) { return {{"type", "support"}, {"side", side}}; }
inline Json occupy(const std::string& area) { return {{"type", "occupy"}, {"area", area}}; }
inline Json keep(const char* card) { return {{"type", "keep"}, {"card", card ? Json(card) : Json(nullptr)}}; }

inline void plays(HinodeState& s, std::initializer_list<std::pair<Seat, Json>> moves) {
  for (const auto& [seat, action] : moves) test::must_apply(s, seat, action);
}

inline std::vector<int> vps(const HinodeState& s) {
  std::vector<int> out;
  for (const Player& p : s.board().p) out.push_back(p.vp);
  return out;
}

inline const std::vector<Seat>& sites(const HinodeState& s, const std::string& area) {
  return s.board().occupants[static_cast<std::size_t>(s.board().map->find(area))];
}

}  // namespace hinode_test
