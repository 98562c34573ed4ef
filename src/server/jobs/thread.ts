import { Worker } from 'node:worker_threads';
import type { Env } from '../env.js';
import { onJobEnqueued } from './queue.js';
import type { JobRunner } from './runner.js';

/** The worker runs compiled JavaScript (npm start); under tsx (npm run dev) jobs run on the main thread. */
export const JOB_THREAD_AVAILABLE = import.meta.url.endsWith('.js');

/**
 * Runs the background jobs in a worker thread with its own event loop and connection pool. Jobs
 * this process enqueues wake it at once (at most one message per turn of the event loop); a worker
 * that dies is started again a second later.
 */
export function startJobThread(env: Env): JobRunner {
  const url = new URL('./worker.js', import.meta.url);
  let worker: Worker;
  // Null while a dead worker waits to be started again.
  let exited: Promise<void> | null = null;
  let stopping = false;
  const start = () => {
    worker = new Worker(url);
    exited = new Promise((resolve) =>
      worker.once('exit', () => {
        exited = null;
        resolve();
        if (!stopping) setTimeout(() => !stopping && start(), 1000).unref();
      }),
    );
    worker.on('error', (err) => {
      if (env.LOG_LEVEL !== 'silent') console.error('[jobs] worker thread failed:', err instanceof Error ? err.message : err);
    });
  };
  start();
  let waking = false;
  const unsubscribe = onJobEnqueued(() => {
    if (waking) return;
    waking = true;
    setImmediate(() => {
      waking = false;
      worker.postMessage('wake');
    });
  });
  return {
    async stop() {
      stopping = true;
      unsubscribe();
      // A worker that already died (waiting to restart) has nothing to stop: waiting for its exit
      // would hold the shutdown until its deadline.
      if (!exited) return;
      const current = worker;
      const stopped = new Promise<void>((resolve) => current.on('message', (m) => m === 'stopped' && resolve()));
      current.postMessage('stop');
      await Promise.race([exited, stopped]);
      await current.terminate();
    },
  };
}
