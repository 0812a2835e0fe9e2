// Reading a few members of a server frame without building its tree. The load generator reads
// every frame its thousands of connections receive and, for most of them, needs only the
// type, the version, the seats to act and the legal list: parsing the whole frame (view
// patch, commitments, openings) into a tree cost it more than the server spent making it.
// The connections that check views still parse everything (ViewTracker).
//
// Any JSON text is read (whitespace, escapes, nesting), not only the server's canonical form;
// malformed text gives empty results, never a read past the end (the reading stops at the
// member asked for, so a member before a malformed part is still found).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace nyan::cli {

// The text of the value of the top-level member `key` of the object `object` (as written,
// strings with their quotes), or empty when there is none. `key` is compared as written
// between the quotes, so it must need no escapes (every key of the protocol is plain ASCII).
std::string_view member_text(std::string_view object, std::string_view key);

// The texts of the elements of the array `array`; empty when it is not an array.
std::vector<std::string_view> element_texts(std::string_view array);

// An integer written as `text` (no fraction, no exponent); nullopt otherwise.
std::optional<std::int64_t> integer_text(std::string_view text);

}  // namespace nyan::cli
