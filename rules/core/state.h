// The engine interface, part 2: a game in progress.
//
// A State is a copyable value (clone() is a deep copy, including its Rng). It answers who
// must act, what each seat may do, and what each seat may see. apply() validates every
// action against the legal list and returns a typed error for anything else; it never
// throws, asserts or aborts on client input, and leaves the state unchanged on error.
//
// An engine writes two things, each once, as canonical text through a TextWriter: its views
// (write_view) and its legal actions (list_legal, the one enumerator). Everything else about
// them is derived here: view() is the parse of view_text(); the legal list the server sends,
// the parsed list and the lookup of one action in apply() all come from the same ActionList.
// Text because the server hashes, diffs and sends views and lists for every seat after every
// action, and a tree would only be built to be written out again.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/core/action_list.h"
#include "rules/core/canonical_text.h"
#include "rules/core/result.h"
#include "rules/core/rng.h"
#include "rules/core/types.h"

namespace nyan {

// How a finished game ended.
struct Outcome {
  std::vector<Seat> winners;        // empty when nobody won (e.g. a co-op loss)
  std::string reason;               // engine-defined code, e.g. "catch", "deck_out_tie"
  std::vector<std::int64_t> scores; // per seat, or empty when the game keeps no score
  int turns = 0;                    // engine-defined count of turns / tricks / rounds
  Json details = Json::object();    // engine-specific; "stats" (object of integers) is
                                    // aggregated by `nyanhall-cli simulate`
  Json to_json() const;
};

// A hidden value that will (or may) become known later: Oikake's face-down card, a
// simultaneous pick, a face-down grid card. The server commits to it when the slot first
// appears and opens the commitment to each seat as it becomes entitled to the value.
//
// Contract: a slot id is unique within the game and never depends on the hidden value; once
// a slot is listed its value never changes; slots are listed in creation order; a slot,
// once listed, stays listed (revealed or not) for the rest of the game.
struct Sealed {
  std::string slot;            // e.g. "t12.down"
  Json value;                  // the hidden value (integers and strings only)
  std::vector<Seat> known_to;  // seats entitled to the value now (e.g. its owner)
  bool revealed = false;       // public: every seat and spectator is entitled

  bool known_by(Seat s) const;
  bool operator==(const Sealed&) const = default;
};

class State {
 public:
  virtual ~State() = default;

  virtual std::unique_ptr<State> clone() const = 0;
  virtual int seat_count() const = 0;

  // Seats whose decision the game is waiting for: one seat, or several for a simultaneous
  // choice. Empty iff over(). Bots and playouts act for these seats.
  virtual std::vector<Seat> to_act() const = 0;

  // Every legal action of `seat` now, complete and enumerated, in a stable order (empty for
  // a seat that may not act; a seat outside to_act() may still have optional actions): as
  // parsed JSON, and as the canonical text the server sends the seat after every action.
  // Both are the engine's list_legal; ActionList(state, seat) gives the list itself.
  std::vector<Json> legal_actions(Seat seat) const;
  std::string legal_text(Seat seat) const;

  // Validates and applies. Accepted iff the canonical text of canonical_action(seat, action)
  // is that of a listed action (so numbers match only as integers, as PROTOCOL.md has them);
  // do_apply then gets canonical_action(seat, action). On error nothing changes.
  Result apply(Seat seat, const Json& action);

  // The spelling the legal list uses for an action that a rules doc lets players write in
  // more than one way (cards of a set in any order, a field at its default value). Anything
  // else comes back unchanged. Default: the action as given.
  virtual Json canonical_action(Seat seat, const Json& action) const { (void)seat; return action; }

  // What `seat` may know (kSpectator: the public view). Integers and strings only; no
  // floating point. Two states that one seat cannot tell apart give it identical views.
  // view_text() is the engine's write_view, the canonical JSON text the server hashes,
  // diffs and keeps after every action; view() is its parse.
  Json view(Seat seat) const;
  std::string view_text(Seat seat) const;
  // The views of several audiences at once, each byte for byte view_text(viewer): what the
  // server makes after every action. An engine whose views differ in a few members only
  // writes what all of them show alike once; nothing in that part may be written for a
  // viewer. Default: each view written on its own.
  virtual std::vector<std::string> view_texts(const std::vector<Seat>& viewers) const;

  virtual bool over() const = 0;
  // Valid when over().
  virtual Outcome outcome() const = 0;
  // outcome().to_json() as canonical JSON text, worked out once when over(): a finished
  // game's views, its record and its room's journal entry all carry it, and an outcome may
  // hold the whole revealed state. Before the end it is worked out at each call.
  const std::string& outcome_text() const;

  // Ends the game at once with `seat` forfeiting: what the server does for a seat whose turn
  // clock ran out, in a game that has forfeits (Game::forfeits()). It is not an action: no
  // legal list holds it and apply() refuses it; a record holds it as a move (move.h).
  // Afterwards over() holds, to_act() and every legal list are empty, outcome() has the
  // reason "forfeit" and the seat in details "forfeit", and the views show the end as a
  // normal end shows it: whatever a normal end reveals a forfeit reveals, and no more. Each
  // engine's header says who wins. Refused, changing nothing: a seat out of range
  // (invalid_seat), a game already over (game_over), a game without forfeits
  // (illegal_action).
  Result forfeit(Seat seat);

  // Hidden values to commit to (see Sealed). Default: none.
  virtual std::vector<Sealed> sealed() const { return {}; }

  // The complete internal state, for tests and debugging only. Never sent, never logged.
  virtual Json debug_state() const = 0;

  // For leak tests: a state that `viewer` cannot tell apart from this one, with everything
  // hidden from `viewer` (other hands, deck order, face-down cards, future randomness)
  // re-dealt at random consistently with what `viewer` knows.
  virtual std::unique_ptr<State> resample(Seat viewer, Rng& rng) const = 0;

 protected:
  friend class ActionList;

  // The enumerator: adds every legal action of `seat` now to `out` (ActionList::add), each
  // written as one object with its keys in byte order, in a stable order; nothing for a
  // seat that may not act (including a seat number out of range).
  virtual void list_legal(ActionList& out, Seat seat) const = 0;

  // Writes the view of `viewer` (kSpectator: the public view) as one object, its keys in
  // byte order. An engine that keeps a part as a tree writes it with w.json().
  virtual void write_view(TextWriter& w, Seat viewer) const = 0;

  // Called only with an action found in the legal list (in its canonical spelling).
  virtual void do_apply(Seat seat, const Json& action) = 0;

  // Ends the game with `seat` forfeiting; called only with a seat in range while the game is
  // not over. The default, for a game without forfeits: false, changing nothing.
  virtual bool do_forfeit(Seat seat) { (void)seat; return false; }

  // A precise message for an action that is not legal now (the default is generic).
  // It must not mention anything hidden from `seat`.
  virtual Error explain_rejection(Seat seat, const Json& action) const;

 private:
  // outcome_text(), kept once the game is over (a finished state changes no more; a copy of
  // one has the same outcome).
  mutable std::string outcome_text_;
  mutable bool outcome_final_ = false;
};

}  // namespace nyan
