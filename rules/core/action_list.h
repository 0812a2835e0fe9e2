// The legal actions of one seat now, as its engine lists them (State::list_legal): each
// action one JSON object, written as canonical text, in the engine's stable order.
//
// Everything the program knows about legal actions comes from this one list: the text the
// server sends the seat after every action, the lookup apply() makes of every action it is
// given, and the parsed list that bots, playouts and tests take. An engine writes each
// action once, and never builds a tree of the list.
#pragma once

#include <cstdint>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/canonical_text.h"
#include "rules/core/types.h"

namespace nyan {

class State;

// A run of actions written once and added whole to many lists (ActionList::add_run): a
// vocabulary that every seat lists alike, such as Kushine's `say`. Their texts are joined by
// commas as a list writes them, so adding the run is one copy.
class ActionRun {
 public:
  explicit ActionRun(bool side = false) : side_(side) {}
  void add_text(std::string_view canonical);

 private:
  friend class ActionList;
  std::string text_;
  std::vector<std::uint32_t> ends_;  // where each action ends in text_ (the next begins after a comma)
  std::uint32_t longest_ = 0;
  bool side_;
};

class ActionList {
 public:
  // The list of `seat` in `state` now (empty for a seat that may not act).
  ActionList(const State& state, Seat seat);
  ActionList(const ActionList&) = delete;
  ActionList& operator=(const ActionList&) = delete;

  // For the engine's enumerator: begins the next action, which it writes through the
  // returned writer as exactly one object. `side` marks a side action: listed, free, and
  // repeatable without a count (Kushine's `say`), which random playouts take only now and
  // then so that games still end.
  TextWriter& add(bool side = false);
  // The next action given whole, as canonical text (a catalogue of actions written once).
  void add_text(std::string_view canonical, bool side = false) { add(side).raw(canonical); }
  // The run's actions, in its order: the same as add_text of each.
  void add_run(const ActionRun& run);

  std::size_t size() const { return spans_.size(); }
  bool empty() const { return spans_.empty(); }
  // The whole list as canonical JSON text, "[...]": what the server sends the seat.
  std::string_view text() const { return text_; }
  // One action: its canonical text, whether it is a side action, its parse.
  std::string_view action(std::size_t i) const;
  bool side(std::size_t i) const { return spans_[i].side; }
  Json parse(std::size_t i) const;
  std::vector<Json> parse_all() const;
  // The index of the listed action whose canonical text is that of `action`, if any. The
  // wanted action may be anything a client sent: it is written only as far as it could still match.
  std::optional<std::size_t> find(const Json& wanted) const;

 private:
  struct Span {
    std::uint32_t begin = 0, end = 0;
    bool side = false;
  };
  void end_action();  // the action being written ends here
  std::string text_;
  TextWriter w_;
  std::vector<Span> spans_;
  std::size_t longest_ = 0;
};

}  // namespace nyan
