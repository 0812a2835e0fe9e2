// Basic vocabulary shared by every rules engine.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

namespace nyan {

using Json = nlohmann::json;

// Seats are numbered 0..n-1 in table order (clockwise). A spectator is not a seat;
// kSpectator asks an engine for the public view.
using Seat = int;
inline constexpr Seat kSpectator = -1;

}  // namespace nyan
