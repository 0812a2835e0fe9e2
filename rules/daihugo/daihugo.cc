// Nyanya Dai Hugo: turns (R7-R12, R21, R22): who acts, the legal actions, plays, passes and
// the solo draw.
#include <algorithm>

#include "rules/core/seats.h"
#include "rules/daihugo/daihugo.h"

namespace nyan::daihugo {

namespace {

Play play_from_json(const Json& cards) {
  Play p;
  for (const Json& e : cards) {
    const Card c = *card_from_name(e.at("id").get<std::string>());
    p.push_back(Elem{c, is_wild(c) ? e.at("as").get<int>() : number_of(c), e.value("double", false)});
  }
  return p;
}

}  // namespace

std::string phase_name(Phase p) {
  switch (p) {
    case Phase::wild_swap: return "wild_swap";
    case Phase::reveal: return "reveal";
    case Phase::play: return "play";
    case Phase::solo_take: return "solo_take";
    case Phase::game_over: return "game_over";
  }
  return "play";
}

DaihugoState::DaihugoState(Board board, std::unique_ptr<Rng> rng)
    : b_(std::move(board)), rng_(std::move(rng)) {}

std::vector<Seat> DaihugoState::to_act() const {
  switch (b_.phase) {
    case Phase::reveal: {
      std::vector<Seat> out;  // simultaneous: everyone who has not picked yet
      for (Seat s = 0; s < b_.n(); ++s)
        if (!b_.picked(s)) out.push_back(s);
      return out;
    }
    case Phase::wild_swap:
    case Phase::play:
    case Phase::solo_take: return {b_.current};
    case Phase::game_over: return {};
  }
  return {};
}

Requirement DaihugoState::requirement() const {
  Requirement r;
  if (b_.solo()) return r;  // R21: every solo turn is a free lead
  if (b_.opening && !b_.trick.open()) {
    r.kind = b_.settings.opening_containing ? Requirement::opening_containing : Requirement::opening_exact;
    r.opening = *b_.opening;
  } else if (b_.trick.open()) {
    r.kind = Requirement::follow;
    r.last = b_.trick.plays.back().combo;
  }
  return r;
}

// The one list of legal actions, written as text (its members in key order: "as", "card",
// "cards", "from" and "take" all sort before "type").
void DaihugoState::list_legal(ActionList& out, Seat seat) const {
  if (seat < 0 || seat >= b_.n() || over()) return;
  const Hand hand = b_.hands[seat];
  const auto card_action = [&](const char* type, const char* key, std::string_view card) {
    out.add().open_object().key(key).str(card).key("type").str(type).close_object();
  };
  switch (b_.phase) {
    case Phase::wild_swap:
      if (seat == b_.current)
        for (Card w : {kBlackWild, kWhiteWild}) card_action("swap_wild", "card", card_name(w));
      break;
    case Phase::reveal:
      if (b_.picked(seat)) break;  // G6: final once submitted
      for (Card c : cards_of(hand)) {
        if (!is_wild(c)) {
          card_action("reveal", "card", card_name(c));
          continue;
        }
        for (int n = 1; n <= kMaxNumber; ++n)
          out.add().open_object().key("as").num(n).key("card").str(card_name(c)).key("type").str("reveal").close_object();
      }
      break;
    case Phase::play:
      if (seat != b_.current) break;
      for (const Play& p : legal_plays(hand, requirement())) {
        TextWriter& w = out.add().open_object().key("cards");
        write_play(w, p);
        w.key("type").str("play").close_object();
      }
      if (!b_.solo() && b_.trick.open()) {  // R8: a leader may not pass; G9: no solo pass
        if (b_.field == 0) out.add().open_object().key("type").str("pass").close_object();
        for (Card c : cards_of(b_.field)) card_action("pass", "take", card_name(c));
      }
      break;
    case Phase::solo_take:
      if (seat != b_.current) break;
      for (Card c : cards_of(b_.field)) card_action("solo_take", "from", card_name(c));
      if (!b_.pile.empty()) card_action("solo_take", "from", "pile");
      break;
    case Phase::game_over: break;
  }
}

void DaihugoState::do_apply(Seat seat, const Json& a) {
  const std::string& type = a.at("type").get_ref<const std::string&>();
  if (type == "swap_wild") {
    swap_wild(*card_from_name(a.at("card").get<std::string>()));
  } else if (type == "reveal") {
    const Card c = *card_from_name(a.at("card").get<std::string>());
    reveal(seat, Elem{c, is_wild(c) ? a.at("as").get<int>() : number_of(c), false});
  } else if (type == "play") {
    play(play_from_json(a.at("cards")));
  } else if (type == "pass") {
    std::optional<Card> take;
    if (a.contains("take")) take = card_from_name(a["take"].get<std::string>());
    pass(take);
  } else {
    solo_take(a.at("from").get<std::string>());
  }
}

void DaihugoState::play(const Play& p) {
  const Seat s = b_.current;
  const Combo c = *classify(p);
  const Hand h = play_hand(p);
  b_.played_unshown[s] |= h & ~b_.shown[s];
  b_.hands[s] &= ~h;
  b_.shown[s] &= ~h;
  b_.opening.reset();
  b_.turns++;
  b_.plays++;
  Json ev = {{"type", "play"}, {"seat", s}, {"cards", play_json(p)}};
  if (b_.solo()) {
    ev["turn"] = b_.solo_turn;
    b_.log.add(std::move(ev));
    b_.cleared |= h;
    b_.solo_turns.push_back(SoloTurn{b_.solo_turn, p, c.size, ""});
    after_solo_play(c.size);
    return;
  }
  b_.log.add(std::move(ev));
  b_.trick.plays.push_back(PlayRecord{s, p, c});
  b_.trick.passes = 0;
  if (b_.hands[s] == 0) {  // R13: only a play can empty a hand
    end_round(s);
    return;
  }
  b_.current = next_seat(s, b_.n());
}

void DaihugoState::pass(std::optional<Card> take) {
  // R10, G8: the passer must take a field card when there is one; R11: refill.
  const Seat s = b_.current;
  b_.turns++;
  b_.passes++;
  Json ev = {{"type", "pass"}, {"seat", s}};
  if (take) {
    b_.hands[s] |= bit(*take);
    b_.shown[s] |= bit(*take);
    ev["take"] = card_name(*take);
    if (std::optional<Card> refill = take_from_field(b_, *take)) ev["refill"] = card_name(*refill);
  }
  b_.log.add(std::move(ev));
  // R12, G7: N-1 consecutive passes clear the trick; its last player leads.
  if (++b_.trick.passes == b_.n() - 1) {
    for (const PlayRecord& r : b_.trick.plays) b_.cleared |= play_hand(r.play);
    const Seat leader = b_.trick.plays.back().seat;
    b_.trick = Trick{};
    b_.current = leader;
    b_.log.add({{"type", "trick_cleared"}, {"leader", leader}});
    return;
  }
  b_.current = next_seat(s, b_.n());
}

Card draw_pile_top(Board& b, Seat s) {
  const bool known = b.bottom_known() && b.pile.size() == 1;  // the swapped wild
  const Card c = b.pile.front();
  b.pile.erase(b.pile.begin());
  b.hands[s] |= bit(c);
  if (known) b.shown[s] |= bit(c);
  return c;
}

void DaihugoState::after_solo_play(int size) {
  // R22, R23, G14.
  if (b_.hands[0] == 0) {
    b_.phase = Phase::game_over;
    b_.reason = "solo_cleared";
    b_.log.add({{"type", "game_over"}, {"reason", b_.reason}, {"turns", b_.solo_turn}});
    return;
  }
  if (size >= b_.solo_turn && (b_.field != 0 || !b_.pile.empty())) {
    b_.phase = Phase::solo_take;
    return;
  }
  if (!b_.pile.empty()) {
    const Card c = draw_pile_top(b_, 0);
    b_.solo_turns.back().took = "pile";
    b_.log.add({{"type", "solo_draw"}, {"seat", 0}, {"from", "pile"}}, {0}, {{"card", card_name(c)}});
  }
  b_.solo_turn++;
}

void DaihugoState::solo_take(const std::string& from) {
  if (from == "pile") {
    const Card c = draw_pile_top(b_, 0);
    b_.log.add({{"type", "solo_draw"}, {"seat", 0}, {"from", "pile"}}, {0}, {{"card", card_name(c)}});
  } else {
    const Card c = *card_from_name(from);
    b_.hands[0] |= bit(c);
    b_.shown[0] |= bit(c);
    Json ev = {{"type", "solo_draw"}, {"seat", 0}, {"from", from}};
    if (std::optional<Card> refill = take_from_field(b_, c)) ev["refill"] = card_name(*refill);
    b_.log.add(std::move(ev));
  }
  b_.solo_turns.back().took = from;
  b_.solo_turn++;
  b_.phase = Phase::play;
}

namespace {

// R24: the turn count, a success within the target.
Outcome solo_outcome(const Board& b) {
  Outcome o;
  o.reason = b.reason;
  const int t = b.solo_turn;
  if (b.forfeit) {  // forfeit: given up in turn t, never cleared
    o.scores = {t};
    o.turns = t;
    o.details = {{"forfeit", *b.forfeit},
                 {"success", false},
                 {"target", b.settings.solo_target},
                 {"stats", {{"success", 0}, {"wild_swaps", b.wild_swaps}}}};
    return o;
  }
  const bool success = t <= b.settings.solo_target;
  if (success) o.winners = {0};
  o.scores = {t};
  o.turns = t;
  o.details = {{"cleared_turns", t},
               {"success", success},
               {"target", b.settings.solo_target},
               {"stats", {{"cleared_turns", t}, {"success", success ? 1 : 0}, {"wild_swaps", b.wild_swaps}}}};
  return o;
}

// §7: fewest tails first (single_round: the penalty, the circles left in hand at the end);
// equal values share a rank. A seat that forfeited comes last (header comment).
Json standings(const Board& b, const std::vector<int>& penalties) {
  const std::vector<int>& value = b.settings.single_round ? penalties : b.tails;
  const auto key = [&](Seat s) { return std::make_pair(b.forfeit == s, value[s]); };
  std::vector<Seat> order;
  for (Seat s = 0; s < b.n(); ++s) order.push_back(s);
  std::stable_sort(order.begin(), order.end(), [&](Seat x, Seat y) { return key(x) < key(y); });
  Json out = Json::array();
  for (std::size_t i = 0; i < order.size(); ++i) {
    const Seat s = order[i];
    const int rank = i > 0 && key(s) == key(order[i - 1]) ? out.back()["rank"].get<int>() : static_cast<int>(i) + 1;
    out.push_back({{"seat", s}, {"rank", rank}, {"tails", b.tails[s]}, {"penalty", penalties[s]}});
  }
  return out;
}

}  // namespace

Outcome DaihugoState::outcome() const {
  if (!over()) return Outcome{};
  if (b_.solo()) return solo_outcome(b_);
  Outcome o;
  o.reason = b_.reason;
  // The hands at the end and the circles left in them: the last round's (R14), or after a
  // forfeit the round in play's, unscored.
  std::vector<Hand> end_hands = b_.hands;
  std::vector<int> penalties;
  if (b_.forfeit) {
    for (Hand h : end_hands) penalties.push_back(penalty(h));
  } else {
    end_hands = b_.results.back().hands;
    penalties = b_.results.back().penalties;
  }
  int losers = 0;
  for (Seat s = 0; s < b_.n(); ++s) {  // R16, G11, G12; a forfeit (header comment)
    const bool loses = b_.forfeit                  ? s == *b_.forfeit
                       : b_.settings.single_round ? s != b_.results.back().winner
                                                  : b_.tails[s] >= 5;
    if (loses) losers++;
    else o.winners.push_back(s);
    o.scores.push_back(b_.tails[s]);
  }
  Json rounds = Json::array();
  for (const RoundResult& r : b_.results) rounds.push_back(result_json(r));
  Json hands = Json::array();
  for (Hand h : end_hands) hands.push_back(hand_json(h));
  o.turns = b_.turns;
  o.details = {{"standings", standings(b_, penalties)},
               {"tails", b_.tails},
               {"rounds_played", static_cast<int>(b_.results.size())},
               {"rounds", rounds},
               {"hands", hands},
               {"stats",
                {{"rounds", static_cast<int>(b_.results.size())},
                 {"plays", b_.plays},
                 {"passes", b_.passes},
                 {"wild_swaps", b_.wild_swaps},
                 {"losers", losers},
                 {"max_tails", *std::max_element(b_.tails.begin(), b_.tails.end())}}}};
  if (b_.forfeit) o.details["forfeit"] = *b_.forfeit;
  return o;
}

}  // namespace nyan::daihugo
