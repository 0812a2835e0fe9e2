// SHA-256 and HMAC-SHA256 through OpenSSL EVP, and lowercase hex.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nyan {

using Digest = std::array<std::uint8_t, 32>;

Digest sha256(std::string_view bytes);
// The hash of each of `texts`, with the blocks that all of them begin with hashed once: the
// views of one action's audiences open with the same public members, and under valgrind (no
// SHA extensions) hashing is the largest part of the server's work per action.
std::vector<Digest> sha256_each(const std::vector<std::string_view>& texts);
Digest hmac_sha256(std::string_view key, std::string_view message);

std::string to_hex(const std::uint8_t* data, std::size_t size);
inline std::string to_hex(const Digest& d) { return to_hex(d.data(), d.size()); }
// Accepts lowercase or uppercase hex of exactly `expected_size` bytes.
std::optional<std::string> from_hex(std::string_view hex, std::size_t expected_size);

inline std::string sha256_hex(std::string_view bytes) { return to_hex(sha256(bytes)); }

}  // namespace nyan
