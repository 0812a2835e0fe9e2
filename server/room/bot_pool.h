// The threads bots think on. A decision takes tens of milliseconds of search, far too long
// for a room's or a connection's strand (every other room on that I/O thread would wait),
// so rooms hand each decision here as a job and get the answer posted back to their strand.
//
// Bounded: a fixed number of threads and at most `queue_max` jobs waiting. A room whose job
// is refused (the queue is full) asks again a little later; nothing blocks.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace nyan::server {

class BotPool {
 public:
  BotPool(int threads, std::size_t queue_max);
  // Stops the threads after the jobs under way; the waiting ones are dropped unrun.
  ~BotPool();
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  // Queues `job` for a pool thread; false (and `job` dropped) when the queue is full.
  bool submit(std::function<void()> job);
  std::size_t waiting() const;

 private:
  void run();
  static constexpr int kNice = 10;

  const std::size_t queue_max_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace nyan::server
