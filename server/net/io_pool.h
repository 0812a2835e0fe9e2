// The server's I/O threads: one io_context per thread rather than one io_context that every
// thread runs.
//
// Why: at the pace people play the server sleeps between nearly every two messages, and an
// io_context run by several threads hands its reactor from one thread to another whenever a
// thread takes a handler with the reactor queued behind it. Each message then wakes a second
// thread (about 4.7 context switches a move instead of 0.9, and a quarter more CPU per move,
// bench/README "At the pace people play"). A context of its own per thread never wakes
// another; the threads still share the load, because connections are dealt out among them as
// they are accepted and a room runs on the context of the connection that created it.
#pragma once

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <memory>
#include <vector>

namespace nyan::server {

class IoPool {
 public:
  explicit IoPool(int threads);
  ~IoPool();
  IoPool(const IoPool&) = delete;
  IoPool& operator=(const IoPool&) = delete;

  int size() const { return static_cast<int>(contexts_.size()); }
  // The first context: the server's own work (signals, the drain, the listener).
  boost::asio::io_context& main() { return *contexts_.front(); }
  // The contexts in turn, for new connections and for rooms restored without one.
  boost::asio::io_context& next();
  // The context `executor` runs on (a connection's strand, say), if it is one of these.
  boost::asio::io_context* context_of(const boost::asio::any_io_executor& executor);

  // Runs every context, the first on the calling thread, until stop().
  void run();
  void stop();

 private:
  using Guard = boost::asio::executor_work_guard<boost::asio::io_context::executor_type>;
  // An io_context whose services the pool can shut down (which destroys the work still queued)
  // before it destroys any context: work queued on one context may hold objects of another (a
  // session's handler holds its room), and such an object must go while its own context's
  // services are still there.
  struct Context : boost::asio::io_context {
    Context() : io_context(1) {}  // one thread runs it (other threads still post to it)
    using boost::asio::execution_context::shutdown;
  };
  std::vector<std::unique_ptr<Context>> contexts_;
  std::vector<Guard> guards_;  // while run() runs: a context with no connection yet keeps running
  std::atomic<unsigned> turn_{0};
};

}  // namespace nyan::server
