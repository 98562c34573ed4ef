import { sql, type Transaction } from 'kysely';
import type { Executor } from '../db/repositories/accounts.js';
import type { Database } from '../db/types.js';
import type { AppDeps } from '../trpc/context.js';

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** A second job with the same key is not created (e.g. one reminder per booking and start time). */
  dedupeKey?: string;
  /** What the job is about, e.g. 'booking:<id>', to cancel related jobs. */
  ref?: string;
  maxAttempts?: number;
}

export interface JobContext {
  deps: AppDeps;
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  final: boolean;
}

/**
 * Runs inside the transaction that also marks the job done: use only `trx` (on the embedded
 * database, which has one connection, deps.db would wait for this very transaction). Throw to retry.
 */
export type JobHandler = (trx: Transaction<Database>, payload: any, ctx: JobContext) => Promise<void>;

export interface BatchJob {
  payload: any;
  ctx: JobContext;
}

export interface HandlerOptions {
  /**
   * Runs several due jobs of this kind at once with set-based statements. On a loaded server every
   * statement waits its turn on the event loop, so a queue that runs one job's statements at a time
   * falls behind the requests that feed it. Throwing undoes the batch's writes and its jobs run one
   * by one, each in its own savepoint, so only the failing one is retried.
   */
  runBatch?: (trx: Transaction<Database>, jobs: BatchJob[]) => Promise<void>;
  /**
   * The job's effect leaves the process (a provider call): it never shares a transaction, and a
   * process runs one such job at a time, each committed before the next starts, so a crash repeats
   * at most one hand-over.
   */
  alone?: boolean;
  /**
   * Called after a failed attempt, in a new transaction (the failed one was rolled back): record
   * the error where users can see it; `final` when no retry follows.
   */
  onFailure?: (trx: Transaction<Database>, payload: any, failure: { error: unknown; message: string; final: boolean; attempt: number }, deps: AppDeps) => Promise<void>;
}

/** An error with `permanent: true` (e.g. a rejected address) ends the job without further retries. */
export function isPermanent(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { permanent?: unknown }).permanent === true;
}

const handlers = new Map<string, { run: JobHandler; opts: HandlerOptions }>();
const listeners = new Set<() => void>();

export function registerJobHandler(kind: string, run: JobHandler, opts: HandlerOptions = {}): void {
  handlers.set(kind, { run, opts });
}

export function jobHandler(kind: string) {
  return handlers.get(kind);
}

/** The kinds whose jobs run alone (HandlerOptions.alone). */
export function aloneJobKinds(): string[] {
  return [...handlers].filter(([, h]) => h.opts.alone).map(([kind]) => kind);
}

export function registeredJobKinds(): string[] {
  return [...handlers.keys()];
}

/** The in-process runner listens so a job enqueued here starts without waiting for the next poll. */
export function onJobEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Adds a durable job in the caller's transaction; returns its id, or null when the dedupe key exists. */
export async function enqueueJob(db: Executor, job: NewJob): Promise<string | null> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      run_at: job.runAt ?? new Date(),
      dedupe_key: job.dedupeKey ?? null,
      ref: job.ref ?? null,
      max_attempts: job.maxAttempts ?? 5,
    })
    // The key is unique among jobs not cancelled (jobs_dedupe_key_live); the index's predicate is
    // written out, not bound, so PostgreSQL can match the index in a generic (prepared) plan too.
    .onConflict((oc) => oc.column('dedupe_key').where(sql<boolean>`status <> 'cancelled'`).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) jobsEnqueued();
  return row?.id ?? null;
}

/** Tells this process's runner that jobs were enqueued (it starts them without waiting for the next poll). */
export function jobsEnqueued(): void {
  queueMicrotask(() => listeners.forEach((l) => l()));
}

/** Cancels the still-queued jobs of a kind about a subject (e.g. the reminders of a cancelled booking). */
export async function cancelQueuedJobs(db: Executor, kind: string, ref: string): Promise<number> {
  const res = await db
    .updateTable('jobs')
    .set({ status: 'cancelled', finished_at: new Date() })
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Retry delay after the n-th failed attempt: 10 s, 40 s, 2.5 min, 10 min, ... capped at 1 h, with jitter. */
export function backoffMs(attempt: number): number {
  const base = Math.min(3_600_000, 10_000 * 4 ** (attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}
