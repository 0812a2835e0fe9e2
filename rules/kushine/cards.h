// Kushine-go Departs cards and officers (rules §2.1, §2.2).
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace nyan::kushine {

// In the order of the components table: every shuffle starts from cards listed this way.
enum class Kind : int { passenger, guard, sailor, cook, mouse, tanuki, matatabi };
inline constexpr int kKinds = 7;
inline constexpr int kTypes = 4;      // nyanko types: passenger, guard, sailor, cook
inline constexpr int kHandKinds = 5;  // what a hand can hold: the four nyanko types and mice

int copies(Kind k);  // 5 of each nyanko type, 4 mice, 4 tanuki, 4 matatabi
inline bool is_nyanko(Kind k) { return static_cast<int>(k) < kTypes; }
inline bool is_nuisance(Kind k) { return k == Kind::tanuki || k == Kind::matatabi; }
std::string_view kind_name(Kind k);
std::optional<Kind> kind_from_name(std::string_view name);

// In the order of the character table: a random assignment shuffles them listed this way.
enum class Officer : int { captain, mate, boatswain, doctor };
inline constexpr int kOfficers = 4;

std::string_view officer_name(Officer o);
std::optional<Officer> officer_from_name(std::string_view name);

// A hand: counts per kind, passenger..mouse. Copies of a kind are identical.
using Hand = std::array<int, kHandKinds>;
inline constexpr int kHandLimit = 3;  // R2
int total(const Hand& h);
int nyanko_count(const Hand& h);
inline int mice(const Hand& h) { return h[static_cast<int>(Kind::mouse)]; }

}  // namespace nyan::kushine
