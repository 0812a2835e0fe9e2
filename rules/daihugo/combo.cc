#include "rules/daihugo/combo.h"

#include <algorithm>

namespace nyan::daihugo {

namespace {

constexpr Mark kMarks[] = {Mark::white, Mark::black, Mark::doppel};

int top_number(Mark m) { return m == Mark::doppel ? kMaxDoppel : kMaxNumber; }

Elem natural_elem(Card c) { return Elem{c, number_of(c), false}; }

// Singles of rank >= min_rank: each card; a wild once per number (R2).
void add_singles(Hand hand, int min_rank, std::vector<Play>& out) {
  for (Card c : cards_of(hand)) {
    if (is_wild(c)) {
      for (int n = std::max(1, min_rank); n <= kMaxNumber; ++n) out.push_back({Elem{c, n, false}});
    } else if (number_of(c) >= min_rank) {
      out.push_back({natural_elem(c)});
    }
  }
}

// Sets of number n (size 0: any size >= 2): every sub-multiset of the naturals of n, the
// doppel as single or double (G1) and the wilds declared n (G2).
void add_sets_of(Hand hand, int n, int size, std::vector<Play>& out) {
  std::vector<Card> items;  // ascending card order, so every result is canonical
  for (Mark m : kMarks)
    for (Card c : naturals(m, n))
      if (holds(hand, c)) items.push_back(c);
  for (Card w : {kBlackWild, kWhiteWild})
    if (holds(hand, w)) items.push_back(w);

  Play cur;
  auto rec = [&](auto& self, std::size_t i, int have) -> void {
    if (size > 0 && have > size) return;
    if (i == items.size()) {
      if (have >= 2 && (size == 0 || have == size)) out.push_back(cur);
      return;
    }
    self(self, i + 1, have);
    const Card c = items[i];
    cur.push_back(Elem{c, n, false});
    self(self, i + 1, have + 1);
    if (is_doppel(c)) {
      cur.back().twice = true;
      self(self, i + 1, have + 2);
    }
    cur.pop_back();
  };
  rec(rec, 0, 0);
}

// Sequences of `mark` over [lo, hi]: one card per number, naturals of the mark and at most
// one wild of the mark filling a number (G2); no double (R3).
void add_sequences_over(Hand hand, Mark mark, int lo, int hi, std::vector<Play>& out) {
  const std::optional<Card> wild = wild_of(mark);
  const bool has_wild = wild && holds(hand, *wild);
  Play cur;
  auto rec = [&](auto& self, int k, bool wild_used) -> void {
    if (k > hi) {
      Play p = cur;
      canonicalize(p);
      out.push_back(std::move(p));
      return;
    }
    for (Card c : naturals(mark, k)) {
      if (!holds(hand, c)) continue;
      cur.push_back(natural_elem(c));
      self(self, k + 1, wild_used);
      cur.pop_back();
    }
    if (has_wild && !wild_used) {
      cur.push_back(Elem{*wild, k, false});
      self(self, k + 1, true);
      cur.pop_back();
    }
  };
  rec(rec, lo, false);
}

void add_sequences(Hand hand, int min_rank, int length, std::vector<Play>& out) {
  for (Mark m : kMarks) {
    const int top = top_number(m);
    for (int lo = std::max(1, min_rank); lo + 2 <= top; ++lo)
      for (int hi = lo + 2; hi <= top; ++hi)
        if (length == 0 || hi - lo + 1 == length) add_sequences_over(hand, m, lo, hi, out);
  }
}

bool is_opening_card(const Elem& e, const Elem& opening) {
  return e.card == opening.card && (!is_wild(e.card) || e.number == opening.number);
}

}  // namespace

std::string type_name(Type t) {
  switch (t) {
    case Type::single: return "single";
    case Type::set: return "set";
    case Type::sequence: return "sequence";
  }
  return "single";
}

std::optional<Combo> classify(const Play& p) {
  std::string why;
  return classify(p, why);
}

std::optional<Combo> classify(const Play& p, std::string& why) {
  if (p.empty()) {
    why = "a play needs at least one card";
    return std::nullopt;
  }
  for (const Elem& e : p)
    if (e.twice && !is_doppel(e.card)) {
      why = "only a doppel can be declared double";
      return std::nullopt;
    }
  const int size = play_size(p);
  if (p.size() == 1 && !p[0].twice) return Combo{Type::single, 1, p[0].number};
  const bool same_number = std::all_of(p.begin(), p.end(), [&](const Elem& e) { return e.number == p[0].number; });
  if (same_number) return Combo{Type::set, size, p[0].number};  // G1: a lone double is a pair
  const bool any_twice = std::any_of(p.begin(), p.end(), [](const Elem& e) { return e.twice; });
  if (any_twice) {
    why = "a doubled doppel can only be part of a set (R3)";
    return std::nullopt;
  }
  if (p.size() < 3) {
    why = "two cards of different numbers form no combination";
    return std::nullopt;
  }
  const Mark m = mark_of(p[0].card);
  if (!std::all_of(p.begin(), p.end(), [&](const Elem& e) { return mark_of(e.card) == m; })) {
    why = "a sequence must be of one mark";
    return std::nullopt;
  }
  std::vector<int> numbers;
  for (const Elem& e : p) numbers.push_back(e.number);
  std::sort(numbers.begin(), numbers.end());
  for (std::size_t i = 1; i < numbers.size(); ++i)
    if (numbers[i] != numbers[i - 1] + 1) {
      why = "a sequence needs distinct consecutive numbers (no wrap-around from 8 to 1)";
      return std::nullopt;
    }
  return Combo{Type::sequence, static_cast<int>(p.size()), numbers.front()};
}

int play_size(const Play& p) {
  int n = 0;
  for (const Elem& e : p) n += e.twice ? 2 : 1;
  return n;
}

Hand play_hand(const Play& p) {
  Hand h = 0;
  for (const Elem& e : p) h |= bit(e.card);
  return h;
}

void write_elem(TextWriter& w, const Elem& e) {
  w.open_object();
  if (is_wild(e.card)) w.key("as").num(e.number);
  if (e.twice) w.key("double").flag(true);
  w.key("id").str(card_name(e.card)).close_object();
}

void write_play(TextWriter& w, const Play& p) {
  w.open_array();
  for (const Elem& e : p) write_elem(w, e);
  w.close_array();
}

Json elem_json(const Elem& e) {
  return tree_of([&](TextWriter& w) { write_elem(w, e); });
}

Json play_json(const Play& p) {
  return tree_of([&](TextWriter& w) { write_play(w, p); });
}

void canonicalize(Play& p) {
  std::sort(p.begin(), p.end(), [](const Elem& a, const Elem& b) { return a.card < b.card; });
}

bool meets(const Play& p, const Combo& c, const Requirement& r) {
  switch (r.kind) {
    case Requirement::free: return true;
    case Requirement::follow:  // R9
      return c.type == r.last.type && c.size == r.last.size && c.rank >= r.last.rank;
    case Requirement::opening_exact:  // R7, G5: that one card (a doppel single or double)
      return p.size() == 1 && is_opening_card(p[0], r.opening);
    case Requirement::opening_containing:
      return std::any_of(p.begin(), p.end(), [&](const Elem& e) { return is_opening_card(e, r.opening); });
  }
  return false;
}

std::vector<Play> legal_plays(Hand hand, const Requirement& r) {
  std::vector<Play> out;
  switch (r.kind) {
    case Requirement::free:
      add_singles(hand, 1, out);
      for (int n = 1; n <= kMaxNumber; ++n) add_sets_of(hand, n, 0, out);
      add_sequences(hand, 1, 0, out);
      return out;
    case Requirement::follow:
      if (r.last.type == Type::single) add_singles(hand, r.last.rank, out);
      if (r.last.type == Type::set)
        for (int n = r.last.rank; n <= kMaxNumber; ++n) add_sets_of(hand, n, r.last.size, out);
      if (r.last.type == Type::sequence) add_sequences(hand, r.last.rank, r.last.size, out);
      return out;
    case Requirement::opening_exact: {
      const Card c = r.opening.card;
      if (!holds(hand, c)) return out;
      out.push_back({Elem{c, is_wild(c) ? r.opening.number : number_of(c), false}});
      if (is_doppel(c)) out.push_back({Elem{c, number_of(c), true}});
      return out;
    }
    case Requirement::opening_containing: {
      for (Play& p : legal_plays(hand, Requirement{}))
        if (meets(p, Combo{}, r)) out.push_back(std::move(p));
      return out;
    }
  }
  return out;
}

}  // namespace nyan::daihugo
