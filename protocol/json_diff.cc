#include "protocol/json_diff.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "protocol/canonical.h"
#include "rules/core/types.h"

namespace nyan {

namespace {

// How far a list may have moved towards its front and still be sent as a shift. Views drop
// at most a few old log events per action.
constexpr std::size_t kMaxShift = 4;

// The smallest part (its texts before and after together) that the memo keeps: below it,
// diffing again costs less than looking it up.
constexpr std::size_t kMemoMin = 64;

// The bytes that matter when skipping a container's text: quotes and brackets. A table
// lookup per byte instead of five comparisons.
constexpr std::array<bool, 256> kStructural = [] {
  std::array<bool, 256> t{};
  for (const unsigned char c : {'"', '{', '}', '[', ']'}) t[c] = true;
  return t;
}();

#if defined(__SSE2__)
// The bytes of `v` (16 of them) equal to `c`, as a mask.
std::uint64_t equal_mask(__m128i v, char c) {
  return static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c)))));
}
#endif

// The end of the string whose opening quote is at `i`; a backslash always escapes the next
// byte. Every key and string of both views is skipped this way as the diff reads them: 16
// bytes at a time to the next quote or backslash (nearly every string is a key or a card name
// that fits in one), then byte by byte for the last few bytes of `s`.
std::size_t string_end(std::string_view s, std::size_t i) {
  ++i;
#if defined(__SSE2__)
  while (i + 16 <= s.size()) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + i));
    const std::uint64_t stops = equal_mask(v, '"') | equal_mask(v, '\\');
    if (stops == 0) {
      i += 16;
      continue;
    }
    i += static_cast<std::size_t>(__builtin_ctzll(stops));
    if (s[i] == '"') return i + 1;
    i += 2;  // the backslash and the byte it escapes
  }
#endif
  for (; i < s.size(); ++i) {
    if (s[i] == '"') return i + 1;
    if (s[i] == '\\') ++i;
  }
  return s.size();
}

// The number of bytes that `a` and `b` begin with alike: 64 at a time, then 16.
std::size_t common_prefix(std::string_view a, std::string_view b) {
  const std::size_t n = std::min(a.size(), b.size());
  std::size_t i = 0;
  while (i + 64 <= n && std::memcmp(a.data() + i, b.data() + i, 64) == 0) i += 64;
#if defined(__SSE2__)
  for (; i + 16 <= n; i += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a.data() + i));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.data() + i));
    const auto equal = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)));  // bit 0: the first byte
    if (equal != 0xFFFF) return i + static_cast<std::size_t>(__builtin_ctz(~equal));
  }
#endif
  while (i < n && a[i] == b[i]) ++i;
  return i;
}

// The number of bytes that `a` and `b` end with alike: 16 at a time from their ends.
std::size_t common_suffix(std::string_view a, std::string_view b) {
  const std::size_t n = std::min(a.size(), b.size());
  std::size_t same = 0;
#if defined(__SSE2__)
  for (; same + 16 <= n; same += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a.data() + a.size() - same - 16));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.data() + b.size() - same - 16));
    const auto equal = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)));  // bit 15: the last byte
    if (equal != 0xFFFF) return same + static_cast<std::size_t>(__builtin_clz(~equal & 0xFFFF) - 16);
  }
#endif
  while (same < n && a[a.size() - 1 - same] == b[b.size() - 1 - same]) ++same;
  return same;
}

// One element of an array, or member of an object.
struct Member {
  std::string_view key;  // the quoted key as written; empty for array elements
  std::string_view value;
};

// Reads the members of an object, or the elements of an array, one at a time.
class Members {
 public:
  Members(std::string_view text, const TextIndex& index, std::string_view s)
      : text_(text), index_(index), s_(s), object_(!s.empty() && s.front() == '{') {
    at_end_ = s.size() < 2 || s[1] == '}' || s[1] == ']';
    advance();
  }
  // From the member after the one that ended at s[end] (a comma, or the closing bracket).
  Members(std::string_view text, const TextIndex& index, std::string_view s, std::size_t end)
      : text_(text), index_(index), s_(s), object_(!s.empty() && s.front() == '{'), i_(end + 1) {
    at_end_ = end >= s.size() || s[end] != ',';
    advance();
  }
  bool done() const { return done_; }
  // The bytes from the current member on, to the end of the container.
  std::size_t rest() const { return s_.size() - start_; }
  // Where the current member ends: the comma or the closing bracket after it.
  std::size_t end() const { return i_ - 1; }
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
    start_ = i_;
    if (object_) {
      const std::size_t k = index_.value_end(text_, s_, i_, cursor_);
      m_.key = s_.substr(i_, k - i_);
      i_ = k + 1;  // past ':'
    }
    const std::size_t e = index_.value_end(text_, s_, i_, cursor_);
    m_.value = s_.substr(i_, e - i_);
    i_ = e + 1;  // past ',' or the closing bracket
    at_end_ = e >= s_.size() || s_[e] != ',';
  }
  std::string_view text_;  // the whole text, which index_ is of
  const TextIndex& index_;
  std::string_view s_;
  bool object_;
  std::size_t i_ = 1, start_ = 1;
  std::size_t cursor_ = SIZE_MAX;  // the index's entry for the next container (not yet known)
  bool at_end_ = false, done_ = false;
  Member m_;
};

// The element lists of the arrays being compared, two per level of nesting, kept from one
// diff to the next so that a diff allocates nothing for them. A deque: growing it for a
// deeper level leaves the lists of the levels above where they are.
using Lists = std::deque<std::vector<std::string_view>>;

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
  Differ(std::string& out, std::string_view from, const TextIndex& from_index, std::string_view to,
         const TextIndex& to_index, Lists& lists, DiffMemo* memo)
      : out_(out), from_(from), to_(to), from_index_(from_index), to_index_(to_index), lists_(lists), memo_(memo) {}

  // The whole texts, two objects, diffed after `walk` (the last audience's), which is then
  // this one's: the members before the last of its steps whose members are the same bytes at
  // the same places in these texts have the same operations, copied rather than worked out.
  void whole(DiffMemo::Walk& walk) {
    const std::size_t from_alike = walk.steps.empty() ? 0 : common_prefix(walk.from, from_);
    const std::size_t to_alike = walk.steps.empty() ? 0 : common_prefix(walk.to, to_);
    std::size_t kept = 0;
    while (kept < walk.steps.size() && walk.steps[kept].from_end < from_alike && walk.steps[kept].to_end < to_alike) ++kept;
    walk.steps.resize(kept);
    if (kept == 0) {
      this->walk(Members(from_, from_index_, from_), Members(to_, to_index_, to_), from_, to_, &walk.steps);
    } else {
      const DiffMemo::Step last = walk.steps.back();
      out_.assign(walk.patch, 0, last.patch_size);
      this->walk(Members(from_, from_index_, from_, last.from_end), Members(to_, to_index_, to_, last.to_end), from_, to_,
                 &walk.steps);
    }
    walk.from = from_;
    walk.to = to_;
    walk.patch = out_;
  }

  void diff(std::string_view from, std::string_view to) {
    if (from == to) return;  // most of a view is as it was: one memcmp, no descent
    const bool both_objects = !from.empty() && !to.empty() && from.front() == '{' && to.front() == '{';
    const bool both_arrays = !from.empty() && !to.empty() && from.front() == '[' && to.front() == '[';
    if (!both_objects && !both_arrays) return op("replace", to);
    if (!memo_ || from.size() + to.size() < kMemoMin) return both_objects ? objects(from, to) : arrays(from, to);
    std::vector<DiffMemo::Entry>& known = memo_->at(path_);
    for (const DiffMemo::Entry& e : known)
      if (e.from == from && e.to == to) return copy_ops(e.ops);
    const std::size_t start = out_.size();
    both_objects ? objects(from, to) : arrays(from, to);
    const std::size_t first = start + (out_.size() > start && out_[start] == ',' ? 1 : 0);
    known.push_back(DiffMemo::Entry{from, to, out_.substr(first)});
  }

 private:
  std::string& out_;
  const std::string_view from_, to_;
  const TextIndex &from_index_, &to_index_;
  Lists& lists_;
  DiffMemo* memo_;
  std::size_t depth_ = 0;  // arrays being compared around the current value
  std::string path_;       // JSON Pointer of the value being compared

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

  // Operations the memo kept for the value at path_, as the diff would have written them.
  void copy_ops(const std::string& ops) {
    if (ops.empty()) return;
    if (out_.size() > 1) out_ += ',';
    out_ += ops;
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
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, index).ptr;
    under(std::string_view(digits, static_cast<std::size_t>(end - digits)), f);
  }

  void objects(std::string_view from_text, std::string_view to_text) {
    walk(Members(from_, from_index_, from_text), Members(to_, to_index_, to_text), from_text, to_text, nullptr);
  }

  // Both are sorted by key bytes: one merge walk, from where `a` and `b` are, finds removed,
  // added and common members. With `steps`, where each pair of members alike by key ended is
  // recorded, and the patch's size then.
  void walk(Members a, Members b, std::string_view from_text, std::string_view to_text,
            std::vector<DiffMemo::Step>* steps) {
    std::string scratch_a, scratch_b;
    const std::size_t alike_end = common_suffix(from_text, to_text);
    while (!a.done() || !b.done()) {
      // The members left are the same bytes in both: none of them changed.
      if (!a.done() && !b.done() && a.rest() == b.rest() && a.rest() <= alike_end) return;
      // Nearly always the same key, written the same: the member compared as it is, with no
      // look at the key's bytes unless the value changed.
      if (!a.done() && !b.done() && a->key == b->key) {
        if (a->value != b->value) under(key_bytes(a->key, scratch_a), [&] { diff(a->value, b->value); });
        if (steps) steps->push_back(DiffMemo::Step{a.end(), b.end(), out_.size()});
        ++a;
        ++b;
        continue;
      }
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

  std::vector<std::string_view>& elements(std::size_t slot, std::string_view whole, const TextIndex& index,
                                          std::string_view s) {
    if (lists_.size() <= slot) lists_.resize(slot + 1);
    std::vector<std::string_view>& out = lists_[slot];
    out.clear();
    for (Members m(whole, index, s); !m.done(); ++m) out.push_back(m->value);
    return out;
  }

  void arrays(std::string_view from_text, std::string_view to_text) {
    const std::vector<std::string_view>& from = elements(2 * depth_, from_, from_index_, from_text);
    const std::vector<std::string_view>& to = elements(2 * depth_ + 1, to_, to_index_, to_text);
    ++depth_;  // arrays inside these use the next two lists
    const std::size_t d = shift(from, to);
    for (std::size_t i = 0; i < d; ++i) under(std::size_t{0}, [&] { op("remove"); });
    const std::size_t kept = from.size() - d;  // elements of `from` now at the front of `to`
    const std::size_t common = std::min(kept, to.size());
    for (std::size_t i = 0; i < common; ++i)
      if (from[i + d] != to[i]) under(i, [&] { diff(from[i + d], to[i]); });
    for (std::size_t i = kept; i < to.size(); ++i) under(i, [&] { op("add", to[i]); });
    for (std::size_t i = kept; i > to.size(); --i) under(i - 1, [&] { op("remove"); });
    --depth_;
  }
};

}  // namespace

namespace {

// Builds the spans of a text from its structural bytes, given in order: quotes, brackets and
// (for the SSE2 scan) backslashes. Inside a string only its closing quote and its escapes
// matter; a backslash escapes the next byte. `spans` and `open` have room for every
// container the text could hold (one per byte, in a text of opening brackets alone): a
// bracket is then two stores, with no check for room (a view has one every 30 bytes or so).
class SpanBuilder {
 public:
  SpanBuilder(TextIndex::Span* spans, std::size_t* open, std::size_t size) : spans_(spans), open_(open), size_(size) {}
  // Goes on at an opening bracket, with `count` containers before it, `depth` of them (listed
  // in `open`) still open there.
  SpanBuilder(TextIndex::Span* spans, std::size_t* open, std::size_t size, std::size_t count, std::size_t depth)
      : spans_(spans), open_(open), size_(size), count_(count), depth_(depth) {}
  std::size_t spans() const { return count_; }
  // The containers not closed when the text ended (only in a text that is not JSON).
  const std::size_t* unclosed_begin() const { return open_; }
  const std::size_t* unclosed_end() const { return open_ + depth_; }
  void at(std::size_t i, char c) {
    if (i < skip_) return;  // an escaped byte
    if (in_string_) {
      if (c == '"') in_string_ = false;
      else if (c == '\\') skip_ = i + 2;
    } else if (c == '"') {
      in_string_ = true;
    } else if (c == '{' || c == '[') {
      open_bracket(i);
    } else if (c == '}' || c == ']') {
      close_bracket(i);
    }
  }
  // Whether the byte at `i` is escaped by a backslash before it.
  bool escaped(std::size_t i) const { return i < skip_; }
  // A block of 64 bytes from `i` with no backslash in it and none escaped, given as masks
  // (bit b for byte i + b) of its quotes, opening and closing brackets. Whether a bracket is
  // inside a string follows from the count of quotes before it, so the quotes, a third of a
  // view's bytes, are not visited one by one.
  void block(std::size_t i, std::uint64_t quotes, std::uint64_t opens, std::uint64_t closes) {
    // Bit b: an odd number of quotes at or before b (a prefix XOR, written out: six shifts).
    std::uint64_t inside = quotes;
    inside ^= inside << 1;
    inside ^= inside << 2;
    inside ^= inside << 4;
    inside ^= inside << 8;
    inside ^= inside << 16;
    inside ^= inside << 32;
    const bool odd = inside >> 63;  // the block's quotes: whether it ends in another string than it began
    if (in_string_) inside = ~inside;
    for (std::uint64_t m = (opens | closes) & ~inside; m != 0; m &= m - 1) {
      const auto b = static_cast<unsigned>(__builtin_ctzll(m));
      if ((opens >> b) & 1) open_bracket(i + b);
      else close_bracket(i + b);
    }
    if (odd) in_string_ = !in_string_;
  }

 private:
  void open_bracket(std::size_t i) {
    open_[depth_++] = count_;
    // Unclosed until its end is seen: runs to the end of the text.
    spans_[count_++] = {static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(size_), 0};
  }
  void close_bracket(std::size_t i) {
    if (depth_ == 0) return;
    TextIndex::Span& span = spans_[open_[--depth_]];
    span.close = static_cast<std::uint32_t>(i + 1);
    span.after = static_cast<std::uint32_t>(count_);
  }
  TextIndex::Span* spans_;
  std::size_t* open_;  // indices into spans_ of the containers not yet closed
  std::size_t size_;
  std::size_t count_ = 0, depth_ = 0;
  std::size_t skip_ = 0;  // bytes before this one are escaped, not structural
  bool in_string_ = false;
};

}  // namespace

namespace {

// Where an index is built, kept by the thread: room for every container a text of `size` bytes
// can hold. The index is then copied at its exact size: the index of every seat's last view is
// kept for the rest of its game.
struct Scratch {
  std::vector<TextIndex::Span> spans;
  std::vector<std::size_t> open;  // the containers open where the build is
};
Scratch& scratch(std::size_t size) {
  thread_local Scratch s;
  const std::size_t most = size + 1;  // containers a text of this size can hold
  if (s.spans.size() < most) s.spans.resize(most);
  if (s.open.size() < most) s.open.resize(most);
  return s;
}

}  // namespace

TextIndex::TextIndex(std::string_view text) {
  scratch(text.size());
  build(text, 0, 0, 0);
}

TextIndex::TextIndex(std::string_view text, std::string_view like, const TextIndex& like_index) {
  Scratch& s = scratch(text.size());
  // The last container that opens where both texts are alike is where the build goes on:
  // at its bracket, outside any string, the containers before it are those of `like`.
  const std::size_t alike = common_prefix(text, like);
  const auto opened = static_cast<std::size_t>(
      std::lower_bound(like_index.spans_.begin(), like_index.spans_.end(), alike,
                       [](const Span& span, std::size_t at) { return span.open < at; }) -
      like_index.spans_.begin());
  if (opened == 0) {
    build(text, 0, 0, 0);
    return;
  }
  const std::size_t kept = opened - 1, from = like_index.spans_[kept].open;
  std::copy(like_index.spans_.begin(), like_index.spans_.begin() + static_cast<std::ptrdiff_t>(kept), s.spans.begin());
  // Those still open at `from`, outermost first: each one's first entry is inside it, and a
  // container that closed before `from` is skipped with everything inside it.
  std::size_t depth = 0;
  for (std::size_t j = 0; j < kept;) {
    if (s.spans[j].close > from) {
      s.spans[j].close = static_cast<std::uint32_t>(text.size());  // until its end is seen in `text`
      s.open[depth++] = j++;
    } else {
      j = s.spans[j].after;
    }
  }
  build(text, from, kept, depth);
}

void TextIndex::build(std::string_view text, std::size_t from, std::size_t kept, std::size_t depth) {
  Scratch& s = scratch(text.size());
  SpanBuilder b(s.spans.data(), s.open.data(), text.size(), kept, depth);
  const char* data = text.data();
  std::size_t i = from;
#if defined(__SSE2__)
  // 64 bytes at a time, as masks of quotes, backslashes and brackets: a view has a
  // structural byte every few bytes, and between them names and numbers that a byte loop
  // would test one by one (each view of every seat is indexed after every action). A block
  // without backslashes (nearly every one) visits only its brackets.
  for (; i + 64 <= text.size(); i += 64) {
    std::uint64_t quotes = 0, backslashes = 0, opens = 0, closes = 0;
    for (unsigned part = 0; part < 4; ++part) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i + 16 * part));
      // '[' and '{' differ only in the bit 0x20, as do ']' and '}'; no other byte has their form.
      const __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
      quotes |= equal_mask(v, '"') << (16 * part);
      backslashes |= equal_mask(v, '\\') << (16 * part);
      opens |= equal_mask(folded, '{') << (16 * part);
      closes |= equal_mask(folded, '}') << (16 * part);
    }
    if (backslashes == 0 && !b.escaped(i)) {
      b.block(i, quotes, opens, closes);
    } else {
      for (std::uint64_t m = quotes | backslashes | opens | closes; m != 0; m &= m - 1) {
        const std::size_t at = i + static_cast<std::size_t>(__builtin_ctzll(m));
        b.at(at, data[at]);
      }
    }
  }
#endif
  for (; i < text.size(); ++i)
    if (kStructural[static_cast<unsigned char>(data[i])] || data[i] == '\\') b.at(i, data[i]);
  for (const std::size_t* u = b.unclosed_begin(); u != b.unclosed_end(); ++u)
    s.spans[*u].after = static_cast<std::uint32_t>(b.spans());
  spans_.assign(s.spans.begin(), s.spans.begin() + static_cast<std::ptrdiff_t>(b.spans()));
}

std::size_t TextIndex::value_end(std::string_view text, std::string_view s, std::size_t i, std::size_t& cursor) const {
  if (i >= s.size()) return s.size();
  if (s[i] == '"') return string_end(s, i);
  if (s[i] == '{' || s[i] == '[') {
    const auto base = static_cast<std::size_t>(s.data() - text.data());
    const auto pos = static_cast<std::uint32_t>(base + i);
    if (cursor >= spans_.size() || spans_[cursor].open != pos) {
      // The first container of a part: looked up. Its siblings follow from its entry.
      cursor = static_cast<std::size_t>(
          std::lower_bound(spans_.begin(), spans_.end(), pos, [](const Span& span, std::uint32_t p) { return span.open < p; }) -
          spans_.begin());
      if (cursor == spans_.size() || spans_[cursor].open != pos) return s.size();  // not in this text: cannot happen
    }
    const Span& span = spans_[cursor];
    cursor = span.after;
    return std::min<std::size_t>(span.close - base, s.size());
  }
  while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']') ++i;
  return i;
}

std::string json_diff(std::string_view from, std::string_view to) {
  if (from == to) return "[]";  // nothing to index
  return json_diff(from, TextIndex(from), to, TextIndex(to));
}

std::string json_diff(std::string_view from, const TextIndex& from_index, std::string_view to,
                      const TextIndex& to_index, DiffMemo* memo) {
  if (from == to) return "[]";
  thread_local Lists lists;
  std::string out;
  out.reserve(256);  // a few operations: most patches fit
  out += '[';
  Differ differ(out, from, from_index, to, to_index, lists, memo);
  const bool objects = !from.empty() && !to.empty() && from.front() == '{' && to.front() == '{';
  if (memo && objects) differ.whole(memo->walk());
  else differ.diff(from, to);
  out += ']';
  return out;
}

}  // namespace nyan
