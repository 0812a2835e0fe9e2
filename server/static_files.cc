#include "server/static_files.h"

#include <zlib.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include "protocol/sha256.h"

namespace nyan::server {

namespace {

bool compressible(const char* content_type) {
  const std::string t = content_type;
  return t.rfind("text/", 0) == 0 || t.rfind("application/json", 0) == 0 || t.rfind("image/svg+xml", 0) == 0;
}

std::shared_ptr<StaticFile> load(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return nullptr;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in && !in.eof()) return nullptr;
  auto f = std::make_shared<StaticFile>();
  f->body = std::move(bytes).str();
  f->content_type = mime_type(path.filename().string());
  // 16 bytes of SHA-256 tell versions of one file apart; the tag is not a security check.
  const std::string hash = sha256_hex(f->body).substr(0, 32);
  f->etag = "\"" + hash + "\"";
  f->etag_gzip = "\"" + hash + "-gzip\"";
  if (compressible(f->content_type)) {
    std::string z = gzip(f->body);
    // Small files barely shrink, and the client would pay for the inflate for nothing.
    if (z.size() + 64 < f->body.size()) f->gzip = std::move(z);
  }
  return f;
}

}  // namespace

const char* mime_type(const std::string& path) {
  auto ends = [&](const char* ext) {
    const std::size_t n = std::strlen(ext);
    return path.size() >= n && path.compare(path.size() - n, n, ext) == 0;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js") || ends(".mjs")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".json")) return "application/json";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".ico")) return "image/x-icon";
  if (ends(".woff2")) return "font/woff2";
  return "application/octet-stream";
}

std::string gzip(const std::string& data) {
  z_stream z{};
  // windowBits 15 + 16: a gzip wrapper instead of zlib's; deflateInit2 writes a header with
  // no name and time 0.
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) return "";
  std::string out(deflateBound(&z, data.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int r = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return r == Z_STREAM_END ? out : "";
}

std::shared_ptr<const StaticFile> StaticFiles::find(const std::string& target) {
  namespace fs = std::filesystem;
  if (root_.empty()) return nullptr;
  const fs::path path = fs::path(root_) / target.substr(1);
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::is_regular_file(status)) return nullptr;
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec || size > kMaxFileBytes) return nullptr;
  const fs::file_time_type modified = fs::last_write_time(path, ec);
  if (ec) return nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (auto it = cache_.find(target); it != cache_.end() && it->second.size == size && it->second.modified == modified)
      return it->second.file;
  }
  // Read outside the lock: other requests go on meanwhile (two may read the same file once).
  std::shared_ptr<const StaticFile> file = load(path);
  if (!file) return nullptr;
  std::lock_guard<std::mutex> lock(mu_);
  if (auto it = cache_.find(target); it != cache_.end()) {
    cached_bytes_ -= it->second.file->body.size() + it->second.file->gzip.size();
    cache_.erase(it);
  }
  const std::size_t bytes = file->body.size() + file->gzip.size();
  if (cached_bytes_ + bytes > kMaxCachedBytes) {  // a web root bigger than any client: start over
    cache_.clear();
    cached_bytes_ = 0;
  }
  cache_[target] = Entry{file, size, modified};
  cached_bytes_ += bytes;
  return file;
}

}  // namespace nyan::server
