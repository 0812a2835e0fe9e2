#include "rules/kushine/kushine_policy.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/text_tree.h"
#include "rules/core/action_list.h"

namespace nyan::bot::kushine {

namespace {

// What a hand holds, in the order of the components table (rules §2.1).
constexpr int kTypes = 4;  // passenger, guard, sailor, cook
constexpr int kMouse = 4;
constexpr int kHandKinds = 5;
constexpr std::array<const char*, kHandKinds> kKinds = {"passenger", "guard", "sailor", "cook", "mouse"};
const char* kind(int k) { return kKinds[static_cast<std::size_t>(k)]; }
constexpr int kTanuki = 4;       // copies in the game
constexpr int kPileLimit = 6;    // R14: six piles lose
constexpr int kHandLimit = 3;    // R2

struct Pile {
  int id = 0;
  int size = 0;
};

// What one seat's view says, in the form the policy reasons with.
struct Table {
  int in_hand(int k) const { return hand[static_cast<std::size_t>(k)]; }
  int on_pier(int k) const { return pier[static_cast<std::size_t>(k)]; }

  std::string phase;
  std::vector<Pile> piles;
  std::array<int, kTypes> pier{};
  std::array<int, kHandKinds> hand{};
  int held = 0;
  int actions_left = 0;
  int players = 0;
  std::string officer;
  bool ability = false;        // this seat's ability is available (R15)
  bool captain_ready = false;  // the Captain's cancel is available
  int giver_held = 0;          // cards of the active seat's right-hand neighbour (R7)
  int tanuki_left = 0;         // Tanuki not yet drawn
  std::string peeked;          // the Mate's peeked card, while the decision is pending
  int boarded = 0;
};

int kind_index(std::string_view name) {
  for (int k = 0; k < kHandKinds; ++k)
    if (name == kKinds[static_cast<std::size_t>(k)]) return k;
  return -1;
}

Table read(const State& state, Seat me) {
  const std::string text = state.view_text(me);
  const TextTree tree(text);
  const TextTree::Ref v = tree.root();
  Table t;
  t.phase = v.at("phase").str();
  t.actions_left = v.at("actions_left").integer();
  for (const TextTree::Ref p : v.at("piles")) t.piles.push_back({p.at("id").integer(), p.at("size").integer()});
  const TextTree::Ref pier = v.at("pier");
  for (int k = 0; k < kTypes; ++k) t.pier[static_cast<std::size_t>(k)] = pier.at(kind(k)).integer();
  t.boarded = static_cast<int>(v.at("boarded").size());
  const TextTree::Ref seats = v.at("seats");
  const TextTree::Ref mine = seats.at(static_cast<std::size_t>(me));
  if (const auto hand = mine.find("hand"))
    for (const TextTree::Ref count : *hand)
      if (const int k = kind_index(count.key()); k >= 0) t.hand[static_cast<std::size_t>(k)] += count.integer();
  for (int c : t.hand) t.held += c;
  t.officer = mine.at("officer").str();
  t.ability = mine.at("ability_available").flag();
  for (const TextTree::Ref s : seats)
    if (s.at("officer").str() == "captain") t.captain_ready = s.at("ability_available").flag();
  const int n = static_cast<int>(seats.size());
  t.players = n;
  const int active = v.at("active").integer();
  t.giver_held = seats.at(static_cast<std::size_t>((active + n - 1) % n)).at("hand_count").integer();
  t.tanuki_left = kTanuki - v.at("removed").at("tanuki").integer() - (t.phase == "await_captain" ? 1 : 0);
  if (const TextTree::Ref peek = v.at("peek"); peek.is_object() && peek.at("to").is_null())
    if (const auto card = peek.find("card")) t.peeked = card->str();
  return t;
}

// Piles by size, smallest first (ties: lower id).
std::vector<Pile> by_size(const Table& t) {
  std::vector<Pile> out = t.piles;
  std::stable_sort(out.begin(), out.end(), [](const Pile& a, const Pile& b) { return a.size < b.size; });
  return out;
}

// The largest (or smallest) pile, one of those tied at random: a crew that always took the
// same pile of a tie would cycle the same few cards through it.
Pile extreme(const Table& t, bool largest, Rng& rng) {
  int want = largest ? 0 : 1 << 20;
  for (const Pile& p : t.piles) want = largest ? std::max(want, p.size) : std::min(want, p.size);
  std::vector<Pile> tied;
  for (const Pile& p : t.piles)
    if (p.size == want) tied.push_back(p);
  return tied[rng.uniform(tied.size())];
}

// R11, R14: would a Tanuki drawn from `from` now lose the game? The draw leaves `from` one
// card shorter, the collection takes one card of every pile and makes one more pile.
bool tanuki_loses(const Table& t, const Pile& from) {
  if (static_cast<int>(t.piles.size()) + 1 >= kPileLimit) return true;
  for (const Pile& p : t.piles)
    if ((p.id == from.id ? p.size - 1 : p.size) <= 1) return true;
  return false;
}

// A draw from `from` that cannot lose whatever the top card is (the Captain's cancel kept
// for later).
bool calm_draw(const Table& t, const Pile& from) {
  return from.size >= 2 && (t.tanuki_left == 0 || !tanuki_loses(t, from));
}

Json action(const char* type) { return Json{{"type", type}}; }
Json with_pile(const char* type, int pile) { return Json{{"type", type}, {"pile", pile}}; }
Json card_action(const char* type, int k) { return Json{{"type", type}, {"card", kind(k)}}; }
Json return_card(int k, int pile) { return Json{{"type", "return"}, {"card", kind(k)}, {"pile", pile}}; }
Json pile_pair(const char* type, const Table& t) {
  const std::vector<Pile> s = by_size(t);
  return Json{{"type", type}, {"top", s[0].id}, {"bottom", s[1].id}};
}

// The nyanko type in hand that is closest to boarding (-1: none).
int best_nyanko(const Table& t) {
  int best = -1;
  for (int k = 0; k < kTypes; ++k)
    if (t.in_hand(k) > 0 && (best < 0 || t.on_pier(k) > t.on_pier(best))) best = k;
  return best;
}

// A card to give back to a pile: a mouse before a nyanko (a nyanko is better on the pier).
int card_to_return(const Table& t) {
  if (t.in_hand(kMouse) > 0) return kMouse;
  for (int k = 0; k < kTypes; ++k)
    if (t.in_hand(k) > 0) return k;
  return -1;
}

Json act(const Table& t, Rng& rng) {
  const int nyanko = best_nyanko(t);
  if (t.officer == "boatswain" && t.ability) {  // R18: two nyanko for one action
    Json pair = Json::array();
    for (int k = 0; k < kTypes; ++k)
      for (int n = 0; n < t.in_hand(k) && pair.size() < 2; ++n) pair.push_back(kind(k));
    if (pair.size() == 2) return Json{{"type", "boatswain_place"}, {"cards", pair}};
  }
  if (nyanko >= 0) return card_action("place", nyanko);
  const int piles = static_cast<int>(t.piles.size());
  if (t.in_hand(kMouse) == 3 && piles >= 2) return pile_pair("exterminate", t);  // R8: the merge comes with it

  const Pile from = extreme(t, true, rng);
  const Pile smallest = extreme(t, false, rng);
  const bool calm = calm_draw(t, from);
  const int back = card_to_return(t);
  // R2: a full hand gives a card back; so does any hand when a draw could lose, or a pile is
  // down to two cards (a Tanuki's collection would leave it one).
  if (back >= 0 && (t.held >= kHandLimit || !calm || smallest.size <= 2)) return return_card(back, smallest.id);
  if (!calm && t.officer == "mate" && t.ability && from.size >= 2) return with_pile("mate_peek", from.id);
  // Receiving is the safe action of an empty hand: the card goes round the table to a seat
  // with two actions that can use it. Between two players, though, a card received with the
  // last action is only taken back by the other, for ever: there it takes an action to spare.
  if (!calm && t.held == 0 && t.giver_held > 0 && (t.players > 2 || t.actions_left >= 2))
    return action("receive");
  return with_pile("draw", from.id);
}

// R11 step 2: the Captain cancels only a Tanuki that would lose the game at once (six piles,
// or a pile of one card collected). One cancel for four Tanuki: spent on a Tanuki the team
// survives, it is missing for the one it does not (over 2,000 games of the policy alone,
// 71.5 % wins against 67.5 % when it also cancelled a Tanuki leaving a pile of one card or
// five piles).
bool cancel_tanuki(const Table& t) {
  if (static_cast<int>(t.piles.size()) + 1 >= kPileLimit) return true;
  return std::any_of(t.piles.begin(), t.piles.end(), [](const Pile& p) { return p.size <= 1; });
}

Json decide(const Table& t, Rng& rng) {
  if (t.phase == "act") return act(t, rng);
  if (t.phase == "await_merge") return pile_pair("merge", t);  // R10: fewer, larger piles
  if (t.phase == "await_captain") return Json{{"type", "captain_decide"}, {"cancel", cancel_tanuki(t)}};
  if (t.phase == "await_doctor") return Json{{"type", "doctor_decide"}, {"cancel", false}};  // harmless shuffle
  if (t.phase == "await_peek") {
    const bool nuisance = t.peeked == "tanuki" || t.peeked == "matatabi";
    return Json{{"type", "mate_decide"}, {"to", !nuisance && t.held < kHandLimit ? "hand" : "bottom"}};
  }
  if (t.phase == "await_give") {  // a nyanko the receiver can place at once, else a mouse
    const int nyanko = best_nyanko(t);
    return card_action("give", nyanko >= 0 ? nyanko : card_to_return(t));
  }
  return nullptr;
}

// The moves worth comparing besides the policy's: a nyanko placed is progress at no risk,
// so nothing else is; otherwise every draw that does not empty its pile, a card back to the
// smallest pile, the extermination, the Mate's look, a card from the neighbour; and both
// answers to a Captain's or Mate's question, every card to give.
std::vector<Json> alternatives(const Table& t, const Json& chosen) {
  std::vector<Json> out{chosen};
  if (t.phase == "act") {
    const Json& type = chosen.at("type");
    if (type == "place" || type == "boatswain_place") return out;
    for (const Pile& p : t.piles)
      if (p.size >= 2) out.push_back(with_pile("draw", p.id));
    const std::vector<Pile> sized = by_size(t);
    if (const int back = card_to_return(t); back >= 0)
      out.push_back(return_card(back, sized.front().id));
    if (t.in_hand(kMouse) == 3 && t.piles.size() >= 2) out.push_back(pile_pair("exterminate", t));
    if (t.officer == "mate" && t.ability) out.push_back(with_pile("mate_peek", sized.back().id));
    if (t.held < kHandLimit && t.giver_held > 0) out.push_back(action("receive"));
  } else if (t.phase == "await_captain") {
    out.push_back(Json{{"type", "captain_decide"}, {"cancel", !chosen.at("cancel").get<bool>()}});
  } else if (t.phase == "await_peek") {
    out.push_back(Json{{"type", "mate_decide"}, {"to", chosen.at("to") == "hand" ? "bottom" : "hand"}});
  } else if (t.phase == "await_give") {
    for (int k = 0; k < kHandKinds; ++k)
      if (t.in_hand(k) > 0) out.push_back(card_action("give", k));
  }
  std::vector<Json> unique;
  for (Json& a : out)
    if (std::find(unique.begin(), unique.end(), a) == unique.end()) unique.push_back(std::move(a));
  return unique;
}

}  // namespace

std::optional<Move> KushinePolicy::playout_move(const State& state, Rng& rng) const {
  const std::vector<Seat> acting = state.to_act();
  if (acting.empty()) return std::nullopt;
  const Seat seat = acting.front();
  Json chosen;
  try {
    chosen = decide(read(state, seat), rng);
  } catch (const std::exception&) {
    chosen = nullptr;  // a view this policy cannot read: play at random
  }
  // The policy builds its move from the view; the engine's list has the last word.
  if (chosen.is_null() || !ActionList(state, seat).find(chosen)) return random_move_of(state, seat, rng);
  return Move{seat, std::move(chosen)};
}

std::vector<Json> KushinePolicy::candidates(const State& state, Seat seat, Rng& rng) const {
  try {
    const Table t = read(state, seat);
    const Json chosen = decide(t, rng);
    if (chosen.is_null()) return {};
    return alternatives(t, chosen);
  } catch (const std::exception&) {
    return {};  // a view this policy cannot read: the search takes every listed action
  }
}

double KushinePolicy::finished(const State& state, Seat seat) const {
  const Outcome o = state.outcome();
  return won(o, seat) ? 1.0 : 0.1 * static_cast<double>(stat(o, "boarded_types")) / 4.0;
}

double KushinePolicy::standing(const State& state, Seat seat) const {
  const Table t = read(state, seat);
  // Progress: 5 per boarded type, the pier's nyanko towards the next five.
  double progress = 5.0 * t.boarded;
  for (int n : t.pier) progress += std::min(4, n);
  // Safety: a pile of one card is a draw away from the loss (R14), and every pile beyond
  // three brings six piles nearer; a Captain who can still cancel is worth a pile.
  const int smallest = by_size(t).front().size;
  const int extra_piles = std::max(0, static_cast<int>(t.piles.size()) - 3 - (t.captain_ready ? 1 : 0));
  const double safety = std::min(smallest - 1, 3) / 3.0 - 0.3 * extra_piles;
  return std::clamp(0.3 + 0.5 * progress / 20.0 + 0.15 * safety, 0.12, 0.95);
}

}  // namespace nyan::bot::kushine
