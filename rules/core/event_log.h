// A short log of recent events that engines put in their views, so clients can show what
// just happened without re-implementing the rules. Each event has public fields and,
// optionally, fields only some seats may see (e.g. the card a player exchanged away).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "rules/core/canonical_text.h"
#include "rules/core/types.h"

namespace nyan {

class EventLog {
 public:
  explicit EventLog(std::size_t capacity = 10) : capacity_(capacity) {}

  // `event` must be an object with a "type"; it receives a sequence number "n". The
  // `secret` fields are merged into the event only in the views of seats in `visible_to`
  // (and in every view when reveal_all is set).
  void add(Json event, std::vector<Seat> visible_to = {}, Json secret = Json::object());

  // The last `capacity` events as `viewer` may see them, oldest first.
  Json view(Seat viewer, bool reveal_all = false) const;
  // The same, written as the next value of `w` (canonical text, no tree built): how a view
  // has its "log".
  void write(TextWriter& w, Seat viewer, bool reveal_all = false) const;
  Json debug() const;
  // Drops secret fields that `keep` may not see (resampling re-deals what they described).
  void forget_secrets_except(Seat keep);
  // The log as `events` (a view's "log") shows it: each event kept as that text, with no
  // secret fields, numbered on from the last one. For a state rebuilt from a view.
  void restore(const Json& events);

  int count() const { return next_ - 1; }

 private:
  // An event is kept only as text, written once when it is added: views are written after
  // every action, and text is a fraction of the memory of a tree. `full` is the event with
  // its secret fields merged in (empty when there are none); `secret` is kept for debug().
  // An entry never changes once added, so copies of the log (every move copies the state)
  // share it rather than copy its strings.
  struct Entry {
    std::string text, full;
    std::vector<Seat> visible_to;
    Json secret;  // null when there is none
  };
  static bool sees(const Entry& e, Seat viewer, bool reveal_all);
  void keep_last(std::size_t n);  // drops the oldest entries past n
  std::size_t capacity_;
  // A vector, not a deque: every state (and every copy a move or a bot's sample makes)
  // holds one, and a deque's blocks cost more than its ten entries.
  std::vector<std::shared_ptr<const Entry>> entries_;
  int next_ = 1;
};

}  // namespace nyan
