// The skill table (rules §2.3) as data. A skill is active for a player in a trick when its
// threshold is at most k, the player's markers in the areas of the lead suit at the start of
// the trick (G6). The catalog of skill kinds is fixed in code; a room's `skills` option may
// change thresholds and parameters, and give one tribe its own list ("overrides").
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "rules/core/result.h"
#include "rules/core/types.h"
#include "rules/hinode/cards.h"

namespace nyan::hinode {

enum class SkillKind { income, value_plus, recall };
inline constexpr int kSkillKinds = 3;
std::string_view skill_name(SkillKind k);   // "income", "value_plus", "recall"
std::string_view param_name(SkillKind k);   // "vp", "amount", "per_round"

struct Skill {
  int threshold = 1;
  SkillKind kind = SkillKind::income;
  int param = 1;  // income: VP per trick; value_plus: amount; recall: uses per round
  bool operator==(const Skill&) const = default;
};

// One tribe's skills; each kind at most once.
struct SkillList {
  std::vector<Skill> skills;

  // The skill of this kind if it is active at k, else nullopt.
  std::optional<Skill> active(SkillKind kind, int k) const;
  int income_vp(int k) const;     // 0 when income is not active
  int boost_amount(int k) const;  // 0 when value_plus is not active
  int recall_limit(int k) const;  // recalls per round allowed at k (0: none)
  Json to_json() const;
};

struct SkillTable {
  SkillList base;                                   // "default"
  std::array<std::optional<SkillList>, kTribes> overrides{};

  const SkillList& for_tribe(int tribe) const;
  Json to_json() const;  // the option's own format, overrides only where given
};

// A tribe's list in `table`, kept alive by the table's owners.
std::shared_ptr<const SkillList> for_tribe_shared(const std::shared_ptr<const SkillTable>& table, int tribe);

// Reads the `skills` option ("default" or a skill object) and checks it. Errors are
// bad_option and name what is wrong.
Result skills_from_option(const Json& option, SkillTable& out);

// The default table of §2.3 as data.
Json default_skills_json();

}  // namespace nyan::hinode
