// Hinode Yokocho: one trick (R3-R12): plays with skill declarations, battle selection,
// judgment order, support and occupation, battle and supporter VP, income, recall, the next
// leader.
#include <algorithm>
#include <cstdlib>

#include "rules/hinode/hinode.h"

namespace nyan::hinode {

namespace {

bool holds_suit(const std::vector<Card>& hand, Suit s) {
  return std::any_of(hand.begin(), hand.end(), [&](Card c) { return suit_of(c) == s; });
}

void insert_sorted(std::vector<Card>& v, Card c) { v.insert(std::upper_bound(v.begin(), v.end(), c), c); }

void erase_card(std::vector<Card>& v, Card c) {
  auto it = std::find(v.begin(), v.end(), c);
  if (it != v.end()) v.erase(it);
}

// A play as the legal list has it: a flag only when true (§5).
void write_play(ActionList& out, std::string_view card, bool boost, bool recall) {
  TextWriter& w = out.add().open_object();
  if (boost) w.key("boost").flag(true);
  w.key("card").str(card);
  if (recall) w.key("recall").flag(true);
  w.key("type").str("play").close_object();
}

// R8: followers played an area card of the lead suit.
bool is_follower(const Trick& t, const Play& p) { return !p.hero && suit_of(p.card) == t.lead; }

}  // namespace

const Play& Trick::play_of(Seat s) const {
  return *std::find_if(plays.begin(), plays.end(), [&](const Play& p) { return p.seat == s; });
}

Suit occupy_suit(const Board& b, const Play& play) {
  if (b.offsuit == OffsuitArea::played && !play.hero && suit_of(play.card) != b.trick.lead) return suit_of(play.card);
  return b.trick.lead;
}

void HinodeState::list_plays(ActionList& out, Seat seat) const {
  const Player& pl = b_.p[seat];
  const bool leading = b_.trick.plays.empty();
  // R5: a player holding the lead suit must play one of those cards.
  const bool follows = !leading && holds_suit(pl.hand, b_.trick.lead);
  for (Card c : pl.hand) {
    if (follows && suit_of(c) != b_.trick.lead) continue;
    // R6: for the leader, k counts the suit of the card being led.
    const Suit lead = leading ? suit_of(c) : b_.trick.lead;
    const int k = b_.k(seat, lead);
    const bool boost = suit_of(c) == lead && pl.skills->boost_amount(k) > 0;
    const bool recall = pl.recalls_used < pl.skills->recall_limit(k);
    const std::string_view id = card_id(c);
    write_play(out, id, false, false);
    if (boost) write_play(out, id, true, false);
    if (recall) write_play(out, id, false, true);
    if (boost && recall) write_play(out, id, true, true);
  }
  // R4, R5, G8: never as the lead, only when void, once per game, one per trick.
  const bool hero_played =
      std::any_of(b_.trick.plays.begin(), b_.trick.plays.end(), [](const Play& p) { return p.hero; });
  if (!leading && !follows && !pl.hero_used && !hero_played) write_play(out, hero_id(pl.tribe), false, false);
}

// The choices of `seat` at its judgment step (R11), as judgments still to be made.
std::vector<Judgment> HinodeState::judgment_options(Seat seat) const {
  std::vector<Judgment> out;
  const Trick& t = b_.trick;
  const Play& mine = t.play_of(seat);
  const auto option = [&](Choice choice, Seat side, int area) {
    Judgment j;
    j.seat = seat;
    j.choice = choice;
    j.side = side;
    j.area = area;
    out.push_back(j);
  };
  // R11: followers may support; off-suit players may only occupy (G1).
  if (is_follower(t, mine)) {
    option(Choice::support, t.b1, -1);
    option(Choice::support, t.b2, -1);
  }
  if (b_.supply(seat) < 1) return out;
  const Suit suit = occupy_suit(b_, mine);
  for (std::size_t a = 0; a < b_.map->areas.size(); ++a)
    if (b_.map->areas[a].suit == suit && static_cast<int>(b_.occupants[a].size()) < b_.map->areas[a].sites)
      option(Choice::occupy, -1, static_cast<int>(a));
  return out;
}

void HinodeState::play(Seat seat, const Json& action) {
  Player& pl = b_.p[seat];
  Trick& t = b_.trick;
  const std::string& id = action.at("card").get_ref<const std::string&>();
  Play p;
  p.seat = seat;
  p.boost = action.contains("boost");
  p.recall = action.contains("recall");
  if (auto card = card_from_id(id)) {
    p.card = *card;
    erase_card(pl.hand, p.card);
    erase_card(pl.known, p.card);
    if (t.plays.empty()) {
      t.lead = suit_of(p.card);
      t.k.assign(static_cast<std::size_t>(b_.players), 0);
      for (Seat s = 0; s < b_.players; ++s) t.k[s] = b_.k(s, t.lead);  // G6: before any occupation
    }
    p.ev = value_of(p.card) + (p.boost ? pl.skills->boost_amount(t.k[seat]) : 0);  // R7
    if (KeepRecord* kr = b_.keep_of(b_.round - 1, seat); kr && !kr->revealed && kr->card == p.card) {
      kr->revealed = true;  // the carried card's identity becomes public when played
      p.carried = true;
    }
  } else {
    p.hero = true;
    p.ev = kHeroValue;
    pl.hero_used = true;
    b_.stats.hero++;
  }
  if (p.hero || suit_of(p.card) != t.lead) pl.voids |= suit_bit(t.lead);
  if (p.boost) b_.stats.value_plus++;
  if (p.recall) {
    pl.recalls_used++;
    b_.stats.recall++;
  }
  t.plays.push_back(p);
  Json ev = {{"type", "play"}, {"seat", seat}, {"card", id}, {"ev", p.ev}};
  if (p.boost) ev["boost"] = true;
  if (p.recall) ev["recall"] = true;
  if (p.carried) ev["carried"] = true;
  b_.log.add(std::move(ev));
  if (static_cast<int>(t.plays.size()) == b_.players) start_judgment();
}

void HinodeState::start_judgment() {
  Trick& t = b_.trick;
  // R9: S = followers and the hero player; hero first, then ev descending, distance ascending.
  std::vector<Play> s;
  for (const Play& p : t.plays)
    if (p.hero || is_follower(t, p)) s.push_back(p);
  std::sort(s.begin(), s.end(), [&](const Play& a, const Play& b) {
    if (a.hero != b.hero) return a.hero;
    if (a.ev != b.ev) return a.ev > b.ev;
    return b_.distance(a.seat) < b_.distance(b.seat);
  });
  t.b1 = s[0].seat;
  t.b2 = s.size() >= 2 ? s[1].seat : -1;
  // R10: everyone else by ev ascending, then distance ascending.
  std::vector<Play> rest;
  for (const Play& p : t.plays)
    if (p.seat != t.b1 && p.seat != t.b2) rest.push_back(p);
  std::sort(rest.begin(), rest.end(), [&](const Play& a, const Play& b) {
    if (a.ev != b.ev) return a.ev < b.ev;
    return b_.distance(a.seat) < b_.distance(b.seat);
  });
  t.order.clear();
  for (const Play& p : rest) t.order.push_back(p.seat);
  b_.phase = Phase::judgment;
  b_.log.add({{"type", "battle"}, {"b1", t.b1}, {"b2", t.b2 < 0 ? Json(nullptr) : Json(t.b2)}});
  advance_judgment();
}

void HinodeState::judge(Judgment j, bool automatic) {
  const Seat seat = j.seat;
  j.automatic = automatic;
  Json ev = {{"type", "judgment"}, {"seat", seat}};
  if (j.choice == Choice::pass) {
    b_.stats.passes++;  // G16: an off-suit player with nowhere to occupy does nothing
    ev["choice"] = "pass";
  } else if (j.choice == Choice::support) {
    b_.stats.supports++;
    ev["choice"] = "support";
    ev["side"] = j.side;
  } else {
    auto& occ = b_.occupants[static_cast<std::size_t>(j.area)];
    occ.push_back(seat);  // R11: the lowest-numbered free site
    j.site = static_cast<int>(occ.size());
    b_.stats.occupations++;
    ev["choice"] = "occupy";
    ev["area"] = b_.map->areas[j.area].id;
    ev["site"] = j.site;
  }
  if (automatic) ev["auto"] = true;
  b_.trick.judgments.push_back(j);
  b_.log.add(std::move(ev));
}

void HinodeState::advance_judgment() {
  Trick& t = b_.trick;
  while (t.judgments.size() < t.order.size()) {
    const Seat seat = t.order[t.judgments.size()];
    std::vector<Judgment> options = judgment_options(seat);
    if (options.size() >= 2) return;  // a real choice: wait for the player
    // R11: forced steps are applied by the engine and logged (G16: with none, a pass).
    Judgment pass;
    pass.seat = seat;
    judge(options.empty() ? pass : options[0], true);
  }
  resolve_trick();
}

void HinodeState::resolve_trick() {
  Trick& t = b_.trick;
  const std::size_t n = static_cast<std::size_t>(b_.players);
  TrickResult r;
  r.round = b_.round;
  r.battle.assign(n, 0);
  r.support.assign(n, 0);
  r.income.assign(n, 0);
  const int ev1 = t.play_of(t.b1).ev;
  if (t.b2 < 0) {
    r.strength1 = ev1;  // R12.1: a lone lead scores its own value
    r.battle[t.b1] = ev1;
    b_.stats.lone++;
  } else {
    // R12.2: strength = own ev + the supporters' ev; the difference goes to the stronger.
    r.strength1 = ev1;
    r.strength2 = t.play_of(t.b2).ev;
    for (const Judgment& j : t.judgments)
      if (j.choice == Choice::support) (j.side == t.b1 ? r.strength1 : r.strength2) += t.play_of(j.seat).ev;
    if (r.strength1 == r.strength2) {
      b_.stats.tied++;  // G9: nobody scores, supporters included
    } else {
      const Seat winner = r.strength1 > r.strength2 ? t.b1 : t.b2;
      if (winner == t.b2) b_.stats.b2_wins++;
      r.battle[winner] = std::abs(r.strength1 - r.strength2);
      for (const Judgment& j : t.judgments)
        if (j.choice == Choice::support && j.side == winner) r.support[j.seat] = t.play_of(j.seat).ev;  // G17
    }
  }
  // R12.3: income by k counted at the start of the trick.
  for (Seat s = 0; s < b_.players; ++s) {
    const SkillList& skills = *b_.p[s].skills;
    r.income[s] = skills.income_vp(t.k[s]);
    if (r.income[s] > 0) b_.stats.income++;
    if (skills.boost_amount(t.k[s]) > 0) b_.stats.value_plus_active++;
    if (skills.recall_limit(t.k[s]) > 0) b_.stats.recall_active++;
  }
  for (Seat s = 0; s < b_.players; ++s) {
    b_.p[s].vp += r.battle[s] + r.support[s] + r.income[s];
    b_.stats.vp_battle += r.battle[s];
    b_.stats.vp_support += r.support[s];
    b_.stats.vp_income += r.income[s];
  }
  // R12.4: recalled cards return to hand (publicly known there); the rest are discarded.
  for (const Play& p : t.plays) {
    if (p.hero) continue;
    if (p.recall) {
      insert_sorted(b_.p[p.seat].hand, p.card);
      insert_sorted(b_.p[p.seat].known, p.card);
    } else {
      b_.round_played.push_back(p.card);
    }
  }
  // The log says who won; the view's last_trick holds every gain.
  Seat winner = -1;
  for (Seat p = 0; p < b_.players; ++p)
    if (r.battle[p] > 0) winner = p;
  b_.log.add({{"type", "resolve"},
              {"strength", {r.strength1, r.strength2}},
              {"winner", winner < 0 ? Json(nullptr) : Json(winner)},
              {"next_leader", t.b1}});
  r.trick = t;
  b_.last = std::make_shared<const TrickResult>(std::move(r));
  note_last_trick();
  // R12.5: B1 leads next, even if it lost the battle (G10).
  const int number = t.number;
  const Seat next = t.b1;
  b_.trick = Trick{};
  b_.trick.number = number + 1;
  b_.trick.leader = next;
  b_.phase = Phase::play;
  if (number == kTricks) end_round();
}

std::vector<Seat> HinodeState::to_act() const {
  switch (b_.phase) {
    case Phase::play: return {b_.to_play()};
    case Phase::judgment: return {b_.judge()};
    case Phase::round_end_keep: {
      std::vector<Seat> out;  // simultaneous: everyone who has not chosen yet
      for (Seat s = 0; s < b_.players; ++s)
        if (!b_.keep_of(b_.round, s)) out.push_back(s);
      return out;
    }
    case Phase::game_over: return {};
  }
  return {};
}

// The one list of legal actions, written as text (members in key order: "area", "boost",
// "card", "recall" and "side" all sort before "type").
void HinodeState::list_legal(ActionList& out, Seat seat) const {
  if (seat < 0 || seat >= b_.players) return;
  switch (b_.phase) {
    case Phase::play:
      if (seat == b_.to_play()) list_plays(out, seat);
      return;
    case Phase::judgment:
      if (seat != b_.judge()) return;
      for (const Judgment& j : judgment_options(seat)) {
        TextWriter& w = out.add().open_object();
        if (j.choice == Choice::support) w.key("side").num(j.side).key("type").str("support");
        else w.key("area").str(b_.map->areas[j.area].id).key("type").str("occupy");
        w.close_object();
      }
      return;
    case Phase::round_end_keep:
      if (b_.keep_of(b_.round, seat)) return;
      out.add().open_object().key("card").null().key("type").str("keep").close_object();
      for (Card c : b_.p[seat].hand) out.add().open_object().key("card").str(card_id(c)).key("type").str("keep").close_object();
      return;
    case Phase::game_over: return;
  }
}

void HinodeState::do_apply(Seat seat, const Json& action) {
  const std::string& type = action.at("type").get_ref<const std::string&>();
  if (type == "play") {
    play(seat, action);
  } else if (type == "keep") {
    keep(seat, action);
  } else {
    Judgment j;  // a support or an occupation from the legal list
    j.seat = seat;
    if (type == "support") {
      j.choice = Choice::support;
      j.side = action.at("side").get<int>();
    } else {
      j.choice = Choice::occupy;
      j.area = b_.map->find(action.at("area").get<std::string>());
    }
    judge(j, false);
    advance_judgment();
  }
}

}  // namespace nyan::hinode
