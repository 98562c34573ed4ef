import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import type { AppDeps } from '../trpc/context.js';
import { aloneJobKinds, backoffMs, isPermanent, jobHandler, onJobEnqueued } from './queue.js';
import './handlers/index.js';
import { scheduleSearchMaintenance } from '../services/discovery/maintenance.js';
import { scheduleBlockTopUp } from '../services/calendar/index.js';

interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

type Outcome = 'idle' | 'done' | 'retry' | 'failed';
/** Which jobs a claim takes: those that may share a transaction, those that run alone, or any. */
export type JobLane = 'shared' | 'alone' | 'any';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/** Most jobs one claim takes: each runs in its own savepoint, PostgreSQL keeps 64 per transaction cheaply. */
export const JOB_BATCH = 32;
/** A batch stops starting jobs after this long; the rest of its claim goes back to the queue at commit. */
const BATCH_BUDGET_MS = 500;

/**
 * Claims up to `max` due jobs, oldest first, and runs them in one transaction: the row locks (SKIP
 * LOCKED) are the claim, so two processes never run the same job, and a crash rolls every claimed job
 * back to queued. Jobs of a kind whose handler can run a set (runBatch) run together in a few
 * statements; the others, or a set whose run threw, run one by one, each in its own savepoint, so a
 * failing job undoes only its own writes. The finished ones are marked done together and commit
 * together: one checkout, one commit and one WAL flush per batch. (One job at a time, a loaded
 * server's event loop let the queue run about 10 jobs a second while bookings queued 300.) A
 * failure is recorded afterwards in a transaction of its own: attempts + 1 and a later run_at, or
 * 'failed' after the last try. Returns each run job's outcome.
 */
export async function runJobBatch(deps: AppDeps, opts: { max?: number; lane?: JobLane } = {}): Promise<Exclude<Outcome, 'idle'>[]> {
  // Any kind only when claiming a single job: a job that runs alone never joins a batch.
  const lane = opts.lane ?? (opts.max === 1 ? 'any' : 'shared');
  const max = lane === 'alone' || lane === 'any' ? 1 : Math.max(1, opts.max ?? JOB_BATCH);
  // The 'shared' lane never claims a job that must run alone; the 'alone' lane claims only those.
  const alone = aloneJobKinds();
  const laneFilter =
    lane === 'any' ? sql`true` : lane === 'alone' ? sql`kind = any(${alone}::text[])` : sql`not (kind = any(${alone}::text[]))`;
  const failures: { job: ClaimedJob; error: unknown }[] = [];
  const done: string[] = [];
  let claimed: ClaimedJob[] = [];
  try {
    await deps.db.transaction().execute(async (trx) => {
      // A lone job is marked done by the statement that claims it (one round trip fewer for every
      // delivery): if it fails, the rollback puts it back as it was, and the failure is recorded.
      const { rows } =
        max === 1
          ? await sql<ClaimedJob>`
              update jobs set status = 'done', attempts = attempts + 1, finished_at = now(), last_error = null
              where id = (
                select id from jobs
                where status = 'queued' and run_at <= now() and ${laneFilter}
                order by run_at, id
                limit 1
                for update skip locked)
              returning id, kind, payload, attempts - 1 as attempts, max_attempts`.execute(trx)
          : await sql<ClaimedJob>`
              select id, kind, payload, attempts, max_attempts from jobs
              where status = 'queued' and run_at <= now() and ${laneFilter}
              order by run_at, id
              limit ${max}
              for update skip locked`.execute(trx);
      claimed = rows;
      const started = Date.now();
      const overBudget = () => done.length + failures.length > 0 && Date.now() - started > BATCH_BUDGET_MS;
      const ctxOf = (job: ClaimedJob) => {
        const attempt = job.attempts + 1;
        return { deps, jobId: job.id, attempt, final: attempt >= job.max_attempts };
      };
      const run = async (job: ClaimedJob) => {
        const handler = jobHandler(job.kind);
        if (!handler) throw new Error(`No handler for job kind '${job.kind}'`);
        await handler.run(trx, job.payload, ctxOf(job));
      };
      const runAlone = async (job: ClaimedJob) => {
        if (rows.length === 1) {
          // Alone in its transaction: a failure rolls the transaction back, no savepoint needed.
          await run(job);
          done.push(job.id);
          return;
        }
        await sql`savepoint job`.execute(trx);
        try {
          await run(job);
          await sql`release savepoint job`.execute(trx);
          done.push(job.id);
        } catch (error) {
          await sql`rollback to savepoint job`.execute(trx);
          await sql`release savepoint job`.execute(trx);
          failures.push({ job, error });
        }
      };
      // Jobs of a kind that can run as a set run together (in the order claimed); the rest one by one.
      const groups = new Map<string, ClaimedJob[]>();
      for (const job of rows) {
        const group = groups.get(job.kind);
        if (group) group.push(job);
        else groups.set(job.kind, [job]);
      }
      for (const [kind, jobs] of groups) {
        if (overBudget()) break;
        const runBatch = jobHandler(kind)?.opts.runBatch;
        if (runBatch && jobs.length > 1) {
          await sql`savepoint job_set`.execute(trx);
          try {
            await runBatch(trx, jobs.map((job) => ({ payload: job.payload, ctx: ctxOf(job) })));
            await sql`release savepoint job_set`.execute(trx);
            done.push(...jobs.map((job) => job.id));
            continue;
          } catch {
            await sql`rollback to savepoint job_set`.execute(trx);
            await sql`release savepoint job_set`.execute(trx);
          }
        }
        for (const job of jobs) {
          if (overBudget()) break;
          await runAlone(job);
        }
      }
      if (done.length && max > 1) {
        await trx
          .updateTable('jobs')
          .set((eb) => ({ status: 'done', attempts: eb('attempts', '+', 1), finished_at: new Date(), last_error: null }))
          .where('id', 'in', done)
          .execute();
      }
    });
  } catch (err) {
    // The transaction rolled back: nothing it ran is done. A lone job's own failure is recorded
    // below; anything else (the database went away mid-batch) leaves the claims queued for a retry.
    if (claimed.length !== 1 || done.length) throw err;
    failures.push({ job: claimed[0], error: err });
  }
  const outcomes: Exclude<Outcome, 'idle'>[] = done.map(() => 'done' as const);
  for (const f of failures) outcomes.push(await recordFailure(deps, f.job, f.error));
  return outcomes;
}

/** Records a failed attempt: attempts + 1 and a later run_at, or 'failed' after the last try or a permanent error. */
async function recordFailure(deps: AppDeps, job: ClaimedJob, failure: unknown): Promise<'retry' | 'failed'> {
  const attempt = job.attempts + 1;
  const message = errorText(failure);
  const final = attempt >= job.max_attempts || isPermanent(failure);
  await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('jobs')
      .set(
        final
          ? { status: 'failed', attempts: attempt, last_error: message, finished_at: new Date() }
          : { attempts: attempt, last_error: message, run_at: new Date(Date.now() + backoffMs(attempt)) },
      )
      .where('id', '=', job.id)
      .where('status', '=', 'queued')
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    // Another worker may have recorded this very failure first; only the one that did reports it.
    if (Number(updated.numUpdatedRows) === 1) {
      await jobHandler(job.kind)?.opts.onFailure?.(trx, job.payload, { error: failure, message, final, attempt }, deps);
    }
  });
  if (deps.env.LOG_LEVEL !== 'silent') {
    console.warn(`[jobs] ${job.kind} #${job.id} attempt ${attempt}/${job.max_attempts} failed: ${message}`);
  }
  return final ? 'failed' : 'retry';
}

/** Claims the oldest due job and runs it alone (tests step through the queue with it). */
export async function runNextJob(deps: AppDeps): Promise<Outcome> {
  const [outcome] = await runJobBatch(deps, { max: 1 });
  return outcome ?? 'idle';
}

/**
 * Runs due jobs until none is left (tests, and the runner's wake-ups): of one lane, or of both in
 * turn (a batch of shared jobs, then one that runs alone). Returns how many ran.
 */
export async function runJobsUntilIdle(deps: AppDeps, opts: { max?: number; batch?: number; lane?: Exclude<JobLane, 'any'> } = {}): Promise<number> {
  let ran = 0;
  const max = opts.max ?? 10_000;
  const lanes = opts.lane ? [opts.lane] : (['shared', 'alone'] as const);
  while (ran < max) {
    let round = 0;
    for (const lane of lanes) {
      if (ran + round >= max) break;
      round += (await runJobBatch(deps, { lane, max: Math.min(opts.batch ?? JOB_BATCH, max - ran - round) })).length;
    }
    if (!round) break;
    ran += round;
  }
  return ran;
}

export interface JobRunner {
  stop(): Promise<void>;
}

const DONE_RETENTION_DAYS = 14;

/**
 * Polls for due jobs (and wakes at once for jobs enqueued by this process). Every process may run
 * one: claims are exclusive. Hourly, finished jobs older than two weeks are pruned and the next
 * night's search-table upkeep is queued if it is not yet.
 */
export function startJobRunner(deps: AppDeps, opts: { pollMs?: number } = {}): JobRunner {
  const pollMs = opts.pollMs ?? deps.env.JOB_POLL_MS;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastPrune = 0;

  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          // Several claimers of shared jobs at once (under load each batch waits on the event loop
          // between its statements, and one claimer could not keep up with the jobs requests
          // queue), and one of the jobs that run alone.
          await Promise.all([
            ...Array.from({ length: deps.env.JOB_WORKERS }, () => runJobsUntilIdle(deps, { max: 400, lane: 'shared' })),
            runJobsUntilIdle(deps, { max: 400, lane: 'alone' }),
          ]);
          if (Date.now() - lastPrune > 3_600_000) {
            lastPrune = Date.now();
            await scheduleSearchMaintenance(deps.db);
            await scheduleBlockTopUp(deps.db);
            await deps.db
              .deleteFrom('jobs')
              .where('status', 'in', ['done', 'cancelled'])
              .where('finished_at', '<', new Date(Date.now() - DONE_RETENTION_DAYS * 86_400_000))
              .execute();
          }
        } catch (err) {
          // The database may be restarting; the next poll tries again.
          if (deps.env.LOG_LEVEL !== 'silent') console.error('[jobs] runner error:', errorText(err));
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  const timer = setInterval(tick, pollMs);
  timer.unref();
  // A wake-up comes from whoever enqueued, often a request: jobs run in the runner's own async
  // context, never in the request's (whose pending audit row belongs to the request's change).
  const inRunnerContext = AsyncLocalStorage.snapshot();
  const unsubscribe = onJobEnqueued(() => inRunnerContext(tick));
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await running;
    },
  };
}
