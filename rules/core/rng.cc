#include "rules/core/rng.h"

#include <limits>

namespace nyan {

std::uint64_t Rng::uniform(std::uint64_t n) {
  if (n == 0) return 0;
  if (n == 1 && rules_version_ < 2) return 0;  // version 1 drew nothing here
  // 2^64 mod n computed without 128-bit arithmetic: (2^64 - n) mod n == 2^64 mod n.
  const std::uint64_t rem = (0 - n) % n;
  // When rem == 0 every x is accepted (n divides 2^64).
  const std::uint64_t limit = 0 - rem;  // 2^64 - rem, as a wrapped value; 0 means "no limit"
  for (;;) {
    const std::uint64_t x = next_u64();
    if (rem == 0 || x < limit) return x % n;
  }
}

std::uint64_t SplitMix::next_u64() {
  std::uint64_t z = (x_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace nyan
