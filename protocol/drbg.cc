#include "protocol/drbg.h"

#include <openssl/rand.h>

#include <cstring>
#include <stdexcept>
#include <string_view>

namespace nyan {

void Drbg::refill() {
  std::uint8_t input[32 + 8];
  std::memcpy(input, seed_.data(), seed_.size());
  for (int i = 0; i < 8; ++i) input[32 + i] = static_cast<std::uint8_t>(counter_ >> (56 - 8 * i));
  block_ = sha256(std::string_view(reinterpret_cast<const char*>(input), sizeof input));
  ++counter_;
  used_ = 0;
}

std::uint64_t Drbg::next_u64() {
  // 32-byte blocks hold exactly four u64 values, so a value never straddles two blocks.
  if (used_ >= block_.size()) refill();
  std::uint64_t x = 0;
  for (int i = 0; i < 8; ++i) x = (x << 8) | block_[used_ + i];
  used_ += 8;
  return x;
}

Seed random_seed() {
  Seed s{};
  if (RAND_bytes(s.data(), static_cast<int>(s.size())) != 1)
    throw std::runtime_error("RAND_bytes failed");
  return s;
}

Seed seed_from_number(std::uint64_t n) {
  Seed s{};
  for (int i = 0; i < 8; ++i) s[24 + i] = static_cast<std::uint8_t>(n >> (56 - 8 * i));
  return s;
}

std::string seed_hex(const Seed& seed) { return to_hex(seed.data(), seed.size()); }

std::optional<Seed> seed_from_hex(const std::string& hex) {
  auto bytes = from_hex(hex, 32);
  if (!bytes) return std::nullopt;
  Seed s{};
  std::memcpy(s.data(), bytes->data(), s.size());
  return s;
}

std::string seed_commitment(const Seed& seed) {
  return sha256_hex(std::string_view(reinterpret_cast<const char*>(seed.data()), seed.size()));
}

}  // namespace nyan
