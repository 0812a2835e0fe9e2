#include "protocol/messages.h"

#include <algorithm>

namespace nyan {

namespace {

MessageKind kind_of(const std::string& type) {
  static const std::pair<const char*, MessageKind> kinds[] = {
      {"hello", MessageKind::hello},         {"ping", MessageKind::ping},
      {"create", MessageKind::create},       {"join", MessageKind::join},
      {"spectate", MessageKind::spectate},   {"reconnect", MessageKind::reconnect},
      {"leave", MessageKind::leave},         {"kick", MessageKind::kick},
      {"add_bot", MessageKind::add_bot},     {"remove_bot", MessageKind::remove_bot},
      {"sit", MessageKind::sit},             {"swap_seats", MessageKind::swap_seats},
      {"open_seat", MessageKind::open_seat},
      {"start", MessageKind::start},         {"close", MessageKind::close},
      {"rematch", MessageKind::rematch},     {"action", MessageKind::action},
      {"resync", MessageKind::resync},
  };
  for (const auto& [name, kind] : kinds)
    if (type == name) return kind;
  return MessageKind::unknown;
}

}  // namespace

int json_depth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

bool parse_envelope(std::string_view text, Envelope& out, ParseError& error) {
  error.id = nullptr;
  if (json_depth(text, kMaxJsonDepth) > kMaxJsonDepth) {
    error = {ProtoError::bad_json, "the message is nested too deeply", nullptr};
    return false;
  }
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    error = {ProtoError::bad_json, "the message is not valid JSON", nullptr};
    return false;
  }
  if (!j.is_object()) {
    error = {ProtoError::bad_json, "a message must be a JSON object", nullptr};
    return false;
  }
  Json id = nullptr;
  if (auto it = j.find("id"); it != j.end()) {
    const bool ok_string = it->is_string() && it->get_ref<const std::string&>().size() <= 64;
    if (!ok_string && !it->is_number_integer()) {
      error = {ProtoError::bad_field, "'id' must be an integer or a string of at most 64 bytes", nullptr};
      return false;
    }
    id = *it;
  }
  auto type = j.find("type");
  if (type == j.end() || !type->is_string()) {
    error = {ProtoError::bad_field, "a message needs a string field 'type'", id};
    return false;
  }
  out.kind = kind_of(type->get_ref<const std::string&>());
  out.id = std::move(id);
  out.body = std::move(j);
  return true;
}

std::optional<std::string> string_field(const Json& body, const char* name, std::size_t max_len) {
  auto it = body.find(name);
  if (it == body.end() || !it->is_string()) return std::nullopt;
  const std::string& s = it->get_ref<const std::string&>();
  if (s.size() > max_len) return std::nullopt;
  return s;
}

std::optional<std::int64_t> int_field(const Json& body, const char* name) {
  auto it = body.find(name);
  if (it == body.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<std::int64_t>();
}


}  // namespace nyan
