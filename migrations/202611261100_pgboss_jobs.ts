import { type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';
import { bossDb } from '../src/server/jobs/bossDb.js';

/*
 * Issue 29: the job queue's store becomes pg-boss 10's (schema `pgboss`, one partition of
 * pgboss.job per kind). pg-boss runs with migrate: false, so its schema is made here, on both
 * databases, by splitting its construction script (bossDb). The kinds of the time get a queue each;
 * the runner makes queues for kinds added later (createQueue is idempotent). The dedupe key stays
 * unique among jobs not cancelled, as jobs_dedupe_key_live was. The jobs still to run, the failed
 * ones (the admin's dead letters) and the recent ones move over; the old table becomes a view.
 */
const KINDS = [
  'deliver_message',
  'booking_reminder',
  'push_broadcast_fanout',
  'campaign_send',
  'booking_event_messages',
  'booking_event_email',
  'subscription_renew',
  'payment_reconcile',
  'search_maintenance',
  'calendar_block_top_up',
  'desk_move_message',
  'booking_auto_complete',
  'invoice_refund',
];

const VACUUM = sql.raw(
  'autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 1000',
);

const QUEUE_OPTIONS = {
  policy: 'standard',
  retryLimit: 4,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 900,
  retentionMinutes: 14 * 24 * 60,
};

export async function up(db: Kysely<any>): Promise<void> {
  await bossDb(db).executeSql(PgBoss.getConstructionPlans('pgboss'));
  for (const kind of KINDS) await sql`select pgboss.create_queue(${kind}, ${JSON.stringify(QUEUE_OPTIONS)}::json)`.execute(db);
  // Vacuumed as the old table was (2026112400_queue_autovacuum): each kind's partition on its own.
  const parts = await sql<{ partition_name: string }>`select partition_name from pgboss.queue`.execute(db);
  for (const { partition_name } of parts.rows) await sql`alter table ${sql.table(`pgboss.${partition_name}`)} set (${VACUUM})`.execute(db);
  // Cancelling or moving a booking's reminders finds them by ref (singleton_key), as jobs_ref_idx
  // did; the runner's claim across kinds walks each partition's due end by start_after, as
  // jobs_due_idx did.
  await sql`create index job_ref_queued on pgboss.job (name, singleton_key) where state < 'active'`.execute(db);
  await sql`create index job_due on pgboss.job (start_after, created_on, id) where state < 'active'`.execute(db);
  await sql`create unique index job_dedupe_live on pgboss.job (name, (data->>'$dedupe')) where state <> 'cancelled' and data ? '$dedupe'`.execute(
    db,
  );
  await sql`
    insert into pgboss.job (name, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, started_on,
                            singleton_key, created_on, completed_on, keep_until, output, policy)
    select kind,
           payload || case when dedupe_key is null then '{}'::jsonb else jsonb_build_object('$dedupe', dedupe_key) end,
           (case status when 'queued' then case when attempts > 0 then 'retry' else 'created' end
                        when 'done' then 'completed' else status end)::pgboss.job_state,
           greatest(max_attempts - 1, 0), greatest(attempts - 1, 0), 10, true, run_at,
           case when attempts > 0 then coalesce(finished_at, run_at) end,
           ref, created_at, finished_at, greatest(run_at, now()) + interval '14 days',
           case when last_error is null then null else jsonb_build_object('message', last_error) end, 'standard'
    from jobs
    where kind = any(${KINDS}::text[])
      and (status in ('queued', 'failed') or finished_at > now() - interval '14 days')`.execute(db);
  await sql`drop table jobs`.execute(db);
  // The queue in the old table's shape, read-only but for run_at (tests and operators make jobs due).
  await sql`
    create view jobs as
    select id, name as kind, data as payload,
           (case when state = 'completed' then 'done' when state in ('failed', 'cancelled') then state::text else 'queued' end) as status,
           start_after as run_at,
           case when started_on is null then 0 else retry_count + 1 end as attempts,
           retry_limit + 1 as max_attempts,
           output ->> 'message' as last_error,
           data ->> '$dedupe' as dedupe_key,
           singleton_key as ref,
           created_on as created_at,
           completed_on as finished_at
    from pgboss.job`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('202611261100_pgboss_jobs cannot be undone: restore a backup taken before it');
}
