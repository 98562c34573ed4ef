import PgBoss from 'pg-boss';
import type { Executor } from '../db/executor.js';
import { bossDb } from './bossDb.js';

/*
 * pg-boss 10 is the queue (schema `pgboss`, one partition per kind), used only through its public
 * API: jobs are sent with `send`/`insert` (with `db` = the caller's transaction), run by `work()`
 * (runner.ts), completed with `complete` in the job's own transaction, failed with `fail` (retry
 * with backoff, then 'failed': the admin's dead letters), retried with `retry`, and its supervisor
 * archives and drops old jobs; its timekeeper runs the reminder sweep's `schedule`.
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

const noDb = {
  executeSql(): never {
    throw new Error('jobSql runs only with a { db } option (the caller’s transaction or pool)');
  },
};

/** pg-boss's statements, never started: every call passes the caller's `db: bossDb(...)`. */
export const jobSql = new PgBoss({ db: noDb as unknown as PgBoss.Db, migrate: false, supervise: false, schedule: false });

/** The job's stored data: the payload, and the dedupe key (shown on the admin's job pages; its uniqueness is the job's id: queue.ts). */
export function jobData(payload: Record<string, unknown>, dedupeKey?: string | null): Record<string, unknown> {
  return dedupeKey ? { ...payload, $dedupe: dedupeKey } : payload;
}

/** The payload without the queue's own keys. */
export function payloadOf(data: Record<string, unknown> | null): Record<string, unknown> {
  const { $dedupe: _key, ...payload } = data ?? {};
  return payload;
}

/** pg-boss on a database handle, not started (no supervisor, no timekeeper): its API's reads and writes. */
export function bossOn(db: Executor): PgBoss {
  return new PgBoss({ db: bossDb(db), migrate: false, supervise: false, schedule: false });
}

const known = new Set<string>();

/** Makes the queue (partition) of a kind if it is missing (pg-boss's createQueue): a job of a kind without one is not stored. */
export async function ensureJobQueue(db: Executor, kind: string): Promise<void> {
  if (known.has(kind)) return;
  const boss = bossOn(db);
  if (!(await boss.getQueue(kind))) await boss.createQueue(kind, { name: kind, ...QUEUE_OPTIONS });
  known.add(kind);
}
