#include "rules/core/action_forms.h"

namespace nyan {

namespace values {

Json names(const std::vector<std::string>& names) { return {{"type", "string"}, {"enum", names}}; }
Json constant(const Json& value) { return {{"const", value}}; }
Json integer(std::int64_t min, std::int64_t max) { return {{"type", "integer"}, {"minimum", min}, {"maximum", max}}; }
Json boolean() { return {{"type", "boolean"}}; }
Json string(std::size_t min_length, std::size_t max_length) {
  return {{"type", "string"}, {"minLength", min_length}, {"maxLength", max_length}};
}
Json null() { return {{"type", "null"}}; }
Json list(const Json& item, std::size_t min_items, std::size_t max_items) {
  return {{"type", "array"}, {"items", item}, {"minItems", min_items}, {"maxItems", max_items}};
}
Json object(const std::vector<ActionMember>& members) {
  Json properties = Json::object();
  Json required = Json::array();
  for (const ActionMember& m : members) {
    properties[m.name] = m.values;
    if (!m.optional) required.push_back(m.name);
  }
  return {{"type", "object"}, {"properties", properties}, {"required", required}, {"additionalProperties", false}};
}
Json either(std::vector<Json> alternatives) { return {{"anyOf", std::move(alternatives)}}; }

}  // namespace values

Json form_schema(const ActionForm& form) {
  std::vector<ActionMember> members = {{"type", values::constant(form.type)}};
  members.insert(members.end(), form.members.begin(), form.members.end());
  Json schema = values::object(members);
  if (!form.description.empty()) schema["description"] = form.description;
  return schema;
}

Json action_schema(const std::vector<ActionForm>& forms) {
  Json one_of = Json::array();
  for (const ActionForm& f : forms) one_of.push_back(form_schema(f));
  return {{"oneOf", one_of}};
}

}  // namespace nyan
