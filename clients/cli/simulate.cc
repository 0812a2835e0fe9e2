// `nyanhall-cli simulate`: N games with random legal moves, in-process, and a summary a
// designer can use. `--bots 0,2` seats the search bot (rules/bot) in those seats, each
// deciding from its own view and legal list only, within --bot-playouts and
// --bot-budget-ms per decision; `--rotate-bots` moves the bot seats on by one each game, so
// that they play every seat in turn. Any engine error or broken invariant counts as an error and makes the
// exit code non-zero. The last line is always "games: N, errors: E".
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "clients/cli/command.h"
#include "protocol/drbg.h"
#include "rules/bot/bot.h"
#include "rules/core/random_move.h"
#include "rules/core/registry.h"

namespace nyan::cli {

namespace {

struct Config {
  std::string game;
  Json options = Json::object();
  long games = 1000;
  std::uint64_t seed = 1;
  std::vector<Seat> bots;  // seats the search bot plays
  bool rotate_bots = false;
  bot::Budget budget;
};

// "0,2" -> {0, 2}; false on anything else.
bool parse_seats(const std::string& text, std::vector<Seat>& out) {
  out.clear();
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = text.find(',', i);
    if (j == std::string::npos) j = text.size();
    const std::string item = text.substr(i, j - i);
    if (item.empty() || item.size() > 2 || item.find_first_not_of("0123456789") != std::string::npos) return false;
    out.push_back(std::stoi(item));
    i = j + 1;
  }
  return !out.empty() && text.back() != ',';
}

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
  // With bot seats: games with a bot seat among the winners, wins summed over bot seats,
  // games with a bot seat not among the winners (Dai Hugo's match losers), decisions.
  long bot_team_wins = 0, bot_seat_wins = 0, bot_seat_games = 0, bot_losses = 0;
  long decisions = 0, searched = 0, capped = 0, playouts = 0;
  std::vector<double> search_ms;  // wall time of each searched decision
  double search_cpu_s = 0;        // the process's CPU time in them (simulate has one thread)
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
  std::printf("game: %s  options: %s  seats: %d\n", g.type().id.c_str(), opts.dump().c_str(),
              g.type().seat_count(opts));
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
  if (!c.bots.empty()) {
    std::string seats;
    for (Seat b : c.bots) seats += (seats.empty() ? "" : ",") + std::to_string(b);
    std::printf("bots: seats %s%s, %d playouts and %d ms per decision at most\n", seats.c_str(),
                c.rotate_bots ? " (moved on by one seat each game)" : "", c.budget.playouts, c.budget.time_ms);
    std::printf("bot among the winners: %.1f%% of games; bot not among the winners: %.1f%%; each bot seat wins %.1f%%\n",
                100.0 * st.bot_team_wins / n, 100.0 * st.bot_losses / n,
                100.0 * st.bot_seat_wins / static_cast<double>(std::max(1L, st.bot_seat_games)));
    std::printf("bot decisions: %ld, searched %ld, mean playouts %.1f, stopped by the time cap %ld\n", st.decisions,
                st.searched, st.searched ? static_cast<double>(st.playouts) / static_cast<double>(st.searched) : 0.0,
                st.capped);
    if (!st.search_ms.empty()) {
      std::vector<double> ms = st.search_ms;
      std::sort(ms.begin(), ms.end());
      double sum = 0;
      for (double x : ms) sum += x;
      const auto at = [&](double p) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(p * static_cast<double>(ms.size())))]; };
      std::printf("searched decision time: mean %.1f ms, p50 %.1f ms, p95 %.1f ms, max %.1f ms; CPU mean %.1f ms\n",
                  sum / static_cast<double>(ms.size()), at(0.5), at(0.95), ms.back(),
                  1000.0 * st.search_cpu_s / static_cast<double>(ms.size()));
    }
  }
  std::printf("time: %.2f s, games/s: %.0f\n", seconds, seconds > 0 ? st.games / seconds : 0.0);
  std::printf("games: %ld, errors: %ld\n", st.games, st.errors);
  (void)c;
}

// A random move, or the bot's when the seat drawn to act is a bot seat. Without bot seats
// the draws are exactly those of random_move, so the figures of a random run do not change.
std::optional<Move> next_move(const State& state, const Game& g, const Json& opts, const std::vector<bool>& is_bot,
                              const bot::Budget& budget, Rng& rng, Stats& st) {
  if (std::none_of(is_bot.begin(), is_bot.end(), [](bool b) { return b; })) return random_move(state, rng);
  const std::vector<Seat> acting = state.to_act();
  if (acting.empty()) return std::nullopt;
  const Seat seat = acting[rng.uniform(acting.size())];
  if (!is_bot[static_cast<std::size_t>(seat)]) return random_move_of(state, seat, rng);
  const std::vector<Json> legal = state.legal_actions(seat);
  if (legal.empty()) return std::nullopt;
  // The bot gets what a client of its seat gets, and a seed of its own for this decision.
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t cpu0 = std::clock();
  const bot::Choice choice = bot::choose(g, opts, seat, state.view(seat), legal, rng.next_u64(), budget);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  ++st.decisions;
  if (choice.searched) {
    ++st.searched;
    st.search_ms.push_back(ms);
    st.search_cpu_s += static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
    st.playouts += choice.playouts;
  }
  if (choice.timed_out) ++st.capped;
  return Move{seat, choice.action};
}

}  // namespace

const CommandSpec kSimulate = {
    "simulate",
    "--game GAME [--options JSON] [--games N] [--seed S] [--bots SEATS [--rotate-bots] [--bot-playouts N]"
    " [--bot-budget-ms MS]]",
    "play N games with random legal moves in-process and summarise them (wins by seat, reasons,\n"
    "lengths); --bots seats the search bot instead in some seats. Any engine error or broken\n"
    "invariant makes the exit code 1",
    {{"game", "GAME", "the game (a game id: {games})"},
     {"options", "JSON", "the game's options (default {}: the defaults)"},
     {"games", "N", "how many games (default 1000)"},
     {"seed", "S", "the master seed every game's seed and moves come from (default 1)"},
     {"bots", "SEATS", "seats the search bot plays, e.g. 0,2 (default: none, every seat random)"},
     {"rotate-bots", nullptr, "move the bot seats on by one seat each game"},
     {"bot-playouts", "N", "the bot's playouts per decision (default 400)"},
     {"bot-budget-ms", "MS", "the bot's wall-time cap per decision; 0: none (default 50)"}}};

int simulate(const Args& args) {
  Flags f(args, kSimulate);
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
  if (f.has("bots") && !parse_seats(f.get("bots"), c.bots))
    return usage_error(kSimulate, "--bots needs a list of seats like 0,2");
  c.rotate_bots = f.has("rotate-bots");
  const auto playouts = f.integer("bot-playouts", c.budget.playouts);
  const auto budget_ms = f.integer("bot-budget-ms", c.budget.time_ms);
  if (!playouts || !budget_ms || *playouts < 0 || *playouts > 100'000'000 || *budget_ms < 0 || *budget_ms > 100'000'000)
    return usage_error(kSimulate, "--bot-playouts and --bot-budget-ms need an integer from 0 to 100000000");
  c.budget.playouts = static_cast<int>(*playouts);
  c.budget.time_ms = static_cast<int>(*budget_ms);
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
  const int seats = g->type().seat_count(opts);
  for (Seat b : c.bots)
    if (b < 0 || b >= seats) {
      std::fprintf(stderr, "simulate: bot seat %d does not exist (%d seats)\n", b, seats);
      return 2;
    }
  Stats st;
  st.wins_by_seat.assign(static_cast<std::size_t>(g->type().seat_count(opts)), 0);
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
    std::vector<bool> is_bot(static_cast<std::size_t>(seats), false);
    for (Seat b : c.bots) is_bot[static_cast<std::size_t>((b + (c.rotate_bots ? i : 0)) % seats)] = true;
    while (!state->over()) {
      auto move = next_move(*state, *g, opts, is_bot, c.budget, moves, st);
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
    if (!c.bots.empty()) {
      bool bot_won = false, bot_lost = false;
      for (Seat b = 0; b < seats; ++b) {
        if (!is_bot[static_cast<std::size_t>(b)]) continue;
        const bool w = std::find(o.winners.begin(), o.winners.end(), b) != o.winners.end();
        bot_won = bot_won || w;
        bot_lost = bot_lost || !w;
        st.bot_seat_wins += w ? 1 : 0;
        ++st.bot_seat_games;
      }
      st.bot_team_wins += bot_won ? 1 : 0;
      st.bot_losses += bot_lost ? 1 : 0;
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
