#include "server/common/client_address.h"

#include <algorithm>

namespace nyan::server {

namespace ip = boost::asio::ip;

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::optional<ip::address> parse_address(std::string_view s) {
  boost::system::error_code ec;
  const ip::address a = ip::make_address(std::string(s), ec);
  if (ec) return std::nullopt;
  if (a.is_v6() && a.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, a.to_v6());
  return a;
}

// The address's bytes, IPv4 as 4 and IPv6 as 16.
std::vector<unsigned char> bytes_of(const ip::address& a) {
  if (a.is_v4()) {
    const auto b = a.to_v4().to_bytes();
    return {b.begin(), b.end()};
  }
  const auto b = a.to_v6().to_bytes();
  return {b.begin(), b.end()};
}

}  // namespace

bool AddressRange::contains(const ip::address& raw) const {
  const auto a = parse_address(raw.to_string());
  if (!a || a->is_v4() != base.is_v4()) return false;
  const std::vector<unsigned char> x = bytes_of(*a), y = bytes_of(base);
  int bits = prefix;
  for (std::size_t i = 0; i < x.size() && bits > 0; ++i, bits -= 8) {
    const unsigned mask = bits >= 8 ? 0xffu : (0xffu << (8 - bits)) & 0xffu;
    if ((x[i] & mask) != (y[i] & mask)) return false;
  }
  return true;
}

std::optional<std::vector<AddressRange>> parse_ranges(std::string_view text) {
  std::vector<AddressRange> out;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const std::string_view part = trim(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    if (part.empty()) continue;
    const auto slash = part.find('/');
    const auto base = parse_address(part.substr(0, slash));
    if (!base) return std::nullopt;
    const int max = base->is_v4() ? 32 : 128;
    int prefix = max;
    if (slash != std::string_view::npos) {
      const std::string bits(part.substr(slash + 1));
      if (bits.empty() || bits.size() > 3 || bits.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
      prefix = std::stoi(bits);
      if (prefix > max) return std::nullopt;
    }
    out.push_back({*base, prefix});
  }
  return out;
}

bool in_ranges(const std::vector<AddressRange>& ranges, const ip::address& a) {
  for (const AddressRange& r : ranges)
    if (r.contains(a)) return true;
  return false;
}

std::string client_key(const ip::address& raw) {
  const auto a = parse_address(raw.to_string());
  if (!a) return raw.to_string();
  if (a->is_v4()) return a->to_string();
  auto b = a->to_v6().to_bytes();
  for (std::size_t i = 8; i < b.size(); ++i) b[i] = 0;
  return ip::make_address_v6(b).to_string() + "/64";
}

std::optional<ip::address> forwarded_client(std::string_view header, const std::vector<AddressRange>& trusted) {
  std::optional<ip::address> leftmost;
  while (!header.empty()) {
    const auto comma = header.rfind(',');
    std::string_view part = trim(comma == std::string_view::npos ? header : header.substr(comma + 1));
    header = comma == std::string_view::npos ? std::string_view() : header.substr(0, comma);
    // "[2001:db8::1]:4711" and "192.0.2.1:4711" name a port too.
    if (!part.empty() && part.front() == '[') part = part.substr(1, part.find(']') - 1);
    else if (std::count(part.begin(), part.end(), ':') == 1) part = part.substr(0, part.find(':'));
    const auto a = parse_address(part);
    if (!a) return std::nullopt;  // only a proxy's own hop can get here: none of it is trusted
    if (!in_ranges(trusted, *a)) return a;
    leftmost = a;
  }
  return leftmost;
}

}  // namespace nyan::server
