// The HTTP endpoints on the same port: health, readiness, metrics, catalog, transcript.
#include <catch2/catch.hpp>

#include <ctime>
#include <map>
#include <regex>
#include <sstream>

#include "protocol/messages.h"
#include "protocol/version.h"
#include "tests/server/harness.h"
#include "tests/server/server_process.h"

using namespace nyan;
using namespace nyan::test;

TEST_CASE("server: health, readiness, metrics and the game catalog", "[server][http]") {
  ServerProcess server({"--journal", "none"});
  CHECK(server.http_get("/healthz") == std::make_pair(200, std::string("ok\n")));
  CHECK(server.http_get("/readyz").first == 200);
  CHECK(server.http_get("/no/such/page").first == 404);
  CHECK(server.http_get("/../../etc/passwd").first >= 400);

  auto [status, body] = server.http_get("/api/games");
  REQUIRE(status == 200);
  const Json catalog = Json::parse(body);
  bool found = false;
  for (const Json& g : catalog["games"])
    if (g["id"] == "oikake") {
      found = true;
      CHECK(g["title_ja"] == "おいかけにゃんず");
      CHECK(g["min_seats"] == 2);
      CHECK(g["options"][0]["name"] == "mode");
    }
  CHECK(found);

  auto a = connect_player(server.port());
  auto b = connect_player(server.port());
  const std::string code = open_room({a.get(), b.get()}, {}, "oikake", Json::object());
  // Before the game ends the transcript endpoint reveals nothing, not even that the room
  // exists: the answer is the one for a code that names no room.
  CHECK(server.http_get("/api/rooms/" + code + "/transcript") == server.http_get("/api/rooms/nonono/transcript"));
  CHECK(server.http_get("/api/rooms/nonono/transcript").first == 404);
  a->client.request({{"type", "dance"}});
  const std::string m = server.http_get("/metrics").second;
  CHECK(m.find("nyanhall_connections 2") != std::string::npos);
  CHECK(m.find("nyanhall_rooms{game=\"oikake\",state=\"lobby\"} 1") != std::string::npos);
  CHECK(m.find("nyanhall_errors_total{code=\"unknown_type\"} 1") != std::string::npos);
  CHECK(m.find("nyanhall_action_seconds_bucket") != std::string::npos);

  SplitMix rng(11);
  play_to_end({a.get(), b.get()}, {}, rng);
  auto [tstatus, tbody] = server.http_get("/api/rooms/" + code + "/transcript");
  REQUIRE(tstatus == 200);
  CHECK(Json::parse(tbody) == a->client.tracker().record());
  const std::string after = server.http_get("/metrics").second;
  CHECK(after.find("nyanhall_rooms{game=\"oikake\",state=\"over\"} 1") != std::string::npos);
  CHECK(after.find("nyanhall_actions_total 0") == std::string::npos);
}

namespace {

// One sample line of the Prometheus text format: name, labels, value.
struct Sample {
  std::string name;
  std::map<std::string, std::string> labels;
  double value = 0;
};

// Parses a /metrics page strictly by the text format (version 0.0.4): every line is a HELP,
// a TYPE or a sample; names and label names are valid; label values are quoted with only
// \\, \" and \n escaped; every sample belongs to a family whose TYPE came before it, and
// no family is declared twice. Fails the test on any deviation.
std::vector<Sample> parse_exposition(const std::string& page, std::map<std::string, std::string>& types) {
  const std::regex name_re("[a-zA-Z_:][a-zA-Z0-9_:]*");
  const std::regex comment_re(R"(# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+))");
  const std::regex label_re(R"re(([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)")re");
  std::vector<Sample> samples;
  std::istringstream lines(page);
  std::string line;
  REQUIRE(!page.empty());
  CHECK(page.back() == '\n');
  while (std::getline(lines, line)) {
    INFO("line: " << line);
    REQUIRE(!line.empty());
    std::smatch m;
    if (line[0] == '#') {
      REQUIRE(std::regex_match(line, m, comment_re));
      if (m[1] == "TYPE") {
        REQUIRE(std::regex_match(m[3].str(), std::regex("counter|gauge|histogram|summary|untyped")));
        REQUIRE(types.count(m[2]) == 0);
        types[m[2]] = m[3];
      }
      continue;
    }
    Sample s;
    const std::size_t end_of_name = line.find_first_of("{ ");
    REQUIRE(end_of_name != std::string::npos);
    s.name = line.substr(0, end_of_name);
    REQUIRE(std::regex_match(s.name, name_re));
    std::string rest = line.substr(end_of_name);
    if (rest[0] == '{') {
      const std::size_t close = rest.rfind('}');
      REQUIRE(close != std::string::npos);
      std::string labels = rest.substr(1, close - 1);
      rest = rest.substr(close + 1);
      while (!labels.empty()) {
        REQUIRE(std::regex_search(labels, m, label_re));
        REQUIRE(m.position(0) == 0);
        REQUIRE(s.labels.count(m[1]) == 0);
        s.labels[m[1]] = m[2];
        labels = labels.substr(static_cast<std::size_t>(m.length(0)));
        if (!labels.empty()) {
          REQUIRE(labels[0] == ',');
          labels = labels.substr(1);
        }
      }
    }
    REQUIRE(rest.size() > 1);
    REQUIRE(rest[0] == ' ');
    const std::string value = rest.substr(1);
    REQUIRE(std::regex_match(value, std::regex(R"([-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?|[-+]Inf|NaN)")));
    s.value = value == "+Inf" ? 1e308 : std::strtod(value.c_str(), nullptr);
    // The family: a histogram's series carry a suffix.
    std::string family = s.name;
    for (const char* suffix : {"_bucket", "_sum", "_count"}) {
      const std::string sfx = suffix;
      if (family.size() > sfx.size() && family.compare(family.size() - sfx.size(), sfx.size(), sfx) == 0 &&
          types.count(family.substr(0, family.size() - sfx.size())) &&
          types[family.substr(0, family.size() - sfx.size())] == "histogram")
        family = family.substr(0, family.size() - sfx.size());
    }
    REQUIRE(types.count(family) == 1);
    samples.push_back(s);
  }
  return samples;
}

const Sample* find_sample(const std::vector<Sample>& samples, const std::string& name,
                          const std::map<std::string, std::string>& labels = {}) {
  for (const Sample& s : samples)
    if (s.name == name && s.labels == labels) return &s;
  return nullptr;
}

}  // namespace

TEST_CASE("server: /metrics in the text format, with process figures, the release and HTTP requests by route",
          "[server][http][metrics]") {
  ServerProcess server({"--journal", "none"});
  const double started = static_cast<double>(std::time(nullptr));
  for (const char* path : {"/healthz", "/healthz", "/no/such/page", "/r/n1-kasumi-norepa", "/api/games",
                           "/api/rooms/nonono/transcript", "/readyz", "/metrics"})
    REQUIRE(server.http_get(path).first != 0);
  REQUIRE(server.http("HEAD", "/healthz").status == 200);
  REQUIRE(server.http("POST", "/api/games").status == 405);
  auto a = connect_player(server.port());
  auto b = connect_player(server.port());

  std::map<std::string, std::string> types;
  const std::vector<Sample> samples = parse_exposition(server.http_get("/metrics").second, types);

  // Counters are named *_total (the conventions); the histogram's series are complete.
  for (const auto& [family, type] : types) {
    INFO(family);
    if (type == "counter") CHECK(family.size() > 6);
    if (type == "counter") CHECK(family.compare(family.size() - 6, 6, "_total") == 0);
  }
  CHECK(types["nyanhall_action_seconds"] == "histogram");
  CHECK(find_sample(samples, "nyanhall_action_seconds_bucket", {{"le", "+Inf"}}) != nullptr);

  // The process, as the Prometheus client libraries name it.
  CHECK(types["process_cpu_seconds_total"] == "counter");
  for (const char* g : {"process_resident_memory_bytes", "process_open_fds", "process_max_fds",
                        "process_start_time_seconds"})
    CHECK(types[g] == "gauge");
  const Sample* cpu = find_sample(samples, "process_cpu_seconds_total");
  const Sample* rss = find_sample(samples, "process_resident_memory_bytes");
  const Sample* fds = find_sample(samples, "process_open_fds");
  const Sample* max_fds = find_sample(samples, "process_max_fds");
  const Sample* start = find_sample(samples, "process_start_time_seconds");
  REQUIRE((cpu && rss && fds && max_fds && start));
  CHECK(cpu->value >= 0);
  CHECK(rss->value > 1e6);                 // a running server is megabytes, not bytes or kilobytes
  CHECK(fds->value >= 6);                  // stdio, the listener, two WebSockets at least
  CHECK(max_fds->value > fds->value);
  CHECK(start->value > started - 120);     // seconds since the epoch, started just now
  CHECK(start->value < started + 5);

  const Sample* build = find_sample(samples, "nyanhall_build_info",
                                    {{"version", kVersion}, {"protocol", std::to_string(kProtocolVersion)}});
  REQUIRE(build);
  CHECK(build->value == 1);

  // HTTP requests by route template and status: never a raw path.
  auto requests = [&](const std::string& route, const std::string& status) {
    const Sample* s = find_sample(samples, "nyanhall_http_requests_total", {{"route", route}, {"status", status}});
    return s ? s->value : 0.0;
  };
  CHECK(types["nyanhall_http_requests_total"] == "counter");
  CHECK(requests("/healthz", "200") == 3);  // two GETs and a HEAD
  CHECK(requests("/{file}", "404") == 1);
  CHECK(requests("/r/{code}", "200") == 1);
  CHECK(requests("/api/games", "200") == 1);
  CHECK(requests("/api/games", "405") == 1);
  CHECK(requests("/api/rooms/{code}/transcript", "404") == 1);
  CHECK(requests("/readyz", "200") == 1);
  CHECK(requests("/metrics", "200") == 1);  // the earlier scrape; this one counts once answered
  CHECK(requests("/ws", "101") == 2);
  for (const Sample& s : samples)
    for (const auto& [label, value] : s.labels) {
      CHECK(value.find("nonono") == std::string::npos);
      CHECK(value.find("kasumi") == std::string::npos);
      CHECK(value.find("/no/such") == std::string::npos);
    }
}
