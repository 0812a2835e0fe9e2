// The line that ends a game in the terminal: who won, by name, and why, in words (the game's
// type gives them).
#include "clients/cli/render.h"
#include "rules/core/registry.h"

namespace nyan::cli {

namespace {

// The reason as the game's type says it (OutcomeReason::words), else its code, readable.
std::string reason_words(const Game* game, const std::string& code) {
  if (const OutcomeReason* r = game ? game->type().outcome_reason(code) : nullptr; r && !r->words.empty())
    return r->words;
  std::string words = code;  // an ending this client does not know: its code, readable
  for (char& c : words)
    if (c == '_') c = ' ';
  return words;
}

}  // namespace

std::string seat_name(const std::vector<std::string>& names, Seat seat) {
  const auto i = static_cast<std::size_t>(seat);
  if (seat >= 0 && i < names.size() && !names[i].empty()) return names[i];
  return "seat " + std::to_string(seat);
}

std::string end_line(const std::string& game, const Json& outcome, const std::vector<std::string>& names) {
  std::vector<Seat> winners;
  for (const Json& w : outcome.value("winners", Json::array()))
    if (w.is_number_integer()) winners.push_back(w.get<Seat>());
  const Game* known = registry().find(game);
  const std::string why = reason_words(known, outcome.value("reason", ""));
  const std::string crew = known ? known->type().hints.team : "";  // a co-operative game's table
  std::string who;
  if (!crew.empty()) {
    who = crew + (winners.empty() ? " lost" : " wins");
  } else if (winners.empty()) {
    who = "nobody wins";
  } else {
    for (std::size_t i = 0; i < winners.size(); ++i) {
      if (i) who += i + 1 == winners.size() ? " and " : ", ";
      who += seat_name(names, winners[i]);
    }
    who += winners.size() == 1 ? " wins" : " win";
    const Json team = outcome.value("details", Json::object()).value("winner_team", Json());
    if (team.is_string()) who += " (team " + team.get<std::string>() + ")";
  }
  return "game over: " + who + ": " + why;
}

}  // namespace nyan::cli
