// Secrets a room hands out or keeps: reconnect tokens (128 bits, shown once to their owner
// and stored only as a SHA-256 hash) and room secrets (the key commitment nonces derive from).
#pragma once

#include <string>

#include "protocol/sha256.h"

namespace nyan::server {

// 32 lowercase hex digits from RAND_bytes (128 bits).
std::string new_token();
// What a room stores and journals instead of the token.
std::string token_hash(const std::string& token);
// Constant-time comparison of two hashes.
bool same_hash(const std::string& a, const std::string& b);
// A room secret: 32 random bytes, hex.
std::string new_room_secret();

}  // namespace nyan::server
