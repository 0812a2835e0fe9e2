// A strict reader of logfmt lines for tests: `event key=value key="quoted \" value"`. It is
// written from the format's description, not from the server's writer, so the two check
// each other.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace nyan::test {

struct LogfmtLine {
  std::string event;
  std::vector<std::pair<std::string, std::string>> fields;  // in order, values unescaped
  std::string get(const std::string& key) const {
    for (const auto& [k, v] : fields)
      if (k == key) return v;
    return "";
  }
};

// nullopt when the line is not logfmt: a key without '=', a bare value with a quote or an
// equals sign in it, an unterminated quote, an unknown escape, two fields without a space.
inline std::optional<LogfmtLine> read_logfmt(const std::string& line) {
  LogfmtLine out;
  std::size_t i = line.find(' ');
  out.event = line.substr(0, i);
  if (out.event.empty() || out.event.find_first_of("=\"") != std::string::npos) return std::nullopt;
  while (i != std::string::npos && i < line.size()) {
    if (line[i] != ' ') return std::nullopt;
    ++i;
    const std::size_t eq = line.find('=', i);
    if (eq == std::string::npos || eq == i) return std::nullopt;
    std::string key = line.substr(i, eq - i);
    if (key.find_first_of(" \"") != std::string::npos) return std::nullopt;
    i = eq + 1;
    std::string value;
    if (i < line.size() && line[i] == '"') {
      ++i;
      bool closed = false;
      while (i < line.size()) {
        const char c = line[i++];
        if (c == '"') {
          closed = true;
          break;
        }
        if (c != '\\') {
          if (static_cast<unsigned char>(c) < 0x20) return std::nullopt;
          value += c;
          continue;
        }
        if (i >= line.size()) return std::nullopt;
        const char e = line[i++];
        if (e == '"' || e == '\\') value += e;
        else if (e == 'n') value += '\n';
        else if (e == 'r') value += '\r';
        else if (e == 't') value += '\t';
        else if (e == 'u' && i + 4 <= line.size() && line.compare(i, 2, "00") == 0) {
          value += static_cast<char>(std::stoi(line.substr(i + 2, 2), nullptr, 16));
          i += 4;
        } else {
          return std::nullopt;
        }
      }
      if (!closed) return std::nullopt;
    } else {
      const std::size_t end = line.find(' ', i);
      value = line.substr(i, end == std::string::npos ? std::string::npos : end - i);
      if (value.empty() || value.find_first_of("=\"") != std::string::npos) return std::nullopt;
      for (char c : value)
        if (static_cast<unsigned char>(c) < 0x20) return std::nullopt;
      i = end;
    }
    out.fields.emplace_back(std::move(key), std::move(value));
    if (i != std::string::npos && i >= line.size()) break;
  }
  return out;
}

}  // namespace nyan::test
