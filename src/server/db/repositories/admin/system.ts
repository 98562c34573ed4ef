import { sql } from 'kysely';
import type { Executor } from '../../executor.js';

/* The database, its migrations, the outbox backlog and the failed jobs, for the admin's system page (the queue's counts come from pg-boss's API: jobs/admin.ts). */

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

/** Records a job pg-boss failed for good (the runner, in the transaction of its `fail`). */
export async function recordJobFailure(
  db: Executor,
  f: { jobId: string; kind: string; attempts: number; lastError: string | null; failedAt?: Date },
) {
  const failedAt = f.failedAt ?? new Date();
  await db
    .insertInto('job_failures')
    .values({ job_id: f.jobId, kind: f.kind, attempts: f.attempts, last_error: f.lastError, failed_at: failedAt })
    .onConflict((oc) => oc.column('job_id').doUpdateSet({ attempts: f.attempts, last_error: f.lastError, failed_at: failedAt }))
    .execute();
}

/** The dead letters: jobs that failed their last attempt (or a permanent error), newest first. */
export function recentJobFailures(db: Executor, limit = 20) {
  return db
    .selectFrom('job_failures')
    .select(['job_id as id', 'kind', 'attempts', 'last_error', 'failed_at as finished_at'])
    .orderBy('failed_at', 'desc')
    .limit(limit)
    .execute();
}

/** Failed jobs per kind (job_failures). */
export async function jobFailuresByKind(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('job_failures')
    .select(['kind', sql<number>`count(*)::int`.as('n')])
    .groupBy('kind')
    .execute();
  return new Map(rows.map((r) => [r.kind, Number(r.n)]));
}

/** A failed job that was retried (or is gone) leaves the list; whether it was on it. */
export async function deleteJobFailure(db: Executor, jobId: string): Promise<{ kind: string } | undefined> {
  return db.deleteFrom('job_failures').where('job_id', '=', jobId).returning('kind').executeTakeFirst();
}

/** The oldest outbox message whose time has come and that is not sent yet: how far delivery lags. */
export async function oldestDueMessage(db: Executor): Promise<Date | null> {
  const r = await db
    .selectFrom('outbox_messages')
    .select(sql<Date | null>`min(coalesce(next_attempt_at, created_at))`.as('oldest'))
    .where('status', '=', 'queued')
    .where(sql<boolean>`coalesce(next_attempt_at, created_at) <= now()`)
    .executeTakeFirstOrThrow();
  return r.oldest ? new Date(r.oldest) : null;
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
