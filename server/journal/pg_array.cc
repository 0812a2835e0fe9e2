#include "server/journal/pg_array.h"

namespace nyan::server {

namespace {

// PostgreSQL's object ids of the element types (pg_type.h, stable across versions).
constexpr std::uint32_t kTextOid = 25;
constexpr std::uint32_t kInt8Oid = 20;

void put32(std::string& out, std::uint32_t v) {
  const char b[4] = {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8),
                     static_cast<char>(v)};
  out.append(b, 4);
}

}  // namespace

PgArray::PgArray(Of type) : type_(type), out_(kHeader, '\0') {}

void PgArray::add(std::string_view text) {
  put32(out_, static_cast<std::uint32_t>(text.size()));
  out_.append(text);
  ++count_;
}

void PgArray::add(std::int64_t n) {
  put32(out_, 8);
  const auto u = static_cast<std::uint64_t>(n);
  put32(out_, static_cast<std::uint32_t>(u >> 32));
  put32(out_, static_cast<std::uint32_t>(u));
  ++count_;
}

std::string PgArray::take() {
  std::string header;
  put32(header, count_ ? 1 : 0);  // dimensions: an empty array has none
  put32(header, 0);               // no nulls
  put32(header, type_ == Of::text ? kTextOid : kInt8Oid);
  if (count_) {
    put32(header, static_cast<std::uint32_t>(count_));
    put32(header, 1);  // the lower bound
  }
  std::string out = std::move(out_);
  out.replace(0, kHeader, header);
  out_.assign(kHeader, '\0');
  count_ = 0;
  return out;
}

}  // namespace nyan::server
