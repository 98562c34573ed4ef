import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ServerProcess, sleep, startServer } from './helpers.js';

/** SIGTERM on the built server: requests already in flight get their whole answer, new ones are refused, exit code 0. */

interface Outcome {
  status: number;
  body: string;
  finishedAt: number;
}

/**
 * A POST whose headers (and `head` of the body) go out now and whose rest is sent when `finish()`
 * is called: a request the server has started but cannot have finished, however fast it is.
 */
function slowPost(base: string, path: string, body: string, head: number) {
  const url = new URL(path, base);
  let finish!: () => void;
  // A dropped connection becomes an outcome (status 0), so the assertions below name it.
  const done = new Promise<Outcome>((resolve) => {
    const reject = (err: NodeJS.ErrnoException) =>
      resolve({ status: 0, body: `connection failed: ${err.code ?? err.message}`, finishedAt: Date.now() });
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), finishedAt: Date.now() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.flushHeaders();
    req.write(body.slice(0, head));
    finish = () => req.end(body.slice(head));
  });
  return { done, finish: () => finish() };
}

function post(base: string, path: string, body: unknown): Promise<Outcome> {
  return slowPost(base, path, JSON.stringify(body), Number.MAX_SAFE_INTEGER).done;
}

function connectRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

describe('SIGTERM drains requests in flight', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'auto' });
  }, 90_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it('answers every started request in full, refuses new connections, and exits 0', async () => {
    // An idle keep-alive connection must not hold the shutdown up.
    expect((await call(server.url, 'GET', '/api/health')).status).toBe(200);

    const signIn = { email: 'customer@demo.in', password: 'Demo@1234' };
    // Sign-ins hash with argon2 (tens of ms each); searches hit the database.
    const quick = [
      ...Array.from({ length: 8 }, () => post(server.url, '/api/users/loginUser/emailLogin', signIn)),
      ...Array.from({ length: 4 }, () => post(server.url, '/api/users/getShopByFilter', { searchQuery: 'hair' })),
    ];
    const halfSent = Array.from({ length: 8 }, (_, i) => {
      const body = i % 2 ? JSON.stringify(signIn) : JSON.stringify({ searchQuery: 'spa' });
      return slowPost(server.url, i % 2 ? '/api/users/loginUser/emailLogin' : '/api/users/getShopByFilter', body, 10);
    });
    // Let the server read every request's headers before the signal (generously: the tests beside
    // this one may keep the CPU busy; the half-sent requests cannot finish meanwhile).
    await sleep(1500);
    const signalledAt = Date.now();
    process.kill(server.child.pid!, 'SIGTERM');
    await sleep(300);

    expect(server.child.exitCode, 'the server must wait for the half-sent requests').toBeNull();
    expect(await connectRefused(server.port), 'a new connection while draining must be refused').toBe(true);

    for (const r of halfSent) r.finish();
    const outcomes = await Promise.all([...quick, ...halfSent.map((r) => r.done)]);
    for (const o of outcomes) {
      expect(o.status === 200 || (o.status >= 400 && o.status < 500), `${o.status} ${o.body.slice(0, 200)}`).toBe(true);
      expect(() => JSON.parse(o.body)).not.toThrow();
    }
    // Every sign-in was answered in full: with a token, or (when more than the throttle's 5 ran at
    // once for one account and IP, each reserved as a failure until checked) with a 429.
    const signIns = outcomes.filter((o) => o.body.includes('"token"') || o.status === 429);
    expect(signIns.length).toBeGreaterThanOrEqual(12);
    expect(outcomes.some((o) => o.body.includes('"token"'))).toBe(true);
    expect(outcomes.filter((o) => o.finishedAt > signalledAt).length, 'some answers came after the signal').toBeGreaterThanOrEqual(8);

    const code = await Promise.race([server.exited, sleep(10_000).then(() => 'still running after 10 s')]);
    expect(code).toBe(0);
    expect(server.log()).toContain('SIGTERM received: draining requests');
    expect(await connectRefused(server.port)).toBe(true);
  });
});
