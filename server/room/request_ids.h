// A seat's accepted request ids in the game being played, each with the version its action
// made: a retry with the same id gets the first answer (Room::answer_retry).
//
// Kept as one text and a list of where each id ends: a seat of every active match holds one,
// an entry per action it made, and at the pace people play its memory is what counts (a hash
// map's nodes and buckets cost about 70 bytes an id, this about 24). A retry looks through a
// game's ids, a few dozen, in one pass over contiguous memory.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nyan::server {

class RequestIds {
 public:
  // Remembers `id` (JSON text) for `version`; an id already remembered keeps its first version.
  void remember(std::string_view id, int version);
  std::optional<int> find(std::string_view id) const;
  void clear();
  std::size_t size() const { return entries_.size(); }

  // Each id with its version, in the order remembered.
  template <class F>
  void for_each(F&& f) const {
    std::uint32_t begin = 0;
    for (const Entry& e : entries_) {
      f(std::string_view(text_).substr(begin, e.end - begin), e.version);
      begin = e.end;
    }
  }

 private:
  struct Entry {
    std::uint32_t end;  // in text_
    int version;
  };
  std::string text_;
  std::vector<Entry> entries_;
};

}  // namespace nyan::server
