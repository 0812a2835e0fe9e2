// Room codes that are easy to read aloud and unguessable: three groups of three syllables
// ("kasumi-norepa-hodute"), 65^9 ≈ 2^54 codes drawn from OpenSSL's RAND_bytes. A replica
// name (--node) goes first ("ta-kasumi-norepa-hodute") so a proxy can route by it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace nyan::server {

std::string new_room_code(const std::string& node);

// The longest room code a request may carry as typed (spaces and dashes included), read before
// it is normalized.
constexpr std::size_t kTypedRoomCodeMax = 80;

// Lower-cases a code as a person may type it (every run of other characters is one dash);
// nullopt when nothing of a code is left or it is too long.
std::optional<std::string> normalize_room_code(std::string_view typed);

}  // namespace nyan::server
