#include "rules/core/canonical_text.h"

#include <array>
#include <charconv>
#include <cstring>
#include <stdexcept>

namespace nyan {

namespace {

// The fallback for what a view never holds (floats, invalid UTF-8): nlohmann's own dump, whose
// output canonical JSON is defined to be; `replace` keeps a stray invalid byte from throwing.
std::string nlohmann_dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

// Well-formed UTF-8 (Unicode table 3-7): what nlohmann's decoder accepts.
bool valid_utf8(std::string_view s) {
  const auto cont = [&](std::size_t i, unsigned char lo = 0x80, unsigned char hi = 0xBF) {
    return i < s.size() && static_cast<unsigned char>(s[i]) >= lo && static_cast<unsigned char>(s[i]) <= hi;
  };
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      i += 1;
    } else if (c >= 0xC2 && c <= 0xDF) {
      if (!cont(i + 1)) return false;
      i += 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      const unsigned char lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
      if (!cont(i + 1, lo, hi) || !cont(i + 2)) return false;
      i += 3;
    } else if (c >= 0xF0 && c <= 0xF4) {
      const unsigned char lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
      if (!cont(i + 1, lo, hi) || !cont(i + 2) || !cont(i + 3)) return false;
      i += 4;
    } else {
      return false;
    }
  }
  return true;
}

// Bytes written as they are in a string of printable ASCII: everything from space to DEL
// but the quote and the backslash. Keys and card names are nothing else.
constexpr std::array<bool, 256> kPlainAscii = [] {
  std::array<bool, 256> t{};
  for (int c = 0x20; c < 0x80; ++c) t[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
  return t;
}();

}  // namespace

void append_canonical_string(std::string& out, std::string_view s) {
  // Nearly every string in a view is printable ASCII: one table lookup per byte, one copy.
  const auto* bytes = reinterpret_cast<const unsigned char*>(s.data());
  std::size_t n = 0;
  while (n < s.size() && kPlainAscii[bytes[n]]) ++n;
  if (n == s.size()) {
    // Short ones (keys, names) with their quotes in one append rather than three.
    char quoted[64];
    if (n + 2 <= sizeof quoted) {
      quoted[0] = '"';
      std::memcpy(quoted + 1, s.data(), n);
      quoted[n + 1] = '"';
      out.append(quoted, n + 2);
    } else {
      out += '"';
      out.append(s);
      out += '"';
    }
    return;
  }
  bool plain = true, ascii = true;
  for (const char ch : s.substr(n)) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == '"' || c == '\\') plain = false;
    else if (c >= 0x80) ascii = false;
  }
  if (!ascii && !valid_utf8(s)) {
    out += nlohmann_dump(Json(std::string(s)));
    return;
  }
  out += '"';
  if (plain) {
    out += s;
  } else {
    for (const char ch : s) {
      switch (ch) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
          if (static_cast<unsigned char>(ch) < 0x20) {
            static constexpr char kHex[] = "0123456789abcdef";
            out += "\\u00";
            out += kHex[(ch >> 4) & 0xF];
            out += kHex[ch & 0xF];
          } else {
            out += ch;
          }
      }
    }
  }
  out += '"';
}

namespace {

template <typename Int>
void write_integer(std::string& out, Int v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

// Writes `j` canonically at the end of `out`, and stops (false) once the text is longer than
// `limit`: each level writes its bracket before it descends, so the depth it reaches is
// bounded by the limit too. With no limit (npos) it writes everything.
bool write(std::string& out, const Json& j, std::size_t limit = std::string::npos) {
  if (out.size() > limit) return false;
  switch (j.type()) {
    case Json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [k, v] : j.get_ref<const Json::object_t&>()) {  // std::map: sorted keys
        if (!first) out += ',';
        first = false;
        if (k.size() > limit) return false;
        append_canonical_string(out, k);
        out += ':';
        if (!write(out, v, limit)) return false;
      }
      out += '}';
      break;
    }
    case Json::value_t::array: {
      out += '[';
      bool first = true;
      for (const Json& v : j.get_ref<const Json::array_t&>()) {
        if (!first) out += ',';
        first = false;
        if (!write(out, v, limit)) return false;
      }
      out += ']';
      break;
    }
    case Json::value_t::string: {
      const std::string& text = j.get_ref<const std::string&>();
      if (text.size() > limit) return false;
      append_canonical_string(out, text);
      break;
    }
    case Json::value_t::number_integer: write_integer(out, j.get<std::int64_t>()); break;
    case Json::value_t::number_unsigned: write_integer(out, j.get<std::uint64_t>()); break;
    case Json::value_t::boolean: out += j.get<bool>() ? "true" : "false"; break;
    case Json::value_t::null: out += "null"; break;
    default: out += nlohmann_dump(j); break;  // floats and binary: never in a view
  }
  return out.size() <= limit;
}

}  // namespace

void append_canonical_json(std::string& out, const Json& j) { write(out, j); }

bool append_canonical_json_within(std::string& out, const Json& j, std::size_t limit) {
  return write(out, j, out.size() + limit);
}

std::string canonical_json_fitted(const Json& j) {
  // Written where the last one was, then copied out at its size: a string grown and then
  // shrunk is allocated three times.
  thread_local std::string written;
  written.clear();
  write(written, j);
  return written;
}

std::string canonical_json(const Json& j) {
  // Written here rather than with dump(): views are written for every seat after every
  // action, and this writer is several times faster (no per-byte UTF-8 decoding of strings
  // that are plain ASCII). Its output is byte for byte nlohmann's dump (tested).
  std::string out;
  out.reserve(256);
  write(out, j);
  return out;
}

#ifdef NDEBUG
bool TextWriter::check_keys_ = false;
#else
bool TextWriter::check_keys_ = true;
#endif

void TextWriter::separate() {
  if (after_key_) after_key_ = false;
  else if (need_comma_) out_ += ',';
}

namespace {

// Room on the stack for a key or a short string with its quotes, the comma before it and the
// colon after: such a piece goes into the text in one append, not four.
constexpr std::size_t kPiece = 64;

bool plain_ascii(std::string_view s) {
  for (const char c : s)
    if (!kPlainAscii[static_cast<unsigned char>(c)]) return false;
  return true;
}

// Appends `s` quoted, with a comma before it and a colon after it as asked, in one piece, if
// it is short and needs no escapes; otherwise appends nothing and returns false.
bool append_plain_piece(std::string& out, bool comma, std::string_view s, bool colon) {
  if (s.size() + 4 > kPiece || !plain_ascii(s)) return false;
  char piece[kPiece];
  char* p = piece;
  if (comma) *p++ = ',';
  *p++ = '"';
  std::memcpy(p, s.data(), s.size());
  p += s.size();
  *p++ = '"';
  if (colon) *p++ = ':';
  out.append(piece, static_cast<std::size_t>(p - piece));
  return true;
}

}  // namespace

TextWriter& TextWriter::key(std::string_view k) {
  const bool comma = need_comma_;
  const std::size_t at = out_.size() + (comma ? 1 : 0) + 1;  // after the opening quote
  if (append_plain_piece(out_, comma, k, /*colon=*/true)) {
    if (checking_) check_key(at, k.size());
  } else {
    if (comma) out_ += ',';
    append_canonical_string(out_, k);
    if (checking_) check_key(at, out_.size() - 1 - at);
    out_ += ':';
  }
  after_key_ = true;
  return *this;
}

TextWriter& TextWriter::key_checked(std::string_view literal) {
  if (!plain_ascii(literal))
    throw std::logic_error("TextWriter: key \"" + std::string(literal) + "\" written in the program needs escapes");
  return key(literal);
}

// Keys are compared as written: for a key without escapes (every key a view has) that is its
// byte order. A pair with an escape in either key is not compared.
void TextWriter::check_key(std::size_t at, std::size_t size) {
  LastKey& last = keys_.back();
  const std::string_view text(out_);
  const std::string_view before = text.substr(last.at, last.size), now = text.substr(at, size);
  if (last.at > 0 && before.find('\\') == std::string_view::npos && now.find('\\') == std::string_view::npos &&
      !(before < now))
    throw std::logic_error("TextWriter: key \"" + std::string(now) + "\" after \"" + std::string(before) +
                           "\" (an object's keys go in byte order, each once)");
  last = LastKey{at, size};
}

TextWriter& TextWriter::open(char bracket) {
  separate();
  out_ += bracket;
  need_comma_ = false;
  if (checking_) keys_.push_back(LastKey{});
  return *this;
}

TextWriter& TextWriter::written() {
  need_comma_ = true;
  return *this;
}

TextWriter& TextWriter::close(char bracket) {
  out_ += bracket;
  if (checking_ && keys_.size() > 1) keys_.pop_back();
  return written();
}

TextWriter& TextWriter::num(std::int64_t v) {
  const bool comma = !after_key_ && need_comma_;
  after_key_ = false;
  if (v >= 0 && v < 10) {  // most numbers in a view (seats, counts, small scores): one byte, no copy
    if (comma) out_ += ',';
    out_ += static_cast<char>('0' + v);
    return written();
  }
  char piece[24];  // a comma and up to 20 digits with the sign
  char* p = piece;
  if (comma) *p++ = ',';
  p = std::to_chars(p, piece + sizeof piece, v).ptr;
  out_.append(piece, static_cast<std::size_t>(p - piece));
  return written();
}

TextWriter& TextWriter::str(std::string_view s) {
  const bool comma = !after_key_ && need_comma_;
  after_key_ = false;
  if (!append_plain_piece(out_, comma, s, /*colon=*/false)) {
    if (comma) out_ += ',';
    append_canonical_string(out_, s);
  }
  return written();
}

TextWriter& TextWriter::json(const Json& j) {
  separate();
  write(out_, j);
  return written();
}

TextWriter& TextWriter::raw(std::string_view canonical) {
  separate();
  out_ += canonical;
  return written();
}

}  // namespace nyan
