#!/bin/sh
# The streaming replica: on its first start it copies the primary (pg_basebackup -R writes the
# standby.signal and primary_conninfo), then runs as a hot standby that follows it.
set -eu
until pg_isready -h db -p 5432 -U replicator -q; do sleep 1; done
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup -h db -p 5432 -U replicator -D "$PGDATA" -R -X stream -c fast
  chmod 0700 "$PGDATA"
fi
# hot_standby_feedback: a long discovery query is not cancelled by the primary's vacuum.
exec postgres -c hot_standby=on -c hot_standby_feedback=on
