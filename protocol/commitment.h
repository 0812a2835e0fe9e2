// Commit-reveal for sealed values (PROTOCOL.md, "Commitments").
//
// nonce      = hex(HMAC-SHA256(room secret, slot))
// commitment = hex(SHA-256(canonical_json({"nonce": nonce, "slot": slot, "value": value})))
//
// Nonces derive from the room secret, so a restarted server re-derives the same
// commitments. The secret itself never leaves the server: an opening carries only the
// nonce of the slot being opened.
#pragma once

#include <string>

#include "rules/core/types.h"

namespace nyan {

std::string commitment_nonce(const std::string& room_secret, const std::string& slot);
std::string commitment_hash(const std::string& slot, const Json& value, const std::string& nonce);
bool verify_commitment(const std::string& commitment, const std::string& slot, const Json& value,
                       const std::string& nonce);

}  // namespace nyan
