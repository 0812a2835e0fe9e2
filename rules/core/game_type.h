// What a game is, as data (OpenSpiel's GameType): its id and titles, how many seats it takes,
// its options, the forms of its actions, the reasons it can end with, whether it can end by a
// forfeit, and what a client may say about it. Each engine fills one GameType and hands it to
// Game, which keeps only behaviour (start a game, bound it, sample from a view); everything
// that describes a game without playing it reads this struct: the catalog (/api/games), the
// server's rooms, the bots, the native client and the test suites.
#pragma once

#include <string>
#include <vector>

#include "rules/core/action_forms.h"
#include "rules/core/options.h"
#include "rules/core/types.h"

namespace nyan {

// A `reason` that Outcome can give.
struct OutcomeReason {
  std::string reason;   // Outcome::reason, e.g. "catch"
  std::string meaning;  // what it means, citing the rule (the catalog publishes it)
  // How a player says it after "Aki wins: " ("caught the other cat"). A client hint: the
  // catalog leaves it out, and a client that has none says the code in words.
  std::string words;
};

// What a client may say about a game beyond its rules. Not published in the catalog.
struct Hints {
  // A co-operative game's name for its players as one ("the crew"): the end of a game reads
  // "the crew wins" or "the crew lost" rather than naming winners. Empty in a game with
  // winners of its own.
  std::string team;
};

struct GameType {
  std::string id;        // "oikake": lowercase letters and digits, the same in every list
  std::string title;     // English
  std::string title_ja;  // Japanese
  std::string summary;   // one or two sentences for the catalog
  int min_seats = 1;
  int max_seats = 1;
  // The game's own options (the room options every game shares are room_options.h's). A game
  // with a variable seat range declares an integer option "players" in [min_seats, max_seats].
  std::vector<OptionSpec> options;
  // Every form an action can take (the catalog publishes them as a JSON Schema; the
  // conformance suite checks every legal action against it).
  std::vector<ActionForm> action_forms;
  // Every reason outcome() can give (the conformance suite checks every finished game's).
  std::vector<OutcomeReason> outcome_reasons;
  // Whether a game in progress can end with a seat forfeiting (State::forfeit), so that the
  // server may end it that way when a seat's turn clock runs out.
  bool forfeits = false;
  Hints hints{};
  // Representative option sets (normalized or not) for the test suites, simulation and
  // examples: each of them is played thousands of times by the conformance suite.
  std::vector<Json> sample_options = {Json::object()};

  // How many seats a game with these (normalized) options has.
  int seat_count(const Json& options) const;
  // The types of the side actions (ActionForm::side), each once, in the order of the forms.
  std::vector<std::string> side_actions() const;
  // The entry of `reason` (nullptr when the game has no such reason).
  const OutcomeReason* outcome_reason(const std::string& reason) const;
};

// The catalog entry (/api/games): id, titles, summary, seat range, the option schema (the
// game's own options, then the room options marked "room"), the action schema, the side
// actions and the outcome reasons with their meanings.
Json catalog_entry(const GameType& type);

}  // namespace nyan
