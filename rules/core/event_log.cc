#include "rules/core/event_log.h"

#include <algorithm>

namespace nyan {

void EventLog::add(Json event, std::vector<Seat> visible_to, Json secret) {
  event["n"] = next_++;
  Entry e;
  e.text = canonical_json_fitted(event);  // kept for the rest of the game
  if (!secret.empty()) {
    // The event with its secret fields merged in, as view() shows it: both are std::maps, so
    // one walk over the two writes the members in key order; a secret field wins a tie.
    const Json::object_t& pub = event.get_ref<const Json::object_t&>();
    const Json::object_t& sec = secret.get_ref<const Json::object_t&>();
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
    e.secret = std::move(secret);
  }
  e.visible_to = std::move(visible_to);
  // Room for the whole log at once, rather than doubling past it.
  if (entries_.size() == entries_.capacity() && entries_.size() <= capacity_) entries_.reserve(capacity_ + 1);
  entries_.push_back(std::make_shared<const Entry>(std::move(e)));
  keep_last(capacity_);
}

void EventLog::keep_last(std::size_t n) {
  if (entries_.size() > n) entries_.erase(entries_.begin(), entries_.end() - static_cast<std::ptrdiff_t>(n));
}

bool EventLog::sees(const Entry& e, Seat viewer, bool reveal_all) {
  return reveal_all || std::find(e.visible_to.begin(), e.visible_to.end(), viewer) != e.visible_to.end();
}

Json EventLog::view(Seat viewer, bool reveal_all) const {
  // One parse of the whole list: a parse per event costs more in setting up than in reading.
  std::string text;
  TextWriter w(text);
  write(w, viewer, reveal_all);
  return Json::parse(text);
}

void EventLog::write(TextWriter& w, Seat viewer, bool reveal_all) const {
  w.open_array();
  for (const auto& e : entries_) w.raw(sees(*e, viewer, reveal_all) && !e->full.empty() ? e->full : e->text);
  w.close_array();
}

Json EventLog::debug() const {
  // One string per event, its text as kept, who sees it and its secret fields: all that an
  // entry holds. Tests compare debug states at every step of thousands of games, and parsing
  // each event back into a tree was a sixth of that time.
  Json out = Json::array();
  for (const auto& entry : entries_) {
    const Entry& e = *entry;
    std::string line = e.text + " visible_to";
    for (Seat s : e.visible_to) line += ' ' + std::to_string(s);
    if (!e.secret.is_null()) line += " secret " + canonical_json(e.secret);
    out.push_back(std::move(line));
  }
  return out;
}

void EventLog::forget_secrets_except(Seat keep) {
  for (auto& e : entries_)
    if (!sees(*e, keep, /*reveal_all=*/false) && (!e->secret.is_null() || !e->full.empty())) {
      // Other copies of the state share the entry: this one gets its own, without them.
      auto own = std::make_shared<Entry>(*e);
      own->secret = nullptr;
      own->full.clear();
      own->full.shrink_to_fit();
      e = std::move(own);
    }
}

void EventLog::restore(const Json& events) {
  entries_.clear();
  next_ = 1;
  for (const Json& event : events) {
    Entry e;
    e.text = canonical_json_fitted(event);
    entries_.push_back(std::make_shared<const Entry>(std::move(e)));
    next_ = event.at("n").get<int>() + 1;
  }
  keep_last(capacity_);
}

}  // namespace nyan
