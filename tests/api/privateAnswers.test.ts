import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { createSalon, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/*
 * Issue 43.19: an answer to a signed-in caller, on /api and on /trpc, is marked
 * `Cache-Control: private, no-store` (no shared cache or browser keeps it); public reads keep the
 * caching they have (none is set on these paths). Requests are sent as a client sends them.
 */

let rt: TestRuntime;
let base: string;
let customer: Actor;
let salon: SalonFixture;

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  customer = await makeAccount(rt, 'customer');
  salon = await createSalon(rt);
});
afterAll(async () => {
  await rt?.close();
});

const bearer = async (a: Actor) => `Bearer ${await rt.deps.tokens.sign({ sub: a.id, role: a.role, ver: 0 })}`;
const input = (v: unknown) => encodeURIComponent(JSON.stringify(v));

async function get(path: string, authorization?: string) {
  const res = await fetch(`${base}${path}`, { headers: authorization ? { authorization } : {} });
  await res.arrayBuffer();
  return { status: res.status, cacheControl: res.headers.get('cache-control') };
}

async function post(path: string, body: unknown, authorization?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, cacheControl: res.headers.get('cache-control') };
}

describe('answers to signed-in callers are private, not stored (43.19)', () => {
  it('/api: a signed-in read, a signed-in write, and a public read asked for by a signed-in caller', async () => {
    const auth = await bearer(customer);
    expect(await get('/api/users/profile', auth)).toEqual({ status: 200, cacheControl: 'private, no-store' });
    expect(await post('/api/users/getUsersById', {}, auth)).toEqual({ status: 200, cacheControl: 'private, no-store' });
    expect(await get('/api/categories', auth)).toEqual({ status: 200, cacheControl: 'private, no-store' });
    expect(await get(`/api/merchants/getMerchantById/${salon.id}`, auth)).toMatchObject({ cacheControl: 'private, no-store' });
  });

  it('/api: refusals to a request carrying a token are private too (an ended token, a bad body)', async () => {
    const auth = await bearer(customer);
    expect(await get('/api/users/profile', 'Bearer not-a-token')).toEqual({ status: 401, cacheControl: 'private, no-store' });
    const bad = await fetch(`${base}/api/users/getUsersById`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: '{"id":',
    });
    expect([bad.status, bad.headers.get('cache-control')]).toEqual([400, 'private, no-store']);
  });

  it('/trpc: a signed-in query, a batch, a mutation, and a public query asked for by a signed-in caller', async () => {
    const auth = await bearer(customer);
    expect(await get('/trpc/users.profile', auth)).toEqual({ status: 200, cacheControl: 'private, no-store' });
    expect(await get(`/trpc/users.profile,categories.listCategories?batch=1&input=${input({})}`, auth)).toEqual({
      status: 200,
      cacheControl: 'private, no-store',
    });
    expect(await get('/trpc/categories.listCategories', auth)).toEqual({ status: 200, cacheControl: 'private, no-store' });
    expect(await post('/trpc/users.getUsersById', {}, auth)).toEqual({ status: 200, cacheControl: 'private, no-store' });
    expect(await get('/trpc/users.profile', 'Bearer not-a-token')).toEqual({ status: 401, cacheControl: 'private, no-store' });
  });

  it('/trpc: the calendar feed signed in by a connection parameter (no Authorization header) is private', async () => {
    const token = (await bearer(salon.owner)).slice('Bearer '.length);
    const controller = new AbortController();
    // As httpSubscriptionLink sends them: the input and the connection parameters in the query string.
    const res = await fetch(
      `${base}/trpc/merchants.deskEvents?input=${input({ merchantId: salon.id })}&connectionParams=${input({ token })}`,
      {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toMatch(/private/);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    controller.abort();
  });

  it('public reads without a token are cacheable on /api (docs/api-clients.md), and /trpc sets nothing', async () => {
    expect(await get('/api/categories')).toEqual({ status: 200, cacheControl: 'public, max-age=300, stale-while-revalidate=3600' });
    expect(await get(`/api/merchants/getMerchantById/${salon.id}`)).toMatchObject({
      cacheControl: 'public, max-age=60, stale-while-revalidate=300',
    });
    expect(await get('/trpc/categories.listCategories')).toEqual({ status: 200, cacheControl: null });
    expect(await get('/api/openapi.json')).toEqual({ status: 200, cacheControl: 'no-cache' });
  });
});
