// Kushine-go Departs: a full position rebuilt from one seat's view, for bots
// (Game::sample_from_view). The view shows the seat its own hand, the officers and their
// abilities, the piles' ids and sizes, the pier, the boarded types, the removed cards and
// the Mate's peek (its card to the Mate). The cards it does not show are the 32 cards less
// those in sight (hand, pier, boarded, removed, a drawn nuisance awaiting its decision, a
// peeked card it knows on its pile's top): the other hands take nyanko and mice only (R2:
// nuisance cards never enter a hand), drawn at random from those, and the rest is shuffled
// into the piles by their sizes.
#include <algorithm>
#include <stdexcept>

#include "rules/core/canonical_text.h"
#include "rules/kushine/kushine.h"
#include "rules/kushine/kushine_game.h"

namespace nyan::kushine {

namespace {

Kind kind_at(const Json& name) {
  const auto k = kind_from_name(name.get<std::string>());
  if (!k) throw std::invalid_argument("not a card");
  return *k;
}

Level level_of(const std::string& name) {
  for (Level l : {Level::easy, Level::normal, Level::hard})
    if (level_name(l) == name) return l;
  throw std::invalid_argument("not a difficulty");
}

Phase phase_of(const std::string& name) {
  for (Phase p : {Phase::act, Phase::await_give, Phase::await_peek, Phase::await_captain, Phase::await_doctor,
                  Phase::await_merge, Phase::game_over})
    if (phase_name(p) == name) return p;
  throw std::invalid_argument("not a phase");
}

}  // namespace

std::unique_ptr<State> KushineGame::sample_from_view(const Json& options, Seat seat, const Json& view,
                                                     Rng& rng) const {
  (void)options;
  if (view.at("game") != "kushine") return nullptr;
  Board b;
  const int n = view.at("players").get<int>();
  if (n < 2 || n > kMaxPlayers || seat < 0 || seat >= n) return nullptr;
  b.phase = phase_of(view.at("phase").get<std::string>());
  if (b.phase == Phase::game_over) return nullptr;
  b.difficulty = level_of(view.at("difficulty").get<std::string>());
  b.max_turns = view.at("max_turns").get<int>();
  b.turn = view.at("turn").get<int>();
  b.active = view.at("active").get<Seat>();
  b.actions_left = view.at("actions_left").get<int>();
  if (b.active < 0 || b.active >= n) return nullptr;

  std::array<int, kKinds> left{};  // copies of each kind not in sight
  for (int k = 0; k < kKinds; ++k) left[k] = copies(static_cast<Kind>(k));
  for (int t = 0; t < kTypes; ++t) {
    const std::string name(kind_name(static_cast<Kind>(t)));
    b.pier[t] = view.at("pier").at(name).get<int>();
    left[t] -= b.pier[t];
  }
  for (const Json& t : view.at("boarded")) {
    const Kind k = kind_at(t);
    if (!is_nyanko(k)) return nullptr;
    b.boarded[static_cast<int>(k)] = true;
    left[static_cast<int>(k)] -= 5;
  }
  for (Kind k : {Kind::mouse, Kind::tanuki, Kind::matatabi}) {
    b.removed[static_cast<int>(k)] = view.at("removed").at(std::string(kind_name(k))).get<int>();
    left[static_cast<int>(k)] -= b.removed[static_cast<int>(k)];
  }

  const Json& seats = view.at("seats");
  if (seats.size() != static_cast<std::size_t>(n)) return nullptr;
  std::vector<int> hidden(static_cast<std::size_t>(n), 0);
  for (Seat s = 0; s < n; ++s) {
    const Json& j = seats.at(static_cast<std::size_t>(s));
    Player p;
    const auto officer = officer_from_name(j.at("officer").get<std::string>());
    if (!officer) return nullptr;
    p.officer = *officer;
    p.used = !j.at("face_up").get<bool>();
    const Json& said = j.at("said");
    p.said = canonical_json(said);
    p.declared = said.is_object() && said.value("topic", Json()) == "hand";
    if (s == seat) {
      for (const auto& [name, count] : j.at("hand").items()) {
        const Kind k = kind_at(Json(name));
        if (!is_nyanko(k) && k != Kind::mouse) return nullptr;
        p.hand[static_cast<int>(k)] = count.get<int>();
        left[static_cast<int>(k)] -= p.hand[static_cast<int>(k)];
      }
    } else {
      hidden[s] = j.at("hand_count").get<int>();
    }
    b.seats.push_back(p);
  }

  const Json& pending = view.at("pending");
  switch (b.phase) {
    case Phase::await_captain:
    case Phase::await_doctor:
      // The drawn nuisance waits for the officer's decision: neither in a pile nor removed.
      b.pending_pile = pending.at("pile").get<int>();
      left[static_cast<int>(kind_at(pending.at("card")))]--;
      break;
    case Phase::await_merge: b.merges_pending = pending.at("merges").get<int>(); break;
    default: break;
  }

  std::optional<Kind> known_top;  // a pending peek the viewer knows: that pile's top card
  if (const Json& pk = view.at("peek"); !pk.is_null()) {
    Peek peek;
    peek.pile = pk.at("pile").get<int>();
    peek.to = pk.at("to").is_null() ? "" : pk.at("to").get<std::string>();
    peek.secret = 0;
    Secret secret{"peek", Kind::passenger, 0, false};
    if (const auto card = pk.find("card"); card != pk.end()) {
      secret.card = kind_at(*card);
      secret.known_to = 1u << seat;
      if (peek.to.empty()) {
        known_top = secret.card;
        left[static_cast<int>(secret.card)]--;
      }
    }
    b.peek = peek;
    b.secrets.push_back(secret);
  }

  int pile_cards = 0;
  for (const Json& p : view.at("piles")) {
    Pile pile{p.at("id").get<int>(), {}};
    pile.cards.resize(p.at("size").get<std::size_t>());
    pile_cards += static_cast<int>(pile.cards.size());
    b.next_pile_id = std::max(b.next_pile_id, pile.id + 1);
    b.piles.push_back(std::move(pile));
  }
  if (b.piles.empty()) return nullptr;

  // Deal: hands from the unseen nyanko and mice, piles from everything left.
  std::vector<Kind> hand_cards, rest;
  for (int k = 0; k < kKinds; ++k) {
    if (left[k] < 0) return nullptr;
    for (int c = 0; c < left[k]; ++c) (k < kHandKinds ? hand_cards : rest).push_back(static_cast<Kind>(k));
  }
  int hand_total = 0;
  for (int h : hidden) hand_total += h;
  const int in_piles = pile_cards - (known_top ? 1 : 0);
  if (hand_total > static_cast<int>(hand_cards.size()) ||
      static_cast<int>(hand_cards.size() + rest.size()) != hand_total + in_piles)
    return nullptr;
  rng.shuffle(hand_cards);
  for (Seat s = 0; s < n; ++s)
    for (int i = 0; i < hidden[s]; ++i) {
      b.seats[s].hand[static_cast<int>(hand_cards.back())]++;
      hand_cards.pop_back();
    }
  rest.insert(rest.end(), hand_cards.begin(), hand_cards.end());
  rng.shuffle(rest);
  for (Pile& p : b.piles)
    for (std::size_t i = 0; i < p.cards.size(); ++i) {
      if (known_top && i == 0 && p.id == b.peek->pile) {
        p.cards[i] = Card{*known_top, 1u << seat};
        continue;
      }
      p.cards[i] = Card{rest.back(), 0};
      rest.pop_back();
    }
  // A pending peek hidden from the viewer is its pile's top card, whatever it is.
  if (b.peek && b.peek->to.empty() && !known_top) {
    const Pile* p = b.pile(b.peek->pile);
    if (!p || p->cards.empty()) return nullptr;
    b.secrets.front().card = p->cards.front().kind;
  }
  b.log.restore(view.at("log"));
  return std::make_unique<KushineState>(std::move(b), std::make_unique<SplitMix>(rng.next_u64()));
}

}  // namespace nyan::kushine
