#include "server/room/record_queue.h"

#include <boost/asio/post.hpp>
#include <algorithm>

namespace nyan::server {

void RecordQueue::write(std::vector<std::string> texts, std::shared_ptr<void> owner, std::function<void(bool ok)> done) {
  if (!journal_.keeps_records()) return done(true);
  busy_ = true;
  journal_.append(code_, std::move(texts), [this, owner = std::move(owner), done = std::move(done)](bool ok) mutable {
    boost::asio::post(strand_, [this, owner = std::move(owner), done = std::move(done), ok] {
      busy_ = false;
      done(ok);
      drain();
    });
  });
}

void RecordQueue::when_idle(std::function<void()> work) {
  if (!busy_) return work();
  queue_.push_back(Queued{std::move(work), false});
}

bool RecordQueue::queue_message(std::function<void()> work, std::size_t max) {
  const auto waiting = std::count_if(queue_.begin(), queue_.end(), [](const Queued& q) { return q.message; });
  if (static_cast<std::size_t>(waiting) >= max) return false;
  queue_.push_back(Queued{std::move(work), true});
  return true;
}

void RecordQueue::drain() {
  while (!busy_ && !queue_.empty()) {
    Queued q = std::move(queue_.front());
    queue_.pop_front();
    q.run();
  }
}

}  // namespace nyan::server
