import type { AddressInfo } from 'node:net';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/server/deps.js';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, toTRPCError } from '../../src/server/errors.js';
import { createApp } from '../../src/server/http/app.js';
import { appRouter } from '../../src/server/routers/index.js';
import { UNSUBSCRIBE_PURPOSE } from '../../src/server/services/crm/marketing.js';
import { createContextFactory } from '../../src/server/trpc/context.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('a database that cannot be reached is a 503, not a 500', () => {
  it('recognises refused and lost connections, shutdowns, start-ups and a full server', () => {
    for (const err of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('08006', 'connection failure'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
      const mapped = toTRPCError(err);
      expect([mapped.code, mapped.message]).toEqual(['SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE]);
    }
  });

  it('leaves the request’s own errors and real faults alone', () => {
    expect(toTRPCError(withCode('23P01')).code).toBe('CONFLICT');
    expect(toTRPCError(withCode('22P02')).code).toBe('BAD_REQUEST');
    for (const err of [
      withCode('42P01', 'relation "x" does not exist'),
      new Error('Connection terminated unexpectedly by a typo'),
      new TypeError('x is undefined'),
      'text',
      null,
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
      expect(toTRPCError(err).code).toBe('INTERNAL_SERVER_ERROR');
    }
  });

  it('a signed-in request whose session cannot be checked gets the 503 too', async () => {
    const failing = () => Promise.reject(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'));
    const query = { select: () => query, where: () => query, executeTakeFirst: failing };
    const deps = {
      tokens: { verify: async () => ({ sub: 'a', role: 'customer', ver: 0 }) },
      db: { selectFrom: () => query, executeQuery: failing },
    } as unknown as AppDeps;
    const context = createContextFactory(deps)({ req: { headers: { authorization: 'Bearer t' }, socket: {} } as never });
    await expect(context).rejects.toBeInstanceOf(TRPCError);
    await expect(context).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('over HTTP, with every database call refused', () => {
  let rt: TestRuntime;
  let base: string;
  let server: ReturnType<ReturnType<typeof createApp>['listen']>;
  let token: string;
  let customerId: string;
  beforeAll(async () => {
    rt = await createTestRuntime();
    const customer = await makeAccount(rt, 'customer');
    customerId = customer.id;
    token = await rt.deps.tokens.sign({ sub: customer.id, role: 'customer', ver: 0 });
    // A database handle whose every statement fails as a stopped server's would.
    const refused = (): unknown =>
      new Proxy(() => undefined, {
        get: (_, key) =>
          String(key).startsWith('execute')
            ? () => Promise.reject(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))
            : refused(),
        apply: () => refused(),
      });
    const down = refused() as never;
    // The replica handle too: with no DATABASE_REPLICA_URL it is the primary, so it is down as well.
    const app = createApp({
      deps: { ...rt.deps, db: down, readDb: down },
      router: appRouter,
      ping: () => Promise.reject(new Error('down')),
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rt.close();
  });

  it('answers 503 with the try-again message and Retry-After on the API, the invoice download, the unsubscribe link and health', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const calls = [
      fetch(`${base}/api/merchants/search?service=hair`),
      fetch(`${base}/api/users/getAllBookings`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ userId: customerId }),
      }),
      fetch(`${base}/api/invoices/00000000-0000-4000-8000-000000000000/pdf`, { headers: auth }),
      fetch(`${base}/api/marketing/unsubscribe?token=${encodeURIComponent(rt.deps.tokens.signLink(UNSUBSCRIBE_PURPOSE, customerId))}`),
      fetch(`${base}/api/health`),
    ];
    const answers = await Promise.all(
      calls.map(async (c) => {
        const r = await c;
        return { status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.text() };
      }),
    );
    expect(answers.map((a) => [a.status, a.retryAfter])).toEqual(Array(5).fill([503, '1']));
    for (const a of answers.slice(0, 4)) expect(JSON.parse(a.body)).toMatchObject({ message: DATABASE_UNAVAILABLE });
  });
});
