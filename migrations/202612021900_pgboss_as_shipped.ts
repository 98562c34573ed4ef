import { type Kysely, sql } from 'kysely';

/*
 * Issue 37: pg-boss's tables as pg-boss ships them. 202611261100_pgboss_jobs added three indexes of
 * ours to pgboss.job and tuned the autovacuum of its partitions. None is needed any more:
 * - job_dedupe_live made a dedupe key unique; a deduped job now has the name-based id of its kind
 *   and key (pg-boss's `id` option, src/server/jobs/queue.ts), so its primary key does that.
 * - job_ref_queued found a booking's reminder jobs by ref; reminders are a periodic sweep, and
 *   nothing looks jobs up by ref.
 * - job_due served our own claim loop; jobs are claimed by pg-boss's `work()` on its own indexes.
 * Every job insert (three per booking at most) wrote these three indexes for nothing. A job that
 * was live during this migration with a dedupe key keeps its random id: the same key sent again
 * before it ran would be stored once more (keys name an hour, a day or a billing attempt, and each
 * of those handlers is idempotent).
 */
const VACUUM_KEYS = sql.raw(
  'autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold, autovacuum_analyze_scale_factor, autovacuum_analyze_threshold',
);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists pgboss.job_dedupe_live`.execute(db);
  await sql`drop index if exists pgboss.job_ref_queued`.execute(db);
  await sql`drop index if exists pgboss.job_due`.execute(db);
  const parts = await sql<{ partition_name: string }>`select partition_name from pgboss.queue`.execute(db);
  for (const { partition_name } of parts.rows)
    await sql`alter table ${sql.table(`pgboss.${partition_name}`)} reset (${VACUUM_KEYS})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index job_ref_queued on pgboss.job (name, singleton_key) where state < 'active'`.execute(db);
  await sql`create index job_due on pgboss.job (start_after, created_on, id) where state < 'active'`.execute(db);
  await sql`create unique index job_dedupe_live on pgboss.job (name, (data->>'$dedupe')) where state <> 'cancelled' and data ? '$dedupe'`.execute(
    db,
  );
}
