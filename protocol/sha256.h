// SHA-256 and HMAC-SHA256 through OpenSSL EVP, and lowercase hex.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace nyan {

using Digest = std::array<std::uint8_t, 32>;

Digest sha256(std::string_view bytes);
Digest hmac_sha256(std::string_view key, std::string_view message);

std::string to_hex(const std::uint8_t* data, std::size_t size);
inline std::string to_hex(const Digest& d) { return to_hex(d.data(), d.size()); }
// Accepts lowercase or uppercase hex of exactly `expected_size` bytes.
std::optional<std::string> from_hex(std::string_view hex, std::size_t expected_size);

inline std::string sha256_hex(std::string_view bytes) { return to_hex(sha256(bytes)); }

}  // namespace nyan
