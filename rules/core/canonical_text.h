// Canonical JSON text (PROTOCOL.md, "Canonical JSON"): compact, object keys sorted by their
// UTF-8 bytes, integers only, UTF-8 with minimal escapes. It is what views are hashed and
// diffed as, so engines can write their views in it directly (TextWriter) instead of
// building a tree that is only written out again.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/types.h"

namespace nyan {

// Exactly what nlohmann's dump() writes for a json without floats.
std::string canonical_json(const Json& j);
// The same with no spare room, for a text kept long (an event, a move of a record):
// canonical_json reserves room for a view's worth, which a short text would keep.
std::string canonical_json_fitted(const Json& j);
// Appends canonical_json of the string `s`.
void append_canonical_string(std::string& out, std::string_view s);
// Appends canonical_json(j).
void append_canonical_json(std::string& out, const Json& j);
// Appends canonical_json(j) if it is at most `limit` bytes long and returns true; otherwise
// returns false, having written (and read) only a little more than `limit` bytes' worth. For
// comparing a value a client sent, of any size or depth, with texts of a known length.
bool append_canonical_json_within(std::string& out, const Json& j, std::size_t limit);

// Writes one JSON value member by member, in canonical form, at the end of `out`: how every
// engine writes its views and its legal actions (State::write_view, State::list_legal). The
// caller gives each object's keys in byte order ("deck" before "deck_count"); nothing here
// sorts them. With the key check on (debug builds, and every test program), a key that does
// not come after the one before it in its object throws std::logic_error naming both, so a
// mistake fails where it is made. Release builds skip the check: views are written for
// every seat after every action.
class TextWriter {
 public:
  explicit TextWriter(std::string& out) : out_(out), checking_(check_keys_) {
    if (checking_) keys_.push_back(LastKey{});
  }

  // Turns the key check on or off for writers made from now on (tests turn it on).
  static void check_key_order(bool on) { check_keys_ = on; }
  static bool checking_key_order() { return check_keys_; }

  TextWriter& key(std::string_view k);  // the next member of the open object
  // A key written in the program (a literal, which is nearly every key): its bytes need no
  // escaping, so release builds copy it with its quotes and colon without looking at it;
  // with the key check on, a literal that would need escapes throws std::logic_error.
  // Inlined where it is called, so that the literal's length is a constant there and its copy
  // a few moves: out of line, it measured a call of strlen and one of memcpy per key.
  template <std::size_t N>
  [[gnu::always_inline]] TextWriter& key(const char (&k)[N]) {
    const std::string_view s(k);  // a constant for a literal
    if (checking_) return key_checked(s);
    char piece[N + 3];  // comma, quotes, colon
    char* p = piece;
    if (need_comma_) *p++ = ',';
    *p++ = '"';
    s.copy(p, s.size());
    p += s.size();
    *p++ = '"';
    *p++ = ':';
    out_.append(piece, static_cast<std::size_t>(p - piece));
    after_key_ = true;
    return *this;
  }
  TextWriter& open_object() { return open('{'); }
  TextWriter& close_object() { return close('}'); }
  TextWriter& open_array() { return open('['); }
  TextWriter& close_array() { return close(']'); }
  TextWriter& num(std::int64_t v);
  // An array of integers (seats, counts, game numbers, times), from any range of them.
  template <class Integers>
  TextWriter& nums(const Integers& values) {
    open_array();
    for (const auto v : values) num(static_cast<std::int64_t>(v));
    return close_array();
  }
  TextWriter& str(std::string_view s);
  TextWriter& flag(bool b) { return raw(b ? "true" : "false"); }
  TextWriter& null() { return raw("null"); }
  // A seat, or null for kSpectator: what a view says the viewer is ("you").
  TextWriter& seat(Seat s) { return s == kSpectator ? null() : num(s); }
  TextWriter& json(const Json& j);  // any value given as a tree
  // A value already written as canonical text.
  TextWriter& raw(std::string_view canonical);

 private:
  void separate();  // the comma before an array element or a member
  TextWriter& open(char bracket);
  TextWriter& close(char bracket);
  TextWriter& written();  // a value ended: the next one at this level needs a comma
  void check_key(std::size_t at, std::size_t size);
  TextWriter& key_checked(std::string_view literal);
  std::string& out_;
  bool need_comma_ = false;  // a value was written at this level
  bool after_key_ = false;   // the value of a member comes next
  // The key check: per open object or array (and the top level, for a writer that writes a
  // list of members), where in out_ its last key's text is; `at` 0 before the first key.
  struct LastKey {
    std::size_t at = 0, size = 0;
  };
  bool checking_;
  std::vector<LastKey> keys_;
  static bool check_keys_;  // on in debug builds (canonical_text.cc)
};

// The tree of a value that `write` writes through a TextWriter: for the few places that need
// as a tree what is defined as text (an event, an outcome's details, a test).
template <typename Write>
Json tree_of(Write&& write) {
  std::string text;
  TextWriter w(text);
  write(w);
  return Json::parse(text);
}

}  // namespace nyan
