// Hinode Yokocho: what each seat sees (rules §6), sealed values and the debug state.
// Public: the map, markers, supplies, VP, hero use, played cards with their declarations,
// judgment choices, k and active skills, hand counts, whether a card was kept. Private: the
// own hand, the own carried and kept card, the own round-end discards. At game end: all.
//
// Views are built often (every update, every leak-test probe), so the fixed parts are built
// once and objects are filled by assignment rather than nested initializer lists.
#include <algorithm>

#include "rules/hinode/hinode.h"

namespace nyan::hinode {

namespace {

Json cards_json(const std::vector<Card>& cs) {
  Json out = Json::array();
  for (Card c : cs) out.push_back(card_id(c));
  return out;
}

Json seat_or_null(Seat s) { return s < 0 ? Json(nullptr) : Json(s); }
Json suit_json(Suit s) { return std::string(1, suit_letter(s)); }

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::play: return "play";
    case Phase::judgment: return "judgment";
    case Phase::round_end_keep: return "round_end_keep";
    case Phase::game_over: return "game_over";
  }
  return "play";
}

Json keep_value(const KeepRecord& k) { return k.card == kNoCard ? Json("none") : Json(card_id(k.card)); }

// The cards a seat discarded face down at the end of a past round.
std::vector<Card> discarded(const Board& b, std::size_t r, Seat s) {
  std::vector<Card> out = b.past[r].end_hand[s];
  const KeepRecord* k = b.keep_of(static_cast<int>(r) + 1, s);
  if (k && k->card != kNoCard) out.erase(std::find(out.begin(), out.end(), k->card));
  return out;
}

Json fixed_view(const Board& b) {
  Json v = Json::object();
  v["game"] = "hinode";
  v["rounds"] = kRounds;
  v["tricks"] = kTricks;
  v["offsuit_area"] = b.offsuit == OffsuitArea::lead ? "lead" : "played";
  std::vector<Card> removed;
  for (Card c = 0; c < kAreaCards; ++c)
    if (!in_game(c, b.players)) removed.push_back(c);
  v["removed"] = cards_json(removed);
  v["map"] = b.map.to_json();
  v["skills"] = b.skill_table.to_json();  // each player's list: its tribe's override or the default
  Json players = Json::array();
  for (Seat s = 0; s < b.players; ++s) {
    Json p = Json::object();
    p["seat"] = s;
    p["tribe"] = std::string(kTribeIds[b.p[s].tribe]);
    p["hero"] = hero_id(b.p[s].tribe);
    players.push_back(std::move(p));
  }
  v["players"] = std::move(players);
  return v;
}

}  // namespace

HinodeState::HinodeState(Board board, std::unique_ptr<Rng> rng)
    : b_(std::move(board)), rng_(std::move(rng)), fixed_view_(std::make_shared<const Json>(fixed_view(b_))) {}

Json HinodeState::player_json(Seat who, Seat viewer) const {
  const Player& pl = b_.p[who];
  const bool sees = over() || who == viewer;
  Json j = (*fixed_view_)["players"][who];
  Json k = Json::object(), voids = Json::array();
  for (int s = 0; s < kSuits; ++s) {
    const Suit suit = static_cast<Suit>(s);
    k[std::string(1, suit_letter(suit))] = b_.k(who, suit);
    if (pl.voids & suit_bit(suit)) voids.push_back(suit_json(suit));
  }
  j["hero_used"] = pl.hero_used;
  j["vp"] = pl.vp;
  j["supply"] = b_.supply(who);
  j["on_map"] = b_.markers_on_map(who);
  j["hand_count"] = pl.hand.size();
  j["known_in_hand"] = cards_json(pl.known);
  j["voids"] = std::move(voids);
  j["k"] = std::move(k);
  j["recalls_used"] = pl.recalls_used;
  // The card carried into this round: whether there is one is public, which one is not.
  Json carried = nullptr;
  if (const KeepRecord* kr = b_.keep_of(b_.round - 1, who))
    carried = kr->card == kNoCard ? Json("none") : (sees || kr->revealed) ? Json(card_id(kr->card)) : Json("hidden");
  j["carried"] = std::move(carried);
  if (b_.phase == Phase::round_end_keep) {
    const KeepRecord* kr = b_.keep_of(b_.round, who);
    j["keep"] = !kr ? Json("waiting") : sees ? keep_value(*kr) : Json("chosen");
  }
  if (sees) {
    j["hand"] = cards_json(pl.hand);
    Json disc = Json::array();
    for (std::size_t r = 0; r < b_.past.size(); ++r) disc.push_back(cards_json(discarded(b_, r, who)));
    j["discarded"] = std::move(disc);  // per past round, face down
  }
  return j;
}

Json HinodeState::trick_json(const Trick& t) const {
  Json plays = Json::array();
  for (const Play& p : t.plays) {
    Json pj = Json::object();
    pj["seat"] = p.seat;
    pj["card"] = p.hero ? hero_id(b_.p[p.seat].tribe) : card_id(p.card);
    pj["ev"] = p.ev;
    if (p.boost) pj["boost"] = true;
    if (p.recall) pj["recall"] = true;
    if (p.carried) pj["carried"] = true;
    plays.push_back(std::move(pj));
  }
  Json judgments = Json::array();
  for (const Judgment& jd : t.judgments) {
    Json jj = Json::object();
    jj["seat"] = jd.seat;
    if (jd.choice == Choice::support) {
      jj["choice"] = "support";
      jj["side"] = jd.side;
    } else if (jd.choice == Choice::occupy) {
      jj["choice"] = "occupy";
      jj["area"] = b_.map.areas[jd.area].id;
      jj["site"] = jd.site;
    } else {
      jj["choice"] = "pass";
    }
    if (jd.automatic) jj["auto"] = true;
    judgments.push_back(std::move(jj));
  }
  Json j = Json::object();
  j["number"] = t.number;
  j["leader"] = t.leader;
  j["plays"] = std::move(plays);
  j["lead"] = t.plays.empty() ? Json(nullptr) : suit_json(t.lead);
  if (!t.plays.empty()) {
    Json active = Json::array();  // per seat: the skills active in this trick (k at the lead)
    for (Seat s = 0; s < b_.players; ++s) {
      Json names = Json::array();
      for (const Skill& sk : b_.p[s].skills.skills)
        if (sk.threshold <= t.k[s]) names.push_back(std::string(skill_name(sk.kind)));
      active.push_back(std::move(names));
    }
    j["k"] = t.k;
    j["active_skills"] = std::move(active);
  }
  j["b1"] = seat_or_null(t.b1);
  j["b2"] = seat_or_null(t.b2);
  j["order"] = t.order;
  j["judgments"] = std::move(judgments);
  return j;
}

Json HinodeState::view(Seat viewer) const { return b_.log.view_in(view_tree(viewer), viewer, over()); }

std::string HinodeState::view_text(Seat viewer) const { return b_.log.text_in(view_tree(viewer), viewer, over()); }

// Everything but the log, which view() and view_text() add: the text is made after every
// action, and the log is copied into it as text rather than parsed into the tree.
Json HinodeState::view_tree(Seat viewer) const {
  const bool all = over();
  Json v = *fixed_view_;
  Json& areas = v["map"]["areas"];
  for (std::size_t a = 0; a < b_.occupants.size(); ++a) areas[a]["occupants"] = b_.occupants[a];
  Json players = Json::array();
  for (Seat s = 0; s < b_.players; ++s) players.push_back(player_json(s, viewer));
  v["players"] = std::move(players);
  v["you"] = viewer == kSpectator ? Json(nullptr) : Json(viewer);
  v["phase"] = phase_name(b_.phase);
  v["round"] = b_.round;
  v["to_act"] = to_act();
  v["first_leader"] = b_.first_leader;
  v["trick"] = b_.phase == Phase::play || b_.phase == Phase::judgment ? trick_json(b_.trick) : Json(nullptr);
  v["played_this_round"] = cards_json(b_.round_played);
  v["undealt_count"] = b_.undealt.size();
  Json last = nullptr;
  if (b_.last) {
    const TrickResult& r = *b_.last;
    last = trick_json(r.trick);
    last["round"] = r.round;
    last["strength"] = {r.strength1, r.strength2};
    last["battle_vp"] = r.battle;
    last["support_vp"] = r.support;
    last["income_vp"] = r.income;
  }
  v["last_trick"] = std::move(last);
  if (all) {
    Json undealt = Json::array();
    for (const PastRound& pr : b_.past) undealt.push_back(cards_json(pr.undealt));
    undealt.push_back(cards_json(b_.undealt));
    v["undealt"] = std::move(undealt);  // per round
    v["outcome"] = outcome().to_json();
  }
  return v;
}

std::vector<Sealed> HinodeState::sealed() const {
  std::vector<Sealed> out;
  for (const KeepRecord& k : b_.keeps)
    out.push_back(Sealed{"r" + std::to_string(k.round) + ".keep.s" + std::to_string(k.seat), keep_value(k), {k.seat},
                         k.revealed || over()});
  return out;
}

// Complete and compact: configuration that never changes in a game (map, skill table,
// tribes) is named by its id; everything that changes is listed.
Json HinodeState::debug_state() const {
  Json v = Json::object();
  v["map"] = b_.map.id;
  v["phase"] = phase_name(b_.phase);
  v["round"] = b_.round;
  v["first_leader"] = b_.first_leader;
  v["occupants"] = b_.occupants;
  Json players = Json::array();
  for (const Player& pl : b_.p)  // tribe, vp, hero used, recalls used, voids, hand, known
    players.push_back(
        Json::array({pl.tribe, pl.vp, pl.hero_used, pl.recalls_used, pl.voids, cards_json(pl.hand), cards_json(pl.known)}));
  v["players"] = std::move(players);
  v["trick"] = trick_json(b_.trick);
  v["undealt"] = cards_json(b_.undealt);
  v["round_played"] = cards_json(b_.round_played);
  Json past = Json::array(), keeps = Json::array();
  for (const PastRound& pr : b_.past) {
    Json end = Json::array(), known = Json::array();
    for (const auto& h : pr.end_hand) end.push_back(cards_json(h));
    for (const auto& h : pr.known_at_end) known.push_back(cards_json(h));
    past.push_back(Json::array({cards_json(pr.undealt), std::move(end), std::move(known), pr.voids}));
  }
  for (const KeepRecord& k : b_.keeps) keeps.push_back(Json::array({k.round, k.seat, keep_value(k), k.revealed}));
  v["past"] = std::move(past);    // per round: undealt, end hands, known at end, voids
  v["keeps"] = std::move(keeps);  // round, seat, card, revealed
  if (b_.last) {
    const TrickResult& r = *b_.last;
    v["last"] = Json::array({r.round, trick_json(r.trick), r.strength1, r.strength2, r.battle, r.support, r.income});
  }
  const Counters& c = b_.stats;
  v["stats"] = Json::array({c.income, c.value_plus, c.recall, c.hero, c.value_plus_active, c.recall_active, c.lone, c.tied, c.b2_wins, c.supports,
                            c.occupations, c.passes, c.vp_battle, c.vp_support, c.vp_income, c.fill_pct});
  if (over()) v["outcome"] = outcome().to_json();
  v["log"] = b_.log.debug();
  return v;
}

}  // namespace nyan::hinode
