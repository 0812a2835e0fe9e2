#include "clients/cli/args.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "rules/core/registry.h"

namespace nyan::cli {

namespace {

// "usage: nyanhall-cli NAME SYNOPSIS" (no space after a command without arguments).
std::string usage_line(const CommandSpec& spec) {
  return std::string("usage: nyanhall-cli ") + spec.name + (*spec.synopsis ? std::string(" ") + spec.synopsis : "");
}

// A flag's help with "{games}" replaced by the ids of the games this client knows.
std::string with_games(std::string help) {
  static const std::string mark = "{games}";
  if (const auto at = help.find(mark); at != std::string::npos) help.replace(at, mark.size(), game_ids());
  return help;
}

}  // namespace

std::string game_ids() {
  register_all_games();
  std::string ids;
  for (const Game* g : registry().games()) ids += (ids.empty() ? "" : ", ") + g->type().id;
  return ids;
}

std::string help_text(const CommandSpec& spec) {
  std::string o = usage_line(spec) + "\n\n" + spec.summary + "\n";
  std::vector<std::pair<std::string, std::string>> rows;
  if (spec.operand) rows.emplace_back(spec.operand, spec.operand_help ? spec.operand_help : "");
  for (const FlagSpec& f : spec.flags)
    rows.emplace_back(std::string("--") + f.name + (f.value ? std::string(" ") + f.value : ""), with_games(f.help));
  rows.emplace_back("--help", "print this help and exit");
  std::size_t width = 0;
  for (const auto& r : rows) width = std::max(width, r.first.size());
  o += "\n";
  for (const auto& [left, right] : rows) {
    o += "  " + left + std::string(width - left.size() + 2, ' ') + right + "\n";
  }
  return o;
}

int print_help(const CommandSpec& spec) {
  std::fputs(help_text(spec).c_str(), stdout);
  return 0;
}

int usage_error(const CommandSpec& spec, const std::string& problem) {
  std::fprintf(stderr, "%s: %s\n%s\n(nyanhall-cli %s --help describes every flag)\n", spec.name, problem.c_str(),
               usage_line(spec).c_str(), spec.name);
  return 2;
}

Flags::Flags(const std::vector<std::string>& args, const CommandSpec& spec) {
  for (const std::string& a : args) help_ = help_ || a == "--help" || a == "-h";
  if (help_) return;
  auto find = [&](const std::string& name) -> const FlagSpec* {
    for (const FlagSpec& f : spec.flags)
      if (name == f.name) return &f;
    return nullptr;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0) {
      if (!spec.operand) {
        error_ = "unexpected argument '" + a + "'";
        return;
      }
      positional_.push_back(a);
      continue;
    }
    std::string name = a.substr(2), value;
    bool inline_value = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      inline_value = true;
    }
    const FlagSpec* flag = find(name);
    if (!flag) {
      error_ = "unknown flag --" + name;
      return;
    }
    if (!flag->value) {
      if (inline_value) {
        error_ = "--" + name + " takes no value";
        return;
      }
      values_[name] = "1";
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= args.size()) {
        error_ = "--" + name + " needs a value";
        return;
      }
      value = args[++i];
    }
    values_[name] = value;
  }
}

std::string Flags::get(const std::string& name, const std::string& fallback) const {
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

std::optional<long long> Flags::integer(const std::string& name, long long fallback) {
  auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  char* end = nullptr;
  const long long v = std::strtoll(it->second.c_str(), &end, 10);
  if (it->second.empty() || *end != '\0') {
    error_ = "--" + name + " needs an integer";
    return std::nullopt;
  }
  return v;
}

bool server_flags(const Flags& f, ServerAddress& out, std::string& problem) {
  if (!parse_server_address(f.get("server", "127.0.0.1:8080"), out, problem)) return false;
  out.ca_file = f.get("ca");
  out.insecure = f.has("insecure");
  if (!out.tls && (f.has("ca") || out.insecure)) {
    problem = "--ca and --insecure are for a wss:// server";
    return false;
  }
  if (f.has("ca") && out.insecure) {
    problem = "give --ca or --insecure, not both";
    return false;
  }
  return true;
}

}  // namespace nyan::cli
