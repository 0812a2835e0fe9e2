// `nyanhall-cli simulate`: N games with random legal moves, in-process, and a summary a
// designer can use. Any engine error or broken invariant counts as an error and makes the
// exit code non-zero. The last line is always "games: N, errors: E".
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
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

// --games and --seed: a non-negative integer (a seed may use all 64 bits).
bool count(const Flags& f, const char* name, std::uint64_t& out) {
  if (!f.has(name)) return true;
  const std::string v = f.get(name);
  char* end = nullptr;
  errno = 0;
  const unsigned long long n = std::strtoull(v.c_str(), &end, 10);
  if (v.empty() || v[0] == '-' || *end != '\0' || errno == ERANGE) return false;
  out = n;
  return true;
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

const CommandSpec kSimulate = {
    "simulate",
    "--game GAME [--options JSON] [--games N] [--seed S]",
    "play N games with random legal moves in-process and summarise them (wins by seat, reasons,\n"
    "lengths); any engine error or broken invariant makes the exit code 1",
    {{"game", "GAME", "the game (a game id: oikake, daihugo, kushine, doublehunt, hinode)"},
     {"options", "JSON", "the game's options (default {}: the defaults)"},
     {"games", "N", "how many games (default 1000)"},
     {"seed", "S", "the master seed every game's seed and moves come from (default 1)"}}};

int simulate(const Args& args) {
  const Flags f(args, kSimulate);
  if (f.help()) return print_help(kSimulate);
  if (!f.ok()) return usage_error(kSimulate, f.error());
  Config c;
  c.game = f.get("game");
  if (c.game.empty()) return usage_error(kSimulate, "--game is required");
  c.options = Json::parse(f.get("options", "{}"), nullptr, false);
  if (c.options.is_discarded()) return usage_error(kSimulate, "--options is not valid JSON");
  std::uint64_t games = static_cast<std::uint64_t>(c.games);
  if (!count(f, "games", games) || games > 1'000'000'000'000ULL)
    return usage_error(kSimulate, "--games needs a non-negative integer");
  c.games = static_cast<long>(games);
  if (!count(f, "seed", c.seed)) return usage_error(kSimulate, "--seed needs a non-negative integer");
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
