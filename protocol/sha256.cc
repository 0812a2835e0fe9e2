#include "protocol/sha256.h"

#include <openssl/evp.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <stdexcept>

namespace nyan {

namespace {

// OpenSSL 3 looks the algorithm up on every EVP_sha256()-style call; fetching it once and
// reusing one context per thread makes a hash several times cheaper, and views are hashed
// for every seat after every action.
const EVP_MD* sha256_md() {
  static EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  if (!md) throw std::runtime_error("SHA-256 is not available");
  return md;
}

struct DigestContext {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  ~DigestContext() { EVP_MD_CTX_free(ctx); }
};

Digest digest(std::initializer_list<std::string_view> parts) {
  thread_local DigestContext c;
  Digest d{};
  unsigned int len = 0;
  bool ok = c.ctx && EVP_DigestInit_ex2(c.ctx, sha256_md(), nullptr) == 1;
  for (std::string_view p : parts) ok = ok && EVP_DigestUpdate(c.ctx, p.data(), p.size()) == 1;
  ok = ok && EVP_DigestFinal_ex(c.ctx, d.data(), &len) == 1 && len == d.size();
  if (!ok) throw std::runtime_error("SHA-256 failed");
  return d;
}

// The number of whole 64-byte blocks that every one of `texts` begins with, in bytes: SHA-256
// reads whole blocks, so a context that has read them is where every text's hash goes on.
std::size_t common_blocks(const std::vector<std::string_view>& texts) {
  constexpr std::size_t kBlock = 64;
  std::size_t common = texts.empty() ? 0 : texts.front().size() / kBlock * kBlock;
  for (std::size_t t = 1; t < texts.size() && common > 0; ++t) {
    const std::size_t limit = std::min(common, texts[t].size() / kBlock * kBlock);
    std::size_t same = 0;
    while (same < limit && std::memcmp(texts.front().data() + same, texts[t].data() + same, kBlock) == 0) same += kBlock;
    common = same;
  }
  return common;
}

std::string_view view_of(const Digest& d) { return {reinterpret_cast<const char*>(d.data()), d.size()}; }

}  // namespace

Digest sha256(std::string_view bytes) { return digest({bytes}); }

std::vector<Digest> sha256_each(const std::vector<std::string_view>& texts) {
  const std::size_t common = common_blocks(texts);
  if (texts.size() < 2 || common == 0) {
    std::vector<Digest> out;
    for (std::string_view t : texts) out.push_back(sha256(t));
    return out;
  }
  thread_local DigestContext prefix, each;
  bool ok = prefix.ctx && each.ctx && EVP_DigestInit_ex2(prefix.ctx, sha256_md(), nullptr) == 1 &&
            EVP_DigestUpdate(prefix.ctx, texts.front().data(), common) == 1;
  std::vector<Digest> out(texts.size());
  for (std::size_t t = 0; t < texts.size() && ok; ++t) {
    unsigned int len = 0;
    ok = EVP_MD_CTX_copy_ex(each.ctx, prefix.ctx) == 1 &&
         EVP_DigestUpdate(each.ctx, texts[t].data() + common, texts[t].size() - common) == 1 &&
         EVP_DigestFinal_ex(each.ctx, out[t].data(), &len) == 1 && len == out[t].size();
  }
  if (!ok) throw std::runtime_error("SHA-256 failed");
  return out;
}

// HMAC (RFC 2104) over the SHA-256 above: H((K ^ opad) || H((K ^ ipad) || m)).
Digest hmac_sha256(std::string_view key, std::string_view message) {
  constexpr std::size_t kBlock = 64;
  std::string k(key);
  if (k.size() > kBlock) k = std::string(view_of(sha256(k)));
  k.resize(kBlock, '\0');
  std::string ipad(kBlock, '\0'), opad(kBlock, '\0');
  for (std::size_t i = 0; i < kBlock; ++i) {
    ipad[i] = static_cast<char>(k[i] ^ 0x36);
    opad[i] = static_cast<char>(k[i] ^ 0x5c);
  }
  const Digest inner = digest({ipad, message});
  return digest({opad, view_of(inner)});
}

std::string to_hex(const std::uint8_t* data, std::size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(size * 2, '0');
  for (std::size_t i = 0; i < size; ++i) {
    out[2 * i] = kDigits[data[i] >> 4];
    out[2 * i + 1] = kDigits[data[i] & 15];
  }
  return out;
}

std::optional<std::string> from_hex(std::string_view hex, std::size_t expected_size) {
  if (hex.size() != expected_size * 2) return std::nullopt;
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out(expected_size, '\0');
  for (std::size_t i = 0; i < expected_size; ++i) {
    int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = static_cast<char>(hi * 16 + lo);
  }
  return out;
}

}  // namespace nyan
