// Hinode Yokocho: setup and rounds (R1, R2, R13-R15): the deal with carry-over, the
// simultaneous round-end keep, marker retention, the end bonuses and the ranking.
#include <algorithm>

#include "rules/hinode/hinode.h"

namespace nyan::hinode {

int Board::markers_on_map(Seat s) const {
  int n = 0;
  for (const auto& occ : occupants) n += static_cast<int>(std::count(occ.begin(), occ.end(), s));
  return n;
}

int Board::k(Seat s, Suit suit) const {
  int n = 0;
  for (std::size_t a = 0; a < map->areas.size(); ++a)
    if (map->areas[a].suit == suit) n += static_cast<int>(std::count(occupants[a].begin(), occupants[a].end(), s));
  return n;
}

Seat Board::judge() const {
  if (phase != Phase::judgment || trick.judgments.size() >= trick.order.size()) return -1;
  return trick.order[trick.judgments.size()];
}

const KeepRecord* Board::keep_of(int r, Seat s) const {
  for (const KeepRecord& k : keeps)
    if (k.round == r && k.seat == s) return &k;
  return nullptr;
}

KeepRecord* Board::keep_of(int r, Seat s) {
  return const_cast<KeepRecord*>(static_cast<const Board&>(*this).keep_of(r, s));
}

Card Board::carried(Seat s) const {
  const KeepRecord* k = keep_of(round - 1, s);
  return k && !k->revealed ? k->card : kNoCard;
}

Board new_game(int players, std::vector<int> tribes, std::optional<Seat> first_player, MapDef map,
               const SkillTable& skills, OffsuitArea offsuit, Rng& rng) {
  Board b;
  b.players = players;
  b.map = std::make_shared<const MapDef>(std::move(map));
  b.offsuit = offsuit;
  b.occupants.assign(b.map->areas.size(), {});
  b.p.resize(static_cast<std::size_t>(players));
  b.skill_table = std::make_shared<const SkillTable>(skills);
  for (Seat s = 0; s < players; ++s) {
    b.p[s].tribe = tribes[s];
    b.p[s].skills = for_tribe_shared(b.skill_table, tribes[s]);
  }
  // Random step 1 (G15): the first leader, unless the room fixed it.
  b.first_leader = first_player ? *first_player : static_cast<Seat>(rng.uniform(static_cast<std::uint64_t>(players)));
  b.trick.leader = b.first_leader;
  deal_round(b, rng);
  return b;
}

void deal_round(Board& b, Rng& rng) {
  // R2: every card of the game except the carried ones, in components-table order.
  std::vector<Card> cards;
  for (Card c : game_cards(b.players)) {
    const bool carried = std::any_of(b.p.begin(), b.p.end(), [&](const Player& pl) {
      return std::find(pl.hand.begin(), pl.hand.end(), c) != pl.hand.end();
    });
    if (!carried) cards.push_back(c);
  }
  rng.shuffle(cards);  // random step 2
  // G13: one card at a time from the front, clockwise from the leader, skipping full hands.
  std::size_t next = 0;
  for (Seat s = b.trick.leader;; s = (s + 1) % b.players) {
    if (std::all_of(b.p.begin(), b.p.end(), [](const Player& pl) { return pl.hand.size() >= kHandSize; })) break;
    if (b.p[s].hand.size() < kHandSize) b.p[s].hand.push_back(cards[next++]);
  }
  for (Player& pl : b.p) std::sort(pl.hand.begin(), pl.hand.end());
  b.undealt.assign(cards.begin() + static_cast<std::ptrdiff_t>(next), cards.end());
  b.log.add({{"type", "deal"}, {"round", b.round}, {"leader", b.trick.leader}});
}

void HinodeState::end_round() {
  int occupied = 0;
  for (const auto& occ : b_.occupants) occupied += static_cast<int>(occ.size());
  b_.stats.fill_pct.push_back(occupied * 100 / std::max(1, b_.map->total_sites()));
  if (b_.round < kRounds) {
    b_.phase = Phase::round_end_keep;  // R13.1
    b_.log.add({{"type", "round_end"}, {"round", b_.round}});
  } else {
    final_scoring();  // R14 (G14: no keep, no retention in round 3)
  }
}

void HinodeState::keep(Seat seat, const Json& action) {
  const Json& card = action.at("card");
  const Card c = card.is_null() ? kNoCard : *card_from_id(card.get<std::string>());
  b_.keeps.push_back(KeepRecord{b_.round, seat, c, false});
  // Everyone learns that the seat has chosen; only the seat sees what.
  b_.log.add({{"type", "keep_chosen"}, {"seat", seat}}, {seat}, {{"card", card}});
  if (to_act().empty()) finish_keeps();
}

void HinodeState::finish_keeps() {
  PastRound pr;
  pr.undealt = b_.undealt;
  Json kept = Json::array();
  for (Seat s = 0; s < b_.players; ++s) {
    Player& pl = b_.p[s];
    pr.end_hand.push_back(pl.hand);
    pr.known_at_end.push_back(pl.known);
    pr.voids.push_back(pl.voids);
    KeepRecord* k = b_.keep_of(b_.round, s);
    if (k->card == kNoCard) k->revealed = true;  // kept nothing: public once all have chosen
    kept.push_back(k->card != kNoCard);
    // R13.1: the rest of the hand goes face down to the discard pile.
    pl.hand = k->card == kNoCard ? std::vector<Card>{} : std::vector<Card>{k->card};
    pl.known.clear();
    pl.voids = 0;
    pl.recalls_used = 0;
  }
  b_.past.push_back(std::move(pr));
  // R13.2: each area keeps the markers on sites 1..r.
  int returned = 0;
  for (auto& occ : b_.occupants)
    if (static_cast<int>(occ.size()) > b_.round) {
      returned += static_cast<int>(occ.size()) - b_.round;
      occ.resize(static_cast<std::size_t>(b_.round));
    }
  b_.log.add({{"type", "keep"}, {"round", b_.round}, {"kept", kept}, {"markers_returned", returned}});
  // R13.3: the leader carries over; next round.
  b_.round++;
  b_.trick.number = 1;
  b_.round_played.clear();
  b_.phase = Phase::play;
  deal_round(b_, *rng_);
}

namespace {

// R14: the player with most markers in the area; a tie goes to the tied player on the
// highest-numbered site. -1 for an empty area.
Seat majority_holder(const std::vector<Seat>& occ, int players) {
  std::vector<int> count(static_cast<std::size_t>(players), 0);
  for (Seat s : occ) count[s]++;
  const int most = *std::max_element(count.begin(), count.end());
  if (most == 0) return -1;
  for (std::size_t i = occ.size(); i-- > 0;)
    if (count[occ[i]] == most) return occ[i];
  return -1;
}

// G11: the size of the largest connected group of areas holding one of the seat's markers.
int largest_group(const Board& b, Seat s) {
  const std::size_t n = b.map->areas.size();
  std::vector<bool> mine(n), seen(n);
  for (std::size_t a = 0; a < n; ++a)
    mine[a] = std::find(b.occupants[a].begin(), b.occupants[a].end(), s) != b.occupants[a].end();
  int best = 0;
  for (std::size_t start = 0; start < n; ++start) {
    if (!mine[start] || seen[start]) continue;
    int size = 0;
    std::vector<int> stack = {static_cast<int>(start)};
    seen[start] = true;
    while (!stack.empty()) {
      const int a = stack.back();
      stack.pop_back();
      ++size;
      for (int nb : b.map->areas[a].adjacent)
        if (mine[nb] && !seen[nb]) {
          seen[nb] = true;
          stack.push_back(nb);
        }
    }
    best = std::max(best, size);
  }
  return best;
}

// R15: VP, then markers on the map (G19); a remaining tie is a shared draw. A seat that
// forfeited places after every other (header comment).
void rank_players(const Board& b, FinalScore& f) {
  auto better = [&](Seat a, Seat c) {
    if (f.forfeit == a) return false;
    if (f.forfeit == c) return true;
    return b.p[a].vp != b.p[c].vp ? b.p[a].vp > b.p[c].vp : f.markers[a] > f.markers[c];
  };
  for (Seat s = 0; s < b.players; ++s) {
    int rank = 1;
    for (Seat o = 0; o < b.players; ++o)
      if (better(o, s)) ++rank;
    f.rank.push_back(rank);
    if (rank == 1) f.winners.push_back(s);
  }
}

}  // namespace

// Forfeit (header comment): ranked on the standings now, without the end bonuses.
bool HinodeState::do_forfeit(Seat seat) {
  const std::size_t n = static_cast<std::size_t>(b_.players);
  FinalScore f;
  f.forfeit = seat;
  f.majority.assign(b_.map->areas.size(), -1);
  f.majority_vp.assign(n, 0);
  f.group.assign(n, 0);
  f.dominance_vp.assign(n, 0);
  for (Seat s = 0; s < b_.players; ++s) f.markers.push_back(b_.markers_on_map(s));
  rank_players(b_, f);
  f.reason = "forfeit";
  b_.log.add({{"type", "forfeit"}, {"seat", seat}});
  b_.log.add({{"type", "game_over"}, {"winners", f.winners}, {"reason", f.reason}});
  b_.final_score = std::move(f);
  b_.phase = Phase::game_over;
  return true;
}

void HinodeState::final_scoring() {
  const std::size_t n = static_cast<std::size_t>(b_.players);
  FinalScore f;
  f.majority_vp.assign(n, 0);
  f.group.assign(n, 0);
  f.dominance_vp.assign(n, 0);
  for (const auto& occ : b_.occupants) {
    const Seat holder = majority_holder(occ, b_.players);
    f.majority.push_back(holder);
    if (holder >= 0) f.majority_vp[holder] += 3;
  }
  for (Seat s = 0; s < b_.players; ++s) {
    f.group[s] = largest_group(b_, s);
    f.dominance_vp[s] = f.group[s] >= 2 ? 2 * f.group[s] : 0;
    b_.p[s].vp += f.majority_vp[s] + f.dominance_vp[s];
    f.markers.push_back(b_.markers_on_map(s));
  }
  rank_players(b_, f);
  const Seat w = f.winners[0];
  const bool vp_tie = std::any_of(b_.p.begin(), b_.p.end(),
                                  [&](const Player& pl) { return &pl != &b_.p[w] && pl.vp == b_.p[w].vp; });
  f.reason = f.winners.size() > 1 ? "draw" : vp_tie ? "markers" : "vp";
  b_.log.add({{"type", "game_over"}, {"winners", f.winners}, {"reason", f.reason}});
  b_.final_score = std::move(f);
  b_.phase = Phase::game_over;
}

Outcome HinodeState::outcome() const {
  Outcome o;
  if (!b_.final_score) return o;
  const FinalScore& f = *b_.final_score;
  o.winners = f.winners;
  o.reason = f.reason;
  o.turns = f.forfeit ? b_.tricks_resolved() : kRounds * kTricks;
  std::vector<int> vp;
  for (const Player& pl : b_.p) {
    vp.push_back(pl.vp);
    o.scores.push_back(pl.vp);
  }
  Json areas = Json::array();
  for (std::size_t a = 0; a < b_.map->areas.size(); ++a)
    areas.push_back({{"area", b_.map->areas[a].id}, {"majority", f.majority[a] < 0 ? Json(nullptr) : Json(f.majority[a])}});
  Json players = Json::array();
  for (Seat s = 0; s < b_.players; ++s)
    players.push_back({{"seat", s},
                       {"vp", b_.p[s].vp},
                       {"majority_vp", f.majority_vp[s]},
                       {"group", f.group[s]},
                       {"dominance_vp", f.dominance_vp[s]},
                       {"markers", f.markers[s]},
                       {"rank", f.rank[s]}});
  // Per-game figures for `simulate` (integers; it prints mean, p50, min and max of each).
  const Counters& c = b_.stats;
  Json st = {{"fires_income", c.income},       {"fires_value_plus", c.value_plus},
             {"fires_recall", c.recall},       {"fires_hero", c.hero},
             {"active_value_plus", c.value_plus_active}, {"active_recall", c.recall_active},
             {"battles_lone", c.lone},         {"battles_tied", c.tied},
             {"battles_won_by_b2", c.b2_wins}, {"judgment_supports", c.supports},
             {"judgment_occupations", c.occupations}, {"judgment_passes", c.passes},
             {"vp_from_battle", c.vp_battle},  {"vp_from_support", c.vp_support},
             {"vp_from_income", c.vp_income},  {"draw", f.winners.size() > 1 ? 1 : 0},
             {"decided_by_markers", f.reason == "markers" ? 1 : 0}};
  int maj = 0, dom = 0;
  for (Seat s = 0; s < b_.players; ++s) {
    st["vp_seat" + std::to_string(s)] = b_.p[s].vp;
    maj += f.majority_vp[s];
    dom += f.dominance_vp[s];
  }
  st["vp_from_majority"] = maj;
  st["vp_from_dominance"] = dom;
  std::vector<int> sorted = vp;
  std::sort(sorted.rbegin(), sorted.rend());
  st["vp_first"] = sorted.front();
  st["vp_last"] = sorted.back();
  st["vp_spread_first_last"] = sorted.front() - sorted.back();
  st["vp_margin_first_second"] = sorted[0] - sorted[1];
  for (std::size_t r = 0; r < c.fill_pct.size(); ++r) st["map_fill_pct_round" + std::to_string(r + 1)] = c.fill_pct[r];
  o.details = {{"vp", vp}, {"areas", areas}, {"players", players}, {"stats", st}};
  if (f.forfeit) o.details["forfeit"] = *f.forfeit;
  return o;
}

}  // namespace nyan::hinode
