// protocol/asyncapi.yaml against the server. Every frame any test of this suite receives from
// the server is checked against the document's definition of that message (the hook is
// installed when the test run starts: cli::Connection::observe_frames), so that a message or
// member the document does not describe fails the test that received it. The test cases here
// check the document itself: its examples, its error codes and client messages against the
// server's, and its game ids against the catalog.
#define CATCH_CONFIG_EXTERNAL_INTERFACES
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "protocol/errors.h"
#include "rules/core/registry.h"
#include "tests/server/harness.h"
#include "tests/server/server_process.h"
#include "tests/support/json_schema.h"

using namespace nyan;
using namespace nyan::test;

namespace {

const Json& asyncapi() {
  static const Json doc = [] {
    std::ifstream in(NYANHALL_ASYNCAPI);
    Json j = Json::parse(in, nullptr, false);
    return j.is_discarded() ? Json() : j;
  }();
  return doc;
}

// The messages of one direction, by type: "subscribe" (server to client) or "publish".
std::map<std::string, const Json*> messages(const std::string& operation) {
  std::map<std::string, const Json*> out;
  const Json* list = resolve_pointer(asyncapi(), "/channels/~1ws/" + operation + "/message/oneOf");
  if (!list) return out;
  for (const Json& ref : *list) {
    const Json* message = resolve_pointer(asyncapi(), ref.value("$ref", ""));
    const Json* type = message ? resolve_pointer(*message, "/payload/properties/type/const") : nullptr;
    if (type) out[type->get<std::string>()] = message;
  }
  return out;
}

long frames_checked = 0;

// Nothing when `text` is a server message as the document defines it.
std::optional<std::string> frame_problem(const std::string& text) {
  static const std::map<std::string, const Json*> server = messages("subscribe");
  const Json frame = Json::parse(text, nullptr, false);
  if (!frame.is_object() || !frame.contains("type") || !frame["type"].is_string()) return "not a JSON message object";
  auto it = server.find(frame["type"].get<std::string>());
  if (it == server.end()) return "no server message of this type in the document";
  return schema_problem((*it->second)["payload"], frame, asyncapi());
}

void check_frame(const std::string& text) {
  ++frames_checked;
  if (auto problem = frame_problem(text)) {
    UNSCOPED_INFO("frame: " << text.substr(0, 2000));
    FAIL_CHECK("the server sent a message protocol/asyncapi.yaml does not describe: " << *problem);
  }
}

struct SpecCheck : Catch::TestEventListenerBase {
  using TestEventListenerBase::TestEventListenerBase;
  void testRunStarting(const Catch::TestRunInfo& info) override {
    TestEventListenerBase::testRunStarting(info);
    cli::Connection::observe_frames(check_frame);
  }
};

}  // namespace

CATCH_REGISTER_LISTENER(SpecCheck)

TEST_CASE("asyncapi: the document is read and every message's examples fit their definitions", "[server][spec]") {
  REQUIRE(asyncapi().is_object());
  CHECK(asyncapi()["asyncapi"] == "2.6.0");
  int examples = 0;
  for (const auto& [name, message] : asyncapi()["components"]["messages"].items()) {
    INFO("message " << name);
    REQUIRE(message.contains("payload"));
    REQUIRE(message.contains("examples"));
    for (const Json& example : message["examples"]) {
      const auto problem = schema_problem(message["payload"], example["payload"], asyncapi());
      INFO(example.dump() << ": " << problem.value_or(""));
      CHECK_FALSE(problem);
      ++examples;
    }
  }
  CHECK(messages("subscribe").size() == 13);
  CHECK(messages("publish").size() == 18);
  CHECK(examples >= 25);
  // The check would notice a frame the document does not describe.
  CHECK(frame_problem(R"({"type":"pong","re":1,"extra":true})"));
  CHECK(frame_problem(R"({"type":"teleport"})"));
  CHECK(frame_problem(R"({"type":"ack","re":1,"game_no":1})"));
  CHECK_FALSE(frame_problem(R"({"type":"ack","re":"a","game_no":1,"version":2,"duplicate":true})"));
}

namespace {
std::string protocol_md() {
  std::ifstream in(NYANHALL_PROTOCOL_MD);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

TEST_CASE("PROTOCOL.md summarises every game's action types and outcome reasons", "[server][spec]") {
  register_all_games();
  const std::string md = protocol_md();
  for (const Game* g : registry().games()) {
    INFO(g->type().id);
    const auto from = md.find("(`" + g->type().id + "`)\n");
    REQUIRE(from != std::string::npos);
    const std::string section = md.substr(from, md.find("\n#", from) - from);
    for (const ActionForm& f : g->type().action_forms)
      CHECK(std::regex_search(section, std::regex("`" + f.type + "[{`]")));
    for (const OutcomeReason& r : g->type().outcome_reasons) CHECK(section.find("`" + r.reason + "`") != std::string::npos);
  }
}

TEST_CASE("asyncapi: the error codes are the server's, and PROTOCOL.md lists the same", "[server][spec]") {
  std::set<std::string> server;
  for (int i = 0; i < kProtoErrorCount; ++i) server.insert(std::string(to_string(static_cast<ProtoError>(i))));
  std::set<std::string> document;
  for (const Json& code : asyncapi()["components"]["schemas"]["errorCode"]["enum"]) document.insert(code.get<std::string>());
  CHECK(document == server);

  const std::string md = protocol_md();
  const auto from = md.find("## Error codes"), to = md.find("\n## ", from + 1);
  REQUIRE(from != std::string::npos);
  const std::string table = md.substr(from, to - from);
  std::set<std::string> listed;
  const std::regex row("\\n\\| `([a-z_]+)` \\|");
  for (auto it = std::sregex_iterator(table.begin(), table.end(), row); it != std::sregex_iterator(); ++it)
    listed.insert((*it)[1]);
  CHECK(listed == server);
}

TEST_CASE("asyncapi: the server knows every client message of the document, and only those", "[server][spec]") {
  ServerProcess server({"--journal", "none"});
  auto p = connect_player(server.port());  // says hello (the document's first message)
  const long before = frames_checked;
  for (const auto& [type, message] : messages("publish")) {
    if (type == "hello") continue;
    for (const Json& example : (*message)["examples"]) {
      INFO(example["payload"].dump());
      auto reply = p->client.request(example["payload"]);
      REQUIRE(reply);
      CHECK((*reply).value("code", "") != "unknown_type");
      CHECK((*reply).value("code", "") != "bad_field");
    }
  }
  auto unknown = p->client.request({{"type", "teleport"}});
  REQUIRE(unknown);
  CHECK((*unknown)["code"] == "unknown_type");
  CHECK(frames_checked > before);  // and every answer went through the frame check
}

TEST_CASE("asyncapi: /api/games publishes each engine's action schema, side actions and outcome reasons, "
          "under game ids the document allows",
          "[server][spec]") {
  register_all_games();
  ServerProcess server({"--journal", "none"});
  const auto [status, body] = server.http_get("/api/games");
  REQUIRE(status == 200);
  const Json catalog = Json::parse(body);
  REQUIRE(catalog["games"].size() == registry().games().size());
  for (const Json& entry : catalog["games"]) {
    const Game* g = registry().find(entry["id"]);
    REQUIRE(g);
    INFO(g->type().id);
    CHECK(entry["actions"] == action_schema(g->type().action_forms));
    CHECK(entry["side_actions"].is_array());
    CHECK(entry["outcome_reasons"].size() == g->type().outcome_reasons.size());
  }
  // The document's game id is any id of the catalog, and it lists none of its own (a list
  // there would want a line for every new game).
  const Json& game_id = asyncapi()["components"]["schemas"]["gameId"];
  CHECK_FALSE(game_id.contains("enum"));
  for (const Json& entry : catalog["games"]) CHECK_FALSE(schema_problem(game_id, entry["id"], asyncapi()));
  for (const Json& bad : {Json("Oikake"), Json(""), Json("oi kake"), Json(7)}) CHECK(schema_problem(game_id, bad, asyncapi()));
}
