import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import type { AppDeps } from '../trpc/context.js';
import { backoffMs, isPermanent, jobHandler, onJobEnqueued } from './queue.js';
import './handlers/index.js';

interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

type Outcome = 'idle' | 'done' | 'retry' | 'failed';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/**
 * Claims the oldest due job and runs it, all in one transaction: the row lock (SKIP LOCKED) is the
 * claim, so two processes never run the same job, and a crash rolls the job back to queued. A failure
 * is recorded in a second transaction: attempts + 1 and a later run_at, or 'failed' after the last try.
 */
export async function runNextJob(deps: AppDeps): Promise<Outcome> {
  let claimed: ClaimedJob | undefined;
  let failure: unknown;
  try {
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const { rows } = await sql<ClaimedJob>`
        select id, kind, payload, attempts, max_attempts from jobs
        where status = 'queued' and run_at <= now()
        order by run_at, id
        limit 1
        for update skip locked`.execute(trx);
      claimed = rows[0];
      if (!claimed) return 'idle' as const;
      const handler = jobHandler(claimed.kind);
      if (!handler) throw new Error(`No handler for job kind '${claimed.kind}'`);
      const attempt = claimed.attempts + 1;
      await handler.run(trx, claimed.payload, { deps, jobId: claimed.id, attempt, final: attempt >= claimed.max_attempts });
      await trx
        .updateTable('jobs')
        .set({ status: 'done', attempts: attempt, finished_at: new Date(), last_error: null })
        .where('id', '=', claimed.id)
        .execute();
      return 'done' as const;
    });
    return outcome;
  } catch (err) {
    if (!claimed) throw err;
    failure = err;
  }
  const job = claimed;
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

/** Runs due jobs until none is left (tests, and the runner's wake-ups). Returns how many ran. */
export async function runJobsUntilIdle(deps: AppDeps, opts: { max?: number } = {}): Promise<number> {
  let ran = 0;
  const max = opts.max ?? 10_000;
  while (ran < max) {
    const outcome = await runNextJob(deps);
    if (outcome === 'idle') break;
    ran++;
  }
  return ran;
}

export interface JobRunner {
  stop(): Promise<void>;
}

const DONE_RETENTION_DAYS = 14;

/**
 * Polls for due jobs (and wakes at once for jobs enqueued by this process). Every process may run
 * one: claims are exclusive. Finished jobs are pruned after two weeks.
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
          await runJobsUntilIdle(deps, { max: 200 });
          if (Date.now() - lastPrune > 3_600_000) {
            lastPrune = Date.now();
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
