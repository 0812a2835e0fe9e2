// The subcommands' flags: --name value / --name=value / --switch. Each subcommand describes
// its flags once (CommandSpec); the parser reads them from that description and --help prints
// it, so the help never lists a flag the parser does not know or misses one it does.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "clients/cli/connection.h"

namespace nyan::cli {

struct FlagSpec {
  const char* name;   // without the dashes
  const char* value;  // what the value is, as --help shows it ("HOST:PORT"); nullptr: a switch
  // What it does, and its default when it has one. "{games}" in it reads as the ids of the
  // games this client knows (game_ids), so that no help lists the games by hand.
  const char* help;
};

struct CommandSpec {
  const char* name;      // "bot"
  const char* synopsis;  // the arguments in one line, as usage shows them ("" for none)
  const char* summary;   // what the command does, for nyanhall-cli --help
  std::vector<FlagSpec> flags;
  const char* operand = nullptr;  // a positional argument ("FILE"), if the command takes one
  const char* operand_help = nullptr;
};

// The ids of the games this client knows (its registry), "oikake, daihugo, ...".
std::string game_ids();

// "usage: nyanhall-cli NAME SYNOPSIS", the summary, and every flag with its value and help.
std::string help_text(const CommandSpec& spec);
// Prints help_text to stdout; returns exit code 0.
int print_help(const CommandSpec& spec);
// Prints "NAME: problem" and the usage line to stderr; returns exit code 2.
int usage_error(const CommandSpec& spec, const std::string& problem);

class Flags {
 public:
  // Unknown flags and stray arguments are errors (error() says which); positional arguments
  // are allowed only when the command has an operand. --help or -h anywhere sets help().
  Flags(const std::vector<std::string>& args, const CommandSpec& spec);

  bool help() const { return help_; }
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  bool has(const std::string& name) const { return values_.count(name) > 0; }
  std::string get(const std::string& name, const std::string& fallback = "") const;
  // nullopt (and error set) when present but not an integer.
  std::optional<long long> integer(const std::string& name, long long fallback);
  const std::vector<std::string>& positional() const { return positional_; }

 private:
  std::map<std::string, std::string> values_;
  std::vector<std::string> positional_;
  std::string error_;
  bool help_ = false;
};

// The flags of every command that connects to a server.
inline constexpr FlagSpec kServerFlag = {
    "server", "URL", "the server: HOST:PORT, ws://HOST[:PORT], or wss://HOST[:PORT] for TLS (default 127.0.0.1:8080)"};
inline constexpr FlagSpec kCaFlag = {"ca", "FILE",
                                     "with wss://: trust the certificates in FILE (PEM) instead of the system's"};
inline constexpr FlagSpec kInsecureFlag = {
    "insecure", nullptr, "with wss://: accept any certificate, unchecked (a test server's self-signed one)"};

// --server, --ca and --insecure read into `out`; false (and `problem`) when they do not fit.
bool server_flags(const Flags& f, ServerAddress& out, std::string& problem);

}  // namespace nyan::cli
