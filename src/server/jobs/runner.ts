import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import type { AppDeps } from '../deps.js';
import { scheduleAutoComplete } from '../services/bookings/autoComplete.js';
import { scheduleBlockTopUp } from '../services/calendar/index.js';
import { scheduleSearchMaintenance } from '../services/discovery/maintenance.js';
import { ensureJobQueue, jobSql, payloadOf, startJobMaintenance } from './boss.js';
import { bossDb } from './bossDb.js';
import { isPermanent, onJobEnqueued } from './queue.js';
import { aloneJobKinds, jobHandler, registeredJobKinds } from './registry.js';

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
 * Claims up to `max` due jobs of pgboss.job, oldest first, and runs them in one transaction: the
 * row locks (SKIP LOCKED) are the claim, so two processes never run the same job, and a crash rolls
 * every claimed job back to due (pg-boss's own fetch commits the claim first and waits for its
 * expiry after a crash). Jobs of a kind whose handler can run a set (runBatch) run together in a
 * few statements; the others, or a set whose run threw, run one by one, each in its own savepoint,
 * so a failing job undoes only its own writes. A failure is recorded in the same transaction
 * through pg-boss's `fail` (retry with backoff, or 'failed' after the last try or a permanent
 * error); the finished ones are marked completed together and commit together. Returns each run
 * job's outcome.
 */
export async function runJobBatch(deps: AppDeps, opts: { max?: number; lane?: JobLane } = {}): Promise<Exclude<Outcome, 'idle'>[]> {
  // Any kind only when claiming a single job: a job that runs alone never joins a batch.
  const lane = opts.lane ?? (opts.max === 1 ? 'any' : 'shared');
  const max = lane === 'alone' || lane === 'any' ? 1 : Math.max(1, opts.max ?? JOB_BATCH);
  // The 'shared' lane never claims a job that must run alone; the 'alone' lane claims only those.
  const alone = aloneJobKinds();
  const laneFilter =
    lane === 'any' ? sql`true` : lane === 'alone' ? sql`name = any(${alone}::text[])` : sql`not (name = any(${alone}::text[]))`;
  const outcomes: Exclude<Outcome, 'idle'>[] = [];
  const warnings: string[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const { rows } = await sql<ClaimedJob>`
      select id, name as kind, data as payload,
             case when started_on is null then 0 else retry_count + 1 end as attempts,
             retry_limit + 1 as max_attempts
      from pgboss.job
      where state < 'active' and start_after <= now() and ${laneFilter}
      order by start_after, created_on, id
      limit ${max}
      for update skip locked`.execute(trx);
    const done: ClaimedJob[] = [];
    const failures: { job: ClaimedJob; error: unknown }[] = [];
    const started = Date.now();
    const overBudget = () => done.length + failures.length > 0 && Date.now() - started > BATCH_BUDGET_MS;
    const ctxOf = (job: ClaimedJob) => {
      const attempt = job.attempts + 1;
      return { deps, jobId: job.id, attempt, final: attempt >= job.max_attempts };
    };
    const run = async (job: ClaimedJob) => {
      const handler = jobHandler(job.kind);
      if (!handler) throw new Error(`No handler for job kind '${job.kind}'`);
      await handler.run(trx, payloadOf(job.payload), ctxOf(job));
    };
    const runAlone = async (job: ClaimedJob) => {
      await sql`savepoint job`.execute(trx);
      try {
        await run(job);
        await sql`release savepoint job`.execute(trx);
        done.push(job);
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
          await runBatch(
            trx,
            jobs.map((job) => ({ payload: payloadOf(job.payload), ctx: ctxOf(job) })),
          );
          await sql`release savepoint job_set`.execute(trx);
          done.push(...jobs);
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
    if (done.length) {
      await trx
        .updateTable('pgboss.job')
        .set((eb) => ({
          state: 'completed',
          completed_on: new Date(),
          output: null,
          started_on: new Date(),
          retry_count: sql<number>`case when ${eb.ref('started_on')} is null then 0 else ${eb.ref('retry_count')} + 1 end`,
        }))
        .where('name', 'in', [...new Set(done.map((j) => j.kind))])
        .where(
          'id',
          'in',
          done.map((j) => j.id),
        )
        .execute();
      for (const _ of done) outcomes.push('done');
    }
    for (const f of failures) {
      const { outcome, warning } = await recordFailure(trx, deps, f.job, f.error);
      outcomes.push(outcome);
      warnings.push(warning);
    }
  });
  if (deps.env.LOG_LEVEL !== 'silent') for (const w of warnings) console.warn(w);
  return outcomes;
}

/**
 * Records a failed attempt with pg-boss's `fail`, in the claim's transaction: retry_count is the
 * attempt's number less one, so pg-boss retries (with backoff) while it is below retry_limit, and
 * a permanent error lowers the limit to it ('failed' at once).
 */
async function recordFailure(trx: Transaction<Database>, deps: AppDeps, job: ClaimedJob, failure: unknown) {
  const attempt = job.attempts + 1;
  const message = errorText(failure);
  const final = attempt >= job.max_attempts || isPermanent(failure);
  await trx
    .updateTable('pgboss.job')
    .set({ started_on: new Date(), retry_count: attempt - 1, ...(final ? { retry_limit: attempt - 1 } : {}) })
    .where('name', '=', job.kind)
    .where('id', '=', job.id)
    .execute();
  await jobSql.fail(job.kind, job.id, { message }, { db: bossDb(trx) });
  await jobHandler(job.kind)?.opts.onFailure?.(trx, payloadOf(job.payload), { error: failure, message, final, attempt }, deps);
  return {
    outcome: final ? ('failed' as const) : ('retry' as const),
    warning: `[jobs] ${job.kind} #${job.id} attempt ${attempt}/${job.max_attempts} failed: ${message}`,
  };
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
export async function runJobsUntilIdle(
  deps: AppDeps,
  opts: { max?: number; batch?: number; lane?: Exclude<JobLane, 'any'> } = {},
): Promise<number> {
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

/**
 * Polls for due jobs (and wakes at once for jobs enqueued by this process). Every process may run
 * one: claims are exclusive. Hourly, the next night's search-table upkeep is
 * queued if it is not yet; pg-boss's supervisor archives jobs finished two weeks ago.
 */
export function startJobRunner(deps: AppDeps, opts: { pollMs?: number } = {}): JobRunner {
  const pollMs = opts.pollMs ?? deps.env.JOB_POLL_MS;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastPrune = 0;
  let maintenance: { stop(): Promise<void> } | null = null;

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
            // A kind added since the last migration gets its queue (pg-boss stores no job without one).
            for (const kind of registeredJobKinds()) await ensureJobQueue(deps.db, kind);
            // pg-boss's supervisor archives finished jobs and purges the archive.
            maintenance ??= await startJobMaintenance(deps.db);
            await scheduleSearchMaintenance(deps.db);
            await scheduleBlockTopUp(deps.db);
            await scheduleAutoComplete(deps.db, deps.now());
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
      await maintenance?.stop().catch(() => undefined);
    },
  };
}
