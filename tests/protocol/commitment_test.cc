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

TEST_CASE("sha256_each hashes texts that begin alike as sha256 hashes each alone", "[commit]") {
  // The views of one action's audiences are hashed together: the blocks they all begin with
  // are hashed once. Common beginnings around the 64-byte block size, and none at all.
  for (const std::size_t common : {0, 1, 63, 64, 65, 127, 128, 129, 300}) {
    const std::string head(common, 'v');
    const std::vector<std::string> texts = {head + "{\"you\":0}", head + "{\"you\":1}", head, head + std::string(70, 'x'),
                                            std::string(common / 2, 'v')};
    std::vector<std::string_view> views(texts.begin(), texts.end());
    const std::vector<Digest> each = sha256_each(views);
    REQUIRE(each.size() == texts.size());
    for (std::size_t t = 0; t < texts.size(); ++t) CHECK(each[t] == sha256(texts[t]));
    CHECK(sha256_each({views.front()}) == std::vector<Digest>{sha256(texts.front())});
  }
  CHECK(sha256_each({}).empty());
}

TEST_CASE("sha256_each hashes texts that each begin alike with the one before as sha256 does", "[commit]") {
  // Seats' views are alike up to the first seat's entry, then each up to its own: each text
  // goes on from the one before it. Also a text that shares less with the next than with the
  // one before it, one shorter than a block, and one that shares nothing.
  const std::string a(200, 'a'), b(150, 'b'), c(130, 'c');
  const std::vector<std::string> texts = {a + "0" + b,     a + b + "1" + c, a + b + c + "2", a + b + c + "3",
                                          a + "4",         a + b + c + "5", "6",             std::string(300, 'z'),
                                          a + b + c + "7"};
  const std::vector<std::string_view> views(texts.begin(), texts.end());
  for (std::size_t first = 0; first < views.size(); ++first) {
    const std::vector<std::string_view> some(views.begin() + static_cast<std::ptrdiff_t>(first), views.end());
    const std::vector<Digest> each = sha256_each(some);
    REQUIRE(each.size() == some.size());
    for (std::size_t t = 0; t < some.size(); ++t) CHECK(each[t] == sha256(some[t]));
  }
}
