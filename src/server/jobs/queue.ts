import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { JobKind } from '../../shared/jobKinds.js';
import type { Executor } from '../db/executor.js';
import type { Database } from '../db/types.js';
import type { AppDeps } from '../deps.js';
import { ensureJobQueue, jobData, jobSql } from './boss.js';
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
  /**
   * A run still active after this long (its process died) is failed by pg-boss's supervisor and
   * retried (default: the queue's 15 minutes).
   */
  expireInSeconds?: number;
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
 * Runs inside the transaction that also completes the job (pg-boss's `complete` with that
 * transaction): use only `trx` (on the embedded database, which has one connection, deps.db would
 * wait for this very transaction). Throw to retry. A job may still run twice (its process died after
 * a provider call and before the commit): an effect that leaves the process must be safe to repeat.
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
   * by one, each in its own transaction, so only the failing one is retried.
   */
  runBatch?: (trx: Transaction<Database>, jobs: BatchJob<P>[]) => Promise<void>;
  /**
   * The job's effect leaves the process (a provider call): its worker fetches one job at a time,
   * each committed before the next starts, so a crash repeats at most one hand-over.
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

/**
 * A job with a dedupe key gets the name-based id of its kind and key (pg-boss's `id` option): a
 * second send of the same key meets the first job's primary key, and pg-boss's insert (ON
 * CONFLICT DO NOTHING) stores nothing and answers null. The key stays unique while pg-boss keeps
 * the job (its retention, then its archive), which outlasts every key's use: keys name a period,
 * an hour or an attempt.
 */
function dedupeId(job: NewJob | TestJob): { id: string } | Record<string, never> {
  return job.dedupeKey ? { id: keyedJobId(job.kind, job.dedupeKey) } : {};
}

/** Adds a durable job in the caller's transaction; returns its id, or null when the dedupe key exists. */
export async function enqueueJob(db: Executor, job: NewJob | TestJob): Promise<string | null> {
  if (job.kind.startsWith('test_')) await ensureJobQueue(db, job.kind);
  const id = await jobSql.send(job.kind, jobData(job.payload, job.dedupeKey), {
    db: bossDb(db),
    ...dedupeId(job),
    startAfter: job.runAt ?? new Date(),
    singletonKey: job.ref,
    retryLimit: (job.maxAttempts ?? 5) - 1,
    // pg-boss refuses the key present but undefined.
    ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
  });
  if (id) jobsEnqueued();
  return id;
}

/**
 * Adds several durable jobs in the caller's transaction with one pg-boss `insert` (a dedupe key
 * already live adds nothing).
 */
export async function enqueueJobs(db: Executor, jobs: (NewJob | TestJob)[]): Promise<void> {
  if (!jobs.length) return;
  for (const kind of new Set(jobs.map((j) => j.kind))) if (kind.startsWith('test_')) await ensureJobQueue(db, kind);
  await jobSql.insert(
    jobs.map((job) => ({
      name: job.kind,
      data: jobData(job.payload, job.dedupeKey),
      ...dedupeId(job),
      startAfter: (job.runAt ?? new Date()).toISOString(),
      singletonKey: job.ref,
      retryLimit: (job.maxAttempts ?? 5) - 1,
      expireInSeconds: job.expireInSeconds,
    })),
    { db: bossDb(db) },
  );
  jobsEnqueued();
}

/** Tells this process's runner that jobs were enqueued (it starts them without waiting for the next poll). */
export function jobsEnqueued(): void {
  queueMicrotask(() => listeners.forEach((l) => l()));
}

/** The id of the one job of a kind about `key` (a name-based UUID): pg-boss's getJobById finds it. */
export function keyedJobId(kind: string, key: string): string {
  const h = createHash('sha1').update(`${kind}\n${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * One pending job of a kind about `key`, due at `runAt`: a job still waiting for its time is put
 * off (pg-boss's getJobById and deleteJob, then send with the same id), keeping what `keep` takes
 * from its payload; otherwise (none, or it ran) `job` is sent as it is. In the caller's transaction.
 */
export async function sendOrPutOff<K extends JobKind>(
  db: Executor,
  job: { kind: K; payload: JobPayload<K>; runAt: Date; key: string; ref?: string; maxAttempts?: number },
  keep: (waiting: JobPayload<K>, next: JobPayload<K>) => JobPayload<K>,
): Promise<'sent' | 'put off'> {
  const id = keyedJobId(job.kind, job.key);
  const on = { db: bossDb(db) };
  const before = await jobSql.getJobById<JobPayload<K>>(job.kind, id, { ...on, includeArchive: false });
  const waiting = before && (before.state === 'created' || before.state === 'retry') ? before.data : null;
  if (before) await jobSql.deleteJob(job.kind, id, on);
  await jobSql.send(job.kind, waiting ? keep(waiting, job.payload) : job.payload, {
    ...on,
    id,
    startAfter: job.runAt,
    singletonKey: job.ref,
    retryLimit: (job.maxAttempts ?? 5) - 1,
  });
  jobsEnqueued();
  return waiting ? 'put off' : 'sent';
}
