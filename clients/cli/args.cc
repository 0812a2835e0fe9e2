#include "clients/cli/args.h"

#include <cstdlib>

namespace nyan::cli {

Flags::Flags(const std::vector<std::string>& args, std::set<std::string> valued, std::set<std::string> switches,
             bool positional) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i];
    if (a.rfind("--", 0) != 0) {
      if (!positional) {
        error_ = "unexpected argument '" + a + "'";
        return;
      }
      positional_.push_back(a);
      continue;
    }
    std::string name = a.substr(2), value;
    bool inline_value = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      inline_value = true;
    }
    if (switches.count(name)) {
      values_[name] = "1";
    } else if (valued.count(name)) {
      if (!inline_value) {
        if (i + 1 >= args.size()) {
          error_ = "--" + name + " needs a value";
          return;
        }
        value = args[++i];
      }
      values_[name] = value;
    } else {
      error_ = "unknown flag --" + name;
      return;
    }
  }
}

std::string Flags::get(const std::string& name, const std::string& fallback) const {
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

std::optional<long long> Flags::integer(const std::string& name, long long fallback) {
  auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  char* end = nullptr;
  const long long v = std::strtoll(it->second.c_str(), &end, 10);
  if (it->second.empty() || *end != '\0') {
    error_ = "--" + name + " needs an integer";
    return std::nullopt;
  }
  return v;
}

bool parse_server(const std::string& s, std::string& host, unsigned short& port) {
  const auto colon = s.rfind(':');
  host = colon == std::string::npos ? s : s.substr(0, colon);
  port = 8080;
  if (colon != std::string::npos) {
    char* end = nullptr;
    const long p = std::strtol(s.c_str() + colon + 1, &end, 10);
    if (*end != '\0' || p <= 0 || p > 65535) return false;
    port = static_cast<unsigned short>(p);
  }
  return !host.empty();
}

}  // namespace nyan::cli
