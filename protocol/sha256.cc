#include "protocol/sha256.h"

#include <openssl/evp.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <memory>
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

// The number of whole 64-byte blocks that `a` and `b` both begin with, in bytes: SHA-256
// reads whole blocks, so a context that has read them is where both hashes go on.
std::size_t common_blocks(std::string_view a, std::string_view b) {
  constexpr std::size_t kBlock = 64;
  const std::size_t limit = std::min(a.size(), b.size()) / kBlock * kBlock;
  std::size_t same = 0;
  while (same < limit && std::memcmp(a.data() + same, b.data() + same, kBlock) == 0) same += kBlock;
  return same;
}

// Contexts that have read the beginning of the text being hashed, at increasing positions:
// where the texts after it can go on from. Their contexts are kept by the thread.
class Resumes {
 public:
  // Drops the contexts past `pos`; the last one left (if any) is where a text that begins
  // with the current text's first `pos` bytes goes on from.
  void keep_to(std::size_t pos) {
    while (depth_ > 0 && at_[depth_ - 1] > pos) --depth_;
  }
  bool empty() const { return depth_ == 0; }
  std::size_t last_at() const { return at_[depth_ - 1]; }
  EVP_MD_CTX* last() const { return contexts_[depth_ - 1]->ctx; }
  // Keeps a copy of `ctx`, which has read `pos` bytes.
  bool push(std::size_t pos, const EVP_MD_CTX* ctx) {
    if (contexts_.size() == depth_) contexts_.push_back(std::make_unique<DigestContext>());
    if (at_.size() == depth_) at_.push_back(0);
    at_[depth_] = pos;
    EVP_MD_CTX* copy = contexts_[depth_++]->ctx;
    return copy && EVP_MD_CTX_copy_ex(copy, ctx) == 1;
  }

 private:
  std::vector<std::unique_ptr<DigestContext>> contexts_;
  std::vector<std::size_t> at_;
  std::size_t depth_ = 0;
};

std::string_view view_of(const Digest& d) { return {reinterpret_cast<const char*>(d.data()), d.size()}; }

}  // namespace

Digest sha256(std::string_view bytes) { return digest({bytes}); }

std::vector<Digest> sha256_each(const std::vector<std::string_view>& texts) {
  // shared[t]: the blocks that text t begins with alike with the text before it. The views of
  // one action's seats are alike up to the first seat's entry in a list of seats, and each
  // seat's view from there on up to its own entry: each text goes on from the context of the
  // one before it at the blocks they share, and from the blocks shared by all that follow it.
  std::vector<std::size_t> shared(texts.size() + 1, 0);
  for (std::size_t t = 1; t < texts.size(); ++t) shared[t] = common_blocks(texts[t - 1], texts[t]);
  thread_local DigestContext each;
  thread_local Resumes resumes;
  std::vector<Digest> out(texts.size());
  bool ok = each.ctx != nullptr;
  for (std::size_t t = 0; t < texts.size() && ok; ++t) {
    resumes.keep_to(shared[t]);
    std::size_t at = 0;
    if (resumes.empty()) {
      ok = EVP_DigestInit_ex2(each.ctx, sha256_md(), nullptr) == 1;
    } else {
      at = resumes.last_at();
      ok = EVP_MD_CTX_copy_ex(each.ctx, resumes.last()) == 1;
    }
    // What every text after this one begins with alike with it, and what the next one does.
    const std::size_t all_after =
        t + 1 < texts.size() ? *std::min_element(shared.begin() + static_cast<std::ptrdiff_t>(t) + 1, shared.end() - 1) : 0;
    for (const std::size_t stop : {all_after, shared[t + 1]}) {
      if (stop <= at || !ok) continue;
      ok = EVP_DigestUpdate(each.ctx, texts[t].data() + at, stop - at) == 1 && resumes.push(stop, each.ctx);
      at = stop;
    }
    unsigned int len = 0;
    ok = ok && EVP_DigestUpdate(each.ctx, texts[t].data() + at, texts[t].size() - at) == 1 &&
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
