#include "rules/core/options.h"

#include <algorithm>

namespace nyan {

OptionSpec OptionSpec::choice(std::string name, std::vector<Json> choices, Json def,
                              std::string description) {
  OptionSpec s;
  s.name = std::move(name);
  s.kind = OptionKind::choice;
  s.choices = std::move(choices);
  s.default_value = std::move(def);
  s.description = std::move(description);
  return s;
}

OptionSpec OptionSpec::integer(std::string name, std::int64_t min, std::int64_t max,
                               std::int64_t def, std::string description) {
  OptionSpec s;
  s.name = std::move(name);
  s.kind = OptionKind::integer;
  s.min = min;
  s.max = max;
  s.default_value = def;
  s.description = std::move(description);
  return s;
}

OptionSpec OptionSpec::boolean(std::string name, bool def, std::string description) {
  OptionSpec s;
  s.name = std::move(name);
  s.kind = OptionKind::boolean;
  s.default_value = def;
  s.description = std::move(description);
  return s;
}

OptionSpec OptionSpec::object(std::string name, Json def, std::string description) {
  OptionSpec s;
  s.name = std::move(name);
  s.kind = OptionKind::object;
  s.default_value = std::move(def);
  s.description = std::move(description);
  return s;
}

namespace {

const char* kind_name(OptionKind k) {
  switch (k) {
    case OptionKind::choice: return "choice";
    case OptionKind::integer: return "integer";
    case OptionKind::boolean: return "boolean";
    case OptionKind::object: return "object";
  }
  return "choice";
}

// A JSON integer (not a float, not a bool).
bool is_integer(const Json& v) { return v.is_number_integer(); }

Result check_value(const OptionSpec& spec, const Json& v) {
  auto bad = [&](const std::string& why) {
    return Result::fail(RuleError::bad_option, "option '" + spec.name + "': " + why);
  };
  switch (spec.kind) {
    case OptionKind::choice: {
      for (const Json& c : spec.choices) {
        // Compare type and value exactly: 1 and 1.0 and "1" are different choices.
        if (c.type() == v.type() && c == v) return Result::ok();
        if (is_integer(c) && is_integer(v) && c == v) return Result::ok();
      }
      std::string list;
      for (const Json& c : spec.choices) list += (list.empty() ? "" : ", ") + c.dump();
      return bad("must be one of " + list);
    }
    case OptionKind::integer:
      if (!is_integer(v)) return bad("must be an integer");
      if (v.get<std::int64_t>() < spec.min || v.get<std::int64_t>() > spec.max)
        return bad("must be between " + std::to_string(spec.min) + " and " +
                   std::to_string(spec.max));
      return Result::ok();
    case OptionKind::boolean:
      if (!v.is_boolean()) return bad("must be true or false");
      return Result::ok();
    case OptionKind::object:
      if (!v.is_object() && !v.is_array() && !v.is_string())
        return bad("must be an object, an array or a preset name");
      return Result::ok();
  }
  return bad("unknown kind");
}

}  // namespace

Json OptionSpec::to_json() const {
  Json j = {{"name", name},
            {"kind", kind_name(kind)},
            {"default", default_value},
            {"description", description}};
  if (kind == OptionKind::choice) j["choices"] = choices;
  if (kind == OptionKind::integer) {
    j["min"] = min;
    j["max"] = max;
  }
  return j;
}

Result normalize_options(const std::vector<OptionSpec>& schema, const Json& given, Json& out) {
  if (!given.is_null() && !given.is_object())
    return Result::fail(RuleError::bad_option, "options must be a JSON object");
  out = Json::object();
  if (given.is_object()) {
    for (const auto& [key, value] : given.items()) {
      const std::string& name = key;  // a lambda may not capture a structured binding (clang 14)
      auto it = std::find_if(schema.begin(), schema.end(),
                             [&](const OptionSpec& s) { return s.name == name; });
      if (it == schema.end()) {
        std::string known;
        for (const auto& s : schema) known += (known.empty() ? "" : ", ") + s.name;
        return Result::fail(RuleError::bad_option,
                            "unknown option '" + name + "'" +
                                (known.empty() ? " (this game has no options)"
                                               : " (known: " + known + ")"));
      }
      if (Result r = check_value(*it, value); !r) return r;
      out[name] = value;
    }
  }
  for (const auto& s : schema)
    if (!out.contains(s.name)) out[s.name] = s.default_value;
  return Result::ok();
}

}  // namespace nyan
