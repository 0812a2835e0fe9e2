// A first-in first-out queue kept in one vector: what a connection's frames and a room's
// waiting work wait in.
//
// std::deque allocates its map and a 512-byte block as soon as it is constructed, even when
// it never holds anything. Thousands of connections and rooms sit with empty queues most
// of the time, so those blocks were about 1 KB of every room and connection. A Fifo
// allocates nothing until the first push; it keeps its capacity between bursts (the queues
// hold a few items at a time), and moves what it still holds to the front once the items
// taken out are the majority, so its memory stays within twice the largest burst.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace nyan::server {

template <typename T>
class Fifo {
 public:
  bool empty() const { return head_ == items_.size(); }
  std::size_t size() const { return items_.size() - head_; }

  T& front() { return items_[head_]; }
  T& back() { return items_.back(); }
  auto begin() const { return items_.begin() + static_cast<std::ptrdiff_t>(head_); }
  auto end() const { return items_.end(); }

  void push_back(T item) { items_.push_back(std::move(item)); }
  void pop_back() {
    items_.pop_back();
    if (empty()) clear();
  }
  // The item taken out is released at once (a frame's text, a closure's captures).
  void pop_front() {
    items_[head_++] = T{};
    if (empty()) {
      clear();
    } else if (head_ >= 16 && head_ * 2 >= items_.size()) {
      items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
  }
  void clear() {
    items_.clear();
    head_ = 0;
  }

 private:
  std::vector<T> items_;
  std::size_t head_ = 0;  // items before it were taken out
};

}  // namespace nyan::server
