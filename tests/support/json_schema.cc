#include "tests/support/json_schema.h"

#include <map>
#include <regex>
#include <set>

namespace nyan::test {

namespace {

const std::set<std::string> kAnnotations = {"description", "title", "examples", "$comment", "default"};
const std::set<std::string> kKeywords = {"type",      "enum",      "const",    "properties", "required",
                                         "additionalProperties",   "items",    "minItems",   "maxItems",
                                         "minimum",   "maximum",   "minLength", "maxLength", "pattern",
                                         "oneOf",     "anyOf",     "$ref"};

std::string escape(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

bool has_type(const Json& v, const std::string& t) {
  if (t == "object") return v.is_object();
  if (t == "array") return v.is_array();
  if (t == "string") return v.is_string();
  if (t == "integer") return v.is_number_integer();
  if (t == "number") return v.is_number();
  if (t == "boolean") return v.is_boolean();
  if (t == "null") return v.is_null();
  return false;
}

std::size_t code_points(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

// Compiled once: the server tests check thousands of frames against the same few patterns.
const std::regex& compiled(const std::string& pattern) {
  static std::map<std::string, std::regex> cache;
  auto it = cache.find(pattern);
  if (it == cache.end()) it = cache.emplace(pattern, std::regex(pattern, std::regex::ECMAScript)).first;
  return it->second;
}

// Exact equality as JSON Schema means it: 1 and 1.0 are equal numbers, true is not 1.
bool same(const Json& a, const Json& b) {
  if (a.is_number() && b.is_number()) return a == b;
  return a.type() == b.type() && a == b;
}

class Checker {
 public:
  explicit Checker(const Json& root) : root_(root) {}

  std::optional<std::string> check(const Json& s, const Json& v, const std::string& at, int depth) {
    if (depth > 64) return at + ": schema nested too deeply (a $ref loop?)";
    if (s.is_boolean()) return s.get<bool>() ? std::nullopt : std::optional<std::string>(at + ": nothing is allowed here");
    if (!s.is_object()) return at + ": the schema is not an object";
    for (const auto& [k, _] : s.items())
      if (!kKeywords.count(k) && !kAnnotations.count(k)) return at + ": unsupported schema keyword '" + k + "'";
    if (auto ref = s.find("$ref"); ref != s.end()) {
      const Json* target = ref->is_string() ? resolve_pointer(root_, ref->get<std::string>()) : nullptr;
      if (!target) return at + ": unresolved $ref " + ref->dump();
      if (auto p = check(*target, v, at, depth + 1)) return p;
    }
    if (auto p = check_type(s, v, at)) return p;
    if (auto e = s.find("enum"); e != s.end()) {
      bool found = false;
      for (const Json& option : *e) found = found || same(option, v);
      if (!found) return at + ": " + short_dump(v) + " is not one of " + short_dump(*e);
    }
    if (auto c = s.find("const"); c != s.end() && !same(*c, v))
      return at + ": " + short_dump(v) + " is not " + c->dump();
    if (v.is_object())
      if (auto p = check_object(s, v, at, depth)) return p;
    if (v.is_array())
      if (auto p = check_array(s, v, at, depth)) return p;
    if (v.is_string())
      if (auto p = check_string(s, v.get_ref<const std::string&>(), at)) return p;
    if (v.is_number()) {
      if (auto m = s.find("minimum"); m != s.end() && v < *m) return at + ": " + v.dump() + " is below " + m->dump();
      if (auto m = s.find("maximum"); m != s.end() && v > *m) return at + ": " + v.dump() + " is above " + m->dump();
    }
    if (auto any = s.find("anyOf"); any != s.end()) {
      std::optional<std::string> first;
      for (const Json& branch : *any) {
        auto p = check(branch, v, at, depth + 1);
        if (!p) return std::nullopt;
        if (!first) first = p;
      }
      return at + ": matches none of the alternatives (first: " + first.value_or("none") + ")";
    }
    if (auto one = s.find("oneOf"); one != s.end()) return check_one_of(*one, v, at, depth);
    return std::nullopt;
  }

 private:
  static std::string short_dump(const Json& v) {
    std::string d = v.dump();
    return d.size() > 120 ? d.substr(0, 117) + "..." : d;
  }

  std::optional<std::string> check_type(const Json& s, const Json& v, const std::string& at) {
    auto t = s.find("type");
    if (t == s.end()) return std::nullopt;
    if (t->is_string() && has_type(v, *t)) return std::nullopt;
    if (t->is_array())
      for (const Json& one : *t)
        if (one.is_string() && has_type(v, one)) return std::nullopt;
    return at + ": " + short_dump(v) + " is not of type " + t->dump();
  }

  std::optional<std::string> check_object(const Json& s, const Json& v, const std::string& at, int depth) {
    if (auto r = s.find("required"); r != s.end())
      for (const Json& name : *r)
        if (!v.contains(name.get<std::string>())) return at + ": '" + name.get<std::string>() + "' is missing";
    const Json empty = Json::object();
    const Json& props = s.contains("properties") ? s["properties"] : empty;
    for (const auto& [k, member] : v.items()) {
      const std::string here = at + "/" + escape(k);
      if (auto p = props.find(k); p != props.end()) {
        if (auto problem = check(*p, member, here, depth + 1)) return problem;
      } else if (auto extra = s.find("additionalProperties"); extra != s.end()) {
        if (extra->is_boolean() && !extra->get<bool>()) return at + ": unexpected member '" + k + "'";
        if (auto problem = check(*extra, member, here, depth + 1)) return problem;
      }
    }
    return std::nullopt;
  }

  std::optional<std::string> check_array(const Json& s, const Json& v, const std::string& at, int depth) {
    if (auto m = s.find("minItems"); m != s.end() && v.size() < m->get<std::size_t>())
      return at + ": fewer than " + m->dump() + " items";
    if (auto m = s.find("maxItems"); m != s.end() && v.size() > m->get<std::size_t>())
      return at + ": more than " + m->dump() + " items";
    if (auto items = s.find("items"); items != s.end())
      for (std::size_t i = 0; i < v.size(); ++i)
        if (auto p = check(*items, v[i], at + "/" + std::to_string(i), depth + 1)) return p;
    return std::nullopt;
  }

  std::optional<std::string> check_string(const Json& s, const std::string& v, const std::string& at) {
    if (auto m = s.find("minLength"); m != s.end() && code_points(v) < m->get<std::size_t>())
      return at + ": shorter than " + m->dump() + " characters";
    if (auto m = s.find("maxLength"); m != s.end() && code_points(v) > m->get<std::size_t>())
      return at + ": longer than " + m->dump() + " characters";
    if (auto p = s.find("pattern"); p != s.end() && !std::regex_search(v, compiled(p->get<std::string>())))
      return at + ": " + short_dump(v) + " does not match " + p->dump();
    return std::nullopt;
  }

  // Exactly one branch. When none matches, the branch whose "type" member fixes the value's
  // own type (a message or an action form) explains best why.
  std::optional<std::string> check_one_of(const Json& branches, const Json& v, const std::string& at, int depth) {
    int matches = 0;
    std::optional<std::string> same_type;
    for (const Json& branch : branches) {
      auto p = check(branch, v, at, depth + 1);
      if (!p) {
        ++matches;
        continue;
      }
      const Json* b = &branch;
      if (auto ref = b->find("$ref"); ref != b->end() && ref->is_string()) b = resolve_pointer(root_, *ref);
      const Json* fixed = b ? resolve_pointer(*b, "/properties/type/const") : nullptr;
      if (fixed && v.is_object() && v.contains("type") && same(*fixed, v["type"]) && !same_type) same_type = p;
    }
    if (matches == 1) return std::nullopt;
    if (matches > 1) return at + ": matches " + std::to_string(matches) + " alternatives, not exactly one";
    return same_type ? *same_type : at + ": " + short_dump(v) + " matches none of the alternatives";
  }

  const Json& root_;
};

}  // namespace

const Json* resolve_pointer(const Json& doc, const std::string& pointer) {
  std::string p = pointer;
  if (!p.empty() && p[0] == '#') p.erase(0, 1);
  const Json* at = &doc;
  std::size_t i = 0;
  while (i < p.size()) {
    if (p[i] != '/') return nullptr;
    const std::size_t end = p.find('/', i + 1);
    std::string token = p.substr(i + 1, end == std::string::npos ? std::string::npos : end - i - 1);
    for (std::size_t k = 0; (k = token.find('~', k)) != std::string::npos; ++k)
      token.replace(k, 2, k + 1 < token.size() && token[k + 1] == '1' ? "/" : "~");
    if (at->is_object()) {
      auto it = at->find(token);
      if (it == at->end()) return nullptr;
      at = &*it;
    } else if (at->is_array()) {
      if (token.empty() || token.find_first_not_of("0123456789") != std::string::npos) return nullptr;
      const std::size_t index = std::stoul(token);
      if (index >= at->size()) return nullptr;
      at = &(*at)[index];
    } else {
      return nullptr;
    }
    i = end == std::string::npos ? p.size() : end;
  }
  return at;
}

std::optional<std::string> schema_problem(const Json& schema, const Json& value, const Json& root) {
  Checker c(root.is_null() ? schema : root);
  if (auto p = c.check(schema, value, "", 0)) return p->empty() || (*p)[0] != ':' ? *p : "(the value)" + *p;
  return std::nullopt;
}

}  // namespace nyan::test
