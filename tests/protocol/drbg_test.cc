// DRBG test vectors (PROTOCOL.md, "Randomness"). The expected values were produced by an
// independent implementation of the spec (a few lines of Python's hashlib), not by this code.
#include <catch2/catch.hpp>

#include <iterator>
#include <numeric>

#include "protocol/drbg.h"

using namespace nyan;

TEST_CASE("DRBG: seed 1, first outputs", "[drbg]") {
  Drbg d(seed_from_number(1));
  CHECK(seed_hex(seed_from_number(1)) ==
        "0000000000000000000000000000000000000000000000000000000000000001");
  const std::uint64_t expected[] = {0x2905e7f7863ab696ULL, 0x5a31a4af435917c7ULL,
                                    0x692a46b13526a070ULL, 0x6c2274cab2470adfULL,
                                    0x64af77cf4efc95ceULL, 0xed9df59465aeb158ULL};
  for (std::uint64_t e : expected) CHECK(d.next_u64() == e);
  CHECK(seed_commitment(seed_from_number(1)) ==
        "ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5");
}

TEST_CASE("DRBG: seed 00..1f, first outputs", "[drbg]") {
  auto seed = seed_from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  REQUIRE(seed);
  Drbg d(*seed);
  const std::uint64_t expected[] = {0xa9d6e500293a88bdULL, 0x38cbe213d07ab71fULL,
                                    0x8cb2258552072a01ULL, 0xbdf1c40be527f4d0ULL,
                                    0x6061c4386d7a1788ULL, 0xba52e2e8b2ee6fe6ULL};
  for (std::uint64_t e : expected) CHECK(d.next_u64() == e);
  CHECK(seed_commitment(*seed) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
}

TEST_CASE("DRBG: uniform draws", "[drbg]") {
  Drbg a(seed_from_number(1));
  CHECK(a.uniform(2) == 0);
  CHECK(a.uniform(6) == 1);
  CHECK(a.uniform(52) == 24);
  CHECK(a.uniform(1000000007) == 684164839);
  CHECK(a.uniform(3) == 2);

  // n = 2^63 + 1: the sixth 64-bit output (0xed9d...) is >= the limit and is rejected.
  Drbg b(seed_from_number(1));
  const std::uint64_t n = (1ULL << 63) + 1;
  const std::uint64_t expected[] = {2956023780733531798ULL, 6499156809928480711ULL,
                                    7577947049919160432ULL, 7791918719227595487ULL,
                                    7255149256984270286ULL, 6280267997956488605ULL};
  for (std::uint64_t e : expected) CHECK(b.uniform(n) == e);
}

// The sequence of mixed n from PROTOCOL.md: uniform(1) draws one value like any other n, so
// everything after it depends on it having been drawn.
TEST_CASE("DRBG: a mixed sequence with uniform(1) and uniform(0)", "[drbg]") {
  const std::uint64_t big = (1ULL << 63) + 1;
  const std::uint64_t ns[] = {6, 1, 52, 1, 1, big, 2, 1, 0, 1000000007, 3};
  const std::uint64_t expected[] = {4, 0, 24, 0, 0, 6280267997956488605ULL, 1, 0, 0, 391645412, 0};
  Drbg d(seed_from_number(1));
  for (std::size_t i = 0; i < std::size(ns); ++i) {
    INFO("draw " << i << ": uniform(" << ns[i] << ")");
    CHECK(d.uniform(ns[i]) == expected[i]);
  }
  // Twelve 64-bit values were used (two rejected for 2^63 + 1, none for uniform(0)): the
  // stream continues with the thirteenth.
  CHECK(d.next_u64() == 0xea07967cfcb36ce1ULL);
}

// Rules version 1 (games journaled before uniform(1) drew): replays of those games only.
TEST_CASE("DRBG: rules version 1 draws nothing for uniform(1), and its clones keep it", "[drbg]") {
  const std::uint64_t ns[] = {6, 1, 52, 1, 1, (1ULL << 63) + 1, 2, 1, 0, 1000000007, 3};
  const std::uint64_t expected[] = {4, 0, 39, 0, 0, 7577947049919160432ULL, 1, 0, 0, 198225844, 1};
  Drbg d(seed_from_number(1), 1);
  CHECK(d.rules_version() == 1);
  auto copy = d.clone();
  for (std::size_t i = 0; i < std::size(ns); ++i) {
    INFO("draw " << i << ": uniform(" << ns[i] << ")");
    CHECK(d.uniform(ns[i]) == expected[i]);
    CHECK(copy->uniform(ns[i]) == expected[i]);
  }
  CHECK(Drbg(seed_from_number(1)).rules_version() == kRulesVersion);
  CHECK_FALSE(known_rules_version(0));
  CHECK(known_rules_version(1));
  CHECK(known_rules_version(kRulesVersion));
  CHECK_FALSE(known_rules_version(kRulesVersion + 1));
}

TEST_CASE("DRBG: Fisher-Yates shuffle of 0..51", "[drbg]") {
  std::vector<int> a(52);
  std::iota(a.begin(), a.end(), 0);
  Drbg d(seed_from_number(1));
  d.shuffle(a);
  const std::vector<int> expected = {24, 11, 50, 19, 10, 12, 47, 38, 18, 26, 13, 15, 4,
                                     6,  20, 36, 2,  41, 42, 37, 29, 45, 3,  1,  48, 8,
                                     51, 5,  0,  25, 28, 16, 23, 22, 43, 27, 49, 17, 34,
                                     9,  44, 21, 7,  39, 46, 33, 35, 14, 31, 32, 40, 30};
  CHECK(a == expected);

  std::vector<int> b(52);
  std::iota(b.begin(), b.end(), 0);
  Drbg e(*seed_from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"));
  e.shuffle(b);
  const std::vector<int> expected_b = {38, 41, 13, 19, 7,  6,  50, 43, 16, 29, 31, 34, 36,
                                       15, 9,  32, 11, 46, 12, 39, 18, 42, 14, 26, 47, 45,
                                       23, 30, 21, 25, 49, 48, 44, 35, 20, 37, 0,  17, 24,
                                       10, 1,  8,  4,  22, 3,  27, 2,  40, 51, 5,  28, 33};
  CHECK(b == expected_b);
}

TEST_CASE("DRBG: a clone continues the same stream, seeds round-trip through hex", "[drbg]") {
  Drbg d(seed_from_number(7));
  d.next_u64();
  auto c = d.clone();
  for (int i = 0; i < 10; ++i) CHECK(c->next_u64() == d.next_u64());
  CHECK(!seed_from_hex("xyz"));
  CHECK(!seed_from_hex(std::string(63, 'a')));
  const Seed s = random_seed();
  CHECK(seed_from_hex(seed_hex(s)) == s);
  CHECK(random_seed() != s);  // 2^-256 chance of a false failure
}
