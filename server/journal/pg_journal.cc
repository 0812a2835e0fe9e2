#include "server/journal/pg_journal.h"

#include <openssl/rand.h>

#include "server/journal/pg_array.h"
#include "server/journal/pg_journal_impl.h"
#include "server/journal/pg_schema.h"
#include "server/journal/pg_sql.h"

namespace nyan::server {

namespace {

// This run's name in the leases: the node's name and 8 random hex digits.
std::string new_replica_name(const std::string& node) {
  unsigned char bytes[4] = {};
  RAND_bytes(bytes, sizeof bytes);
  static const char* hex = "0123456789abcdef";
  std::string name = (node.empty() ? std::string("server") : node) + "-";
  for (unsigned char b : bytes) name += {hex[b >> 4], hex[b & 15]};
  return name;
}

}  // namespace

std::unique_ptr<PostgresJournal> open_postgres_journal(const PgJournalOptions& options, std::string& error) {
  if (!check_postgres_url(options.database.url, error)) return nullptr;
  {
    PgConnection setup(options.database, {});
    if (!setup.connect(error)) {
      error = explain_connect_error(error);
      return nullptr;
    }
    if (!migrate_postgres(setup, error)) return nullptr;
  }
  std::vector<std::unique_ptr<PgConnection>> writers;
  for (int i = 0; i < 2; ++i)
    writers.push_back(std::make_unique<PgConnection>(
        options.database, std::vector<std::pair<const char*, const char*>>{{pg_sql::kBatch, pg_sql::kBatchSql},
                                                                           {pg_sql::kLastSeqs, pg_sql::kLastSeqsSql}}));
  auto control = std::make_unique<PgConnection>(
      options.database, std::vector<std::pair<const char*, const char*>>{{pg_sql::kClaim, pg_sql::kClaimSql},
                                                                         {pg_sql::kClaimRecords, pg_sql::kClaimRecordsSql},
                                                                         {pg_sql::kRenew, pg_sql::kRenewSql},
                                                                         {pg_sql::kSweep, pg_sql::kSweepSql}});
  for (auto& conn : writers)
    if (!conn->connect(error)) {
      error = explain_connect_error(error);
      return nullptr;
    }
  if (!control->connect(error)) {
    error = explain_connect_error(error);
    return nullptr;
  }
  // The first heartbeat, so that other replicas can name this one from its first room on.
  const std::string replica = new_replica_name(options.node);
  std::vector<PgReply> replies;
  PgArray none(PgArray::Of::text), no_epochs(PgArray::Of::int8);
  if (!control->round_trip({{PgQuery{pg_sql::kRenew,
                                     {{replica}, {options.node}, {options.address}, {none.take(), true},
                                      {no_epochs.take(), true}, {std::to_string(options.lease_ttl_ms)}}}}},
                           replies, error) ||
      !replies[0].ok) {
    error = "cannot write the replicas table: " + (replies.empty() ? error : replies[0].error);
    return nullptr;
  }
  return std::make_unique<pg_detail::PgJournal>(options, replica, std::move(writers), std::move(control));
}


}  // namespace nyan::server
