// Double Hunt: how fast is the exact-cost, no-revisit destination search (R7) at every
// budget the options allow (die 1..6 plus up to max_boost = 12 boosts, and two more for the
// boost test of R8)? Prints the search nodes and wall time of
//  1. random boards (every fraction of empty squares, every start, every budget 1..20);
//  2. the hardest boards a hill climb over empty-square patterns and starts can find;
// and the worst case of each, with the board. Times are CPU microseconds of this thread.
//
//   build/bench/doublehunt_search [seconds of hill climbing, default 20]
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

#include <time.h>

#include "rules/core/rng.h"
#include "rules/doublehunt/paths.h"

using namespace nyan;
using namespace nyan::doublehunt;

namespace {

constexpr int kMaxBudget = 6 + 12;  // the boost test asks at most this budget too (R8)

struct Measure {
  long nodes = 0;
  double micros = 0;
};

// CPU time of this thread in microseconds: the machine is shared, so wall time would also
// count other processes.
double cpu_micros() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

// Both queries the engine may make for one budget: the full destination list and existence.
Measure measure(SquareMask empty, Square start, int budget, int repeat = 1) {
  Measure m;
  const double t0 = cpu_micros();
  for (int i = 0; i < repeat; ++i) {
    long a = 0, b = 0;
    (void)destinations(empty, start, budget, &a);
    (void)has_destination(empty, start, budget, &b);
    m.nodes = a + b;
  }
  m.micros = (cpu_micros() - t0) / repeat;
  return m;
}

struct Worst {
  Measure m;
  SquareMask empty = 0;
  Square start = 0;
  int budget = 0;
  void offer(const Measure& x, SquareMask e, Square s, int b) {
    if (x.nodes > m.nodes) *this = Worst{x, e, s, b};
  }
};

void print_board(const Worst& w) {
  std::printf("    budget %d, start %s, %d empty squares ('.' empty, '#' card, '@' start):\n", w.budget,
              square_name(w.start).c_str(), std::popcount(w.empty));
  for (int r = 0; r < kSide; ++r) {
    std::printf("      ");
    for (int c = 0; c < kSide; ++c) {
      const Square s = square_at(r, c);
      std::printf("%c", s == w.start ? '@' : (w.empty & bit(s)) ? '.' : '#');
    }
    std::printf("\n");
  }
}

SquareMask random_empty(SplitMix& rng, int percent) {
  SquareMask m = 0;
  for (Square s = 0; s < kSquares; ++s)
    if (static_cast<int>(rng.uniform(100)) < percent) m |= bit(s);
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  const double climb_seconds = argc > 1 ? std::atof(argv[1]) : 20.0;
  SplitMix rng(20240601);

  // 1. Random boards.
  Worst random_worst;
  long searches = 0;
  double total_micros = 0;
  std::printf("random boards: 10 boards per empty fraction, every start, budgets 1..%d\n", kMaxBudget);
  std::printf("  empty%%  searches  mean nodes  max nodes  mean us  max us\n");
  for (int percent = 0; percent <= 90; percent += 10) {
    long n = 0, node_sum = 0, node_max = 0;
    double us_sum = 0, us_max = 0;
    for (int board = 0; board < 10; ++board) {
      const SquareMask empty = random_empty(rng, percent);
      for (Square start = 0; start < kSquares; ++start)
        for (int budget = 1; budget <= kMaxBudget; ++budget) {
          const Measure m = measure(empty, start, budget);
          ++n;
          node_sum += m.nodes;
          node_max = std::max(node_max, m.nodes);
          us_sum += m.micros;
          us_max = std::max(us_max, m.micros);
          random_worst.offer(m, empty, start, budget);
        }
    }
    searches += n;
    total_micros += us_sum;
    std::printf("  %5d  %8ld  %10.1f  %9ld  %7.1f  %6.0f\n", percent, n, double(node_sum) / n, node_max,
                us_sum / n, us_max);
  }
  std::printf("  all: %ld searches, mean %.1f us\n", searches, total_micros / searches);

  // 2. Hill climb: flip one square's emptiness or move the start, keep what costs more nodes.
  Worst climb_worst;
  const auto t0 = std::chrono::steady_clock::now();
  long tries = 0;
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < climb_seconds) {
    SquareMask empty = random_empty(rng, static_cast<int>(rng.uniform(60)));
    Square start = static_cast<Square>(rng.uniform(kSquares));
    int budget = 10 + static_cast<int>(rng.uniform(kMaxBudget - 9));
    Measure best = measure(empty, start, budget);
    for (int step = 0; step < 400; ++step, ++tries) {
      SquareMask e = empty;
      Square s = start;
      int b = budget;
      const int kind = static_cast<int>(rng.uniform(10));
      if (kind < 7) e ^= bit(static_cast<Square>(rng.uniform(kSquares)));
      else if (kind < 9) s = static_cast<Square>(rng.uniform(kSquares));
      else b = 10 + static_cast<int>(rng.uniform(kMaxBudget - 9));
      const Measure m = measure(e, s, b);
      if (m.nodes >= best.nodes) {
        empty = e, start = s, budget = b, best = m;
        climb_worst.offer(m, e, s, b);
      }
    }
  }
  std::printf("hill climb: %ld boards tried in %.0f s\n", tries, climb_seconds);

  for (auto [name, w] : {std::pair<const char*, Worst*>{"random boards", &random_worst},
                         std::pair<const char*, Worst*>{"hill climb", &climb_worst}}) {
    const Measure m = measure(w->empty, w->start, w->budget, 50);
    std::printf("worst case (%s): %ld nodes, %.0f us CPU (destinations + existence, mean of 50 runs)\n", name,
                m.nodes, m.micros);
    print_board(*w);
  }
  return 0;
}
