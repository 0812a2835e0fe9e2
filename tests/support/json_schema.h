// A validator for the part of JSON Schema that nyanhall's own documents use: the action
// schemas in /api/games (rules/core/action_forms.h) and the message payloads of
// protocol/asyncapi.yaml. Supported keywords: type, enum, const, properties, required,
// additionalProperties (true, false or a schema), items, minItems, maxItems, minimum,
// maximum, minLength, maxLength (in code points), pattern (ECMAScript, unanchored), oneOf,
// anyOf, and $ref to a JSON pointer within the document ("#/components/schemas/x").
// Annotations (description, title, examples, $comment, default) are ignored. Any other
// keyword is reported as a problem rather than silently skipped, so a document can never
// seem to be checked by a rule this validator does not apply.
#pragma once

#include <optional>
#include <string>

#include "rules/core/types.h"

namespace nyan::test {

// Nothing when `value` is valid against `schema`; otherwise the first problem, naming the
// place in `value` as a JSON pointer ("/legal/3/type: ..."). `root` is the document that
// $ref pointers resolve against (the schema itself when null).
std::optional<std::string> schema_problem(const Json& schema, const Json& value, const Json& root = nullptr);

// The value at a JSON pointer in `doc` ("#/a/b" or "/a/b"); nullptr when there is none.
const Json* resolve_pointer(const Json& doc, const std::string& pointer);

}  // namespace nyan::test
