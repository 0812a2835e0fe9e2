// Kushine-go Departs: what each seat sees (rules §6), sealed values, and resampling.
#include "rules/kushine/kushine.h"

#include <algorithm>

namespace nyan::kushine {

namespace {

Json hand_json(const Hand& h) {
  Json j = Json::object();
  for (int k = 0; k < kHandKinds; ++k)
    if (h[k] > 0) j[std::string(kind_name(static_cast<Kind>(k)))] = h[k];
  return j;
}

Json cards_json(const std::vector<Card>& cards) {
  Json j = Json::array();
  for (const Card& c : cards) j.push_back(kind_json(c.kind));
  return j;
}

}  // namespace

// Views are built field by field and moved into place: the suites build many of them, and
// nlohmann's initializer lists copy every nested value.
Json KushineState::seat_json(Seat who, Seat viewer) const {
  const Player& p = b_.seats[who];
  Json j(Json::value_t::object);
  j["seat"] = who;
  j["officer"] = std::string(officer_name(p.officer));
  j["face_up"] = !p.used;
  j["ability_available"] = b_.ability_available(p.officer);
  j["hand_count"] = total(p.hand);
  j["said"] = p.said;
  if (who == viewer || over()) j["hand"] = hand_json(p.hand);
  return j;
}

Json KushineState::pending_json() const {
  Json j(Json::value_t::object);
  switch (b_.phase) {
    case Phase::await_give:
      j["giver"] = b_.giver();
      j["receiver"] = b_.active;
      return j;
    case Phase::await_peek: j["pile"] = b_.peek->pile; return j;
    case Phase::await_captain:
    case Phase::await_doctor:
      j["card"] = b_.phase == Phase::await_captain ? "tanuki" : "matatabi";
      j["pile"] = b_.pending_pile;
      return j;
    case Phase::await_merge: j["merges"] = b_.merges_pending; return j;
    default: return nullptr;
  }
}

Json KushineState::view(Seat viewer) const { return b_.log.view_in(view_tree(viewer), viewer, over()); }

std::string KushineState::view_text(Seat viewer) const { return b_.log.text_in(view_tree(viewer), viewer, over()); }

// Everything but the log, which view() and view_text() add: the text is made after every
// action, and the log is copied into it as text rather than parsed into the tree.
Json KushineState::view_tree(Seat viewer) const {
  const bool all = over();
  Json v(Json::value_t::object);
  v["game"] = "kushine";
  v["you"] = viewer == kSpectator ? Json(nullptr) : Json(viewer);
  v["players"] = b_.players();
  v["difficulty"] = std::string(level_name(b_.difficulty));
  v["max_turns"] = b_.max_turns;
  v["phase"] = std::string(phase_name(b_.phase));
  v["turn"] = b_.turn;
  v["active"] = b_.active;
  v["actor"] = all ? Json(nullptr) : Json(actor());
  v["actions_left"] = b_.actions_left;
  v["pending"] = pending_json();
  Json& piles = v["piles"] = Json::array();
  for (const Pile& p : b_.piles) {
    Json j(Json::value_t::object);
    j["id"] = p.id;
    j["size"] = p.cards.size();
    if (all) j["cards"] = cards_json(p.cards);  // §6: pile orders become public at the end
    piles.push_back(std::move(j));
  }
  Json& pier = v["pier"] = Json::object();
  Json& boarded = v["boarded"] = Json::array();
  for (int t = 0; t < kTypes; ++t) {
    pier[std::string(kind_name(static_cast<Kind>(t)))] = b_.pier[t];
    if (b_.boarded[t]) boarded.push_back(kind_json(static_cast<Kind>(t)));
  }
  Json& removed = v["removed"] = Json::object();
  for (Kind k : {Kind::mouse, Kind::tanuki, Kind::matatabi})
    removed[std::string(kind_name(k))] = b_.removed[static_cast<int>(k)];
  v["abilities_used"] = b_.abilities_used();
  Json& seats = v["seats"] = Json::array();
  for (Seat s = 0; s < b_.players(); ++s) seats.push_back(seat_json(s, viewer));
  v["peek"] = nullptr;
  if (b_.peek) {
    const Peek& pk = *b_.peek;
    Json& j = v["peek"] = Json::object();
    j["seat"] = b_.seat_of(Officer::mate);
    j["pile"] = pk.pile;
    j["to"] = pk.to.empty() ? Json(nullptr) : Json(pk.to);
    const Secret& s = b_.secrets[pk.secret];
    if (s.known_by(viewer)) j["card"] = kind_json(s.card);  // §6: only the Mate, until public
  }
  if (all) v["outcome"] = outcome().to_json();
  return v;
}

// §7: the shared result, the level reached, and the state that is now public.
Outcome KushineState::outcome() const {
  Outcome o;
  if (!b_.result) return o;
  const Ending& e = *b_.result;
  if (e.won)
    for (Seat s = 0; s < b_.players(); ++s) o.winners.push_back(s);
  o.reason = e.reason;
  o.turns = b_.turn;
  Json used = Json::array(), boarded = Json::array();
  for (const Player& p : b_.seats)
    if (p.used) used.push_back(std::string(officer_name(p.officer)));
  Json hands = Json::array(), piles = Json::array();
  for (const Player& p : b_.seats) hands.push_back(hand_json(p.hand));
  for (const Pile& p : b_.piles) piles.push_back({{"id", p.id}, {"cards", cards_json(p.cards)}});
  int boarded_count = 0;
  for (int t = 0; t < kTypes; ++t)
    if (b_.boarded[t]) {
      boarded.push_back(kind_json(static_cast<Kind>(t)));
      ++boarded_count;
    }
  o.details = {{"result", e.won ? "win" : "loss"},
               {"reasons", e.reasons},
               {"level_achieved", std::string(level_name(e.level))},
               {"difficulty", std::string(level_name(b_.difficulty))},
               {"piles", b_.piles.size()},
               {"abilities_used", used},
               {"boarded", boarded},
               {"revealed", {{"hands", hands}, {"piles", piles}}},
               {"stats",
                {{"team_won", e.won ? 1 : 0},
                 // R20: would this ending be a win at each difficulty (simulate prints the
                 // win rate per difficulty from one run)
                 {"level_easy", e.level >= Level::easy ? 1 : 0},
                 {"level_normal", e.level >= Level::normal ? 1 : 0},
                 {"level_hard", e.level >= Level::hard ? 1 : 0},
                 {"boarded_types", boarded_count},
                 {"abilities_used", b_.abilities_used()},
                 {"piles_left", b_.piles.size()}}}};
  return o;
}

std::vector<Sealed> KushineState::sealed() const {
  std::vector<Sealed> out;
  out.reserve(b_.secrets.size());
  for (std::size_t i = 0; i < b_.secrets.size(); ++i) {
    const Secret& s = b_.secrets[i];
    out.push_back(Sealed{"s" + std::to_string(i + 1) + "." + s.what, kind_json(s.card), s.knowers(), s.revealed});
  }
  return out;
}

Json KushineState::debug_state() const {
  // Every field of the Board, nothing derived (the views are built from these).
  Json seats = Json::array(), piles = Json::array(), secrets = Json::array();
  for (const Player& p : b_.seats) {
    Json known = Json::array();
    for (Seat s = 0; s < b_.players(); ++s) known.push_back(p.known[s]);
    seats.push_back({std::string(officer_name(p.officer)), p.used, p.hand, known, p.declared, p.said});
  }
  // Cards as compact text (tests compare this often): per card its kind's number and the
  // hex digit of its `seen` seats.
  static constexpr char kHex[] = "0123456789abcdef";
  for (const Pile& p : b_.piles) {
    std::string cards;
    for (const Card& c : p.cards) {
      cards += static_cast<char>('0' + static_cast<int>(c.kind));
      cards += kHex[c.seen & 15u];
    }
    piles.push_back({p.id, cards});
  }
  std::string secret_text;
  for (const Secret& s : b_.secrets)
    secret_text += s.what + static_cast<char>('0' + static_cast<int>(s.card)) + kHex[s.known_to & 15u] +
                   (s.revealed ? "r " : "- ");
  secrets = secret_text;
  Json d = {{"difficulty", level_name(b_.difficulty)},
            {"max_turns", b_.max_turns},
            {"seats", seats},
            {"piles", piles},
            {"next_pile_id", b_.next_pile_id},
            {"pier", b_.pier},
            {"boarded", b_.boarded},
            {"removed", b_.removed},
            {"phase", phase_name(b_.phase)},
            {"active", b_.active},
            {"actions_left", b_.actions_left},
            {"turn", b_.turn},
            {"pending_pile", b_.pending_pile},
            {"merges_pending", b_.merges_pending},
            {"peek", b_.peek ? Json{b_.peek->pile, b_.peek->to, b_.peek->secret} : Json(nullptr)},
            {"secrets", secrets},
            {"result", nullptr},
            {"log", b_.log.debug()}};
  if (b_.result)
    d["result"] = {b_.result->won, b_.result->reason, b_.result->reasons, level_name(b_.result->level)};
  return d;
}

std::unique_ptr<State> KushineState::resample(Seat viewer, Rng& rng) const {
  auto copy = std::make_unique<KushineState>(*this);
  if (over()) return copy;
  Board& b = copy->b_;
  const int n = b.players();
  const unsigned mine = viewer == kSpectator ? 0u : 1u << viewer;

  // Hidden: pile cards the viewer has not returned or peeked, and the cards of other hands
  // beyond those the viewer knows they hold (cards it gave, cards it had seen in a pile).
  std::vector<Kind> pool;
  for (const Pile& p : b.piles)
    for (const Card& c : p.cards)
      if (!(c.seen & mine)) pool.push_back(c.kind);
  std::vector<Hand> fixed(static_cast<std::size_t>(n), Hand{}), free(static_cast<std::size_t>(n), Hand{});
  for (Seat s = 0; s < n; ++s) {
    if (s == viewer) continue;
    if (viewer != kSpectator) fixed[s] = b.seats[s].known[viewer];
    for (int k = 0; k < kHandKinds; ++k) {
      free[s][k] = b.seats[s].hand[k] - fixed[s][k];
      for (int c = 0; c < free[s][k]; ++c) pool.push_back(static_cast<Kind>(k));
    }
  }
  const std::vector<Kind> hidden = pool;
  rng.shuffle(pool);

  // Re-deal. A hand holds only nyanko and mice; a hand whose owner said its category counts
  // keeps them (over-constrained once the hand changed, which is always consistent).
  std::vector<Kind> mice_pool, nyanko_pool, rest;
  for (Kind k : pool) (k == Kind::mouse ? mice_pool : is_nyanko(k) ? nyanko_pool : rest).push_back(k);
  auto deal_from = [](std::vector<Kind>& from, int count, Hand& into) {
    for (int i = 0; i < count; ++i) {
      into[static_cast<int>(from.back())]++;
      from.pop_back();
    }
  };
  for (Seat s = 0; s < n; ++s)
    if (s != viewer) b.seats[s].hand = fixed[s];
  for (Seat s = 0; s < n; ++s)
    if (s != viewer && b.seats[s].declared) {
      deal_from(mice_pool, mice(free[s]), b.seats[s].hand);
      deal_from(nyanko_pool, nyanko_count(free[s]), b.seats[s].hand);
    }
  std::vector<Kind> open = mice_pool;
  open.insert(open.end(), nyanko_pool.begin(), nyanko_pool.end());
  rng.shuffle(open);
  for (Seat s = 0; s < n; ++s)
    if (s != viewer && !b.seats[s].declared) deal_from(open, total(free[s]), b.seats[s].hand);
  rest.insert(rest.end(), open.begin(), open.end());
  rng.shuffle(rest);
  for (Pile& p : b.piles)
    for (Card& c : p.cards)
      if (!(c.seen & mine)) {
        c.kind = rest.back();
        rest.pop_back();
      }
  for (Player& p : b.seats)
    for (Hand& known : p.known)
      for (int k = 0; k < kHandKinds; ++k) known[k] = std::min(known[k], p.hand[k]);

  // Sealed values hidden from the viewer: a pending peek is the peeked pile's top card; past
  // ones describe history that no longer matches the re-deal, so they get random values.
  for (std::size_t i = 0; i < b.secrets.size(); ++i) {
    Secret& s = b.secrets[i];
    if (s.known_by(viewer)) continue;
    if (b.phase == Phase::await_peek && static_cast<int>(i) == b.peek->secret) {
      s.card = b.pile(b.peek->pile)->cards.front().kind;
    } else if (!hidden.empty()) {
      s.card = hidden[rng.uniform(hidden.size())];
      const bool in_hand = s.what != "peek" || b.peek->to == "hand";  // a taken nuisance is public
      if (in_hand && is_nuisance(s.card)) s.card = Kind::mouse;
    }
  }
  copy->rng_ = RngBox(std::make_unique<SplitMix>(rng.next_u64()));
  b.log.forget_secrets_except(viewer);
  return copy;
}

}  // namespace nyan::kushine
