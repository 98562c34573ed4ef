import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { createSalon } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';
import { salonWithCompletedOnlinePayment } from '../helpers/settlements.js';

/*
 * The last lists of issue 39 page as every other (docs/api-clients.md "Paging"), sent as a client
 * sends them over HTTP: a customer's holdings (POST, page and limit in the body) and the admin's
 * payables (GET, in the query). Pages walk the whole list once; a limit over the largest is a 400
 * naming `limit`.
 */

let rt: TestRuntime;
let base: string;
let admin: Actor;

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  admin = await makeAccount(rt, 'admin');
});
afterAll(async () => {
  await rt?.close();
});

type Paging = { page: number; limit: number; total: number; hasMore: boolean };

async function send(actor: Actor, method: 'GET' | 'POST', path: string, body?: unknown) {
  const token = await rt.deps.tokens.sign({ sub: actor.id, role: actor.role, ver: 0 });
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

function expectLimitRefused(r: { status: number; body: { message?: string; data?: { field?: string | null } } }, max: number) {
  expect(r.status, JSON.stringify(r.body).slice(0, 200)).toBe(400);
  expect(r.body.message).toMatch(new RegExp(`^limit: a whole number from 1 to ${max}`));
  expect(r.body.data?.field).toBe('limit');
}

describe('POST /users/getMyHoldings pages', () => {
  it('answers page 1 and page 2 of the customer’s own holdings, newest first, and refuses a limit over 100', async () => {
    const customer = await makeAccount(rt, 'customer');
    const stranger = await makeAccount(rt, 'customer');
    const salon = await createSalon(rt);
    const made = [];
    for (const [i, who] of [customer, customer, customer, stranger].entries()) {
      const row = await rt.deps.db
        .insertInto('holdings')
        .values({
          merchant_id: salon.id,
          account_id: who.id,
          kind: 'package',
          name: `Package ${i}`,
          sessions_total: 3,
          sessions_left: 3,
          price_paise: 100_000,
          sold_via: 'checkout',
          created_at: new Date(Date.now() - (10 - i) * 60_000),
          expires_at: new Date(Date.now() + 30 * 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (who === customer) made.push(row.id);
    }

    const first = await send(customer, 'POST', '/users/getMyHoldings', { page: 1, limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body.paging).toEqual<Paging>({ page: 1, limit: 2, total: 3, hasMore: true });
    const second = await send(customer, 'POST', '/users/getMyHoldings', { page: 2, limit: 2 });
    expect(second.body.paging).toEqual<Paging>({ page: 2, limit: 2, total: 3, hasMore: false });
    // Newest first, each once, none of another account's.
    expect([...first.body.holdings, ...second.body.holdings].map((h: { _id: string }) => h._id)).toEqual([...made].reverse());

    // Without page or limit: the first page of the default size; one salon's only with merchantId.
    const plain = await send(customer, 'POST', '/users/getMyHoldings', {});
    expect(plain.body.paging).toEqual<Paging>({ page: 1, limit: 20, total: 3, hasMore: false });
    const other = await createSalon(rt);
    expect((await send(customer, 'POST', '/users/getMyHoldings', { merchantId: other.id })).body.paging.total).toBe(0);

    expectLimitRefused(await send(customer, 'POST', '/users/getMyHoldings', { limit: 101 }), 100);
    expect((await send(customer, 'POST', '/users/getMyHoldings', { page: 0 })).body.data?.field).toBe('page');
  });
});

describe('GET /admin/payments/payables pages', () => {
  it('answers salons by name a page at a time, with the totals of every salon, and refuses a limit over 200', async () => {
    for (let i = 0; i < 3; i++) await salonWithCompletedOnlinePayment(rt, 1000 + i * 100);

    const whole = await send(admin, 'GET', '/admin/payments/payables?limit=200');
    expect(whole.status).toBe(200);
    const all = whole.body.data;
    expect(all.paging.total).toBeGreaterThanOrEqual(3);
    expect(all.salons).toHaveLength(all.paging.total);

    const first = await send(admin, 'GET', '/admin/payments/payables?page=1&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.paging).toEqual<Paging>({ page: 1, limit: 2, total: all.paging.total, hasMore: true });
    const second = await send(admin, 'GET', '/admin/payments/payables?page=2&limit=2');
    expect(second.body.data.paging).toMatchObject({ page: 2, limit: 2, total: all.paging.total });
    // The pages are the whole list's first rows, in its order; the totals are every salon's on every page.
    const ids = (r: { body: { data: { salons: { merchantId: string }[] } } }) => r.body.data.salons.map((s) => s.merchantId);
    expect([...ids(first), ...ids(second)]).toEqual(ids(whole).slice(0, 4));
    for (const r of [first, second]) expect(r.body.data.totals).toEqual(all.totals);
    const sum = (k: 'due' | 'held' | 'paidOut') =>
      Math.round(all.salons.reduce((n: number, s: Record<string, number>) => n + s[k], 0) * 100) / 100;
    expect(all.totals).toEqual({ due: sum('due'), held: sum('held'), paidOut: sum('paidOut') });

    // A page past the end: no salons, the same totals and count.
    const past = await send(admin, 'GET', `/admin/payments/payables?page=${all.paging.total + 1}&limit=1`);
    expect(past.body.data).toMatchObject({ salons: [], totals: all.totals, paging: { total: all.paging.total, hasMore: false } });

    expectLimitRefused(await send(admin, 'GET', '/admin/payments/payables?limit=201'), 200);
    // A customer is refused before anything is read.
    expect((await send(await makeAccount(rt, 'customer'), 'GET', '/admin/payments/payables')).status).toBe(403);
  });
});
