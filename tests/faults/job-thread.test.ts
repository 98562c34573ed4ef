import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/**
 * The job thread of the built server (jobs/thread.ts runs only as compiled JavaScript). Run in a
 * child process: a worker that cannot reach its database dies and waits to be started again, and
 * stopping then must not wait for an exit that already happened (it held shutdown to its deadline).
 */
describe('job worker thread', () => {
  it('stops at once while a dead worker waits to be restarted', () => {
    const thread = path.join(ROOT, 'dist/server/src/server/jobs/thread.js');
    const env = path.join(ROOT, 'dist/server/src/server/env.js');
    const script = `
      const { loadEnv } = await import(${JSON.stringify(env)});
      const { startJobThread } = await import(${JSON.stringify(thread)});
      const runner = startJobThread(loadEnv());
      await new Promise((r) => setTimeout(r, 1500));
      const t0 = Date.now();
      await runner.stop();
      console.log(JSON.stringify({ stopMs: Date.now() - t0 }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/unreachable', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout.trim()).stopMs).toBeLessThan(1000);
  });
});
