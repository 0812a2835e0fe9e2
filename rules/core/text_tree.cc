#include "rules/core/text_tree.h"

#include <stdexcept>
#include <string>

namespace nyan {

namespace {

constexpr int kMaxDepth = 64;  // views nest a few levels; a deeper text is not one of them

[[noreturn]] void bad(const char* what) { throw std::invalid_argument(std::string("TextTree: ") + what); }

}  // namespace

TextTree::TextTree(std::string_view text) : text_(text) {
  nodes_.reserve(text.size() / 4 + 2);
  nodes_.emplace_back();
  std::size_t pos = 0;
  value(pos, {}, 0);
  skip_space(pos);
  if (pos != text_.size()) bad("text after the value");
}

void TextTree::skip_space(std::size_t& pos) const {
  while (pos < text_.size() && (text_[pos] == ' ' || text_[pos] == '\n' || text_[pos] == '\r' || text_[pos] == '\t'))
    ++pos;
}

// The contents of the string starting at `pos` (its opening quote), escapes as written.
std::string_view TextTree::string_at(std::size_t& pos) {
  if (pos >= text_.size() || text_[pos] != '"') bad("a string expected");
  const std::size_t begin = ++pos;
  while (true) {  // the next quote not escaped by an odd number of backslashes
    pos = text_.find('"', pos);
    if (pos == std::string_view::npos) bad("an unterminated string");
    std::size_t slashes = 0;
    while (pos - slashes > begin && text_[pos - slashes - 1] == '\\') ++slashes;
    if (slashes % 2 == 0) break;
    ++pos;
  }
  return text_.substr(begin, pos++ - begin);
}

std::uint32_t TextTree::value(std::size_t& pos, std::string_view key, int depth) {
  if (depth > kMaxDepth) bad("too deep");
  skip_space(pos);
  if (pos >= text_.size()) bad("a value expected");
  const auto at = static_cast<std::uint32_t>(nodes_.size());
  nodes_.emplace_back();
  nodes_[at].key = key;
  const char c = text_[pos];
  if (c == '{' || c == '[') {
    const bool object = c == '{';
    nodes_[at].type = object ? Type::object : Type::array;
    ++pos;
    skip_space(pos);
    const char close = object ? '}' : ']';
    std::uint32_t last = 0;
    if (pos < text_.size() && text_[pos] == close) {
      ++pos;
      return at;
    }
    while (true) {
      std::string_view member;
      if (object) {
        skip_space(pos);
        member = string_at(pos);
        skip_space(pos);
        if (pos >= text_.size() || text_[pos] != ':') bad("a colon expected");
        ++pos;
      }
      const std::uint32_t child = value(pos, member, depth + 1);
      if (last == 0) nodes_[at].first = child;
      else nodes_[last].next = child;
      last = child;
      ++nodes_[at].count;
      skip_space(pos);
      if (pos < text_.size() && text_[pos] == ',') {
        ++pos;
        continue;
      }
      if (pos < text_.size() && text_[pos] == close) {
        ++pos;
        return at;
      }
      bad("a comma or a closing bracket expected");
    }
  }
  if (c == '"') {
    nodes_[at].type = Type::string;
    nodes_[at].text = string_at(pos);
    return at;
  }
  const auto word = [&](std::string_view w) {
    if (text_.substr(pos, w.size()) != w) bad("an unknown word");
    pos += w.size();
  };
  if (c == 'n') {
    word("null");
    return at;
  }
  if (c == 't' || c == 'f') {
    nodes_[at].type = Type::flag;
    nodes_[at].flag = c == 't';
    word(c == 't' ? "true" : "false");
    return at;
  }
  // An integer: an optional minus and digits (a view holds no other number).
  const bool negative = c == '-';
  if (negative) ++pos;
  const std::size_t digits = pos;
  std::int64_t n = 0;
  while (pos < text_.size() && text_[pos] >= '0' && text_[pos] <= '9') {
    if (pos - digits >= 18) bad("a number too long");
    n = n * 10 + (text_[pos++] - '0');
  }
  if (pos == digits) bad("a value expected");
  if (pos < text_.size() && (text_[pos] == '.' || text_[pos] == 'e' || text_[pos] == 'E')) bad("not an integer");
  nodes_[at].type = Type::number;
  nodes_[at].number = negative ? -n : n;
  return at;
}

const TextTree::Node& TextTree::Ref::node() const { return tree_->nodes_[at_]; }

bool TextTree::Ref::is_null() const { return node().type == Type::null; }
bool TextTree::Ref::is_flag() const { return node().type == Type::flag; }
bool TextTree::Ref::is_number() const { return node().type == Type::number; }
bool TextTree::Ref::is_string() const { return node().type == Type::string; }
bool TextTree::Ref::is_array() const { return node().type == Type::array; }
bool TextTree::Ref::is_object() const { return node().type == Type::object; }

std::optional<TextTree::Ref> TextTree::Ref::find(std::string_view key) const {
  if (node().type != Type::object) return std::nullopt;
  for (std::uint32_t c = node().first; c != 0; c = tree_->nodes_[c].next)
    if (tree_->nodes_[c].key == key) return Ref(tree_, c);
  return std::nullopt;
}

TextTree::Ref TextTree::Ref::at(std::string_view key) const {
  if (const std::optional<Ref> r = find(key)) return *r;
  throw std::out_of_range("TextTree: no member " + std::string(key));
}

TextTree::Ref TextTree::Ref::at(std::size_t i) const {
  std::uint32_t c = node().type == Type::array || node().type == Type::object ? node().first : 0;
  for (; c != 0 && i > 0; --i) c = tree_->nodes_[c].next;
  if (c == 0) throw std::out_of_range("TextTree: index out of range");
  return {tree_, c};
}

std::size_t TextTree::Ref::size() const { return node().count; }

std::int64_t TextTree::Ref::num() const {
  if (node().type != Type::number) bad("not a number");
  return node().number;
}

bool TextTree::Ref::flag() const {
  if (node().type != Type::flag) bad("not a boolean");
  return node().flag;
}

std::string_view TextTree::Ref::str() const {
  if (node().type != Type::string) bad("not a string");
  return node().text;
}

std::string_view TextTree::Ref::key() const { return node().key; }

TextTree::Ref::Iterator TextTree::Ref::begin() const {
  return {tree_, node().type == Type::array || node().type == Type::object ? node().first : 0};
}

TextTree::Ref::Iterator& TextTree::Ref::Iterator::operator++() {
  at_ = tree_->nodes_[at_].next;
  return *this;
}

}  // namespace nyan
