import { AsyncLocalStorage } from 'node:async_hooks';
import PgBoss from 'pg-boss';
import { recordJobFailure } from '../db/repositories/admin/system.js';
import { keepSearchTableVisible } from '../db/repositories/discovery.js';
import type { AppDeps } from '../deps.js';
import { scheduleAutoComplete } from '../services/bookings/autoComplete.js';
import { scheduleBlockTopUp } from '../services/calendar/index.js';
import { scheduleSearchMaintenance } from '../services/discovery/maintenance.js';
import { HOLDING_EXPIRY_CRON, HOLDING_EXPIRY_SWEEP } from '../services/packages/holdings.js';
import { BOOKING_HOLD_SWEEP, HOLD_SWEEP_CRON } from '../services/payments/holds.js';
import { REBOOK_REMINDER_SWEEP, REBOOK_SWEEP_CRON } from '../services/rebooking/index.js';
import { bossOn, ensureJobQueue, jobSql, payloadOf } from './boss.js';
import { type BossDb, bossDb } from './bossDb.js';
import { isPermanent, type JobContext, onJobEnqueued } from './queue.js';
import { aloneJobKinds, jobHandler, registeredJobKinds } from './registry.js';
import { REMINDER_SWEEP_CRON, scheduleReminderSweep } from './reminders.js';

type Outcome = 'idle' | 'done' | 'retry' | 'failed';

/** A job as pg-boss's fetch hands it over (with its metadata). */
type FetchedJob = Pick<
  PgBoss.JobWithMetadata<Record<string, unknown>>,
  'id' | 'name' | 'data' | 'retryCount' | 'retryLimit' | 'startAfter' | 'createdOn'
>;

const time = (d: Date | string) => new Date(d).getTime();
/** pg-boss's fetch answers its batch in no particular order: oldest due first. */
const byDue = (a: FetchedJob, b: FetchedJob) => time(a.startAfter) - time(b.startAfter) || time(a.createdOn) - time(b.createdOn);

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/** Most jobs of a kind one fetch takes (those that may share a transaction; the others take one). */
export const JOB_BATCH = 32;

/*
 * pg-boss's complete and fail take one id or several, with their output and a `db` (README:
 * complete(name, id, data, options), id "string or array"); its types list the data argument only
 * for one id.
 */
type Settle = (name: string, ids: string[], data: object | null, options: PgBoss.ConnectionOptions) => Promise<unknown>;
const complete = jobSql.complete.bind(jobSql) as unknown as Settle;
const fail = jobSql.fail.bind(jobSql) as unknown as Settle;

function contextOf(deps: AppDeps, job: FetchedJob): JobContext {
  // pg-boss counts a run's retries when it fetches the job: the first run has retryCount 0.
  return { deps, jobId: job.id, attempt: job.retryCount + 1, final: job.retryCount >= job.retryLimit };
}

/**
 * Runs jobs of one kind that pg-boss's fetch (or `work()`) handed over: each job's handler runs in
 * a transaction of its own that also completes the job (pg-boss's `complete` with that transaction
 * as `db`), so a job's database effects and its completion commit together: a job whose process
 * died mid-run is retried after its expiry with nothing of the first run left. A kind that can run a
 * set (runBatch) runs the set in one transaction; if that throws, its jobs run one by one. A
 * failure runs the handler's onFailure and pg-boss's `fail` in a new transaction (retry with the
 * queue's backoff, or 'failed' after the last attempt). Returns each job's outcome.
 */
export async function runFetchedJobs(deps: AppDeps, kind: string, fetched: FetchedJob[]): Promise<Exclude<Outcome, 'idle'>[]> {
  if (!fetched.length) return [];
  const jobs = [...fetched].sort(byDue);
  const handler = jobHandler(kind);
  const runBatch = handler?.opts.runBatch;
  if (handler && runBatch && jobs.length > 1) {
    try {
      await deps.db.transaction().execute(async (trx) => {
        await runBatch(
          trx,
          jobs.map((job) => ({ payload: payloadOf(job.data), ctx: contextOf(deps, job) })),
        );
        await complete(
          kind,
          jobs.map((j) => j.id),
          null,
          { db: bossDb(trx) },
        );
      });
      return jobs.map(() => 'done');
    } catch {
      // One by one below: only the failing job is retried.
    }
  }
  const outcomes: Exclude<Outcome, 'idle'>[] = [];
  for (const job of jobs) outcomes.push(await runOne(deps, kind, job));
  return outcomes;
}

async function runOne(deps: AppDeps, kind: string, job: FetchedJob): Promise<'done' | 'retry' | 'failed'> {
  const handler = jobHandler(kind);
  const ctx = contextOf(deps, job);
  const payload = payloadOf(job.data);
  try {
    if (!handler) throw new Error(`No handler for job kind '${kind}'`);
    await deps.db.transaction().execute(async (trx) => {
      await handler.run(trx, payload, ctx);
      await complete(kind, [job.id], null, { db: bossDb(trx) });
    });
    return 'done';
  } catch (error) {
    const message = errorText(error);
    const permanent = isPermanent(error);
    const final = ctx.final || permanent;
    const failedForGood = await deps.db.transaction().execute(async (trx) => {
      await handler?.opts.onFailure?.(trx, payload, { error, message, final, attempt: ctx.attempt }, deps);
      const db = bossDb(trx);
      // A permanent error (a rejected address, a payload the schema refuses) leaves no attempt:
      // the job is sent again under its id with no retries left, so pg-boss's fail fails it for good.
      if (permanent && !ctx.final) await withNoRetriesLeft(kind, job.id, db);
      await fail(kind, [job.id], { message }, { db });
      // pg-boss decides (retry while attempts are left); a job it failed goes on the admin's list.
      const after = await jobSql.getJobById(kind, job.id, { db, includeArchive: false });
      if (after?.state !== 'failed') return false;
      await recordJobFailure(trx, { jobId: job.id, kind, attempts: ctx.attempt, lastError: message });
      return true;
    });
    if (deps.env.LOG_LEVEL !== 'silent')
      console.warn(`[jobs] ${kind} #${job.id} attempt ${ctx.attempt}/${job.retryLimit + 1} failed: ${message}`);
    return failedForGood || final ? 'failed' : 'retry';
  }
}

/** Replaces a job by a copy (same id, data, ref and due time) with no retries left, through pg-boss's API. */
async function withNoRetriesLeft(kind: string, id: string, db: BossDb): Promise<void> {
  const job = await jobSql.getJobById<Record<string, unknown>>(kind, id, { db, includeArchive: false });
  if (!job) return;
  await jobSql.deleteJob(kind, id, { db });
  await jobSql.send(kind, job.data ?? {}, {
    db,
    id,
    retryLimit: 0,
    singletonKey: job.singletonKey ?? undefined,
    startAfter: job.startAfter,
  });
}

/** Fetches (pg-boss's `fetch`) one batch of a kind's due jobs and runs it (tests); each job's outcome. */
export async function runDueJobsOf(
  deps: AppDeps,
  kind: string,
  opts: { batch?: number; ignoreStartAfter?: boolean } = {},
): Promise<Exclude<Outcome, 'idle'>[]> {
  const batchSize = aloneJobKinds().includes(kind) ? 1 : (opts.batch ?? JOB_BATCH);
  const jobs = await bossOn(deps.db).fetch<Record<string, unknown>>(kind, {
    batchSize,
    includeMetadata: true,
    ignoreStartAfter: opts.ignoreStartAfter ?? false,
  });
  return runFetchedJobs(deps, kind, jobs);
}

/**
 * Fetches (pg-boss's `fetch`) and runs the due jobs of every kind until none is left: what `work()`
 * does on its poll, on demand. Tests step through the queue with it; `ignoreStartAfter` also takes
 * jobs not yet due (a reminder, a retry waiting for its backoff). Returns how many ran.
 */
export async function runJobsUntilIdle(
  deps: AppDeps,
  opts: { max?: number; batch?: number; kinds?: string[]; ignoreStartAfter?: boolean } = {},
): Promise<number> {
  const boss = bossOn(deps.db);
  const alone = new Set(aloneJobKinds());
  const max = opts.max ?? 10_000;
  const kinds = opts.kinds ?? registeredJobKinds();
  let ran = 0;
  for (;;) {
    let round = 0;
    for (const kind of kinds) {
      if (ran + round >= max) break;
      const batchSize = alone.has(kind) ? 1 : Math.min(opts.batch ?? JOB_BATCH, max - ran - round);
      const jobs = await boss.fetch<Record<string, unknown>>(kind, {
        batchSize,
        includeMetadata: true,
        ignoreStartAfter: opts.ignoreStartAfter ?? false,
      });
      round += (await runFetchedJobs(deps, kind, jobs)).length;
    }
    if (!round || ran + round >= max) return ran + round;
    ran += round;
  }
}

/** Runs one due job (tests): the first kind, in the registry's order, that has one. */
export async function runNextJob(deps: AppDeps, opts: { ignoreStartAfter?: boolean } = {}): Promise<Outcome> {
  const boss = bossOn(deps.db);
  for (const kind of registeredJobKinds()) {
    const jobs = await boss.fetch<Record<string, unknown>>(kind, {
      batchSize: 1,
      includeMetadata: true,
      ignoreStartAfter: opts.ignoreStartAfter ?? false,
    });
    if (jobs.length) return (await runFetchedJobs(deps, kind, jobs))[0];
  }
  return 'idle';
}

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * pg-boss on the app's database, started: one `work()` per kind (jobs that run alone one at a
 * time, the others in batches), the supervisor (archive after 14 days, failed jobs after 90), and
 * the timekeeper that sends the reminder sweep every minute (`schedule`). Jobs this process
 * enqueues wake the workers at once (`notifyWorker`). Hourly, the next night's search-table upkeep,
 * the weekly blocked-time top-up and the hour's auto-complete sweep are queued if they are not yet.
 * Every process may run one: pg-boss's fetch hands a job to one worker.
 */
export function startJobRunner(deps: AppDeps, opts: { pollMs?: number } = {}): JobRunner {
  const pollingIntervalSeconds = Math.max(0.5, (opts.pollMs ?? deps.env.JOB_POLL_MS) / 1000);
  const log = (what: string, err: unknown) => {
    if (deps.env.LOG_LEVEL !== 'silent') console.error(`[jobs] ${what}:`, errorText(err));
  };
  const boss = new PgBoss({
    db: bossDb(deps.db),
    migrate: false,
    supervise: true,
    schedule: true,
    archiveCompletedAfterSeconds: 14 * 86_400,
    archiveFailedAfterSeconds: 90 * 86_400,
    deleteAfterDays: 7,
    // Also fails runs past their expiry (a process died mid-run), so they are retried.
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (err) => log('pg-boss', err));
  const workers: string[] = [];
  let stopped = false;
  // A wake-up comes from whoever enqueued, often a request: jobs run in the runner's own async
  // context, never in the request's (whose pending audit row belongs to the request's change).
  const inRunnerContext = AsyncLocalStorage.snapshot();
  const unsubscribe = onJobEnqueued(() => {
    for (const id of workers) boss.notifyWorker(id);
  });
  const hourly = async () => {
    try {
      await scheduleSearchMaintenance(deps.db);
      await scheduleBlockTopUp(deps.db);
      await scheduleAutoComplete(deps.db, deps.now());
      // After the nightly rewrite: vacuumed once its visibility map is mostly empty.
      await keepSearchTableVisible(deps.db);
    } catch (err) {
      // The database may be restarting; the next hour tries again.
      log('scheduling', err);
    }
  };
  let timer: NodeJS.Timeout | null = null;
  const started = inRunnerContext(async () => {
    // A kind added since the last migration gets its queue (pg-boss stores no job without one).
    for (const kind of registeredJobKinds()) await ensureJobQueue(deps.db, kind);
    await boss.start();
    const alone = new Set(aloneJobKinds());
    for (const kind of registeredJobKinds()) {
      if (stopped) return;
      const id = await boss.work<Record<string, unknown>>(
        kind,
        { batchSize: alone.has(kind) ? 1 : JOB_BATCH, includeMetadata: true, pollingIntervalSeconds },
        async (jobs) => {
          await runFetchedJobs(deps, kind, jobs);
        },
      );
      workers.push(id);
    }
    await scheduleReminderSweep(boss, REMINDER_SWEEP_CRON);
    await boss.schedule(BOOKING_HOLD_SWEEP, HOLD_SWEEP_CRON, {}, { tz: 'UTC', retryLimit: 1, expireInSeconds: 120 });
    await boss.schedule(REBOOK_REMINDER_SWEEP, REBOOK_SWEEP_CRON, {}, { tz: 'UTC', retryLimit: 2, expireInSeconds: 600 });
    await boss.schedule(HOLDING_EXPIRY_SWEEP, HOLDING_EXPIRY_CRON, {}, { tz: 'UTC', retryLimit: 2, expireInSeconds: 600 });
    await hourly();
    timer = setInterval(() => void hourly(), 3_600_000);
    timer.unref();
  });
  const running = started.catch((err) => log('start', err));
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      await running;
      if (timer) clearInterval(timer);
      await boss.stop({ graceful: true, close: false, timeout: 10_000, wait: true }).catch(() => undefined);
    },
  };
}
