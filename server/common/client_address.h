// Who a connection belongs to, for the limits per client: the peer's address, or, for a
// connection from a trusted proxy (--trusted-proxy), the client address the proxy reports in
// X-Forwarded-For. Addresses are counted by key: an IPv4 address as it is, an IPv6 address by
// its /64 (one host is usually given a whole /64, so counting single IPv6 addresses would let
// one host be thousands of clients).
#pragma once

#include <boost/asio/ip/address.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nyan::server {

// An address range, "10.0.0.0/8", "fd00::/8" or a single address.
struct AddressRange {
  boost::asio::ip::address base;
  int prefix = 0;
  bool contains(const boost::asio::ip::address& a) const;
};

// A comma-separated list of ranges; nullopt when any part does not parse.
std::optional<std::vector<AddressRange>> parse_ranges(std::string_view text);
bool in_ranges(const std::vector<AddressRange>& ranges, const boost::asio::ip::address& a);

// The key a client is counted under (see above). IPv4-mapped IPv6 addresses count as IPv4.
std::string client_key(const boost::asio::ip::address& a);

// The client's address from an X-Forwarded-For value, as the proxies in `trusted` wrote it:
// the rightmost entry that is not itself a trusted proxy (each proxy appends the address it
// was connected from). nullopt when the header holds no address.
std::optional<boost::asio::ip::address> forwarded_client(std::string_view header,
                                                         const std::vector<AddressRange>& trusted);

}  // namespace nyan::server
