// Canonical JSON text (PROTOCOL.md, "Canonical JSON"): compact, object keys sorted by their
// UTF-8 bytes, integers only, UTF-8 with minimal escapes. It is what views are hashed and
// diffed as, so engines can write their views in it directly (TextWriter) instead of
// building a tree that is only written out again.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "rules/core/types.h"

namespace nyan {

// Exactly what nlohmann's dump() writes for a json without floats.
std::string canonical_json(const Json& j);
// Appends canonical_json of the string `s`.
void append_canonical_string(std::string& out, std::string_view s);
// Appends canonical_json(j).
void append_canonical_json(std::string& out, const Json& j);
// canonical_json of the object `object` with one more member, `key`, whose value is given as
// canonical text (`raw`); `key` takes its place in key order and replaces a member of that
// name. For a view made as a tree around a part that is already text.
std::string canonical_json_with(const Json& object, std::string_view key, std::string_view raw);

// Writes one JSON value member by member, in canonical form, at the end of `out`. The
// caller gives each object's keys in byte order ("deck" before "deck_count"); nothing here
// sorts them. Whoever writes a view this way also keeps a test that the text equals
// canonical_json of its own parse (tests/conformance does it for every game).
class TextWriter {
 public:
  explicit TextWriter(std::string& out) : out_(out) {}

  TextWriter& key(std::string_view k);  // the next member of the open object
  TextWriter& open_object() { return open('{'); }
  TextWriter& close_object() { return close('}'); }
  TextWriter& open_array() { return open('['); }
  TextWriter& close_array() { return close(']'); }
  TextWriter& num(std::int64_t v);
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
  std::string& out_;
  bool need_comma_ = false;  // a value was written at this level
  bool after_key_ = false;   // the value of a member comes next
};

}  // namespace nyan
