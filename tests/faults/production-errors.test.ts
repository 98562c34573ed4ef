import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, call, leaks, type ServerProcess, scratchDatabase, startServer } from './helpers.js';

/** The built server in production mode: every error answer is JSON with a message and carries no internals. */

function hasKey(value: unknown, key: string): boolean {
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k === key || hasKey(v, key));
}

function expectCleanError(r: Answer, status: number, secrets: string[] = []) {
  expect(r.status, r.text).toBe(status);
  expect(r.json, r.text).not.toBeNull();
  expect(typeof r.json.message).toBe('string');
  expect(hasKey(r.json, 'stack'), r.text).toBe(false);
  expect(leaks(r.text, secrets), r.text).toEqual([]);
}

describe('error answers of the production build (embedded database)', () => {
  let server: ServerProcess;
  let customerToken: string;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'auto' });
    const login = await call(server.url, 'POST', '/api/users/loginUser/emailLogin', {
      body: { email: 'customer@demo.in', password: 'Demo@1234' },
    });
    expect(login.status, login.text).toBe(200);
    customerToken = login.json.token;
  }, 90_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it('400 for invalid input names the field and nothing internal', async () => {
    const r = await call(server.url, 'POST', '/api/users/registerUser', { body: { email: 'not-an-email' } });
    expectCleanError(r, 400);
  });

  it('400 for malformed JSON, a body of the wrong JSON type, or nesting deep enough to overflow a parser', async () => {
    expectCleanError(await call(server.url, 'POST', '/api/users/loginUser/emailLogin', { raw: '{"email": "a@b.in",' }), 400);
    expectCleanError(await call(server.url, 'POST', '/api/users/loginUser/emailLogin', { raw: '"just a string"' }), 400);
    expectCleanError(
      await call(server.url, 'POST', '/api/users/loginUser/emailLogin', { raw: '['.repeat(20_000) + ']'.repeat(20_000) }),
      400,
    );
  });

  it('401 without a token and with a token signed by someone else', async () => {
    expectCleanError(await call(server.url, 'GET', '/api/users/profile'), 401);
    const forged = await new SignJWT({ role: 'admin', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(randomUUID())
      .setIssuer('glowbook')
      .setAudience('glowbook-app')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    expectCleanError(await call(server.url, 'GET', '/api/admin/dashboard', { token: forged }), 401);
    expectCleanError(await call(server.url, 'GET', '/api/users/profile', { token: 'garbage.token.here' }), 401);
  });

  it('403 for a customer on an admin path', async () => {
    expectCleanError(await call(server.url, 'GET', '/api/admin/dashboard', { token: customerToken }), 403);
  });

  it('404 for a missing record and for an unknown /api path', async () => {
    expectCleanError(await call(server.url, 'GET', `/api/merchants/getMerchantById/${randomUUID()}`), 404);
    expectCleanError(await call(server.url, 'GET', '/api/no/such/thing'), 404);
  });

  it('409 for an e-mail that is already registered', async () => {
    const r = await call(server.url, 'POST', '/api/users/registerUser', {
      body: { firstName: 'Dup', lastName: 'User', email: 'customer@demo.in', phone: '9876500000', password: 'Demo@1234' },
    });
    expectCleanError(r, 409);
  });

  it('413 for a 2 MB body and 415 for a body that is not JSON', async () => {
    expectCleanError(
      await call(server.url, 'POST', '/api/users/registerUser', { raw: JSON.stringify({ firstName: 'x'.repeat(2 * 1024 * 1024) }) }),
      413,
    );
    expectCleanError(
      await call(server.url, 'POST', '/api/users/loginUser/emailLogin', { raw: 'email=a', headers: { 'content-type': 'text/plain' } }),
      415,
    );
  });
});

describe('an internal error in the production build (PostgreSQL)', () => {
  it('answers 500 "Something went wrong" without the database error, logs it, and keeps serving', async () => {
    const db = await scratchDatabase('gb_faults_errors');
    const sql = db.client();
    let server: ServerProcess | undefined;
    try {
      server = await startServer({ DATABASE_URL: db.url, SEED_DEMO: 'never' });
      const read = () => call(server!.url, 'GET', `/api/merchants/getMerchantById/${randomUUID()}`);
      expectCleanError(await read(), 404);
      // Without a code change, the one way to make a read fail inside the server: take its table away.
      await sql.connect();
      await sql.query('alter table merchants rename to merchants_gone');
      const r = await read();
      expectCleanError(r, 500, [db.url, db.name]);
      expect(r.json.message).toBe('Something went wrong');
      expect(r.text).not.toMatch(/relation|does not exist|merchants_gone|select/i);
      expect(server.log()).toMatch(/relation "merchants" does not exist/);
      await sql.query('alter table merchants_gone rename to merchants');
      expectCleanError(await read(), 404);
    } finally {
      await sql.end().catch(() => undefined);
      await server?.dispose();
      await db.drop();
    }
  }, 60_000);
});
