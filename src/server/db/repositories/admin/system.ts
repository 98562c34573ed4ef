import { sql } from 'kysely';
import type { Executor } from '../../executor.js';

/* The database, its migrations, the outbox backlog and the job queue, for the admin's system page. */

export async function databaseVersion(db: Executor): Promise<string> {
  const r = await sql<{ version: string }>`select version() as version`.execute(db);
  return r.rows[0]?.version ?? '';
}

/** Kysely's own bookkeeping table: the migrations applied to this database. */
export async function appliedMigrations(db: Executor) {
  const r = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(db);
  return r.rows;
}

export async function outboxBacklog(db: Executor) {
  const r = await db
    .selectFrom('outbox_messages')
    .select([
      sql<number>`count(*) filter (where status in ('queued', 'sending'))`.as('queued'),
      sql<number>`count(*) filter (where status = 'failed' and created_at > now() - interval '24 hours')`.as('failed'),
    ])
    .executeTakeFirstOrThrow();
  return { queued: Number(r.queued), failedLast24h: Number(r.failed) };
}

/** Jobs per kind (pg-boss's job table, a partition per kind): due now (backlog), scheduled later, failed, and done in the last 24 hours. */
export async function jobQueueByKind(db: Executor) {
  return db
    .selectFrom('pgboss.job')
    .select([
      'name as kind',
      sql<number>`count(*) filter (where state < 'active' and start_after <= now())::int`.as('due'),
      sql<number>`count(*) filter (where state < 'active' and start_after > now())::int`.as('scheduled'),
      sql<number>`count(*) filter (where state = 'failed')::int`.as('failed'),
      sql<number>`count(*) filter (where state = 'completed' and completed_on > now() - interval '24 hours')::int`.as('done24h'),
      sql<Date | null>`min(start_after) filter (where state < 'active' and start_after <= now())`.as('oldest_due'),
    ])
    .groupBy('name')
    .orderBy('name')
    .execute();
}

/** The dead letters: jobs that failed their last attempt (or a permanent error), newest first. */
export function recentFailedJobs(db: Executor, limit = 20) {
  return db
    .selectFrom('pgboss.job')
    .select([
      'id',
      'name as kind',
      sql<number>`retry_count + 1`.as('attempts'),
      sql<string | null>`output ->> 'message'`.as('last_error'),
      'completed_on as finished_at',
    ])
    .where('state', '=', 'failed')
    .orderBy('completed_on', 'desc')
    .limit(limit)
    .execute();
}

/** Puts a failed job back in the queue with a fresh set of attempts (its kind's usual number). */
export async function requeueFailedJob(db: Executor, id: string) {
  return db
    .updateTable('pgboss.job')
    .set((eb) => ({
      state: 'created',
      start_after: new Date(),
      started_on: null,
      completed_on: null,
      retry_count: 0,
      retry_limit: sql<number>`greatest(${eb.ref('retry_limit')}, ${eb.ref('retry_count')})`,
      keep_until: sql<Date>`now() + interval '14 days'`,
    }))
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .returning(['id', 'name as kind', 'data as payload'])
    .executeTakeFirst();
}

/** A failed message goes back to the outbox queue, for its requeued delivery job to send. */
export async function requeueFailedMessage(db: Executor, messageId: string): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ status: 'queued', last_error: null })
    .where('id', '=', messageId)
    .where('status', '=', 'failed')
    .execute();
}
