/**
 * The job runner in a worker thread of its own (PostgreSQL only; see thread.ts). Every statement of
 * a job then waits only for PostgreSQL, not for the request handlers ahead of it on the main event
 * loop: on a loaded server the main thread had run about 10 jobs a second.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
// The routers' services register the job handlers that live beside them (campaigns, billing).
import { createDeps } from '../bootstrap.js';
import { openDatabase } from '../db/index.js';
import { loadEnv } from '../env.js';
import { jobsEnqueued } from './queue.js';
import { startJobRunner } from './runner.js';

const port = parentPort!;
const env = loadEnv();
// Requests first: on Linux a thread has its own nice value, and this lowers only this thread's.
// When the CPU is short, jobs get less of it than requests; when it is not, they run at full speed.
try {
  os.setPriority(0, env.JOB_THREAD_NICE);
} catch {
  // Not permitted here: the thread runs at the process's priority.
}
// Enough connections for every claimer, and one to spare for a job's own lookups.
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, poolMax: Math.min(env.DB_POOL_MAX, env.JOB_WORKERS + 2) });
const deps = await createDeps(handle.db, env);
const runner = startJobRunner(deps);
port.on('message', (m: unknown) => {
  // The main thread enqueued jobs: start them without waiting for the next poll.
  if (m === 'wake') jobsEnqueued();
  if (m === 'stop') {
    void (async () => {
      await runner.stop();
      await handle.close().catch(() => undefined);
      port.postMessage('stopped');
    })();
  }
});
