#include "protocol/sha256.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <stdexcept>

namespace nyan {

Digest sha256(std::string_view bytes) {
  Digest d{};
  unsigned int len = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), d.data(), &len, EVP_sha256(), nullptr) != 1 ||
      len != d.size())
    throw std::runtime_error("EVP_Digest(SHA-256) failed");
  return d;
}

Digest hmac_sha256(std::string_view key, std::string_view message) {
  Digest d{};
  unsigned int len = 0;
  if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
            reinterpret_cast<const unsigned char*>(message.data()), message.size(), d.data(),
            &len) ||
      len != d.size())
    throw std::runtime_error("HMAC-SHA256 failed");
  return d;
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
