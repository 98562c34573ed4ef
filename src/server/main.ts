import type { Socket } from 'node:net';
import { clusterDir, startTemplateCopy } from './db/pgliteDir.js';
import { loadEnv, startupWarnings } from './env.js';

const env = loadEnv();
const started = Date.now();
for (const warning of startupWarnings(env)) console.warn(`Warning: ${warning}`);
// A first start on the embedded database copies its template on another thread while this one
// loads the rest of the server (imported below, after the copy has begun).
if (!env.DATABASE_URL) startTemplateCopy(clusterDir(env.DATA_DIR));
const [{ bootstrap }, { startJobRunner }, { JOB_THREAD_AVAILABLE, startJobThread }] = await Promise.all([
  import('./bootstrap.js'),
  import('./jobs/runner.js'),
  import('./jobs/thread.js'),
]);
const runtime = await bootstrap(env);
const { closeDeskEvents } = await import('./live/deskEvents.js');

const server = runtime.app.listen(env.PORT, env.HOST, () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : env.PORT;
  console.log(
    `GlowBook listening on http://localhost:${port} (${runtime.handle.kind === 'pglite' ? `embedded PostgreSQL in ${env.DATA_DIR}` : 'PostgreSQL'}) in ${Date.now() - started} ms`,
  );
});
server.keepAliveTimeout = 65_000;

// Reminders and message delivery; every process may run one (claims are exclusive). On PostgreSQL
// they run in a worker thread, so requests and jobs do not wait on each other's event loop; the
// embedded database lives in this thread, and so do its jobs.
const jobs =
  env.JOBS !== 'on'
    ? null
    : runtime.handle.kind === 'postgres' && JOB_THREAD_AVAILABLE
      ? startJobThread(env)
      : startJobRunner(runtime.deps);

// Graceful shutdown: stop accepting, let in-flight requests finish, close idle keep-alive
// sockets, then close the database and exit 0. A hard deadline guards against stuck requests.
const sockets = new Set<Socket>();
server.on('connection', (s) => {
  sockets.add(s);
  s.on('close', () => sockets.delete(s));
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: draining requests`);
  const deadline = setTimeout(() => {
    console.error('Shutdown deadline passed; exiting');
    process.exit(1);
  }, 15_000);
  deadline.unref();
  const jobsStopped = jobs?.stop().catch(() => undefined);
  // Open calendar streams would hold their connections (and the drain) open until the deadline.
  await closeDeskEvents(runtime.handle.db);
  server.close(async () => {
    await jobsStopped;
    await runtime.handle.close().catch(() => undefined);
    clearTimeout(deadline);
    process.exit(0);
  });
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 200);
  idle.unref();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
