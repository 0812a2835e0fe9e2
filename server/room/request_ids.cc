#include "server/room/request_ids.h"

namespace nyan::server {

void RequestIds::remember(std::string_view id, int version) {
  if (find(id)) return;
  text_ += id;
  entries_.push_back(Entry{static_cast<std::uint32_t>(text_.size()), version});
}

std::optional<int> RequestIds::find(std::string_view id) const {
  std::uint32_t begin = 0;
  for (const Entry& e : entries_) {
    if (e.end - begin == id.size() && std::string_view(text_).substr(begin, id.size()) == id) return e.version;
    begin = e.end;
  }
  return std::nullopt;
}

void RequestIds::clear() {
  // A new game: the last game's room is given back, not kept for the next.
  std::string().swap(text_);
  std::vector<Entry>().swap(entries_);
}

}  // namespace nyan::server
