#include "protocol/commitment.h"

#include "protocol/canonical.h"
#include "protocol/sha256.h"

namespace nyan {

std::string commitment_nonce(const std::string& room_secret, const std::string& slot) {
  return to_hex(hmac_sha256(room_secret, slot));
}

std::string commitment_hash(const std::string& slot, const Json& value, const std::string& nonce) {
  const Json opened = {{"nonce", nonce}, {"slot", slot}, {"value", value}};
  return sha256_hex(canonical_json(opened));
}

bool verify_commitment(const std::string& commitment, const std::string& slot, const Json& value,
                       const std::string& nonce) {
  return commitment_hash(slot, value, nonce) == commitment;
}

}  // namespace nyan
