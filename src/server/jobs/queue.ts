import { sql, type Transaction } from 'kysely';
import type { JobKind } from '../../shared/jobKinds.js';
import type { Executor } from '../db/executor.js';
import type { Database } from '../db/types.js';
import type { AppDeps } from '../deps.js';
import { ensureJobQueue, jobData, jobSql, QUEUED } from './boss.js';
import { bossDb } from './bossDb.js';
import type { JobPayload } from './kinds.js';

interface JobOptions {
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** A second job with the same key is not created (e.g. one reminder per booking and start time). */
  dedupeKey?: string;
  /** What the job is about, e.g. 'booking:<id>', to cancel related jobs. */
  ref?: string;
  maxAttempts?: number;
}

/** A job to queue: a kind of JOB_KINDS with its payload (JOB_PAYLOADS), checked by the type. */
export type NewJob = { [K in JobKind]: { kind: K; payload: JobPayload<K> } & JobOptions }[JobKind];
/** A kind only tests define (registerTestJobHandler): `test_…`, with any payload. */
export type TestJob = { kind: `test_${string}`; payload: Record<string, unknown> } & JobOptions;

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
export type JobHandler<P = Record<string, unknown>> = (trx: Transaction<Database>, payload: P, ctx: JobContext) => Promise<void>;

export interface BatchJob<P = Record<string, unknown>> {
  payload: P;
  ctx: JobContext;
}

export interface HandlerOptions<P = Record<string, unknown>> {
  /**
   * Runs several due jobs of this kind at once with set-based statements. On a loaded server every
   * statement waits its turn on the event loop, so a queue that runs one job's statements at a time
   * falls behind the requests that feed it. Throwing undoes the batch's writes and its jobs run one
   * by one, each in its own savepoint, so only the failing one is retried.
   */
  runBatch?: (trx: Transaction<Database>, jobs: BatchJob<P>[]) => Promise<void>;
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
  onFailure?: (
    trx: Transaction<Database>,
    payload: P,
    failure: { error: unknown; message: string; final: boolean; attempt: number },
    deps: AppDeps,
  ) => Promise<void>;
}

/** An error with `permanent: true` (e.g. a rejected address) ends the job without further retries. */
export function isPermanent(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { permanent?: unknown }).permanent === true;
}

/** A kind's handler as the registry (registry.ts) holds it. */
export interface JobDefinition<K extends JobKind> {
  kind: K;
  run: JobHandler<JobPayload<K>>;
  opts: HandlerOptions<JobPayload<K>>;
}

/**
 * A kind's handler, typed by its payload; a module exports it and the registry lists it (no
 * registration by importing a module).
 */
export function defineJob<K extends JobKind>(
  kind: K,
  run: JobHandler<JobPayload<K>>,
  opts: HandlerOptions<JobPayload<K>> = {},
): JobDefinition<K> {
  return { kind, run, opts };
}

const listeners = new Set<() => void>();

/** The in-process runner listens so a job enqueued here starts without waiting for the next poll. */
export function onJobEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Adds a durable job in the caller's transaction; returns its id, or null when the dedupe key exists. */
export async function enqueueJob(db: Executor, job: NewJob | TestJob): Promise<string | null> {
  if (job.kind.startsWith('test_')) await ensureJobQueue(db, job.kind);
  const id = await jobSql.send(job.kind, jobData(job.payload, job.dedupeKey), {
    db: bossDb(db),
    startAfter: job.runAt ?? new Date(),
    singletonKey: job.ref,
    retryLimit: (job.maxAttempts ?? 5) - 1,
  });
  if (id) jobsEnqueued();
  return id;
}

/** Tells this process's runner that jobs were enqueued (it starts them without waiting for the next poll). */
export function jobsEnqueued(): void {
  queueMicrotask(() => listeners.forEach((l) => l()));
}

/** Cancels the still-queued jobs of a kind about a subject (e.g. the reminders of a cancelled booking). */
export async function cancelQueuedJobs(db: Executor, kind: JobKind, ref: string): Promise<number> {
  const res = await db
    .updateTable('pgboss.job')
    .set({ state: 'cancelled', completed_on: new Date() })
    .where('name', '=', kind)
    .where('singleton_key', '=', ref)
    .where('state', 'in', QUEUED)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Moves the still-queued jobs of a kind about a subject to `runAt`; how many there were. */
export async function delayQueuedJobs(db: Executor, kind: JobKind, ref: string, runAt: Date): Promise<number> {
  const rows = await db
    .updateTable('pgboss.job')
    .set({ start_after: runAt, keep_until: sql<Date>`greatest(keep_until, ${runAt}::timestamptz + interval '14 days')` })
    .where('name', '=', kind)
    .where('singleton_key', '=', ref)
    .where('state', 'in', QUEUED)
    .returning('id')
    .execute();
  return rows.length;
}
