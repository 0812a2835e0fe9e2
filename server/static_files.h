// The browser client's files, as HTTP serves them: each file is read once and kept in memory
// with its entity tag (a hash of its bytes, so every replica of a deployment tags the same
// file alike) and, for text, its gzip form made once at the best compression. A file that
// changes on disk (its size or modification time) is read again on its next request.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace nyan::server {

struct StaticFile {
  std::string body;
  std::string gzip;  // empty when the type does not compress or compression would not pay
  std::string etag;  // the quoted tag of `body`; the gzip form's is etag_gzip
  std::string etag_gzip;
  const char* content_type = "application/octet-stream";
};

class StaticFiles {
 public:
  // Files larger than this are not served (the client's largest is a few tens of KiB), and
  // the memory kept for all files together stays under kMaxCachedBytes.
  static constexpr std::uintmax_t kMaxFileBytes = 8 << 20;
  static constexpr std::size_t kMaxCachedBytes = 64 << 20;

  explicit StaticFiles(std::string root) : root_(std::move(root)) {}
  const std::string& root() const { return root_; }

  // The regular file at URL path `target` (which starts with '/' and holds no ".."), or
  // nullptr when there is none: a directory, a missing or unreadable file, an oversized one.
  std::shared_ptr<const StaticFile> find(const std::string& target);

 private:
  struct Entry {
    std::shared_ptr<const StaticFile> file;
    std::uintmax_t size;
    std::filesystem::file_time_type modified;
  };

  std::string root_;
  std::mutex mu_;
  std::unordered_map<std::string, Entry> cache_;
  std::size_t cached_bytes_ = 0;
};

// The Content-Type for a file name, by its extension.
const char* mime_type(const std::string& path);

// gzip (RFC 1952) of `data` at the best compression, with no name and no time in its header,
// so the same bytes always give the same result.
std::string gzip(const std::string& data);

}  // namespace nyan::server
