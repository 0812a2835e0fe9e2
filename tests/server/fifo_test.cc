// The queue that connections and rooms keep their frames and waiting work in: it must give
// back what was put in, in order, through any mix of pushes and pops (and its compaction),
// and let go of what was taken out at once.
#include <catch2/catch.hpp>
#include <deque>
#include <memory>
#include <vector>

#include "server/common/fifo.h"

using namespace nyan::server;

namespace {

template <typename T>
std::vector<T> contents(const Fifo<T>& q) {
  return std::vector<T>(q.begin(), q.end());
}

}  // namespace

TEST_CASE("fifo: any mix of pushes and pops keeps the order a deque keeps", "[fifo]") {
  Fifo<int> q;
  std::deque<int> reference;
  REQUIRE(q.empty());
  // A fixed stream of operations (a linear congruential sequence): bursts long enough to
  // pass the compaction threshold, pops from both ends, and draining to empty.
  std::uint32_t x = 12345;
  int next = 0;
  for (int step = 0; step < 20000; ++step) {
    x = x * 1664525u + 1013904223u;
    const unsigned op = (x >> 24) % 10;
    if (op < 5) {
      q.push_back(next);
      reference.push_back(next++);
    } else if (op < 9 && !reference.empty()) {
      REQUIRE(q.front() == reference.front());
      q.pop_front();
      reference.pop_front();
    } else if (!reference.empty()) {
      REQUIRE(q.back() == reference.back());
      q.pop_back();
      reference.pop_back();
    }
    REQUIRE(q.size() == reference.size());
    REQUIRE(q.empty() == reference.empty());
    if (step % 97 == 0) REQUIRE(contents(q) == std::vector<int>(reference.begin(), reference.end()));
  }
  q.clear();
  CHECK(q.empty());
  q.push_back(7);
  CHECK(contents(q) == std::vector<int>{7});
}

TEST_CASE("fifo: a long queue drained from the front keeps the rest in order across compactions", "[fifo]") {
  Fifo<int> q;
  for (int i = 0; i < 100; ++i) q.push_back(i);
  for (int i = 0; i < 60; ++i) {
    REQUIRE(q.front() == i);
    q.pop_front();
  }
  std::vector<int> rest;
  for (int i = 60; i < 100; ++i) rest.push_back(i);
  CHECK(contents(q) == rest);
  q.push_back(100);
  CHECK(q.back() == 100);
  CHECK(q.size() == 41);
}

TEST_CASE("fifo: an item taken out is released at once", "[fifo]") {
  Fifo<std::shared_ptr<int>> q;
  auto first = std::make_shared<int>(1), second = std::make_shared<int>(2);
  q.push_back(first);
  q.push_back(second);
  CHECK(first.use_count() == 2);
  q.pop_front();
  CHECK(first.use_count() == 1);  // not kept in the vector's spent slot until a compaction
  CHECK(*q.front() == 2);
  q.pop_back();
  CHECK(second.use_count() == 1);
  CHECK(q.empty());
}
