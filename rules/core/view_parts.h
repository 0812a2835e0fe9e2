// Views put together from parts written once for every audience (State::view_texts): an
// engine writes what all views show alike once per state, then each audience's view is those
// parts with the few members written for it between them. These are the members that differ
// by viewer in the views that are made this way: the log and the viewer's own entry in a list
// of seats.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/canonical_text.h"
#include "rules/core/event_log.h"

namespace nyan {

// Appends `"log":` and the log as `viewer` sees it (every event in full once `over`).
inline void append_log_member(std::string& out, const EventLog& log, Seat viewer, bool over) {
  out += "\"log\":";
  TextWriter w(out);
  log.write(w, viewer, over);
}

// Appends `"<key>":[...]`, an entry per seat: `shared[s]` is seat s as the other audiences
// see it, and the viewer's own entry is written by `write_own(TextWriter&)` instead while the
// game is on (once it is over, every audience sees every entry alike).
template <class WriteOwn>
void append_seat_entries(std::string& out, std::string_view key, const std::vector<std::string>& shared, Seat viewer,
                         bool over, WriteOwn&& write_own) {
  out += '"';
  out += key;
  out += "\":[";
  for (std::size_t s = 0; s < shared.size(); ++s) {
    if (s > 0) out += ',';
    if (static_cast<Seat>(s) == viewer && !over) {
      TextWriter w(out);
      write_own(w);
    } else {
      out += shared[s];
    }
  }
  out += ']';
}

// The view of each of `viewers`, by `view_of(shared, viewer)` from the parts in `shared`.
template <class Shared, class ViewOf>
std::vector<std::string> views_of(const Shared& shared, const std::vector<Seat>& viewers, ViewOf&& view_of) {
  std::vector<std::string> out;
  out.reserve(viewers.size());
  for (const Seat viewer : viewers) out.push_back(view_of(shared, viewer));
  return out;
}

}  // namespace nyan
