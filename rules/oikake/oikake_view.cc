// Oikake Nyanzu: what each seat sees (rules §6), sealed values, and resampling.
#include "rules/oikake/oikake.h"

namespace nyan::oikake {

namespace {

Json counts_json(const Counts& c) {
  Json j = Json::object();
  for (int i = 0; i < kKinds; ++i)
    if (c[i] > 0) j[std::string(kind_name(static_cast<Kind>(i)))] = c[i];
  return j;
}

Json kind_json(Kind k) { return std::string(kind_name(k)); }

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::present: return "present";
    case Phase::choose: return "choose";
    case Phase::game_over: return "game_over";
  }
  return "present";
}

}  // namespace

// Views are built member by member rather than from initializer lists: nlohmann copies
// every value of an initializer list once more, and views are built after every action.
Json OikakeState::seat_json(Seat who, Seat viewer) const {
  const bool all = over();
  Json j = Json::object();
  j["seat"] = who;
  j["pos"] = b_.pos[who];
  j["dist"] = b_.dist(who);
  j["hand_count"] = total(b_.hand[who]);
  j["area"] = counts_json(b_.area[who]);
  j["exchanged_count"] = total(b_.exchanged[who]);
  j["exchanges_used"] = b_.exchanges_used[who];
  if (all || who == viewer) {
    j["hand"] = counts_json(b_.hand[who]);
    j["exchanged"] = counts_json(b_.exchanged[who]);
  }
  return j;
}

Json OikakeState::view(Seat viewer) const {
  const bool all = over();
  Json v = Json::object();
  v["game"] = "oikake";
  v["mode"] = b_.mode == Mode::normal ? "normal" : "short";
  v["track"] = b_.track();
  v["hand_size"] = b_.hand_size();
  v["max_exchanges"] = b_.max_exchanges();
  v["phase"] = phase_name(b_.phase);
  v["turn"] = b_.turn;
  v["presenter"] = b_.presenter;
  v["first_seat"] = b_.first_seat;
  v["you"] = viewer == kSpectator ? Json(nullptr) : Json(viewer);
  v["deck_count"] = b_.deck.size();
  Json& players = v["players"] = Json::array();
  players.push_back(seat_json(0, viewer));
  players.push_back(seat_json(1, viewer));
  v["log"] = b_.log.view(viewer, all);
  if (b_.phase == Phase::choose) {
    const DownCard& down = b_.downs.back();
    Json& table = v["table"] = Json::object();
    table["up"] = kind_json(b_.up);
    table["down"] = viewer == down.presenter ? kind_json(down.card) : Json(nullptr);
  } else {
    v["table"] = nullptr;
  }
  if (b_.last) {
    const TurnRecord& t = *b_.last;
    Json& last = v["last"] = Json::object();
    last["turn"] = t.turn;
    last["presenter"] = t.presenter;
    last["up"] = kind_json(t.up);
    last["down"] = kind_json(t.down);
    last["pick"] = t.picked_up ? "up" : "down";
    Json& acquired = last["acquired"] = Json::array();
    acquired.push_back(kind_json(t.acquired[0]));
    acquired.push_back(kind_json(t.acquired[1]));
    last["moves"] = t.moves;
  } else {
    v["last"] = nullptr;
  }
  if (all) {
    Json deck = Json::array();
    for (Kind k : b_.deck) deck.push_back(kind_json(k));
    v["deck"] = deck;
    v["outcome"] = outcome().to_json();
  }
  return v;
}

std::vector<Sealed> OikakeState::sealed() const {
  std::vector<Sealed> out;
  out.reserve(b_.downs.size());
  for (const DownCard& d : b_.downs)
    out.push_back(Sealed{"t" + std::to_string(d.turn) + ".down", kind_json(d.card), {d.presenter},
                         d.revealed});
  return out;
}

Json OikakeState::debug_state() const {
  Json v = view(kSpectator);
  Json hands = Json::array(), exchanged = Json::array(), deck = Json::array(), downs = Json::array();
  for (Seat s = 0; s < 2; ++s) {
    hands.push_back(counts_json(b_.hand[s]));
    exchanged.push_back(counts_json(b_.exchanged[s]));
  }
  for (Kind k : b_.deck) deck.push_back(kind_json(k));
  for (const DownCard& d : b_.downs)
    downs.push_back({{"turn", d.turn}, {"presenter", d.presenter}, {"card", kind_json(d.card)},
                     {"revealed", d.revealed}});
  v["hands"] = hands;
  v["exchanged"] = exchanged;
  v["deck_order"] = deck;
  v["downs"] = downs;
  v["up"] = kind_json(b_.up);
  v["log_full"] = b_.log.debug();
  return v;
}

std::unique_ptr<State> OikakeState::resample(Seat viewer, Rng& rng) const {
  auto copy = std::make_unique<OikakeState>(*this);
  if (over()) return copy;
  Board& b = copy->b_;
  // Collect every card hidden from the viewer, re-deal it into the same places.
  const bool down_hidden = b.phase == Phase::choose && b.downs.back().presenter != viewer;
  std::vector<Kind> pool;
  for (Seat s = 0; s < 2; ++s) {
    if (s == viewer) continue;
    for (int i = 0; i < kKinds; ++i) {
      for (int n = 0; n < b.hand[s][i]; ++n) pool.push_back(static_cast<Kind>(i));
      for (int n = 0; n < b.exchanged[s][i]; ++n) pool.push_back(static_cast<Kind>(i));
    }
  }
  pool.insert(pool.end(), b.deck.begin(), b.deck.end());
  if (down_hidden) pool.push_back(b.downs.back().card);
  rng.shuffle(pool);

  std::size_t next = 0;
  for (Seat s = 0; s < 2; ++s) {
    if (s == viewer) continue;
    const int hand_n = total(b.hand[s]), exch_n = total(b.exchanged[s]);
    b.hand[s] = Counts{};
    b.exchanged[s] = Counts{};
    for (int n = 0; n < hand_n; ++n) b.hand[s][static_cast<int>(pool[next++])]++;
    for (int n = 0; n < exch_n; ++n) b.exchanged[s][static_cast<int>(pool[next++])]++;
  }
  for (Kind& k : b.deck) k = pool[next++];
  if (down_hidden) b.downs.back().card = pool[next++];
  b.log.forget_secrets_except(viewer);
  return copy;
}

}  // namespace nyan::oikake
