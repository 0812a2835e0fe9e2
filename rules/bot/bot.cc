#include "rules/bot/bot.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <string>

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

// Plays `state` on for `moves` moves at most (or to its end) by the game's policy and scores
// it for `seat`.
double playout(const BotPolicy& policy, State& state, Seat seat, int moves, Rng& rng) {
  for (int m = 0; !state.over() && m < moves; ++m) {
    const std::optional<Move> move = policy.playout_move(state, rng);
    if (!move || !state.apply(move->seat, move->action)) break;
  }
  return policy.reward(state, seat);
}

// The policy's candidates for `seat`, as indices into `legal` (each once, in the policy's
// order); the ones the legal list lacks are left out.
std::vector<std::size_t> shortlist(const BotPolicy& policy, const State& sample, Seat seat,
                                   const std::vector<Json>& legal, Rng& rng) {
  std::vector<std::size_t> out;
  for (const Json& w : policy.candidates(sample, seat, rng))
    for (std::size_t i = 0; i < legal.size(); ++i)
      if (legal[i] == w && std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
  return out;
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
  const BotPolicy& policy = game.bot_policy();
  const std::vector<std::string> side_types = game.type().side_actions();
  const auto side = [&](const Json& action) {
    return action.is_object() && action.contains("type") && action["type"].is_string() &&
           std::find(side_types.begin(), side_types.end(), action["type"].get<std::string>()) != side_types.end();
  };
  const int cut = policy.horizon(options);
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
      candidates = shortlist(policy, *sample, seat, legal, rng);
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
      const double r = playout(policy, *s, seat, moves, guided ? static_cast<Rng&>(own) : rng);
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
