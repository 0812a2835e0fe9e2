// Room options: each game declares a schema; the core validates a client's options
// against it (unknown names, wrong types, out-of-range values) and fills defaults, so
// every engine receives a complete, checked options object.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rules/core/result.h"
#include "rules/core/types.h"

namespace nyan {

enum class OptionKind {
  choice,   // one of `choices` (strings and/or integers)
  integer,  // an integer in [min, max]
  boolean,  // true / false
  object,   // a JSON object or array the game validates itself (maps, tables)
};

struct OptionSpec {
  std::string name;
  OptionKind kind = OptionKind::choice;
  Json default_value;
  std::vector<Json> choices;  // kind choice
  std::int64_t min = 0;       // kind integer
  std::int64_t max = 0;       // kind integer
  std::string description;

  static OptionSpec choice(std::string name, std::vector<Json> choices, Json def,
                           std::string description);
  static OptionSpec integer(std::string name, std::int64_t min, std::int64_t max,
                            std::int64_t def, std::string description);
  static OptionSpec boolean(std::string name, bool def, std::string description);
  static OptionSpec object(std::string name, Json def, std::string description);

  Json to_json() const;  // for the catalog (/api/games)
};

// Checks `given` (null or an object) against `schema` and returns the complete options
// object in `out`. Errors name the offending option.
Result normalize_options(const std::vector<OptionSpec>& schema, const Json& given, Json& out);

}  // namespace nyan
