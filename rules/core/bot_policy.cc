#include "rules/core/bot_policy.h"

#include <algorithm>

namespace nyan {

bool BotPolicy::won(const Outcome& o, Seat seat) {
  return std::find(o.winners.begin(), o.winners.end(), seat) != o.winners.end();
}

double BotPolicy::place(const std::vector<std::int64_t>& scores, Seat seat, bool higher_better) {
  if (scores.size() < 2 || seat < 0 || static_cast<std::size_t>(seat) >= scores.size()) return 0.5;
  const std::int64_t mine = scores[static_cast<std::size_t>(seat)];
  double beaten = 0, others = 0;
  for (std::size_t s = 0; s < scores.size(); ++s) {
    if (static_cast<Seat>(s) == seat) continue;
    others += 1;
    const std::int64_t theirs = scores[s];
    if (higher_better ? mine > theirs : mine < theirs) beaten += 1;
    else if (mine == theirs) beaten += 0.5;
  }
  return beaten / others;
}

std::int64_t BotPolicy::stat(const Outcome& o, const char* key) {
  const auto stats = o.details.find("stats");
  if (stats == o.details.end() || !stats->is_object()) return 0;
  const auto it = stats->find(key);
  return it != stats->end() && it->is_number_integer() ? it->get<std::int64_t>() : 0;
}

double BotPolicy::win_and_place(const Outcome& o, Seat seat, bool higher_better) {
  return 0.8 * (won(o, seat) ? 1.0 : 0.0) + 0.2 * place(o.scores, seat, higher_better);
}

}  // namespace nyan
