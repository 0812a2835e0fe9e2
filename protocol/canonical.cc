#include "protocol/canonical.h"

#include "protocol/sha256.h"

namespace nyan {

std::string canonical_json(const Json& j) {
  // nlohmann::json keeps object members in a std::map, so dump() already sorts keys
  // bytewise; `replace` keeps a stray invalid byte from throwing (engines emit UTF-8).
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool integers_only(const Json& j) {
  if (j.is_number_float()) return false;
  if (j.is_structured())
    for (const auto& v : j)
      if (!integers_only(v)) return false;
  return true;
}

std::string view_hash(const Json& view) { return sha256_hex(canonical_json(view)); }

}  // namespace nyan
