#include "rules/bot/policy.h"

#include <algorithm>
#include <cmath>

#include "rules/bot/policy_doublehunt.h"
#include "rules/bot/policy_kushine.h"

namespace nyan::bot {

namespace {

bool won(const Outcome& o, Seat seat) { return std::find(o.winners.begin(), o.winners.end(), seat) != o.winners.end(); }

// The seat's place among the scores in [0, 1]: 1 for the best, 0 for the worst, ties share.
// `higher_better` is false for penalties (Dai Hugo's tails).
double place(const std::vector<std::int64_t>& scores, Seat seat, bool higher_better) {
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

std::int64_t stat(const Outcome& o, const char* key) {
  const auto stats = o.details.find("stats");
  if (stats == o.details.end() || !stats->is_object()) return 0;
  const auto it = stats->find(key);
  return it != stats->end() && it->is_number_integer() ? it->get<std::int64_t>() : 0;
}

double finished(const std::string& game, const State& s, Seat seat) {
  const Outcome o = s.outcome();
  const double win = won(o, seat) ? 1.0 : 0.0;
  if (game == "daihugo") return 0.8 * win + 0.2 * place(o.scores, seat, /*higher_better=*/false);
  if (game == "kushine") return win > 0 ? 1.0 : 0.1 * static_cast<double>(stat(o, "boarded_types")) / 4.0;
  if (game == "hinode" || game == "doublehunt") return 0.8 * win + 0.2 * place(o.scores, seat, /*higher_better=*/true);
  return win;
}

// Unfinished games, from views of the sample (the bot's own invention, not a true state).
double standing(const std::string& game, const State& s, Seat seat) {
  if (game == "daihugo") {
    // Five tails lose the match: fewer tails, and fewer cards left in this round, are better.
    const Json v = s.view(seat);
    const Json& me = v.at("seats").at(static_cast<std::size_t>(seat));
    const double tails = std::min(5, me.at("tails").get<int>());
    const double cards = me.at("hand_count").get<int>();
    return 0.85 * (1.0 - tails / 5.0) + 0.15 * (1.0 - std::min(cards, 10.0) / 10.0);
  }
  if (game == "doublehunt") return doublehunt::standing(s, seat);
  if (game == "hinode") {
    // VP so far, plus the area majorities as they stand (3 VP each at the end, R14: a tie
    // goes to the tied seat on the highest site), plus a little per marker on the map.
    const Json v = s.view(seat);
    std::vector<std::int64_t> vp;
    for (const Json& p : v.at("players")) vp.push_back(4 * p.at("vp").get<int>() + p.at("on_map").get<int>());
    for (const Json& area : v.at("map").at("areas")) {
      std::vector<int> count(vp.size(), 0);
      Seat holder = -1;
      for (const Json& o : area.at("occupants")) {
        const auto who = static_cast<std::size_t>(o.get<int>());
        if (who >= count.size()) continue;
        ++count[who];
        if (holder < 0 || count[who] >= count[static_cast<std::size_t>(holder)]) holder = static_cast<Seat>(who);
      }
      if (holder >= 0) vp[static_cast<std::size_t>(holder)] += 4 * 3;
    }
    return place(vp, seat, /*higher_better=*/true);
  }
  if (game == "kushine") return kushine::standing(s, seat);
  return 0.5;
}

}  // namespace

int horizon(const std::string& game, const Json& options) {
  (void)options;
  if (game == "daihugo") return 80;
  if (game == "doublehunt") return 20;
  if (game == "kushine") return 0;
  if (game == "hinode") return 24;
  return 0;
}

double reward(const std::string& game, const State& state, Seat seat) {
  return state.over() ? finished(game, state, seat) : standing(game, state, seat);
}

std::optional<Move> playout_move(const std::string& game, const State& state, Rng& rng) {
  if (game == "kushine") return kushine::playout_move(state, rng);
  if (game == "doublehunt") return doublehunt::playout_move(state, rng);
  return random_move(state, rng);
}

std::vector<std::size_t> shortlist(const std::string& game, const State& sample, Seat seat,
                                   const std::vector<Json>& legal, Rng& rng) {
  std::vector<Json> wanted;
  if (game == "kushine") wanted = kushine::candidates(sample, seat, rng);
  if (game == "doublehunt") wanted = doublehunt::candidates(sample, seat, rng);
  std::vector<std::size_t> out;
  for (const Json& w : wanted)
    for (std::size_t i = 0; i < legal.size(); ++i)
      if (legal[i] == w && std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
  return out;
}

}  // namespace nyan::bot
