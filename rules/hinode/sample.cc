// Hinode Yokocho: a full position rebuilt from one seat's view, for bots
// (Game::sample_from_view). The map, the skills and the off-suit rule come from the room's
// options, the tribes from the view; markers, VP, the trick and the last trick, hand sizes,
// the recalled cards known in hands, the voids and the carried and kept cards are copied.
// Hidden are the other hands' cards beyond the known ones and the undealt cards: every card
// of the round less those in sight (own hand, this round's played cards, the trick, the
// known cards of other hands), dealt so that no hand holds a suit its owner showed void in
// (R5 must-follow), most constrained hand first. A hidden carried or kept card of another
// seat is one of the cards its new hand holds. Past rounds are kept only as far as the
// view shows them (the viewer's own discards).
#include <algorithm>
#include <stdexcept>

#include "rules/hinode/hinode.h"
#include "rules/hinode/hinode_game.h"

namespace nyan::hinode {

namespace {

Card card_at(const Json& id) {
  const auto c = card_from_id(id.get<std::string>());
  if (!c) throw std::invalid_argument("not a card");
  return *c;
}

std::vector<Card> cards_at(const Json& list) {
  std::vector<Card> out;
  for (const Json& c : list) out.push_back(card_at(c));
  return out;
}

Suit suit_at(const Json& letter) {
  const auto s = suit_from_letter(letter.get<std::string>());
  if (!s) throw std::invalid_argument("not a suit");
  return *s;
}

Phase phase_of(const std::string& name) {
  if (name == "play") return Phase::play;
  if (name == "judgment") return Phase::judgment;
  if (name == "round_end_keep") return Phase::round_end_keep;
  if (name == "game_over") return Phase::game_over;
  throw std::invalid_argument("not a phase");
}

Seat seat_or_none(const Json& j) { return j.is_null() ? -1 : j.get<Seat>(); }

Trick trick_at(const Json& j, const MapDef& map) {
  Trick t;
  t.number = j.at("number").get<int>();
  t.leader = j.at("leader").get<Seat>();
  if (const Json& lead = j.at("lead"); !lead.is_null()) t.lead = suit_at(lead);
  for (const Json& p : j.at("plays")) {
    Play play;
    play.seat = p.at("seat").get<Seat>();
    const std::string id = p.at("card").get<std::string>();
    play.hero = hero_from_id(id).has_value();
    play.card = play.hero ? kNoCard : card_at(p.at("card"));
    play.ev = p.at("ev").get<int>();
    play.boost = p.value("boost", false);
    play.recall = p.value("recall", false);
    play.carried = p.value("carried", false);
    t.plays.push_back(play);
  }
  if (const auto k = j.find("k"); k != j.end()) t.k = k->get<std::vector<int>>();
  t.b1 = seat_or_none(j.at("b1"));
  t.b2 = seat_or_none(j.at("b2"));
  t.order = j.at("order").get<std::vector<Seat>>();
  for (const Json& jj : j.at("judgments")) {
    Judgment d;
    d.seat = jj.at("seat").get<Seat>();
    const std::string choice = jj.at("choice").get<std::string>();
    if (choice == "support") {
      d.choice = Choice::support;
      d.side = jj.at("side").get<Seat>();
    } else if (choice == "occupy") {
      d.choice = Choice::occupy;
      d.area = map.find(jj.at("area").get<std::string>());
      d.site = jj.at("site").get<int>();
      if (d.area < 0) throw std::invalid_argument("not an area");
    }
    d.automatic = jj.value("auto", false);
    t.judgments.push_back(d);
  }
  return t;
}

bool has(const std::vector<Card>& v, Card c) { return std::find(v.begin(), v.end(), c) != v.end(); }

}  // namespace

std::unique_ptr<State> HinodeGame::sample_from_view(const Json& options, Seat seat, const Json& view,
                                                    Rng& rng) const {
  if (view.at("game") != "hinode") return nullptr;
  Board b;
  b.players = options.at("players").get<int>();
  const int n = b.players;
  if (seat < 0 || seat >= n) return nullptr;
  b.phase = phase_of(view.at("phase").get<std::string>());
  if (b.phase == Phase::game_over) return nullptr;
  MapDef map;
  SkillTable skills;
  if (!map_from_option(options.at("map"), n, map) || !skills_from_option(options.at("skills"), skills)) return nullptr;
  b.map = std::make_shared<const MapDef>(std::move(map));
  b.skill_table = std::make_shared<const SkillTable>(std::move(skills));
  b.offsuit = options.at("offsuit_area") == "played" ? OffsuitArea::played : OffsuitArea::lead;
  b.round = view.at("round").get<int>();
  b.first_leader = view.at("first_leader").get<Seat>();
  const Json& areas = view.at("map").at("areas");
  if (areas.size() != b.map->areas.size()) return nullptr;
  for (const Json& a : areas) b.occupants.push_back(a.at("occupants").get<std::vector<Seat>>());
  b.round_played = cards_at(view.at("played_this_round"));
  if (const Json& t = view.at("trick"); !t.is_null()) b.trick = trick_at(t, *b.map);
  if (const Json& last = view.at("last_trick"); !last.is_null()) {
    TrickResult r;
    r.trick = trick_at(last, *b.map);
    r.round = last.at("round").get<int>();
    r.strength1 = last.at("strength").at(0).get<int>();
    r.strength2 = last.at("strength").at(1).get<int>();
    r.battle = last.at("battle_vp").get<std::vector<int>>();
    r.support = last.at("support_vp").get<std::vector<int>>();
    r.income = last.at("income_vp").get<std::vector<int>>();
    b.last = std::make_shared<const TrickResult>(std::move(r));
  }
  if (b.phase == Phase::round_end_keep) {  // after the sixth trick: B1 of it leads the next round
    if (!b.last) return nullptr;
    b.trick.number = kTricks + 1;
    b.trick.leader = b.last->trick.b1;
  }

  // Cards in sight this round.
  std::vector<Card> in_sight = b.round_played;
  for (const Play& p : b.trick.plays)
    if (!p.hero) in_sight.push_back(p.card);
  const Json& players = view.at("players");
  if (players.size() != static_cast<std::size_t>(n)) return nullptr;
  b.p.resize(static_cast<std::size_t>(n));
  std::vector<int> hidden(static_cast<std::size_t>(n), 0);
  std::vector<bool> carried_hidden(static_cast<std::size_t>(n), false), keep_hidden(static_cast<std::size_t>(n), false);
  b.past.resize(static_cast<std::size_t>(b.round - 1));
  for (PastRound& pr : b.past) {
    pr.end_hand.assign(static_cast<std::size_t>(n), {});
    pr.known_at_end.assign(static_cast<std::size_t>(n), {});
    pr.voids.assign(static_cast<std::size_t>(n), 0);
  }
  for (Seat s = 0; s < n; ++s) {
    const Json& j = players.at(static_cast<std::size_t>(s));
    Player& pl = b.p[s];
    const auto tribe = tribe_from_id(j.at("tribe").get<std::string>());
    if (!tribe) return nullptr;
    pl.tribe = *tribe;
    pl.skills = for_tribe_shared(b.skill_table, pl.tribe);
    pl.hero_used = j.at("hero_used").get<bool>();
    pl.vp = j.at("vp").get<int>();
    pl.recalls_used = j.at("recalls_used").get<int>();
    pl.known = cards_at(j.at("known_in_hand"));
    for (const Json& v : j.at("voids")) pl.voids |= suit_bit(suit_at(v));
    if (s == seat) {
      pl.hand = cards_at(j.at("hand"));
      in_sight.insert(in_sight.end(), pl.hand.begin(), pl.hand.end());
    } else {
      pl.hand = pl.known;
      in_sight.insert(in_sight.end(), pl.known.begin(), pl.known.end());
      hidden[s] = j.at("hand_count").get<int>() - static_cast<int>(pl.known.size());
      if (hidden[s] < 0) return nullptr;
    }
    // The card carried into this round (the keep of the last round).
    if (const Json& c = j.at("carried"); !c.is_null()) {
      KeepRecord k{b.round - 1, s, kNoCard, c == "none"};
      if (c == "hidden") carried_hidden[s] = true;
      else if (c != "none") {
        k.card = card_at(c);
        k.revealed = s != seat || !has(pl.hand, k.card);  // the own card opens when played
      }
      b.keeps.push_back(k);
    }
    if (const auto keep = j.find("keep"); keep != j.end() && *keep != "waiting") {
      KeepRecord k{b.round, s, kNoCard, false};
      if (*keep == "chosen") keep_hidden[s] = true;
      else if (*keep != "none") k.card = card_at(*keep);
      b.keeps.push_back(k);
    }
    if (s == seat)
      if (const auto disc = j.find("discarded"); disc != j.end()) {
        if (disc->size() != b.past.size()) return nullptr;
        for (std::size_t r = 0; r < b.past.size(); ++r) b.past[r].end_hand[s] = cards_at(disc->at(r));
      }
  }
  // The own past-round hand held the kept card too (a view shows the discards without it).
  for (const KeepRecord& k : b.keeps)
    if (k.seat == seat && k.card != kNoCard && k.round < b.round) {
      std::vector<Card>& h = b.past[static_cast<std::size_t>(k.round - 1)].end_hand[seat];
      h.push_back(k.card);
      std::sort(h.begin(), h.end());
    }

  // Deal the unseen cards: hands most constrained (fewest suits allowed) first, then undealt.
  std::vector<Card> unseen;
  for (Card c : game_cards(n))
    if (!has(in_sight, c)) unseen.push_back(c);
  const std::size_t undealt_n = view.at("undealt_count").get<std::size_t>();
  std::size_t places = undealt_n;
  for (int h : hidden) places += static_cast<std::size_t>(h);
  if (places != unseen.size()) return nullptr;
  std::vector<Seat> order;
  for (Seat s = 0; s < n; ++s)
    if (s != seat) order.push_back(s);
  std::sort(order.begin(), order.end(),
            [&](Seat x, Seat y) { return __builtin_popcount(b.p[x].voids) > __builtin_popcount(b.p[y].voids); });
  bool dealt = false;
  std::vector<std::vector<Card>> hands;
  std::vector<Card> rest;
  for (int attempt = 0; attempt < 100 && !dealt; ++attempt) {
    rest = unseen;
    rng.shuffle(rest);
    hands.assign(static_cast<std::size_t>(n), {});
    dealt = true;
    for (Seat s : order) {
      for (int i = 0; i < hidden[s]; ++i) {
        const auto it = std::find_if(rest.begin(), rest.end(),
                                     [&](Card c) { return !(b.p[s].voids & suit_bit(suit_of(c))); });
        if (it == rest.end()) {
          dealt = false;
          break;
        }
        hands[s].push_back(*it);
        rest.erase(it);
      }
      if (!dealt) break;
    }
  }
  if (!dealt) return nullptr;
  for (Seat s : order) {
    std::vector<Card>& h = b.p[s].hand;
    h.insert(h.end(), hands[s].begin(), hands[s].end());
    std::sort(h.begin(), h.end());
  }
  b.undealt = rest;
  std::sort(b.undealt.begin(), b.undealt.end());
  for (KeepRecord& k : b.keeps) {
    const bool hidden_card = k.round < b.round ? carried_hidden[k.seat] : keep_hidden[k.seat];
    if (!hidden_card) continue;
    // A hidden carried card is one not known to be in the hand (a known one was recalled
    // after play, which opened it); a hidden keep may be any card of the hand.
    const std::vector<Card>& pool = k.round < b.round ? hands[k.seat] : b.p[k.seat].hand;
    if (pool.empty()) return nullptr;
    k.card = pool[rng.uniform(pool.size())];
  }
  b.log.restore(view.at("log"));
  return std::make_unique<HinodeState>(std::move(b), std::make_unique<SplitMix>(rng.next_u64()));
}

}  // namespace nyan::hinode
