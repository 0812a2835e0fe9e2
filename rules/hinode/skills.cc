#include "rules/hinode/skills.h"

#include <algorithm>

namespace nyan::hinode {

namespace {

// G5: income +1 VP at k >= 1, value_plus +1 at k >= 2, recall once per round at k >= 3.
const char* kDefault = R"({"default":[{"threshold":1,"skill":"income","vp":1},
                                      {"threshold":2,"skill":"value_plus","amount":1},
                                      {"threshold":3,"skill":"recall","per_round":1}]})";

// Parameter ranges. Markers are 8 per tribe, so a threshold above 8 could never be reached.
constexpr int kMaxThreshold = kMarkers;
struct Range {
  int lo, hi;
};
constexpr std::array<Range, kSkillKinds> kParamRange = {Range{1, 12}, Range{1, 11}, Range{1, kTricks}};

Result bad_skills(const std::string& why) { return Result::fail(RuleError::bad_option, "option 'skills': " + why); }

std::optional<SkillKind> kind_from_name(const Json& j) {
  if (!j.is_string()) return std::nullopt;
  for (int i = 0; i < kSkillKinds; ++i)
    if (skill_name(static_cast<SkillKind>(i)) == j.get_ref<const std::string&>()) return static_cast<SkillKind>(i);
  return std::nullopt;
}

bool int_in(const Json& j, int lo, int hi) {
  return j.is_number_integer() && j.get<std::int64_t>() >= lo && j.get<std::int64_t>() <= hi;
}

Result read_skill(const Json& j, const std::string& where, Skill& out) {
  if (!j.is_object()) return bad_skills(where + "must be an object with threshold and skill");
  if (!j.contains("skill")) return bad_skills(where + "missing 'skill'");
  auto kind = kind_from_name(j["skill"]);
  if (!kind) return bad_skills(where + "skill must be \"income\", \"value_plus\" or \"recall\"");
  const std::string param(param_name(*kind));
  for (const auto& [k, v] : j.items())
    if (k != "threshold" && k != "skill" && k != param)
      return bad_skills(where + "unknown field '" + k + "' (" + std::string(skill_name(*kind)) + " takes threshold and " +
                 param + ")");
  if (!j.contains("threshold")) return bad_skills(where + "missing 'threshold'");
  if (!int_in(j["threshold"], 0, kMaxThreshold))
    return bad_skills(where + "threshold must be an integer from 0 to " + std::to_string(kMaxThreshold));
  const Range r = kParamRange[static_cast<int>(*kind)];
  if (j.contains(param) && !int_in(j[param], r.lo, r.hi))
    return bad_skills(where + param + " must be an integer from " + std::to_string(r.lo) + " to " + std::to_string(r.hi));
  out = Skill{j["threshold"].get<int>(), *kind, j.contains(param) ? j[param].get<int>() : 1};
  return Result::ok();
}

Result read_list(const Json& j, const std::string& where, SkillList& out) {
  if (!j.is_array()) return bad_skills(where + ": must be a list of skills");
  out.skills.clear();
  for (std::size_t i = 0; i < j.size(); ++i) {
    Skill s;
    if (Result r = read_skill(j[i], where + "[" + std::to_string(i) + "]: ", s); !r) return r;
    if (out.active(s.kind, kMaxThreshold))
      return bad_skills(where + "[" + std::to_string(i) + "]: skill \"" + std::string(skill_name(s.kind)) +
                 "\" is listed twice");
    out.skills.push_back(s);
  }
  return Result::ok();
}

}  // namespace

std::string_view skill_name(SkillKind k) {
  static constexpr std::array<std::string_view, kSkillKinds> kNames = {"income", "value_plus", "recall"};
  return kNames[static_cast<int>(k)];
}

std::string_view param_name(SkillKind k) {
  static constexpr std::array<std::string_view, kSkillKinds> kNames = {"vp", "amount", "per_round"};
  return kNames[static_cast<int>(k)];
}

std::optional<Skill> SkillList::active(SkillKind kind, int k) const {
  for (const Skill& s : skills)
    if (s.kind == kind && s.threshold <= k) return s;
  return std::nullopt;
}

int SkillList::income_vp(int k) const {
  auto s = active(SkillKind::income, k);
  return s ? s->param : 0;
}

int SkillList::boost_amount(int k) const {
  auto s = active(SkillKind::value_plus, k);
  return s ? s->param : 0;
}

int SkillList::recall_limit(int k) const {
  auto s = active(SkillKind::recall, k);
  return s ? s->param : 0;
}

Json SkillList::to_json() const {
  Json out = Json::array();
  for (const Skill& s : skills)
    out.push_back({{"threshold", s.threshold}, {"skill", std::string(skill_name(s.kind))},
                   {std::string(param_name(s.kind)), s.param}});
  return out;
}

const SkillList& SkillTable::for_tribe(int tribe) const {
  const auto& o = overrides[static_cast<std::size_t>(tribe)];
  return o ? *o : base;
}

std::shared_ptr<const SkillList> for_tribe_shared(const std::shared_ptr<const SkillTable>& table, int tribe) {
  return std::shared_ptr<const SkillList>(table, &table->for_tribe(tribe));
}

Json SkillTable::to_json() const {
  Json o = Json::object();
  for (int t = 0; t < kTribes; ++t)
    if (overrides[static_cast<std::size_t>(t)]) o[std::string(kTribeIds[t])] = overrides[static_cast<std::size_t>(t)]->to_json();
  Json j = Json::object();
  j["default"] = base.to_json();
  j["overrides"] = std::move(o);
  return j;
}

Json default_skills_json() { return Json::parse(kDefault); }

Result skills_from_option(const Json& option, SkillTable& out) {
  Json j = option;
  if (j.is_string()) {
    if (j != "default") return bad_skills("unknown skill table \"" + option.get<std::string>() + "\" (preset: default)");
    j = default_skills_json();
  }
  if (!j.is_object()) return bad_skills("must be \"default\" or a skill object {\"default\": [...], \"overrides\": {...}}");
  for (const auto& [k, v] : j.items())
    if (k != "default" && k != "overrides") return bad_skills("unknown field '" + k + "' (expected default, overrides)");
  SkillTable t;
  // Without "default" a room changes only some tribes and keeps the §2.3 table for the rest.
  if (Result r = read_list(j.contains("default") ? j["default"] : default_skills_json()["default"], "default", t.base);
      !r)
    return r;
  if (j.contains("overrides")) {
    const Json& o = j["overrides"];
    if (!o.is_object()) return bad_skills("overrides must be an object from tribe id to a list of skills");
    for (const auto& [tribe, list] : o.items()) {
      auto ti = tribe_from_id(tribe);
      if (!ti) return bad_skills("overrides: unknown tribe '" + tribe + "' (karasu_tengu, kappa, inugami, oni)");
      SkillList l;
      if (Result r = read_list(list, "overrides." + tribe, l); !r) return r;
      t.overrides[static_cast<std::size_t>(*ti)] = l;
    }
  }
  out = std::move(t);
  return Result::ok();
}

}  // namespace nyan::hinode
