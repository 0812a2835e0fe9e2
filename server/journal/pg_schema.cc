#include "server/journal/pg_schema.h"

#include "server/journal/pg_connection.h"

namespace nyan::server {

namespace {

// Each step upgrades the schema by one version, in one transaction with the version's row.
const char* const kPgMigrations[] = {
    // 1: rooms, their records, leases and replicas (pg_schema.h describes them).
    "CREATE TABLE rooms(code text PRIMARY KEY, state text NOT NULL DEFAULT 'live'"
    "  CHECK (state IN ('live', 'closed', 'broken')), created timestamptz NOT NULL DEFAULT now(),"
    "  finished timestamptz, swept boolean NOT NULL DEFAULT false);"
    "CREATE INDEX rooms_to_sweep ON rooms(finished) WHERE state = 'closed' AND NOT swept;"
    "CREATE TABLE records(room text NOT NULL, seq bigint NOT NULL, epoch bigint NOT NULL, body text NOT NULL,"
    "  t timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (room, seq));"
    "CREATE TABLE leases(code text PRIMARY KEY, owner text NOT NULL, node text NOT NULL, epoch bigint NOT NULL,"
    "  expires_at timestamptz NOT NULL);"
    "CREATE INDEX leases_owner ON leases(owner);"
    "CREATE INDEX leases_node ON leases(node);"
    "CREATE TABLE replicas(name text PRIMARY KEY, node text NOT NULL, address text NOT NULL DEFAULT '',"
    "  started timestamptz NOT NULL DEFAULT now(), heartbeat timestamptz NOT NULL DEFAULT now());",
};
constexpr int kPgSchemaVersion = static_cast<int>(sizeof kPgMigrations / sizeof kPgMigrations[0]);

// Any fixed number: the lock that lets one starting replica migrate while the others wait.
constexpr const char* kPgMigrationLock = "7238114590";

}  // namespace

int postgres_schema_version() { return kPgSchemaVersion; }

bool migrate_postgres(PgConnection& conn, std::string& error) {
  // The version table first (harmless when it exists), then, under the lock, the version read
  // and each missing step applied.
  if (!conn.execute_plain("CREATE TABLE IF NOT EXISTS schema_version(version integer NOT NULL)", error)) {
    // Two replicas making it at once: one of them fails on the catalog's unique index.
    if (!conn.connected() || !conn.execute_plain("SELECT 1 FROM schema_version LIMIT 1", error)) {
      error = "cannot make the schema_version table: " + error;
      return false;
    }
  }
  for (;;) {
    PgResult row;
    if (!conn.execute_plain(std::string("BEGIN; SELECT pg_advisory_xact_lock(") + kPgMigrationLock +
                                "); SELECT coalesce(max(version), 0) FROM schema_version",
                            error, &row) ||
        row.rows() != 1) {
      std::string ignored;
      conn.execute_plain("ROLLBACK", ignored);
      error = "cannot read the schema version: " + error;
      return false;
    }
    const int version = static_cast<int>(row.int64(0, 0));
    if (version > kPgSchemaVersion) {
      std::string ignored;
      conn.execute_plain("ROLLBACK", ignored);
      error = "the database has schema version " + std::to_string(version) + ", newer than this server's " +
              std::to_string(kPgSchemaVersion) + " (a newer release wrote it)";
      return false;
    }
    if (version == kPgSchemaVersion) {
      std::string ignored;
      conn.execute_plain("COMMIT", ignored);
      return true;
    }
    const std::string step = std::string(kPgMigrations[version]) + "DELETE FROM schema_version;" +
                             "INSERT INTO schema_version VALUES (" + std::to_string(version + 1) + "); COMMIT";
    if (!conn.execute_plain(step, error)) {
      std::string ignored;
      conn.execute_plain("ROLLBACK", ignored);
      error = "migration to schema " + std::to_string(version + 1) + " failed: " + error;
      return false;
    }
  }
}

}  // namespace nyan::server
