#include "protocol/canonical.h"

#include "protocol/sha256.h"

namespace nyan {

bool integers_only(const Json& j) {
  if (j.is_number_float()) return false;
  if (j.is_structured())
    for (const auto& v : j)
      if (!integers_only(v)) return false;
  return true;
}

std::string view_hash(const Json& view) { return sha256_hex(canonical_json(view)); }

}  // namespace nyan
