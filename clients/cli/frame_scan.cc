#include "clients/cli/frame_scan.h"

#include <charconv>

namespace nyan::cli {

namespace {

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::size_t skip_space(std::string_view s, std::size_t i) {
  while (i < s.size() && space(s[i])) ++i;
  return i;
}

// One past the end of the string that starts at s[i] (a quote); s.size() when unterminated.
std::size_t string_end(std::string_view s, std::size_t i) {
  for (++i; i < s.size(); ++i) {
    if (s[i] == '\\') ++i;
    else if (s[i] == '"') return i + 1;
  }
  return s.size();
}

// One past the end of the value that starts at s[i]; s.size() when it does not end.
std::size_t value_end(std::string_view s, std::size_t i) {
  if (i >= s.size()) return s.size();
  if (s[i] == '"') return string_end(s, i);
  if (s[i] == '{' || s[i] == '[') {
    int depth = 0;
    while (i < s.size()) {
      const char c = s[i];
      if (c == '"') {
        i = string_end(s, i);
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      else if ((c == '}' || c == ']') && --depth == 0) return i + 1;
      ++i;
    }
    return s.size();
  }
  while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']' && !space(s[i])) ++i;
  return i;
}

// Calls `each(key_or_empty, value)` for every member of an object or element of an array at
// `s`; stops early when `each` returns true. False when `s` is not one of them or is malformed.
template <class Each>
bool for_each_entry(std::string_view s, char open, Each&& each) {
  std::size_t i = skip_space(s, 0);
  if (i >= s.size() || s[i] != open) return false;
  const char close = open == '{' ? '}' : ']';
  i = skip_space(s, i + 1);
  if (i < s.size() && s[i] == close) return true;
  while (i < s.size()) {
    std::string_view key;
    if (open == '{') {
      if (s[i] != '"') return false;
      const std::size_t end = string_end(s, i);
      if (end > s.size() || end < i + 2) return false;
      key = s.substr(i + 1, end - i - 2);
      i = skip_space(s, end);
      if (i >= s.size() || s[i] != ':') return false;
      i = skip_space(s, i + 1);
    }
    const std::size_t end = value_end(s, i);
    if (end >= s.size() || end == i) return false;
    if (each(key, s.substr(i, end - i))) return true;
    i = skip_space(s, end);
    if (i >= s.size()) return false;
    if (s[i] == close) return true;
    if (s[i] != ',') return false;
    i = skip_space(s, i + 1);
  }
  return false;
}

}  // namespace

std::string_view member_text(std::string_view object, std::string_view key) {
  std::string_view found;
  for_each_entry(object, '{', [&](std::string_view k, std::string_view v) {
    if (k != key) return false;
    found = v;
    return true;
  });
  return found;
}

std::vector<std::string_view> element_texts(std::string_view array) {
  std::vector<std::string_view> out;
  if (!for_each_entry(array, '[', [&](std::string_view, std::string_view v) {
        out.push_back(v);
        return false;
      }))
    out.clear();
  return out;
}

std::optional<std::int64_t> integer_text(std::string_view text) {
  std::int64_t v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (ec != std::errc() || p != end || text.empty()) return std::nullopt;
  return v;
}

}  // namespace nyan::cli
