// The forms of a game's actions as data: each form is an action `type` and its members, each
// member's values a small JSON Schema. The catalog (/api/games) publishes a game's forms as
// one JSON Schema, so that a client learns the shape of every action without reading an
// engine; the conformance suite checks every legal action of every game against it.
//
// A form describes a shape, not legality: `{"type":"play","card":"R5"}` has the shape of a
// play in every phase, and the legal list says when it may be sent.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rules/core/types.h"

namespace nyan {

struct ActionMember {
  std::string name;
  Json values;            // a JSON Schema of the member's value (see the helpers below)
  bool optional = false;  // may be left out (legal lists leave it out at its default)
};

struct ActionForm {
  std::string type;
  std::vector<ActionMember> members;
  std::string description;  // one line for people: what the action does
  bool side = false;        // a side action (State::side_action): open to seats outside to_act
};

// Value schemas for members.
namespace values {
Json names(const std::vector<std::string>& names);  // one of these strings
Json constant(const Json& value);
Json integer(std::int64_t min, std::int64_t max);
Json boolean();
Json string(std::size_t min_length, std::size_t max_length);
Json null();
Json list(const Json& item, std::size_t min_items, std::size_t max_items);
Json object(const std::vector<ActionMember>& members);  // no members but these
Json either(std::vector<Json> alternatives);
}  // namespace values

// The schema of one form: an object with "type" fixed to the form's type, exactly its
// members (the optional ones may be left out) and nothing else.
Json form_schema(const ActionForm& form);
// A game's actions: {"oneOf": [form_schema(form) for every form]}. Two forms of one type
// (Kushine's say topics) are told apart by a member fixed with values::constant.
Json action_schema(const std::vector<ActionForm>& forms);

}  // namespace nyan
