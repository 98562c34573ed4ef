#!/bin/sh
# Runs once, when the primary's data directory is created (docker-entrypoint-initdb.d):
# a role the replica streams with, allowed from the compose network.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v pass="$REPLICATION_PASSWORD" <<'SQL'
create role replicator with replication login password :'pass';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
