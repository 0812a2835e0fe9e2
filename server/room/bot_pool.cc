#include "server/room/bot_pool.h"

#include <sys/resource.h>
#include <unistd.h>

#include "server/common/log.h"

namespace nyan::server {

BotPool::BotPool(int threads, std::size_t queue_max) : queue_max_(queue_max) {
  for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
}

BotPool::~BotPool() {
  std::deque<std::function<void()>> dropped;  // destroyed outside the lock: they hold rooms
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
    dropped.swap(jobs_);
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

bool BotPool::submit(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_ || jobs_.size() >= queue_max_) return false;
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

std::size_t BotPool::waiting() const {
  std::lock_guard<std::mutex> lock(mu_);
  return jobs_.size();
}

void BotPool::run() {
  // Below the I/O threads (Linux gives each thread its own nice value): a machine busy with
  // bots still answers people first. Failing to lower it (a sandbox) changes nothing else.
  (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), kNice);
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    try {
      job();
    } catch (const std::exception& e) {  // a bot's failure must not take the server down
      log::error("bot_failed", {{"error", e.what()}});
    }
  }
}

}  // namespace nyan::server
