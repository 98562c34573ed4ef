import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.js';
import { freePort, type ServerProcess, sleep, startServer } from './helpers.js';

/**
 * PostgreSQL goes away under load and comes back: /api/health answers 503 while it is gone and 200
 * again afterwards, reads fail fast meanwhile and succeed again, all without restarting the server.
 * The database is a throwaway cluster of this test's own (the shared one is never touched).
 */

function findPgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions.length) {
    throw new Error(
      'This test starts its own PostgreSQL cluster and needs the server binaries (initdb, pg_ctl) under /usr/lib/postgresql/<version>/bin: apt-get install postgresql postgresql-contrib',
    );
  }
  return path.join(root, versions[0], 'bin');
}

/** A PostgreSQL cluster in a temporary directory, run as the postgres user when the tests run as root (initdb refuses root). */
class Cluster {
  readonly dir: string;
  readonly data: string;
  private readonly asUser: string[];
  private readonly bin = findPgBin();

  constructor(readonly port: number) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-faults-pg-'));
    this.data = path.join(this.dir, 'data');
    this.asUser = [];
    if (process.getuid?.() === 0) {
      const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((p) => fs.existsSync(p));
      if (!runuser) throw new Error('Running as root, this test needs runuser (util-linux) to start PostgreSQL as the postgres user');
      let uid: number;
      let gid: number;
      try {
        uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
        gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      } catch {
        throw new Error('Running as root, this test needs the postgres system user (created by the postgresql package)');
      }
      fs.chownSync(this.dir, uid, gid);
      this.asUser = [runuser, '-u', 'postgres', '--'];
    }
  }

  /** Runs a PostgreSQL tool without blocking the event loop (the load loops keep going meanwhile). */
  private async run(tool: string, args: string[]) {
    const [cmd, ...rest] = [...this.asUser, path.join(this.bin, tool), ...args];
    try {
      await promisify(execFile)(cmd, rest, { encoding: 'utf8', timeout: 60_000 });
    } catch (err) {
      const e = err as Error & { stderr?: string };
      throw new Error(`${tool} failed: ${e.stderr || e.message}`);
    }
  }

  init() {
    return this.run('initdb', ['-D', this.data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  }

  start() {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    return this.run('pg_ctl', ['-D', this.data, '-l', path.join(this.dir, 'postgres.log'), '-o', opts, '-w', '-t', '30', 'start']);
  }

  stop(mode: 'fast' | 'immediate' = 'fast') {
    return this.run('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '30', 'stop']);
  }

  async dispose() {
    await this.stop('immediate').catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

interface Sample {
  at: number;
  kind: 'health' | 'read';
  status: number;
  ms: number;
}

describe('PostgreSQL restart under load', () => {
  let cluster: Cluster;
  let server: ServerProcess;
  let databaseUrl: string;

  beforeAll(async () => {
    cluster = new Cluster(await freePort());
    databaseUrl = `postgres://postgres@127.0.0.1:${cluster.port}/postgres`;
    await cluster.init();
    await cluster.start();
    server = await startServer({ DATABASE_URL: databaseUrl, SEED_DEMO: 'never' });
  }, 90_000);
  afterAll(async () => {
    await server?.dispose();
    await cluster?.dispose();
  });

  it('reports 503 while the database is down, 200 after, and serves reads again without a restart', async () => {
    const samples: Sample[] = [];
    let running = true;
    async function probe(kind: Sample['kind']) {
      const started = Date.now();
      const apiPath = kind === 'health' ? '/api/health' : '/api/merchants/search?service=hair';
      let status = 0;
      try {
        const res = await fetch(`${server.url}${apiPath}`, { signal: AbortSignal.timeout(10_000) });
        await res.text();
        status = res.status;
      } catch {
        status = -1;
      }
      samples.push({ at: started, kind, status, ms: Date.now() - started });
      return status;
    }
    const loops = (['health', 'read', 'read', 'health'] as const).map(async (kind) => {
      while (running) {
        await probe(kind);
        await sleep(50);
      }
    });
    const waitFor = async (want: (s: number) => boolean, withinMs: number) => {
      const until = Date.now() + withinMs;
      while (Date.now() < until) {
        if (want(await probe('health'))) return Date.now();
        await sleep(100);
      }
      return null;
    };

    try {
      await sleep(500);
      const stoppedAt = Date.now();
      await cluster.stop('fast');
      const goneAt = Date.now();
      const downAt = await waitFor((s) => s === 503, 10_000);
      expect(
        downAt,
        `/api/health must answer 503 once the database is gone; since the stop: ${JSON.stringify(countBy(samples.filter((s) => s.at > goneAt)))}, server exit ${server.child.exitCode ?? server.child.signalCode}, log:\n${server.log().slice(-3000)}`,
      ).not.toBeNull();
      await sleep(1_000);
      const startedAt = Date.now();
      await cluster.start();
      const upAt = await waitFor((s) => s === 200, 15_000);
      expect(upAt, '/api/health must answer 200 within 15 s of the database coming back').not.toBeNull();
      await sleep(500);
      running = false;
      await Promise.all(loops);

      const reads = Array.from({ length: 20 }, () => probe('read'));
      expect(await Promise.all(reads), 'every read succeeds once the database is back').toEqual(Array(20).fill(200));

      const before = samples.filter((s) => s.at + s.ms < stoppedAt);
      const outage = samples.filter((s) => s.at > goneAt && s.at + s.ms < startedAt);
      const after = samples.filter((s) => s.at > upAt!);
      console.log(
        `postgres restart: 503 after ${downAt! - stoppedAt} ms, 200 again ${upAt! - startedAt} ms after start; ${samples.length} requests, outage statuses ${JSON.stringify(countBy(outage))}, slowest outage answer ${Math.max(0, ...outage.map((s) => s.ms))} ms`,
      );
      expect(before.length).toBeGreaterThan(0);
      expect(
        before.every((s) => s.status === 200),
        JSON.stringify(countBy(before)),
      ).toBe(true);
      // While the database is gone, requests fail fast with 503 (try again), never a 500, never hang or drop the connection.
      expect(outage.filter((s) => s.kind === 'read').length).toBeGreaterThan(0);
      for (const s of outage) {
        expect(s.status, `${s.kind} answered ${s.status} during the outage`).toBe(503);
        expect(s.ms).toBeLessThan(7_000);
      }
      expect(
        after.every((s) => s.status === 200),
        JSON.stringify(countBy(after)),
      ).toBe(true);
      expect(server.child.exitCode, 'the server process never stopped').toBeNull();
      expect(server.child.signalCode).toBeNull();
    } finally {
      running = false;
      await Promise.all(loops);
    }
  });

  it('fails only the transaction whose connection the restart cut, without an uncaught error, and the pool reconnects', async () => {
    // The server's own database layer, in this process, so that an unhandled 'error' event shows up here.
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    const handle = await openDatabase({ databaseUrl, poolMax: 2 });
    try {
      let resume!: () => void;
      const paused = new Promise<void>((r) => (resume = r));
      let inside!: () => void;
      const started = new Promise<void>((r) => (inside = r));
      // A transaction that waits between two queries, as a request does while it works on a result.
      const trx = handle.db.transaction().execute(async (t) => {
        await sql`select 1`.execute(t);
        inside();
        await paused;
        return sql`select 2`.execute(t);
      });
      const outcome = trx.then(
        () => 'committed',
        (err: Error) => `rejected: ${err.message}`,
      );
      await started;
      await cluster.stop('fast');
      await cluster.start();
      await sleep(200);
      resume();
      expect(await outcome).toMatch(/^rejected: /);
      expect(uncaught).toEqual([]);
      await handle.ping();
      const again = await handle.db.transaction().execute((t) => sql<{ n: number }>`select 3 as n`.execute(t));
      expect(again.rows).toEqual([{ n: 3 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await handle.close();
    }
  });
});

function countBy(samples: Sample[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples) out[`${s.kind} ${s.status}`] = (out[`${s.kind} ${s.status}`] ?? 0) + 1;
  return out;
}
