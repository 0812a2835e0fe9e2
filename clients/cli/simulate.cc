// `nyanhall-cli simulate`: N games with random legal moves, in-process, and a summary a
// designer can use. Any engine error or broken invariant counts as an error and makes the
// exit code non-zero. The last line is always "games: N, errors: E".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "clients/cli/command.h"
#include "protocol/drbg.h"
#include "rules/core/random_move.h"
#include "rules/core/registry.h"

namespace nyan::cli {

namespace {

struct Config {
  std::string game;
  Json options = Json::object();
  long games = 1000;
  std::uint64_t seed = 1;
};

bool parse(const Args& args, Config& c, std::string& error) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> const std::string* {
      if (i + 1 >= args.size()) {
        error = a + " needs a value";
        return nullptr;
      }
      return &args[++i];
    };
    const std::string* v = nullptr;
    if (a == "--game") {
      if (!(v = value())) return false;
      c.game = *v;
    } else if (a == "--options") {
      if (!(v = value())) return false;
      c.options = Json::parse(*v, nullptr, false);
      if (c.options.is_discarded()) {
        error = "--options is not valid JSON";
        return false;
      }
    } else if (a == "--games" || a == "--seed") {
      if (!(v = value())) return false;
      char* end = nullptr;
      const unsigned long long n = std::strtoull(v->c_str(), &end, 10);
      if (v->empty() || *end != '\0') {
        error = a + " needs a non-negative integer";
        return false;
      }
      if (a == "--games") c.games = static_cast<long>(n);
      else c.seed = n;
    } else {
      error = "unknown argument " + a;
      return false;
    }
  }
  if (c.game.empty()) error = "--game is required";
  return error.empty();
}

struct Stats {
  long games = 0, errors = 0;
  std::map<std::string, long> reasons;
  std::vector<long> wins_by_seat;
  long first_actor_wins = 0, no_winner = 0;
  std::vector<int> turns, actions;
  std::map<std::string, std::vector<std::int64_t>> extra;  // outcome.details.stats
};

double mean(const std::vector<int>& v) {
  double s = 0;
  for (int x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

int percentile(std::vector<int> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

void error_at(Stats& st, long game, const std::string& what) {
  if (++st.errors <= 10) std::fprintf(stderr, "error in game %ld: %s\n", game, what.c_str());
}

void print(const Config& c, const Game& g, const Json& opts, const Stats& st, double seconds) {
  const double n = static_cast<double>(std::max(1L, st.games));
  std::printf("game: %s  options: %s  seats: %d\n", g.id().c_str(), opts.dump().c_str(),
              g.seat_count(opts));
  std::printf("outcome reasons:\n");
  for (const auto& [reason, count] : st.reasons)
    std::printf("  %-24s %9ld  %5.1f%%\n", reason.c_str(), count, 100.0 * count / n);
  std::printf("wins by seat:");
  for (std::size_t s = 0; s < st.wins_by_seat.size(); ++s)
    std::printf("  seat %zu %.1f%%", s, 100.0 * st.wins_by_seat[s] / n);
  std::printf("\n");
  std::printf("first-seat win rate: %.1f%% (the seat that acted first)\n", 100.0 * st.first_actor_wins / n);
  if (st.no_winner) std::printf("games without a winner: %ld (%.1f%%)\n", st.no_winner, 100.0 * st.no_winner / n);
  std::printf("turns per game: mean %.2f, p50 %d, max %d\n", mean(st.turns), percentile(st.turns, 0.5),
              st.turns.empty() ? 0 : *std::max_element(st.turns.begin(), st.turns.end()));
  std::printf("actions per game: mean %.2f, p50 %d, max %d\n", mean(st.actions),
              percentile(st.actions, 0.5),
              st.actions.empty() ? 0 : *std::max_element(st.actions.begin(), st.actions.end()));
  for (const auto& [key, values] : st.extra) {
    std::vector<int> v(values.begin(), values.end());
    std::printf("%s: mean %.3f, p50 %d, min %d, max %d\n", key.c_str(), mean(v), percentile(v, 0.5),
                *std::min_element(v.begin(), v.end()), *std::max_element(v.begin(), v.end()));
  }
  std::printf("time: %.2f s, games/s: %.0f\n", seconds, seconds > 0 ? st.games / seconds : 0.0);
  std::printf("games: %ld, errors: %ld\n", st.games, st.errors);
  (void)c;
}

}  // namespace

int simulate(const Args& args) {
  Config c;
  std::string error;
  if (!parse(args, c, error)) {
    std::fprintf(stderr, "simulate: %s\n", error.c_str());
    return 2;
  }
  const Game* g = registry().find(c.game);
  if (!g) {
    std::fprintf(stderr, "simulate: unknown game '%s'\n", c.game.c_str());
    return 2;
  }
  Json opts;
  if (Result r = g->normalize_options(c.options, opts); !r) {
    std::fprintf(stderr, "simulate: %s\n", r.error().message.c_str());
    return 2;
  }
  const int bound = g->max_actions(opts);
  Stats st;
  st.wins_by_seat.assign(static_cast<std::size_t>(g->seat_count(opts)), 0);
  Drbg seeds(seed_from_number(c.seed));  // one game seed per game, from the master seed
  SplitMix moves(c.seed);
  const auto t0 = std::chrono::steady_clock::now();
  for (long i = 0; i < c.games; ++i) {
    Seed seed{};
    for (std::size_t k = 0; k < seed.size(); k += 8) {
      const std::uint64_t x = seeds.next_u64();
      for (int b = 0; b < 8; ++b) seed[k + b] = static_cast<std::uint8_t>(x >> (56 - 8 * b));
    }
    auto state = g->start(opts, std::make_unique<Drbg>(seed));
    Seat first_actor = -1;
    int actions = 0;
    bool failed = false;
    while (!state->over()) {
      auto move = random_move(*state, moves);
      if (!move) {
        error_at(st, i, "a seat to act has no legal action (seed " + seed_hex(seed) + ")");
        failed = true;
        break;
      }
      if (first_actor < 0) first_actor = move->seat;
      if (Result r = state->apply(move->seat, move->action); !r) {
        error_at(st, i, "legal action rejected: " + r.error().message + " (seed " + seed_hex(seed) + ")");
        failed = true;
        break;
      }
      if (++actions > bound) {
        error_at(st, i, "no end within " + std::to_string(bound) + " actions (seed " + seed_hex(seed) + ")");
        failed = true;
        break;
      }
    }
    ++st.games;
    if (failed) continue;
    const Outcome o = state->outcome();
    st.reasons[o.reason]++;
    if (o.winners.empty()) st.no_winner++;
    for (Seat w : o.winners) {
      if (w < 0 || w >= static_cast<Seat>(st.wins_by_seat.size())) {
        error_at(st, i, "winner out of range");
        continue;
      }
      st.wins_by_seat[w]++;
      if (w == first_actor) st.first_actor_wins++;
    }
    st.turns.push_back(o.turns);
    st.actions.push_back(actions);
    if (auto it = o.details.find("stats"); it != o.details.end() && it->is_object())
      for (const auto& [k, v] : it->items())
        if (v.is_number_integer()) st.extra[k].push_back(v.get<std::int64_t>());
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  print(c, *g, opts, st, seconds);
  return st.errors == 0 ? 0 : 1;
}

}  // namespace nyan::cli
