import type { Executor } from '../../src/server/db/executor.js';
import { jobSql } from '../../src/server/jobs/boss.js';
import { bossDb } from '../../src/server/jobs/bossDb.js';

type Which = { refs: string[] } | { ids: string[] } | { kind: string };

/**
 * Re-sends queued jobs through pg-boss's public API (getJobById, deleteJob, then send under the
 * same id, data and ref) with a change: due now (a retry's backoff or a reconcile's 30 minutes
 * passed), or fewer retries left. Tests only; the rows are found through the read-only `jobs` view.
 */
export async function resendJobs(db: Executor, which: Which, change: { dueNow?: boolean; retryLimit?: number }): Promise<number> {
  let q = db.selectFrom('jobs').select(['id', 'kind']).where('status', '=', 'queued');
  if ('refs' in which) q = q.where('ref', 'in', which.refs);
  else if ('ids' in which) q = q.where('id', 'in', which.ids);
  else q = q.where('kind', '=', which.kind);
  const rows = await q.execute();
  if (!rows.length) return 0;
  await db.transaction().execute(async (trx) => {
    const on = { db: bossDb(trx) };
    for (const row of rows) {
      const job = await jobSql.getJobById<Record<string, unknown>>(row.kind, row.id, { ...on, includeArchive: false });
      if (!job) continue;
      await jobSql.deleteJob(row.kind, row.id, on);
      await jobSql.send(row.kind, job.data ?? {}, {
        ...on,
        id: row.id,
        singletonKey: job.singletonKey ?? undefined,
        startAfter: change.dueNow ? new Date(Date.now() - 1000) : job.startAfter,
        // A re-sent job starts counting again: it keeps the retries it had left (a run that
        // started is counted by pg-boss only on the next fetch).
        retryLimit: change.retryLimit ?? Math.max(0, job.retryLimit - job.retryCount - (job.startedOn ? 1 : 0)),
        expireInSeconds: job.expireInSeconds,
      });
    }
  });
  return rows.length;
}

/** Makes these queued jobs due now. */
export const makeJobsDue = (db: Executor, which: Which) => resendJobs(db, which, { dueNow: true });
