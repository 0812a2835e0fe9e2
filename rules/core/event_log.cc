#include "rules/core/event_log.h"

#include <algorithm>

namespace nyan {

void EventLog::add(Json event, std::vector<Seat> visible_to, Json secret) {
  event["n"] = next_++;
  entries_.push_back(Entry{std::move(event), std::move(visible_to), std::move(secret)});
  while (entries_.size() > capacity_) entries_.pop_front();
}

Json EventLog::view(Seat viewer, bool reveal_all) const {
  Json out = Json::array();
  for (const Entry& e : entries_) {
    Json ev = e.event;
    const bool sees = reveal_all || std::find(e.visible_to.begin(), e.visible_to.end(), viewer) !=
                                        e.visible_to.end();
    if (sees)
      for (const auto& [k, v] : e.secret.items()) ev[k] = v;
    out.push_back(std::move(ev));
  }
  return out;
}

Json EventLog::debug() const {
  Json out = Json::array();
  for (const Entry& e : entries_)
    out.push_back({{"event", e.event}, {"visible_to", e.visible_to}, {"secret", e.secret}});
  return out;
}

void EventLog::forget_secrets_except(Seat keep) {
  for (Entry& e : entries_)
    if (std::find(e.visible_to.begin(), e.visible_to.end(), keep) == e.visible_to.end())
      e.secret = Json::object();
}

}  // namespace nyan
