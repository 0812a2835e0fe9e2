// The engine interface, part 2: a game in progress.
//
// A State is a copyable value (clone() is a deep copy, including its Rng). It answers who
// must act, what each seat may do, and what each seat may see. apply() validates every
// action against legal_actions() and returns a typed error for anything else; it never
// throws, asserts or aborts on client input, and leaves the state unchanged on error.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

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

  // Every legal action of `seat` now, complete and enumerated, in a stable order. Empty
  // for a seat that may not act. A seat outside to_act() may still have optional actions.
  virtual std::vector<Json> legal_actions(Seat seat) const = 0;
  // The same list as canonical JSON text: what the server sends each seat after every
  // action. The default writes legal_actions(seat); an engine whose lists are long or made
  // often may write the text directly (tests/conformance checks it equals the list).
  virtual std::string legal_text(Seat seat) const;

  // Validates and applies. Accepted iff canonical_action(seat, action) equals one of
  // legal_actions(seat); the engine then applies its own copy of that action. On error
  // nothing changes.
  Result apply(Seat seat, const Json& action);

  // The spelling legal_actions uses for an action that a rules doc lets players write in
  // more than one way (cards of a set in any order, a field at its default value). Anything
  // else comes back unchanged. Default: the action as given.
  virtual Json canonical_action(Seat seat, const Json& action) const { (void)seat; return action; }

  // True for a listed action that neither costs nor moves the game on and that the rules let
  // a seat repeat without a count (Kushine's `say`). Random playouts take these only now and
  // then: chosen as often as everything else, they would stretch a game without end.
  // Default: none.
  virtual bool side_action(const Json& action) const { (void)action; return false; }

  // What `seat` may know (kSpectator: the public view). Integers and strings only; no
  // floating point. Two states that one seat cannot tell apart give it identical views.
  virtual Json view(Seat seat) const = 0;
  // The same view as canonical JSON text (rules/core/canonical_text.h): what the server
  // hashes, diffs and keeps after every action. The default writes view(seat); an engine
  // may write the text directly with a TextWriter and derive view() from it, so that the
  // view is still defined once.
  virtual std::string view_text(Seat seat) const;

  virtual bool over() const = 0;
  // Valid when over().
  virtual Outcome outcome() const = 0;

  // Hidden values to commit to (see Sealed). Default: none.
  virtual std::vector<Sealed> sealed() const { return {}; }

  // The complete internal state, for tests and debugging only. Never sent, never logged.
  virtual Json debug_state() const = 0;

  // For leak tests: a state that `viewer` cannot tell apart from this one, with everything
  // hidden from `viewer` (other hands, deck order, face-down cards, future randomness)
  // re-dealt at random consistently with what `viewer` knows.
  virtual std::unique_ptr<State> resample(Seat viewer, Rng& rng) const = 0;

 protected:
  // Called only with an action taken from legal_actions(seat).
  virtual void do_apply(Seat seat, const Json& action) = 0;

  // Finds `action` (canonical) among legal_actions(seat) for apply(): the engine's own copy
  // of it, or nothing; `any` is set to whether the seat has a legal action at all. The
  // default searches legal_actions(seat); an engine may answer without building the list.
  virtual std::optional<Json> find_legal(Seat seat, const Json& action, bool& any) const;

  // A precise message for an action that is not legal now (the default is generic).
  // It must not mention anything hidden from `seat`.
  virtual Error explain_rejection(Seat seat, const Json& action) const;
};

}  // namespace nyan
