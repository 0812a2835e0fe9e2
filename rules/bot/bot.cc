#include "rules/bot/bot.h"

#include <chrono>
#include <cmath>
#include <exception>
#include <set>
#include <string>

#include "rules/bot/policy.h"
#include "rules/core/action_forms.h"
#include "rules/core/canonical_text.h"

namespace nyan::bot {

namespace {

// FNV-1a over the view's canonical text: the bot's stream depends on its seed and on what
// it sees, so that two decisions of one game do not replay the same draws.
std::uint64_t mix(std::uint64_t seed, const std::string& text) {
  std::uint64_t h = 1469598103934665603ull ^ seed;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

// Plays `state` on for `moves` moves at most (or to its end) and scores it for `seat`.
double playout(const std::string& game, State& state, Seat seat, int moves, Rng& rng) {
  for (int m = 0; !state.over() && m < moves; ++m) {
    const std::optional<Move> move = playout_move(game, state, rng);
    if (!move || !state.apply(move->seat, move->action)) break;
  }
  return reward(game, state, seat);
}

constexpr double kUnplayed = -1;  // rewards are in [0, 1]
constexpr double kMargin = 1.0;

// The policy's choice (candidate 0) stands unless another candidate beats it clearly: by the
// mean of their paired differences (the same sample, the same playout stream) less kMargin
// standard errors of it. A win or a loss decides a playout of Kushine, so with a few dozen
// playouts the plain best mean is mostly noise: a crew that followed it won 25 of 50 games,
// where the policy alone wins about 70 %.
std::size_t policy_or_better(const std::vector<std::vector<double>>& rounds) {
  if (rounds.empty()) return 0;
  std::size_t best = 0;
  double best_bound = 0;
  for (std::size_t c = 1; c < rounds.front().size(); ++c) {
    double sum = 0, sum_sq = 0;
    int n = 0;
    for (const std::vector<double>& r : rounds) {
      if (r[0] == kUnplayed || r[c] == kUnplayed) continue;
      const double d = r[c] - r[0];
      sum += d;
      sum_sq += d * d;
      ++n;
    }
    if (n < 2) continue;
    const double mean = sum / n;
    const double sd = std::sqrt(std::max(0.0, sum_sq / n - mean * mean) * n / (n - 1));
    const double bound = mean - kMargin * sd / std::sqrt(static_cast<double>(n));
    if (bound > best_bound) {
      best_bound = bound;
      best = c;
    }
  }
  return best;
}

}  // namespace

Choice choose(const Game& game, const Json& options, Seat seat, const Json& view, const std::vector<Json>& legal,
              std::uint64_t seed, const Budget& budget) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  SplitMix rng(mix(seed, canonical_json(view)));
  Choice out;
  out.action = legal.empty() ? Json(nullptr) : legal.front();
  if (legal.size() < 2) return out;

  // Candidates: the game policy's shortlist (its own choice first), or every listed action
  // but side actions (Kushine's say) unless there is nothing else: they neither cost nor
  // move the game on, so a search never needs them.
  std::vector<std::size_t> candidates;
  std::vector<double> total;
  std::vector<int> tried;
  const std::string id = game.type().id;
  std::set<std::string> side_types;  // the game's side actions, by type (its action forms say which)
  for (const ActionForm& form : game.type().action_forms)
    if (form.side) side_types.insert(form.type);
  const auto side = [&](const Json& action) {
    return action.is_object() && action.contains("type") && action["type"].is_string() &&
           side_types.count(action["type"].get<std::string>()) > 0;
  };
  const int cut = horizon(id, options);
  const int moves = cut > 0 ? cut : game.max_actions(options);
  bool sampled_once = false;
  bool guided = false;  // the candidates are a game policy's shortlist, its own choice first
  std::vector<std::vector<double>> rounds;  // each round's reward per candidate
  while (out.playouts < budget.playouts) {
    std::unique_ptr<State> sample;
    try {
      sample = game.sample_from_view(options, seat, view, rng);
    } catch (const std::exception&) {
      sample = nullptr;  // a view this engine did not write: play without searching
    }
    if (!sample) break;
    ++out.samples;
    if (!sampled_once) {
      sampled_once = true;
      candidates = shortlist(id, *sample, seat, legal, rng);
      guided = !candidates.empty();
      if (candidates.empty())
        for (std::size_t i = 0; i < legal.size(); ++i)
          if (!side(legal[i])) candidates.push_back(i);
      if (candidates.empty())
        for (std::size_t i = 0; i < legal.size(); ++i) candidates.push_back(i);
      if (candidates.size() == 1) {
        out.action = legal[candidates.front()];
        return out;
      }
      total.assign(candidates.size(), 0.0);
      tried.assign(candidates.size(), 0);
    }
    // A game with a policy of its own plays every candidate of a round on the same playout
    // stream too, so that two candidates differ only by themselves (common random numbers).
    const std::uint64_t stream = guided ? rng.next_u64() : 0;
    rounds.emplace_back(candidates.size(), kUnplayed);
    for (std::size_t c = 0; c < candidates.size() && out.playouts < budget.playouts; ++c) {
      std::unique_ptr<State> s = sample->clone();
      ++out.playouts;
      if (!s->apply(seat, legal[candidates[c]])) continue;  // not legal in this sample: no reward
      SplitMix own(stream);
      const double r = playout(id, *s, seat, moves, guided ? static_cast<Rng&>(own) : rng);
      rounds.back()[c] = r;
      total[c] += r;
      ++tried[c];
      if (budget.time_ms > 0 && Clock::now() - start >= std::chrono::milliseconds(budget.time_ms)) {
        out.timed_out = true;
        break;
      }
    }
    if (out.timed_out) break;
  }
  if (!sampled_once) {
    out.action = legal[rng.uniform(legal.size())];
    return out;
  }
  out.searched = true;
  if (guided) {
    out.action = legal[candidates[policy_or_better(rounds)]];
    return out;
  }
  // The best mean; an action never tried counts as 0; ties go to the first listed.
  std::size_t best = 0;
  double best_mean = -1;
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    const double mean = tried[c] > 0 ? total[c] / tried[c] : 0.0;
    if (mean > best_mean) {
      best_mean = mean;
      best = c;
    }
  }
  out.action = legal[candidates[best]];
  return out;
}

}  // namespace nyan::bot
