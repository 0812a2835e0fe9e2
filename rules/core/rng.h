// The only source of randomness an engine may use. A game is fully determined by
// (game id, options, seed, actions): engines draw every shuffle, die and coin from the
// Rng they were started with, in the order their header comment documents.
//
// uniform() and shuffle() are specified byte-exactly in protocol/PROTOCOL.md
// ("Randomness") so that any client can re-derive a deal from the revealed seed.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace nyan {

// The version of the rules a game is played under: raised by every change that makes a
// recorded game replay differently, so that a record replays under the version it was
// played with (the journal's game_started record and the game record carry it; absent
// means 1).
//   1: uniform(1) returned 0 without drawing, one value short of PROTOCOL.md.
//   2: uniform(n) draws as PROTOCOL.md specifies for every n >= 1.
inline constexpr int kRulesVersion = 2;
inline constexpr bool known_rules_version(std::int64_t v) { return v >= 1 && v <= kRulesVersion; }

class Rng {
 public:
  virtual ~Rng() = default;

  // The next 64 bits of the stream.
  virtual std::uint64_t next_u64() = 0;
  // An independent copy that continues the same stream (State copies need it).
  virtual std::unique_ptr<Rng> clone() const = 0;

  // Uniform integer in [0, n) by rejection sampling; n >= 1.
  // limit = 2^64 - (2^64 mod n); draw until x < limit; return x mod n. n = 1 draws one
  // value too (every x is accepted). n = 0 is no range at all: 0, and nothing is drawn
  // (no engine asks for it; a bug that does must not crash the server).
  std::uint64_t uniform(std::uint64_t n);

  // Replays a game recorded under an older rules version (see kRulesVersion); a copy made
  // with clone() keeps it.
  void set_rules_version(int version) { rules_version_ = version; }
  int rules_version() const { return rules_version_; }

  // Uniform integer in [0, n) as an int, for small ranges (n >= 1).
  int below(int n) { return static_cast<int>(uniform(static_cast<std::uint64_t>(n))); }

  // Fisher-Yates from the back: for i = n-1 down to 1, swap a[i] and a[uniform(i+1)].
  template <class T>
  void shuffle(std::vector<T>& a) {
    for (std::size_t i = a.size(); i-- > 1;) {
      std::size_t j = static_cast<std::size_t>(uniform(i + 1));
      using std::swap;
      swap(a[i], a[j]);
    }
  }

 private:
  int rules_version_ = kRulesVersion;
};

// Owns a State's Rng and deep-copies it with the State, so a copy continues the same
// random stream (engines that draw after setup: reshuffles, dice, random picks).
class RngBox {
 public:
  RngBox() = default;
  explicit RngBox(std::unique_ptr<Rng> rng) : rng_(std::move(rng)) {}
  RngBox(const RngBox& o) : rng_(o.rng_ ? o.rng_->clone() : nullptr) {}
  RngBox& operator=(const RngBox& o) {
    if (this != &o) rng_ = o.rng_ ? o.rng_->clone() : nullptr;
    return *this;
  }
  RngBox(RngBox&&) noexcept = default;
  RngBox& operator=(RngBox&&) noexcept = default;

  Rng& operator*() const { return *rng_; }
  Rng* operator->() const { return rng_.get(); }
  explicit operator bool() const { return rng_ != nullptr; }

 private:
  std::unique_ptr<Rng> rng_;
};

// A small non-cryptographic generator (splitmix64) for tests and resampling only:
// it must never drive a real game, whose randomness comes from protocol/Drbg.
class SplitMix : public Rng {
 public:
  explicit SplitMix(std::uint64_t seed) : x_(seed) {}
  std::uint64_t next_u64() override;
  std::unique_ptr<Rng> clone() const override { return std::make_unique<SplitMix>(*this); }

 private:
  std::uint64_t x_;
};

}  // namespace nyan
