// Oikake Nyanzu: turn flow and end checks (R1-R14).
#include "rules/oikake/oikake.h"

namespace nyan::oikake {

namespace {

// The distinct kinds held, in table order.
std::vector<Kind> kinds_held(const Counts& hand) {
  std::vector<Kind> out;
  for (int i = 0; i < kKinds; ++i)
    if (hand[i] > 0) out.push_back(static_cast<Kind>(i));
  return out;
}

}  // namespace

Board deal(Mode mode, std::optional<Seat> first_seat, Rng& rng) {
  Board b;
  b.mode = mode;
  // G1: pieces exactly half a lap apart.
  b.pos = {0, b.track() / 2};
  std::vector<Kind> cards;
  for (int i = 0; i < kKinds; ++i)
    for (int c = 0; c < copies(mode, static_cast<Kind>(i)); ++c) cards.push_back(static_cast<Kind>(i));
  rng.shuffle(cards);  // random step 1
  // Deal H cards each, one at a time, alternating, seat 0 first; the rest is the deck.
  const std::size_t dealt = 2 * static_cast<std::size_t>(b.hand_size());
  for (std::size_t i = 0; i < dealt; ++i) b.hand[i % 2][static_cast<int>(cards[i])]++;
  b.deck.assign(cards.begin() + static_cast<std::ptrdiff_t>(dealt), cards.end());
  // G8: coin toss (random step 2) unless the room fixed the first seat.
  b.first_seat = first_seat ? *first_seat : static_cast<Seat>(rng.uniform(2));
  b.presenter = b.first_seat;
  return b;
}

std::vector<Seat> OikakeState::to_act() const {
  switch (b_.phase) {
    case Phase::present: return {b_.presenter};
    case Phase::choose: return {1 - b_.presenter};
    case Phase::game_over: return {};
  }
  return {};
}

// The one list of legal actions (R2, R3, R5), written as text: the server sends it after
// every action and apply() looks every action up in it.
void OikakeState::list_legal(ActionList& out, Seat seat) const {
  const Board& b = b_;
  if (seat < 0 || seat > 1 || b.phase == Phase::game_over) return;
  if (b.phase == Phase::choose) {
    if (seat != 1 - b.presenter) return;
    for (const char* pick : {"up", "down"}) out.add().open_object().key("pick").str(pick).key("type").str("choose").close_object();
    return;
  }
  if (seat != b.presenter) return;
  const std::vector<Kind> kinds = kinds_held(b.hand[seat]);
  const auto present = [&](Kind up, Kind down) {
    out.add().open_object().key("down").str(kind_name(down)).key("type").str("present").key("up").str(kind_name(up)).close_object();
  };
  // R2, G6: exchange before presenting, while the deck lasts and the limit allows.
  if (!b.deck.empty() && b.exchanges_used[seat] < b.max_exchanges())
    for (Kind k : kinds) out.add().open_object().key("card").str(kind_name(k)).key("type").str("exchange").close_object();
  // R3: two different kinds, unless every card in hand is of one kind.
  if (kinds.size() == 1) {
    if (b.hand[seat][static_cast<int>(kinds[0])] >= 2) present(kinds[0], kinds[0]);
  } else {
    for (Kind u : kinds)
      for (Kind d : kinds)
        if (u != d) present(u, d);
  }
}

void OikakeState::do_apply(Seat, const Json& action) {
  const std::string& type = action.at("type").get_ref<const std::string&>();
  if (type == "exchange") {
    exchange(*kind_from_name(action.at("card").get<std::string>()));
  } else if (type == "present") {
    present(*kind_from_name(action.at("up").get<std::string>()),
            *kind_from_name(action.at("down").get<std::string>()));
  } else {
    choose(action.at("pick").get<std::string>() == "up");
  }
}

void OikakeState::exchange(Kind card) {
  // R2: the card goes face down to the own exchange pile; draw the top of the deck.
  const Seat p = b_.presenter;
  b_.hand[p][static_cast<int>(card)]--;
  b_.exchanged[p][static_cast<int>(card)]++;
  b_.exchanges_used[p]++;
  b_.hand[p][static_cast<int>(b_.deck.front())]++;
  b_.deck.erase(b_.deck.begin());
  b_.log.add({{"type", "exchange"}, {"seat", p}}, {p}, {{"card", kind_json(card)}});
}

void OikakeState::present(Kind up, Kind down) {
  const Seat p = b_.presenter;
  b_.hand[p][static_cast<int>(up)]--;
  b_.hand[p][static_cast<int>(down)]--;
  b_.up = up;
  b_.downs.push_back(DownCard{b_.turn, p, down, false});
  // R4, G9: refill right after presenting, up to H or until the deck is empty.
  while (total(b_.hand[p]) < b_.hand_size() && !b_.deck.empty()) {
    b_.hand[p][static_cast<int>(b_.deck.front())]++;
    b_.deck.erase(b_.deck.begin());
  }
  b_.phase = Phase::choose;
  b_.log.add({{"type", "present"}, {"seat", p}, {"up", kind_json(up)}}, {p},
             {{"down", kind_json(down)}});
}

void OikakeState::choose(bool pick_up) {
  const Seat p = b_.presenter, c = 1 - p;
  DownCard& down = b_.downs.back();
  down.revealed = true;  // R5: the face-down card is revealed before acquisition
  std::array<Kind, 2> got{};
  got[c] = pick_up ? b_.up : down.card;
  got[p] = pick_up ? down.card : b_.up;

  const int d0 = b_.dist(0);
  std::array<int, 2> moves{};
  for (Seat s = 0; s < 2; ++s) {
    const int k = ++b_.area[s][static_cast<int>(got[s])];  // R6: k includes this card
    moves[s] = value(got[s], k).move;                      // R7: WIN/LOSE icons move 0
  }
  const int n = b_.track();
  for (Seat s = 0; s < 2; ++s) b_.pos[s] = ((b_.pos[s] + moves[s]) % n + n) % n;

  b_.last = TurnRecord{b_.turn, p, b_.up, down.card, pick_up, got, moves};
  b_.log.add({{"type", "choose"},
              {"seat", c},
              {"pick", pick_up ? "up" : "down"},
              {"down", kind_json(down.card)},
              {"acquired", {kind_json(got[0]), kind_json(got[1])}},
              {"moves", moves},
              {"positions", b_.pos}});
  end_check(moves, d0);
}

void OikakeState::end_check(const std::array<int, 2>& moves, int dist_before_0) {
  const Seat p = b_.presenter, c = 1 - p;
  const std::array<int, 2> d = {dist_before_0, b_.track() - dist_before_0};
  std::array<std::array<bool, 3>, 2> cond{};  // catch, find3, danger3
  for (Seat s = 0; s < 2; ++s) {
    // R9: same final space (both catch), or the movement difference covers the distance.
    cond[s][0] = b_.pos[0] == b_.pos[1] || moves[s] - moves[1 - s] >= d[s];
    cond[s][1] = b_.area[s][static_cast<int>(Kind::find)] >= 3;    // R10
    cond[s][2] = b_.area[s][static_cast<int>(Kind::danger)] >= 3;  // R11
  }
  // R12: candidate set.
  std::array<bool, 2> in{};
  for (Seat s = 0; s < 2; ++s) in[s] = cond[s][0] || cond[s][1] || cond[1 - s][2];

  std::optional<Outcome2p> result;
  if (in[0] && in[1]) {
    result = Outcome2p{p, "conflict", cond};
  } else if (in[0] || in[1]) {
    const Seat x = in[0] ? 0 : 1;
    const char* reason = cond[x][0] ? "catch" : cond[x][1] ? "find3" : "opponent_danger3";
    result = Outcome2p{x, reason, cond};
  } else if (b_.deck.empty() && total(b_.hand[c]) < 2) {
    // R13: deck-out; the smaller distance wins, a tie goes to the next presenter.
    const int dp = b_.dist(p), dc = b_.dist(c);
    if (dp == dc) result = Outcome2p{c, "deck_out_tie", cond};
    else result = Outcome2p{dp < dc ? p : c, "deck_out_distance", cond};
  }

  if (result) {
    end_game(*result);
    return;
  }
  // R14: roles swap.
  b_.presenter = c;
  b_.turn++;
  b_.phase = Phase::present;
}

void OikakeState::end_game(Outcome2p result) {
  b_.phase = Phase::game_over;
  for (DownCard& dc : b_.downs) dc.revealed = true;  // §6: everything is public at the end
  b_.log.add({{"type", "game_over"}, {"winner", result.winner}, {"reason", result.reason}});
  b_.result = std::move(result);
}

// Forfeit (header comment): the other seat wins; no condition held, since every condition
// ends the game as soon as it holds.
bool OikakeState::do_forfeit(Seat seat) {
  b_.forfeit = seat;
  b_.forfeit_in_choose = b_.phase == Phase::choose;
  b_.log.add({{"type", "forfeit"}, {"seat", seat}});
  end_game(Outcome2p{1 - seat, "forfeit", {}});
  return true;
}

Outcome OikakeState::outcome() const {
  Outcome o;
  if (!b_.result) return o;
  const Outcome2p& r = *b_.result;
  o.winners = {r.winner};
  o.reason = r.reason;
  o.turns = b_.turn;
  Json conditions = Json::array();
  for (Seat s = 0; s < 2; ++s)
    conditions.push_back(
        {{"catch", r.conditions[s][0]}, {"find3", r.conditions[s][1]}, {"danger3", r.conditions[s][2]}});
  o.details = {{"conditions", conditions},
               {"positions", b_.pos},
               {"distances", {b_.dist(0), b_.dist(1)}},
               {"first_seat", b_.first_seat},
               {"presenter", b_.presenter},
               {"winner", r.winner}};
  if (b_.forfeit) o.details["forfeit"] = *b_.forfeit;
  // §7: the outcome also holds the full revealed state (everything is public once over).
  Json revealed = Json::object();
  for (Seat s = 0; s < 2; ++s) {
    revealed["hands"].push_back(counts_json(b_.hand[s]));
    revealed["areas"].push_back(counts_json(b_.area[s]));
    revealed["exchanged"].push_back(counts_json(b_.exchanged[s]));
  }
  Json& deck = revealed["deck"] = Json::array();
  for (Kind k : b_.deck) deck.push_back(kind_json(k));
  if (b_.pair_on_table())  // a forfeit while the chooser chose
    revealed["table"] = {{"up", kind_json(b_.up)}, {"down", kind_json(b_.downs.back().card)}};
  o.details["revealed"] = std::move(revealed);
  return o;
}

Error OikakeState::explain_rejection(Seat seat, const Json& action) const {
  const std::string type = action.at("type").get<std::string>();
  auto malformed = [](std::string m) { return Error{RuleError::malformed_action, std::move(m)}; };
  auto illegal = [](std::string m) { return Error{RuleError::illegal_action, std::move(m)}; };
  auto kind_field = [&](const char* f) -> std::optional<Kind> {
    auto it = action.find(f);
    if (it == action.end() || !it->is_string()) return std::nullopt;
    return kind_from_name(it->get<std::string>());
  };
  if (type == "exchange") {
    if (action.size() != 2 || !kind_field("card"))
      return malformed("exchange needs exactly 'card': a card kind");
    if (b_.phase != Phase::present || seat != b_.presenter)
      return illegal("exchange is only possible before presenting, in your own turn");
    if (b_.max_exchanges() == 0) return illegal("there is no exchange in short mode");
    if (b_.exchanges_used[seat] >= b_.max_exchanges()) return illegal("you have used all 4 exchanges");
    if (b_.deck.empty()) return illegal("the deck is empty");
    return illegal("you hold no such card");
  }
  if (type == "present") {
    if (action.size() != 3 || !kind_field("up") || !kind_field("down"))
      return malformed("present needs exactly 'up' and 'down': card kinds");
    if (b_.phase != Phase::present || seat != b_.presenter) return illegal("you are not presenting now");
    // Holding comes first: with a one-kind hand a pair is legal, so a rejected pair of a kind
    // not held fails only for not being held (R3).
    const Kind up = *kind_field("up"), down = *kind_field("down");
    const Counts& hand = b_.hand[seat];
    if (hand[static_cast<int>(up)] < 1 || hand[static_cast<int>(down)] < (up == down ? 2 : 1))
      return illegal("you do not hold both cards");
    if (up == down)
      return illegal("up and down must be different kinds unless every card in hand is of one kind");
    return illegal("you do not hold both cards");
  }
  if (type == "choose") {
    auto it = action.find("pick");
    if (action.size() != 2 || it == action.end() || !it->is_string() ||
        (*it != "up" && *it != "down"))
      return malformed("choose needs exactly 'pick': \"up\" or \"down\"");
    return illegal("you are not choosing now");
  }
  return malformed("unknown action type (expected exchange, present or choose)");
}

}  // namespace nyan::oikake
