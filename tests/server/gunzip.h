// gzip's inverse for tests, through zlib's inflate: what a browser does with a gzip body.
#pragma once

#include <zlib.h>

#include <optional>
#include <string>

namespace nyan::test {

// The bytes inside a gzip stream (RFC 1952), or nullopt when it is not one, whole.
inline std::optional<std::string> gunzip(const std::string& data) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 16) != Z_OK) return std::nullopt;  // 15 + 16: the gzip wrapper only
  std::string out;
  char buf[16384];
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  int r = Z_OK;
  while (r == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    r = inflate(&z, Z_NO_FLUSH);
    out.append(buf, sizeof buf - z.avail_out);
  }
  const bool whole = r == Z_STREAM_END && z.avail_in == 0;
  inflateEnd(&z);
  if (!whole) return std::nullopt;
  return out;
}

}  // namespace nyan::test
