// PostgreSQL arrays in their binary form, built for one bound parameter: a batch of records is
// sent as a few arrays (rooms, sequence numbers, texts) that one statement unnests, so that a
// batch of any size is one statement. The binary form copies each text as it is: no quoting
// or escaping of the JSON inside.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace nyan::server {

class PgArray {
 public:
  enum class Of { text, int8 };
  explicit PgArray(Of type);
  void add(std::string_view text);  // for Of::text
  void add(std::int64_t n);         // for Of::int8
  std::size_t size() const { return count_; }
  // The array_send layout (dimensions, flags, element type, then each element's length and
  // bytes), handed over without a copy: the array is empty afterwards.
  std::string take();

 private:
  static constexpr std::size_t kHeader = 20;  // a one-dimensional array's
  Of type_;
  std::size_t count_ = 0;
  std::string out_;  // room for the header, then each element's length and bytes
};

}  // namespace nyan::server
