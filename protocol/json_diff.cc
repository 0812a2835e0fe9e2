#include "protocol/json_diff.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "protocol/canonical.h"
#include "rules/core/types.h"

namespace nyan {

namespace {

// How far a list may have moved towards its front and still be sent as a shift. Views drop
// at most a few old log events per action.
constexpr std::size_t kMaxShift = 4;

// The bytes that matter when skipping a container's text: quotes and brackets. A table
// lookup per byte instead of five comparisons.
constexpr std::array<bool, 256> kStructural = [] {
  std::array<bool, 256> t{};
  for (const unsigned char c : {'"', '{', '}', '[', ']'}) t[c] = true;
  return t;
}();

// The end of the string whose opening quote is at `i`. A byte loop rather than find():
// view strings are short (keys, card names), and a backslash always escapes the next byte.
std::size_t string_end(std::string_view s, std::size_t i) {
  for (++i; i < s.size(); ++i) {
    if (s[i] == '"') return i + 1;
    if (s[i] == '\\') ++i;
  }
  return s.size();
}

// Where every object and array of a canonical text ends, found in one pass over it. The diff
// walks a view level by level; without this, each level would skip over the bytes of the
// levels below it again.
class Brackets {
 public:
  explicit Brackets(std::string_view text) : text_(text) {
    opens_.reserve(64);
    closes_.reserve(64);
    std::vector<std::size_t> open;  // indices into opens_ of the containers not yet closed
    open.reserve(16);
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (!kStructural[bytes[i]]) continue;
      const char c = text[i];
      if (c == '"') {
        i = string_end(text, i) - 1;
      } else if (c == '{' || c == '[') {
        open.push_back(opens_.size());
        opens_.push_back(static_cast<std::uint32_t>(i));
        closes_.push_back(static_cast<std::uint32_t>(text.size()));  // unclosed: runs to the end
      } else if (!open.empty()) {
        closes_[open.back()] = static_cast<std::uint32_t>(i + 1);
        open.pop_back();
      }
    }
  }

  // The end of the value that starts at s[i]; `s` is a part of this text.
  std::size_t value_end(std::string_view s, std::size_t i) const {
    if (i >= s.size()) return s.size();
    if (s[i] == '"') return string_end(s, i);
    if (s[i] == '{' || s[i] == '[') {
      const auto base = static_cast<std::size_t>(s.data() - text_.data());
      const auto at = std::lower_bound(opens_.begin(), opens_.end(), static_cast<std::uint32_t>(base + i));
      if (at == opens_.end() || *at != base + i) return s.size();  // not in this text: cannot happen
      return std::min<std::size_t>(closes_[static_cast<std::size_t>(at - opens_.begin())] - base, s.size());
    }
    while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']') ++i;
    return i;
  }

 private:
  std::string_view text_;
  std::vector<std::uint32_t> opens_, closes_;  // by position of the opening bracket
};

// One element of an array, or member of an object.
struct Member {
  std::string_view key;  // the quoted key as written; empty for array elements
  std::string_view value;
};

// Reads the members of an object, or the elements of an array, one at a time.
class Members {
 public:
  Members(std::string_view s, const Brackets& b) : s_(s), b_(b), object_(!s.empty() && s.front() == '{') {
    at_end_ = s.size() < 2 || s[1] == '}' || s[1] == ']';
    advance();
  }
  bool done() const { return done_; }
  const Member& operator*() const { return m_; }
  const Member* operator->() const { return &m_; }
  Members& operator++() {
    advance();
    return *this;
  }

 private:
  void advance() {
    if (at_end_ || i_ >= s_.size()) {
      done_ = true;
      return;
    }
    if (object_) {
      const std::size_t k = b_.value_end(s_, i_);
      m_.key = s_.substr(i_, k - i_);
      i_ = k + 1;  // past ':'
    }
    const std::size_t e = b_.value_end(s_, i_);
    m_.value = s_.substr(i_, e - i_);
    i_ = e + 1;  // past ',' or the closing bracket
    at_end_ = e >= s_.size() || s_[e] != ',';
  }
  std::string_view s_;
  const Brackets& b_;
  bool object_;
  std::size_t i_ = 1;
  bool at_end_ = false, done_ = false;
  Member m_;
};

std::vector<std::string_view> elements(std::string_view s, const Brackets& b) {
  std::vector<std::string_view> out;
  out.reserve(16);
  for (Members m(s, b); !m.done(); ++m) out.push_back(m->value);
  return out;
}

// A key as its bytes: the text between the quotes, or, when it has escapes (rare: keys are
// engine names and area ids), its unescaped copy in `scratch`.
std::string_view key_bytes(std::string_view quoted, std::string& scratch) {
  if (quoted.size() < 2) return {};
  if (quoted.find('\\') == std::string_view::npos) return quoted.substr(1, quoted.size() - 2);
  scratch = Json::parse(quoted).get<std::string>();
  return scratch;
}

class Differ {
 public:
  // `from` and `to` are the whole texts; diff() is given parts of them.
  Differ(std::string& out, std::string_view from, std::string_view to) : out_(out), from_(from), to_(to) {}

  void diff(std::string_view from, std::string_view to) {
    if (from == to) return;  // most of a view is as it was: one memcmp, no descent
    if (!from.empty() && !to.empty() && from.front() == '{' && to.front() == '{') objects(from, to);
    else if (!from.empty() && !to.empty() && from.front() == '[' && to.front() == '[') arrays(from, to);
    else op("replace", to);
  }

 private:
  std::string& out_;
  const Brackets from_, to_;
  std::string path_;  // JSON Pointer of the value being compared

  void op(const char* name, std::string_view value = {}) {
    out_ += out_.size() > 1 ? ",{\"op\":\"" : "{\"op\":\"";
    out_ += name;
    out_ += "\",\"path\":";
    append_canonical_string(out_, path_);
    if (!value.empty()) {
      out_ += ",\"value\":";
      out_ += value;
    }
    out_ += '}';
  }

  // Runs `f` with path_ extended by one reference token, escaped per RFC 6901.
  template <typename F>
  void under(std::string_view token, F f) {
    const std::size_t size = path_.size();
    path_ += '/';
    for (char c : token) {
      if (c == '~') path_ += "~0";
      else if (c == '/') path_ += "~1";
      else path_ += c;
    }
    f();
    path_.resize(size);
  }
  template <typename F>
  void under(std::size_t index, F f) {
    under(std::to_string(index), f);
  }

  void objects(std::string_view from_text, std::string_view to_text) {
    // Both are sorted by key bytes: one merge walk finds removed, added and common members.
    Members a(from_text, from_), b(to_text, to_);
    std::string scratch_a, scratch_b;
    while (!a.done() || !b.done()) {
      const std::string_view ka = !a.done() ? key_bytes(a->key, scratch_a) : std::string_view();
      const std::string_view kb = !b.done() ? key_bytes(b->key, scratch_b) : std::string_view();
      if (b.done() || (!a.done() && ka < kb)) {
        under(ka, [&] { op("remove"); });
        ++a;
      } else if (a.done() || kb < ka) {
        under(kb, [&] { op("add", b->value); });
        ++b;
      } else {
        if (a->value != b->value) under(ka, [&] { diff(a->value, b->value); });
        ++a;
        ++b;
      }
    }
  }

  // The smallest d such that `from` without its first d elements (not all of them) is the
  // start of `to`; 0 if there is none.
  static std::size_t shift(const std::vector<std::string_view>& from, const std::vector<std::string_view>& to) {
    if (from.empty() || to.empty() || from.front() == to.front()) return 0;
    for (std::size_t d = 1; d <= kMaxShift && d < from.size(); ++d)
      if (from.size() - d <= to.size() && std::equal(from.begin() + static_cast<std::ptrdiff_t>(d), from.end(), to.begin()))
        return d;
    return 0;
  }

  void arrays(std::string_view from_text, std::string_view to_text) {
    const std::vector<std::string_view> from = elements(from_text, from_), to = elements(to_text, to_);
    const std::size_t d = shift(from, to);
    for (std::size_t i = 0; i < d; ++i) under(std::size_t{0}, [&] { op("remove"); });
    const std::size_t kept = from.size() - d;  // elements of `from` now at the front of `to`
    const std::size_t common = std::min(kept, to.size());
    for (std::size_t i = 0; i < common; ++i)
      if (from[i + d] != to[i]) under(i, [&] { diff(from[i + d], to[i]); });
    for (std::size_t i = kept; i < to.size(); ++i) under(i, [&] { op("add", to[i]); });
    for (std::size_t i = kept; i > to.size(); --i) under(i - 1, [&] { op("remove"); });
  }
};

}  // namespace

std::string json_diff(std::string_view from, std::string_view to) {
  if (from == to) return "[]";  // nothing to index
  std::string out = "[";
  Differ(out, from, to).diff(from, to);
  out += ']';
  return out;
}

}  // namespace nyan
