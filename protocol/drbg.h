// The deterministic random bit generator every game runs on (PROTOCOL.md, "Randomness").
//
// Output = SHA-256(seed || u64_be(0)) || SHA-256(seed || u64_be(1)) || ...
// next_u64() takes the next 8 bytes big-endian. uniform() and shuffle() come from Rng; a game
// recorded under an older rules version is replayed with a Drbg of that version.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "protocol/sha256.h"
#include "rules/core/rng.h"

namespace nyan {

using Seed = std::array<std::uint8_t, 32>;

class Drbg : public Rng {
 public:
  explicit Drbg(const Seed& seed, int rules_version = kRulesVersion) : seed_(seed) {
    set_rules_version(rules_version);
  }

  std::uint64_t next_u64() override;
  std::unique_ptr<Rng> clone() const override { return std::make_unique<Drbg>(*this); }

 private:
  void refill();

  Seed seed_;
  std::uint64_t counter_ = 0;  // index of the next block
  Digest block_{};
  std::size_t used_ = block_.size();  // bytes of block_ consumed
};

// 32 bytes from OpenSSL RAND_bytes (throws if the system RNG fails).
Seed random_seed();
// A seed named by a number, for tests and `simulate --seed N`: 24 zero bytes, then u64_be(n).
Seed seed_from_number(std::uint64_t n);
std::string seed_hex(const Seed& seed);
std::optional<Seed> seed_from_hex(const std::string& hex);
// SHA-256 of the 32 seed bytes, hex: what a room publishes before the game.
std::string seed_commitment(const Seed& seed);

}  // namespace nyan
