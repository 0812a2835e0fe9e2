// libFuzzer target: a client's message as the server reads it. parse_envelope must answer
// every input with an envelope or a typed error (never throw, never crash), and what it
// accepts must be a JSON object with a string type and an id the protocol allows, and the
// error the server would answer it with must be a JSON error that carries its id back.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "protocol/messages.h"
#include "protocol/server_messages.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  nyan::Envelope msg;
  nyan::ParseError error;
  if (nyan::parse_envelope(text, msg, error)) {
    if (!msg.body.is_object() || !msg.body["type"].is_string()) __builtin_trap();
    if (!msg.id.is_null() && !msg.id.is_number_integer() &&
        !(msg.id.is_string() && msg.id.get_ref<const std::string&>().size() <= 64))
      __builtin_trap();
    (void)nyan::string_field(msg.body, "room", 80);
    (void)nyan::int_field(msg.body, "seat");
    const nyan::Json answer = nyan::Json::parse(nyan::error_message(nyan::ProtoError::bad_field, "x", msg.id));
    if (answer.value("type", "") != "error" || answer.value("re", nyan::Json()) != msg.id) __builtin_trap();
  } else if (error.message.empty()) {
    __builtin_trap();
  }
  return 0;
}
