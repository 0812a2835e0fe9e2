// Commitments (PROTOCOL.md, "Commitments"); expected values from Python's hmac/hashlib.
#include <catch2/catch.hpp>

#include "protocol/commitment.h"
#include "protocol/sha256.h"

using namespace nyan;

TEST_CASE("commitment: nonce from the room secret, hash over the canonical opening", "[commit]") {
  const std::string nonce = commitment_nonce("room-secret", "t1.down");
  CHECK(nonce == "1b949043b809e70de1cfa640fcf7e417ac08aad27b4a6aba0110ce00c198d1ae");
  const std::string c = commitment_hash("t1.down", "walk", nonce);
  CHECK(c == "2bdfac49364378ec7fbc7052ccd817fa24743ba895cbb3fc7e632ec00f6ec255");
  CHECK(verify_commitment(c, "t1.down", "walk", nonce));
  CHECK_FALSE(verify_commitment(c, "t1.down", "lazy", nonce));
  CHECK_FALSE(verify_commitment(c, "t2.down", "walk", nonce));
  CHECK_FALSE(verify_commitment(c, "t1.down", "walk", commitment_nonce("other", "t1.down")));
}

TEST_CASE("HMAC-SHA256 matches RFC 2104 for short, empty and long keys", "[commit]") {
  // Expected values from Python's hmac module.
  CHECK(to_hex(hmac_sha256(std::string(100, 'k'), "t1.down")) ==
        "0e0e8add86c77d98291953d278628017c0138ef5d1476b048b68c9c30d05ec80");
  CHECK(to_hex(hmac_sha256("", "")) == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad");
}
