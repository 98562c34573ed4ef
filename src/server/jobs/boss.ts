import { type RawBuilder, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Executor } from '../db/executor.js';
import type { Db } from '../db/index.js';
import { bossDb } from './bossDb.js';

/*
 * pg-boss 10 is the queue's store and lifecycle (schema `pgboss`, one partition per kind): jobs are
 * sent with its `send`, failed attempts recorded with its `fail` (retry with backoff, then
 * 'failed': the admin's dead letters), retried with its `retry`, and its supervisor archives and
 * drops old jobs. The claim is ours (runner.ts): in the transaction that runs the job, so a crash
 * rolls it back and the job is due again at once, instead of waiting for pg-boss's expiry.
 */

/** A kind's queue: 5 attempts, 10 s backoff doubling, kept 14 days after it is due. */
export const QUEUE_OPTIONS = {
  policy: 'standard',
  retryLimit: 4,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 900,
  retentionMinutes: 14 * 24 * 60,
} as const;

/** States of a job still to run. */
export const QUEUED = ['created', 'retry'] as const;

/** The columns pg-boss's send fills from the queue's options, for jobs inserted by our own set-based statements. */
export const JOB_ROW_DEFAULT_COLUMNS = ['retry_delay', 'retry_backoff', 'expire_in', 'keep_until', 'policy'] as const;

/** Their values (in JOB_ROW_DEFAULT_COLUMNS' order) for a job due at `startAfter`. */
export function jobRowDefaults(startAfter: RawBuilder<Date> | RawBuilder<unknown>) {
  return [
    sql.lit(QUEUE_OPTIONS.retryDelay).as('retry_delay'),
    sql.lit(QUEUE_OPTIONS.retryBackoff).as('retry_backoff'),
    sql<string>`${sql.lit(QUEUE_OPTIONS.expireInSeconds)} * interval '1 second'`.as('expire_in'),
    sql<Date>`${startAfter} + ${sql.lit(QUEUE_OPTIONS.retentionMinutes)} * interval '1 minute'`.as('keep_until'),
    sql.lit(QUEUE_OPTIONS.policy).as('policy'),
  ];
}

const noDb = {
  executeSql(): never {
    throw new Error('jobSql runs only with a { db } option (the caller’s transaction or pool)');
  },
};

/** pg-boss's statements, never started: every call passes the caller's `db: bossDb(...)`. */
export const jobSql = new PgBoss({ db: noDb as unknown as PgBoss.Db, migrate: false, supervise: false, schedule: false });

/** The job's stored data: the payload, and the dedupe key (unique per kind among jobs not cancelled). */
export function jobData(payload: Record<string, unknown>, dedupeKey?: string | null): Record<string, unknown> {
  return dedupeKey ? { ...payload, $dedupe: dedupeKey } : payload;
}

/** The payload without the queue's own keys. */
export function payloadOf(data: Record<string, unknown> | null): Record<string, unknown> {
  const { $dedupe: _key, ...payload } = data ?? {};
  return payload;
}

const VACUUM = sql.raw(
  'autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 1000',
);

const known = new Set<string>();

/** Makes the queue (partition) of a kind if it is missing: a job of a kind without one is not stored. */
export async function ensureJobQueue(db: Executor, kind: string): Promise<void> {
  if (known.has(kind)) return;
  await sql`select pgboss.create_queue(${kind}, ${JSON.stringify(QUEUE_OPTIONS)}::json)`.execute(db);
  // Vacuumed early, as every kind's partition (migration 202611261100_pgboss_jobs).
  const { rows } = await sql<{ partition_name: string }>`select partition_name from pgboss.queue where name = ${kind}`.execute(db);
  if (rows[0]) await sql`alter table ${sql.table(`pgboss.${rows[0].partition_name}`)} set (${VACUUM})`.execute(db);
  known.add(kind);
}

/**
 * pg-boss's supervisor on the app's database (archive after 14 days, failed jobs after 90, purge
 * of the archive), without its own pool: its scripts run through bossDb.
 */
export async function startJobMaintenance(db: Db): Promise<{ stop(): Promise<void> }> {
  const boss = new PgBoss({
    db: bossDb(db),
    migrate: false,
    supervise: true,
    schedule: false,
    archiveCompletedAfterSeconds: 14 * 86_400,
    archiveFailedAfterSeconds: 90 * 86_400,
    deleteAfterDays: 7,
    maintenanceIntervalSeconds: 3600,
  });
  boss.on('error', () => undefined);
  await boss.start();
  return { stop: () => boss.stop({ graceful: false, close: false }) };
}
