// Oikake Nyanzu: a full position rebuilt from one seat's view, for bots (Game::sample_from_view).
// What the view shows is copied; the cards it does not show (the other hand, the other
// exchange pile, the deck, a face-down card on the table presented by the other seat) are
// the mode's cards less every card in sight, shuffled and dealt into those places, as
// OikakeState::resample re-deals them.
#include <stdexcept>

#include "rules/oikake/oikake.h"
#include "rules/oikake/oikake_game.h"

namespace nyan::oikake {

namespace {

Kind kind_at(const Json& name) {
  const auto k = kind_from_name(name.get<std::string>());
  if (!k) throw std::invalid_argument("not a card kind");
  return *k;
}

Counts counts_of(const Json& object) {
  Counts c{};
  for (const auto& [name, n] : object.items()) c[static_cast<int>(kind_at(Json(name)))] = n.get<int>();
  return c;
}

Phase phase_of(const std::string& name) {
  if (name == "present") return Phase::present;
  if (name == "choose") return Phase::choose;
  return Phase::game_over;
}

void take(Counts& pool, const Counts& seen) {
  for (int i = 0; i < kKinds; ++i) pool[i] -= seen[i];
}

}  // namespace

std::unique_ptr<State> OikakeGame::sample_from_view(const Json& options, Seat seat, const Json& view,
                                                    Rng& rng) const {
  (void)options;
  if (seat < 0 || seat > 1 || view.at("game") != "oikake") return nullptr;
  Board b;
  b.mode = view.at("mode") == "short" ? Mode::short_ : Mode::normal;
  b.phase = phase_of(view.at("phase").get<std::string>());
  if (b.phase == Phase::game_over) return nullptr;
  b.presenter = view.at("presenter").get<Seat>();
  b.first_seat = view.at("first_seat").get<Seat>();
  b.turn = view.at("turn").get<int>();
  const Seat other = 1 - seat;

  Counts pool{};  // every card of the mode not in sight
  for (int i = 0; i < kKinds; ++i) pool[i] = copies(b.mode, static_cast<Kind>(i));
  std::array<int, 2> hand_n{}, exch_n{};
  for (const Json& p : view.at("players")) {
    const Seat s = p.at("seat").get<Seat>();
    if (s < 0 || s > 1) return nullptr;
    b.pos[s] = p.at("pos").get<int>();
    b.area[s] = counts_of(p.at("area"));
    b.exchanges_used[s] = p.at("exchanges_used").get<int>();
    hand_n[s] = p.at("hand_count").get<int>();
    exch_n[s] = p.at("exchanged_count").get<int>();
    take(pool, b.area[s]);
    if (s == seat) {
      b.hand[s] = counts_of(p.at("hand"));
      b.exchanged[s] = counts_of(p.at("exchanged"));
      take(pool, b.hand[s]);
      take(pool, b.exchanged[s]);
    }
  }
  bool down_hidden = false;
  if (b.phase == Phase::choose) {
    const Json& table = view.at("table");
    b.up = kind_at(table.at("up"));
    pool[static_cast<int>(b.up)]--;
    DownCard down{b.turn, b.presenter, Kind::find, false};
    if (table.at("down").is_null()) {
      down_hidden = true;
    } else {
      down.card = kind_at(table.at("down"));
      pool[static_cast<int>(down.card)]--;
    }
    b.downs.push_back(down);
  }
  if (const Json& last = view.at("last"); !last.is_null()) {
    TurnRecord t;
    t.turn = last.at("turn").get<int>();
    t.presenter = last.at("presenter").get<Seat>();
    t.up = kind_at(last.at("up"));
    t.down = kind_at(last.at("down"));
    t.picked_up = last.at("pick") == "up";
    for (int s = 0; s < 2; ++s) {
      t.acquired[s] = kind_at(last.at("acquired").at(s));
      t.moves[s] = last.at("moves").at(s).get<int>();
    }
    b.last = t;
  }

  std::vector<Kind> unseen;
  for (int i = 0; i < kKinds; ++i) {
    if (pool[i] < 0) return nullptr;  // more copies in sight than the mode has
    for (int n = 0; n < pool[i]; ++n) unseen.push_back(static_cast<Kind>(i));
  }
  const std::size_t deck_n = view.at("deck_count").get<std::size_t>();
  if (unseen.size() != static_cast<std::size_t>(hand_n[other] + exch_n[other]) + deck_n + (down_hidden ? 1 : 0))
    return nullptr;
  rng.shuffle(unseen);
  std::size_t next = 0;
  for (int n = 0; n < hand_n[other]; ++n) b.hand[other][static_cast<int>(unseen[next++])]++;
  for (int n = 0; n < exch_n[other]; ++n) b.exchanged[other][static_cast<int>(unseen[next++])]++;
  for (std::size_t n = 0; n < deck_n; ++n) b.deck.push_back(unseen[next++]);
  if (down_hidden) b.downs.back().card = unseen[next++];
  b.log.restore(view.at("log"));
  return std::make_unique<OikakeState>(std::move(b));
}

}  // namespace nyan::oikake
