// A small flag parser for the subcommands: --name value / --name=value / --flag.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace nyan::cli {

class Flags {
 public:
  // `valued`: flags that take a value; `switches`: flags that do not. Unknown flags and
  // stray arguments are errors (error() says which); positional arguments are allowed only
  // when `positional` is true.
  Flags(const std::vector<std::string>& args, std::set<std::string> valued, std::set<std::string> switches,
        bool positional = false);

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  bool has(const std::string& name) const { return values_.count(name) > 0; }
  std::string get(const std::string& name, const std::string& fallback = "") const;
  // nullopt (and error set) when present but not an integer.
  std::optional<long long> integer(const std::string& name, long long fallback);
  const std::vector<std::string>& positional() const { return positional_; }

 private:
  std::map<std::string, std::string> values_;
  std::vector<std::string> positional_;
  std::string error_;
};

// "host:port" (default port 8080). False when malformed.
bool parse_server(const std::string& s, std::string& host, unsigned short& port);

}  // namespace nyan::cli
