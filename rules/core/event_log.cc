#include "rules/core/event_log.h"

#include <algorithm>

namespace nyan {

void EventLog::add(Json event, std::vector<Seat> visible_to, Json secret) {
  event["n"] = next_++;
  entries_.push_back(Entry{std::move(event), std::move(visible_to), std::move(secret), {}, {}});
  write_texts(entries_.back());
  while (entries_.size() > capacity_) entries_.pop_front();
}

void EventLog::write_texts(Entry& e) {
  e.text = canonical_json(e.event);
  e.text.shrink_to_fit();  // kept for the rest of the game: no spare capacity
  e.full.clear();
  if (e.secret.empty()) return;
  // The event with its secret fields merged in, as view() does: both are std::maps, so one
  // walk over the two writes the members in key order; a secret field wins a tie.
  const Json::object_t& pub = e.event.get_ref<const Json::object_t&>();
  const Json::object_t& sec = e.secret.get_ref<const Json::object_t&>();
  auto p = pub.begin(), s = sec.begin();
  TextWriter w(e.full);
  w.open_object();
  while (p != pub.end() || s != sec.end()) {
    if (s == sec.end() || (p != pub.end() && p->first < s->first)) {
      w.key(p->first).json(p->second);
      ++p;
    } else {
      if (p != pub.end() && p->first == s->first) ++p;
      w.key(s->first).json(s->second);
      ++s;
    }
  }
  w.close_object();
  e.full.shrink_to_fit();
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

void EventLog::write(TextWriter& w, Seat viewer, bool reveal_all) const {
  w.open_array();
  for (const Entry& e : entries_) {
    const bool sees = reveal_all || std::find(e.visible_to.begin(), e.visible_to.end(), viewer) !=
                                        e.visible_to.end();
    w.raw(sees && !e.full.empty() ? e.full : e.text);
  }
  w.close_array();
}

Json EventLog::debug() const {
  Json out = Json::array();
  for (const Entry& e : entries_)
    out.push_back({{"event", e.event}, {"visible_to", e.visible_to}, {"secret", e.secret}});
  return out;
}

void EventLog::forget_secrets_except(Seat keep) {
  for (Entry& e : entries_)
    if (std::find(e.visible_to.begin(), e.visible_to.end(), keep) == e.visible_to.end()) {
      e.secret = Json::object();
      e.full.clear();
    }
}

}  // namespace nyan
