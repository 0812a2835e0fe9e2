#include "server/common/logfmt.h"

namespace nyan::server {

namespace {

bool needs_quotes(std::string_view v) {
  if (v.empty()) return true;
  for (const char ch : v) {
    const auto c = static_cast<unsigned char>(ch);
    if (c <= ' ' || c == '=' || c == '"' || c == '\\' || c == 0x7f) return true;
  }
  return false;
}

// A key is ours (a literal in the code), but a stray character must not break the line.
void append_key(std::string& out, std::string_view key) {
  if (key.empty()) key = "_";
  for (const char ch : key) {
    const auto c = static_cast<unsigned char>(ch);
    out += c <= ' ' || c == '=' || c == '"' || c == '\\' || c == 0x7f ? '_' : ch;
  }
}

}  // namespace

void append_logfmt_value(std::string& out, std::string_view value) {
  if (!needs_quotes(value)) {
    out += value;
    return;
  }
  static const char hex[] = "0123456789abcdef";
  out += '"';
  for (const char ch : value) {
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 0xf];
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

std::string logfmt_line(std::string_view event, const Json& fields) {
  std::string s(event);
  if (!fields.is_object()) return s;
  for (const auto& [k, v] : fields.items()) {
    s += ' ';
    append_key(s, k);
    s += '=';
    if (v.is_string())
      append_logfmt_value(s, v.get_ref<const std::string&>());
    else
      append_logfmt_value(s, v.dump(-1, ' ', false, Json::error_handler_t::replace));
  }
  return s;
}

}  // namespace nyan::server
