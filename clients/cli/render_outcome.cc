// The line that ends a game in the terminal: who won, by name, and why, in words.
#include <string_view>

#include "clients/cli/render.h"

namespace nyan::cli {

namespace {

struct Reason {
  std::string_view game, code, words;
};

// Each game's ending reasons (the engines' outcome codes) as a player would say them.
constexpr Reason kReasons[] = {
    {"oikake", "catch", "caught the other cat"},
    {"oikake", "find3", "three Find cards"},
    {"oikake", "opponent_danger3", "the opponent holds three Danger cards"},
    {"oikake", "conflict", "both won at once, so the presenter wins"},
    {"oikake", "deck_out_distance", "the deck ran out and the closer cat wins"},
    {"oikake", "deck_out_tie", "the deck ran out at equal distance, so the next presenter wins"},
    {"oikake", "forfeit", "the other player forfeited"},
    {"daihugo", "tails_limit", "five tails"},
    {"daihugo", "single_round", "a single round"},
    {"daihugo", "solo_cleared", "the solo game is cleared"},
    {"daihugo", "forfeit", "a player forfeited"},
    {"kushine", "all_boarded", "everyone boarded"},
    {"kushine", "difficulty_not_met", "everyone boarded, but short of the difficulty"},
    {"kushine", "pile_empty", "a pile ran out"},
    {"kushine", "six_piles", "there were six piles"},
    {"kushine", "turn_limit", "the turn limit was reached"},
    {"doublehunt", "target", "the target score was reached"},
    {"doublehunt", "grid_empty", "the grid is empty"},
    {"doublehunt", "turn_limit", "the turn limit was reached"},
    {"hinode", "vp", "most victory points"},
    {"hinode", "markers", "tied on victory points, more markers on the map"},
    {"hinode", "draw", "a draw"},
    {"hinode", "forfeit", "a player forfeited"},
};

std::string reason_words(const std::string& game, const std::string& code) {
  for (const Reason& r : kReasons)
    if (r.game == game && r.code == code) return std::string(r.words);
  std::string words = code;  // an ending this client does not know yet: its code, readable
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
  const std::string why = reason_words(game, outcome.value("reason", ""));
  std::string who;
  if (game == "kushine") {
    who = winners.empty() ? "the crew lost" : "the crew wins";
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
