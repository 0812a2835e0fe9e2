// Double Hunt: setup, the draft, movement, the take and the end of turns and games
// (R1-R14, R24, R25). The roles' abilities are in abilities.cc.
#include "rules/doublehunt/doublehunt.h"

#include <algorithm>

namespace nyan::doublehunt {

namespace {

// R3, G13: the draft order as offsets from the first seat F: F, F+1, F+3, F+2.
constexpr std::array<int, kSeats> kDraftOffsets = {0, 1, 3, 2};

// §5: the actions the engine applies itself when they are the only legal action.
bool forced(const Choice& c) {
  const std::string_view t = c.type;
  return t == "stay" || t == "end_turn" || t == "richman_give_end" || t == "advisor_exchange_end";
}

}  // namespace

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::draft: return "draft";
    case Phase::pre_roll: return "pre_roll";
    case Phase::move: return "move";
    case Phase::advisor_prompt: return "advisor_prompt";
    case Phase::post_take: return "post_take";
    case Phase::pilot_choose: return "pilot_choose";
    case Phase::observer_choose: return "observer_choose";
    case Phase::richman_giving: return "richman_giving";
    case Phase::scientist_choose: return "scientist_choose";
    case Phase::advisor_exchange: return "advisor_exchange";
    case Phase::game_over: return "game_over";
  }
  return "draft";
}

SquareMask Board::empty_squares() const {
  SquareMask m = 0;
  for (Square s = 0; s < kSquares; ++s)
    if (grid[s] < 0) m |= bit(s);
  return m;
}

int Board::cards_on_grid() const {
  return static_cast<int>(std::count_if(grid.begin(), grid.end(), [](int slot) { return slot >= 0; }));
}

std::string slot_id(int name) {
  if (name < kGridSlots) return "grid." + square_name(name);
  if (name < kGridSlots + kLeftovers) return "leftover." + std::to_string(name - kGridSlots);
  return "raise." + std::to_string(name - kGridSlots - kLeftovers + 1);
}

Seat draft_seat(Seat first_seat, int i) { return (first_seat + kDraftOffsets[i % kSeats]) % kSeats; }

Seat Board::drafter() const { return draft_seat(first_seat, drafted); }

std::optional<Seat> Board::seat_with(Role r) const {
  for (Seat s = 0; s < kSeats; ++s)
    if (role[s] == r) return s;
  return std::nullopt;
}

Board deal(std::optional<Seat> first_seat, Rng& rng) {
  Board b;
  std::vector<Card> cards(kCards);
  for (Card c = 0; c < kCards; ++c) cards[c] = c;  // card-id order
  rng.shuffle(cards);                               // random step 1
  for (Square s = 0; s < kSquares; ++s) {
    b.slots.push_back(Slot{s, cards[s], 0});
    b.grid[s] = s;
  }
  for (int i = 0; i < kLeftovers; ++i) {
    b.slots.push_back(Slot{kSquares + i, cards[kSquares + i], 0});
    b.leftover.add(cards[kSquares + i]);
  }
  // R1, G6, G7: the pieces stand on the corner cards.
  b.piece = {square_at(0, 0), square_at(0, 6), square_at(6, 6), square_at(6, 0)};
  // G27: random step 2 only when the room left the first seat open.
  b.first_seat = first_seat ? *first_seat : static_cast<Seat>(rng.uniform(kSeats));
  b.phase = Phase::draft;
  b.active = b.drafter();
  return b;
}

DoubleHuntState::DoubleHuntState(Board board, std::unique_ptr<Rng> rng)
    : b_(std::move(board)), rng_(std::move(rng)) {
  if (b_.phase == Phase::move) refresh_move();
}

std::vector<Seat> DoubleHuntState::to_act() const {
  switch (b_.phase) {
    case Phase::game_over: return {};
    case Phase::advisor_prompt: return {partner(b_.active)};  // R21: the Advisor decides
    default: return {b_.active};
  }
}

// An action's members in key order: its parameter (card, discard, role, square or to; a
// raid's discard and target) all sort before "type".
void Choice::write(TextWriter& w) const {
  w.open_object();
  switch (kind) {
    case Kind::none: break;
    case Kind::card: w.key(key).str(card_name(value)); break;
    case Kind::square: w.key(key).str(square_name(value)); break;
    case Kind::role: w.key(key).str(role_name(static_cast<Role>(value))); break;
    case Kind::raid: w.key("discard").str(card_name(value)).key("target").num(target); break;
  }
  w.key("type").str(type).close_object();
}

Json Choice::to_json() const {
  std::string text;
  TextWriter w(text);
  write(w);
  return Json::parse(text);
}

void DoubleHuntState::list_legal(ActionList& out, Seat seat) const {
  for (const Choice& c : choices(seat)) c.write(out.add());
}

std::vector<Choice> DoubleHuntState::choices(Seat seat) const {
  std::vector<Choice> out;
  const std::vector<Seat> acting = to_act();
  if (acting.empty() || acting.front() != seat) return out;
  switch (b_.phase) {
    case Phase::draft:
      for (int r = 0; r < kRoles; ++r)
        if (!b_.seat_with(static_cast<Role>(r))) out.push_back({"pick_role", Choice::Kind::role, "role", r});
      return out;
    case Phase::pre_roll:
      out.push_back({"roll"});
      break;
    case Phase::move:
      move_choices(out);
      return out;
    case Phase::advisor_prompt:
      return {{"advisor_extra_move"}, {"advisor_decline"}};
    case Phase::post_take:
      out.push_back({"end_turn"});
      break;
    default:
      break;
  }
  ability_choices(seat, out);
  return out;
}

// §5 "Listing and computing `move`": destinations, stay, boosts, then a Richman's gives.
void DoubleHuntState::move_choices(std::vector<Choice>& out) const {
  for (Square s = 0; s < kSquares; ++s)
    if (b_.targets & bit(s)) out.push_back({"move", Choice::Kind::square, "to", s});
  if (b_.boosts == 0 && b_.targets == 0) out.push_back({"stay"});  // R9
  if (b_.boost_ok)                                                // R8: all cards or none
    for (Card c : b_.hand[b_.active].list()) out.push_back({"boost", Choice::Kind::card, "discard", c});
  ability_choices(b_.active, out);
}

void DoubleHuntState::do_apply(Seat seat, const Json& action) {
  apply_one(seat, action);
  settle();
}

// §5: a forced stay, end_turn, richman_give_end or advisor_exchange_end is part of the action
// before it.
void DoubleHuntState::settle() {
  while (!over()) {
    const Seat seat = to_act().front();
    const std::vector<Choice> only = choices(seat);
    if (only.size() != 1 || !forced(only.front())) return;
    apply_one(seat, only.front().to_json());
  }
}

void DoubleHuntState::apply_one(Seat seat, const Json& action) {
  const std::string& type = action.at("type").get_ref<const std::string&>();
  if (type == "pick_role") pick_role(*role_from_name(action.at("role").get<std::string>()));
  else if (type == "roll") roll();
  else if (type == "boost") boost(*card_from_name(action.at("discard").get<std::string>()));
  else if (type == "move") move_to(*square_from_name(action.at("to").get<std::string>()));
  else if (type == "stay") stay();
  else if (type == "end_turn") end_turn();
  else if (!apply_ability(seat, type, action)) throw std::logic_error("unhandled action " + type);
  // R12 after every state change; the Scientist's takes count as one (R20).
  if (!over() && b_.phase != Phase::scientist_choose && b_.phase != Phase::draft)
    check_target(team_of(b_.active));
}

void DoubleHuntState::pick_role(Role r) {
  const Seat s = b_.drafter();
  b_.role[s] = r;
  b_.log.add({{"type", "pick_role"}, {"seat", s}, {"role", std::string(role_name(r))}});
  if (++b_.drafted == kSeats) end_draft();
  else b_.active = b_.drafter();
}

// R4: the leftover cards go to the Richman, or face down to the discard pile.
void DoubleHuntState::end_draft() {
  Json cards = Json::array();
  for (Card c : b_.leftover.list()) cards.push_back(card_name(c));
  if (const auto richman = b_.seat_with(Role::richman)) {
    b_.hand[*richman] = b_.hand[*richman] | b_.leftover;
    for (Slot& slot : b_.slots)
      if (slot.name >= kGridSlots && slot.name < kGridSlots + kLeftovers) slot.known |= team_bits(team_of(*richman));
    b_.log.add({{"type", "leftovers"}, {"to", *richman}}, {*richman, partner(*richman)}, {{"cards", cards}});
  } else {
    b_.pile = b_.pile | b_.leftover;
    b_.log.add({{"type", "leftovers"}, {"to", "pile"}});
  }
  b_.leftover = CardSet();
  b_.active = b_.first_seat;  // R5
  b_.turn = 1;
  b_.phase = Phase::pre_roll;  // R12 follows in apply_one (the Richman's team may have won)
}

int DoubleHuntState::draw_die() { return static_cast<int>(rng_->uniform(6)) + 1; }

void DoubleHuntState::roll() {
  b_.die = draw_die();
  b_.boosts = 0;
  b_.extra_move = false;
  b_.dest_known = 0;  // a new move phase
  b_.phase = Phase::move;
  refresh_move();
  b_.log.add({{"type", "roll"}, {"seat", b_.active}, {"die", b_.die}});
}

void DoubleHuntState::discard(Seat s, Card c) {
  b_.hand[s].remove(c);
  b_.pile.add(c);
}

// R8: one card to the pile, one more step.
void DoubleHuntState::boost(Card c) {
  const Seat a = b_.active;
  discard(a, c);
  b_.boosts++;
  b_.counters.boosts++;
  refresh_move();
  b_.log.add({{"type", "boost"}, {"seat", a}, {"budget", b_.die + b_.boosts}}, {a, partner(a)},
             {{"discard", card_name(c)}});
}

SquareMask DoubleHuntState::destinations_at(int budget) {
  if (!(b_.dest_known & (1U << budget))) {
    b_.dest[budget] = destinations(b_.empty_squares(), b_.piece[b_.active], budget);
    b_.dest_known |= 1U << budget;
  }
  return b_.dest[budget];
}

// R7, R8: the destinations at the current budget B, and whether a boost can still be
// completed: some destination at B + j, 1 <= j <= min(h, max_boost - k). With two or more
// boosts left that always holds: a path costing more than B has a prefix costing B + 1 or
// B + 2 (each square costs 1 or 2), and every square starts a path costing at least 21
// (along its row to an edge, then snaking through the three or more full rows on one side)
// while B + 2 <= 6 + max_boost <= 18. With one left, budget B + 1 must have a destination;
// it is computed here too, so copies of this state find it ready when they boost.
void DoubleHuntState::refresh_move() {
  const int budget = b_.die + b_.boosts;
  b_.targets = destinations_at(budget);
  const int extra = std::min(b_.hand[b_.active].size(), b_.max_boost - b_.boosts);
  const bool next = extra >= 1 && destinations_at(budget + 1) != 0;
  b_.boost_ok = extra >= 2 || next;
}

// R7, R10: the piece goes to `to` and takes the card there.
void DoubleHuntState::move_to(Square to) {
  const Seat a = b_.active;
  b_.piece[a] = to;
  const int slot = b_.grid[to];
  if (slot < 0) {
    b_.log.add({{"type", "move"}, {"seat", a}, {"to", square_name(to)}, {"took", false}});
    after_move(true);
    return;
  }
  Slot& taken = b_.slots[slot];
  b_.hand[a].add(taken.card);
  taken.known |= team_bits(team_of(a));  // G11: the taker and the partner
  b_.grid[to] = -1;
  b_.counters.takes++;
  b_.log.add({{"type", "move"}, {"seat", a}, {"to", square_name(to)}, {"took", true}}, {a, partner(a)},
             {{"card", card_name(taken.card)}});
  after_move(false);
}

// R9: no destination and no boost: the piece stays and takes nothing.
void DoubleHuntState::stay() {
  b_.counters.stays++;
  b_.log.add({{"type", "stay"}, {"seat", b_.active}});
  b_.phase = Phase::post_take;
}

// R21: a die move ending on an empty square lets the partner's Advisor offer one more move.
void DoubleHuntState::after_move(bool landed_on_empty) {
  const Seat advisor = partner(b_.active);
  if (landed_on_empty && b_.is(advisor, Role::advisor) && !b_.used.advisor_prompted) {
    b_.used.advisor_prompted = true;
    b_.phase = Phase::advisor_prompt;
    return;
  }
  b_.phase = Phase::post_take;  // G15: post_take follows every move
}

// R24, R25: reset the turn's allowances, then end the game or pass the turn clockwise.
void DoubleHuntState::end_turn() {
  b_.log.add({{"type", "end_turn"}, {"seat", b_.active}, {"turn", b_.turn}});
  b_.used = TurnUse{};
  if (b_.cards_on_grid() == 0) {
    finish(std::nullopt, "grid_empty");
    return;
  }
  if (b_.turn >= b_.max_turns) {
    finish(std::nullopt, "turn_limit");
    return;
  }
  b_.active = (b_.active + 1) % kSeats;
  b_.turn++;
  b_.phase = Phase::pre_roll;
}

// R12, G10: a team at the target wins at once; the acting team first if both are.
bool DoubleHuntState::check_target(int acting_team) {
  for (int team : {acting_team, 1 - acting_team})
    if (b_.score(team) >= b_.target_score) {
      finish(team, "target");
      return true;
    }
  return false;
}

// §7: `winner` decided by R12, or by the higher score (nullopt: compare, a tie is a draw).
void DoubleHuntState::finish(std::optional<int> winner, const std::string& reason) {
  if (!winner) {
    const int a = b_.score(0), b = b_.score(1);
    if (a != b) winner = a > b ? 0 : 1;
  }
  b_.winner_team = winner;
  b_.end_reason = reason;
  b_.phase = Phase::game_over;
  b_.log.add({{"type", "game_over"},
              {"reason", reason},
              {"winner_team", winner ? Json(team_name(*winner)) : Json(nullptr)},
              {"scores", {{"A", b_.score(0)}, {"B", b_.score(1)}}}});
}

}  // namespace nyan::doublehunt
