#include "server/net/io_pool.h"

#include <boost/asio/execution/context.hpp>
#include <boost/asio/query.hpp>
#include <thread>

namespace nyan::server {

namespace net = boost::asio;

IoPool::IoPool(int threads) {
  for (int i = 0; i < std::max(1, threads); ++i) contexts_.push_back(std::make_unique<Context>());
}

IoPool::~IoPool() {
  // Twice: what the first pass destroys may post to a context already shut down.
  for (int pass = 0; pass < 2; ++pass)
    for (auto& ioc : contexts_) ioc->shutdown();
  contexts_.clear();
}

net::io_context& IoPool::next() {
  return *contexts_[turn_.fetch_add(1, std::memory_order_relaxed) % contexts_.size()];
}

net::io_context* IoPool::context_of(const net::any_io_executor& executor) {
  net::execution_context& c = net::query(executor, net::execution::context);
  for (auto& ioc : contexts_)
    if (ioc.get() == &c) return ioc.get();
  return nullptr;
}

void IoPool::run() {
  for (auto& ioc : contexts_) guards_.emplace_back(ioc->get_executor());
  std::vector<std::thread> threads;
  for (std::size_t i = 1; i < contexts_.size(); ++i) threads.emplace_back([this, i] { contexts_[i]->run(); });
  contexts_.front()->run();
  for (auto& t : threads) t.join();
}

void IoPool::stop() {
  for (auto& g : guards_) g.reset();
  for (auto& ioc : contexts_) ioc->stop();
}

}  // namespace nyan::server
