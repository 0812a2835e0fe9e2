#include "server/room/tokens.h"

#include <openssl/crypto.h>
#include <openssl/rand.h>

#include <stdexcept>

namespace nyan::server {

namespace {
std::string random_hex(std::size_t bytes) {
  unsigned char buf[64];
  if (bytes > sizeof buf || RAND_bytes(buf, static_cast<int>(bytes)) != 1)
    throw std::runtime_error("RAND_bytes failed");
  return to_hex(buf, bytes);
}
}  // namespace

std::string new_token() { return random_hex(16); }
std::string token_hash(const std::string& token) { return sha256_hex(token); }
bool same_hash(const std::string& a, const std::string& b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}
std::string new_room_secret() { return random_hex(32); }

}  // namespace nyan::server
