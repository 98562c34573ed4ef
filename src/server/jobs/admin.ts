import type { Executor } from '../db/executor.js';
import { deleteJobFailure, jobFailuresByKind, oldestDueMessage, recentJobFailures } from '../db/repositories/admin/system.js';
import { bossOn, payloadOf } from './boss.js';
import { bossDb } from './bossDb.js';
import { registeredJobKinds } from './registry.js';

/**
 * The queue as the admin's System screen shows it, through pg-boss's API: per kind (every kind), the jobs
 * waiting to run (getQueueSize: created, due or later) and those waiting for a retry, the jobs
 * failed for good (job_failures, written by the runner when pg-boss failed them), and how long the
 * oldest due outbox message has waited (delivery lag).
 */
export async function jobQueueOverview(db: Executor) {
  const boss = bossOn(db);
  const [failed, failures, oldest] = await Promise.all([jobFailuresByKind(db), recentJobFailures(db), oldestDueMessage(db)]);
  const byKind = [];
  for (const kind of [...registeredJobKinds()].sort()) {
    const created = await boss.getQueueSize(kind, { before: 'retry' });
    const queued = await boss.getQueueSize(kind, { before: 'active' });
    byKind.push({ kind, queued: created, retrying: queued - created, failed: failed.get(kind) ?? 0 });
  }
  const oldestDueSeconds = oldest ? Math.max(0, Math.round((Date.now() - oldest.getTime()) / 1000)) : 0;
  return { byKind, failures, oldestDueSeconds };
}

/**
 * Puts a failed job back in the queue (pg-boss's `retry`: one more attempt) in the caller's
 * transaction, and takes it off the failed list; undefined when it is not a failed job (any more).
 */
export async function retryFailedJob(
  db: Executor,
  jobId: string,
): Promise<{ id: string; kind: string; payload: Record<string, unknown> } | undefined> {
  const failure = await deleteJobFailure(db, jobId);
  if (!failure) return undefined;
  const on = { db: bossDb(db) };
  const boss = bossOn(db);
  const job = await boss.getJobById<Record<string, unknown>>(failure.kind, jobId, { ...on, includeArchive: false });
  if (!job || job.state !== 'failed') return undefined;
  await boss.retry(failure.kind, jobId, on);
  return { id: jobId, kind: failure.kind, payload: payloadOf(job.data) };
}
