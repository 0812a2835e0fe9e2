// Typed errors returned by engines. Engines never throw or abort on client input:
// every rejection is a value the server turns into a protocol error.
#pragma once

#include <string>
#include <string_view>
#include <utility>

namespace nyan {

enum class RuleError {
  malformed_action,  // not an object, no string "type", unknown type, missing or mistyped field
  illegal_action,    // well formed, but not one of legal_actions(seat) now
  not_your_turn,     // the seat has no legal action now
  game_over,         // the game has ended
  invalid_seat,      // seat number out of range
  bad_option,        // unknown option, wrong type, out of range
  internal,          // an engine bug; never caused by input alone
};

std::string_view to_string(RuleError code);

struct Error {
  RuleError code;
  std::string message;  // for people; must never carry a value hidden from the recipient
};

// Ok, or an Error. `if (!r) use(r.error())`.
class [[nodiscard]] Result {
 public:
  static Result ok() { return Result(); }
  static Result fail(RuleError code, std::string message) {
    Result r;
    r.ok_ = false;
    r.error_ = Error{code, std::move(message)};
    return r;
  }
  static Result fail(Error e) { return fail(e.code, std::move(e.message)); }

  explicit operator bool() const { return ok_; }
  bool is_ok() const { return ok_; }
  const Error& error() const { return error_; }

 private:
  Result() = default;
  bool ok_ = true;
  Error error_{RuleError::internal, {}};
};

}  // namespace nyan
