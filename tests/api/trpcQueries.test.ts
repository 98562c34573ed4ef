import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { createTrpcExpressMiddleware } from '../../src/server/http/trpcExpress.js';
import { appRouter } from '../../src/server/routers/index.js';
import { createContextFactory } from '../../src/server/trpc/context.js';
import { MAX_TRPC_BATCH } from '../../src/shared/batch.js';
import { createSalon, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/*
 * /trpc answers GET queries without tRPC's fetch Request and Response (trpcExpress.ts, queryAnswer).
 * The same requests go to the middleware with that path and without it (tRPC's own handler), and
 * the answers must be the same: status, body byte for byte, the headers a client reads, what
 * responseMeta and onError were told. Each case also says which path answered it, so a fast path
 * that gave up on everything (and so always agreed) fails here.
 */

let rt: TestRuntime;
let server: http.Server;
let base: string;
let customer: Actor;
let salon: SalonFixture;
const seen: { mount: string; fast: boolean; paths: string[]; errors: string[]; type: string }[] = [];
const errorsSeen: { mount: string; code: string; path: string | undefined }[] = [];

beforeAll(async () => {
  rt = await createTestRuntime();
  customer = await makeAccount(rt, 'customer');
  salon = await createSalon(rt);
  const createContext = createContextFactory(rt.deps);
  const app = express();
  for (const [mount, fastQueries] of [
    ['fast', true],
    ['trpc', false],
  ] as const) {
    app.use(
      `/${mount}`,
      createTrpcExpressMiddleware({
        router: appRouter,
        createContext,
        fastQueries,
        maxBatchSize: MAX_TRPC_BATCH,
        onError: ({ error, path }) => errorsSeen.push({ mount, code: error.code, path }),
        responseMeta: ({ info, paths, errors, type }) => {
          // The fast path's request info makes its url on first read (a getter); tRPC's is a value.
          const fast = Boolean(info && Object.getOwnPropertyDescriptor(info, 'url')?.get);
          seen.push({ mount, fast, paths: [...(paths ?? [])], errors: errors.map((e) => e.code), type });
          const headers: Record<string, string | string[]> = { 'x-meta': `${type}:${(paths ?? []).join('|')}` };
          if (paths?.includes('categories.getAllCategories')) headers['set-cookie'] = ['a=1; Path=/', 'b=2; Path=/'];
          return paths?.includes('blogs.getAllBlogs') ? { headers, status: 203 } : { headers };
        },
      }),
    );
  }
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await rt?.close();
});

const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

async function both(path: string, headers: Record<string, string> = {}) {
  const answer = async (mount: string) => {
    const from = seen.length;
    const res = await fetch(`${base}/${mount}/${path}`, { headers });
    const text = await res.text();
    const pick = ['content-type', 'vary', 'x-meta'].map((h) => [h, res.headers.get(h)]);
    if (res.headers.get('content-type') === 'application/json' && !res.headers.has('transfer-encoding'))
      expect(Number(res.headers.get('content-length')), `${mount}/${path}`).toBe(Buffer.byteLength(text));
    return {
      status: res.status,
      // Error stacks (shown in tests) name the functions each path went through; the rest must match.
      body: text.replace(/,"stack":"(?:[^"\\]|\\.)*"/g, ''),
      headers: Object.fromEntries(pick),
      cookies: res.headers.getSetCookie(),
      meta: seen.slice(from).map(({ fast, ...rest }) => ({ ...rest, mount: undefined })),
      fast: seen.slice(from).some((s) => s.fast),
    };
  };
  const errorsFrom = errorsSeen.length;
  const fast = await answer('fast');
  const trpc = await answer('trpc');
  const errors = errorsSeen.slice(errorsFrom);
  expect(errors.filter((e) => e.mount === 'fast').map(({ mount, ...e }) => e)).toEqual(
    errors.filter((e) => e.mount === 'trpc').map(({ mount, ...e }) => e),
  );
  expect(trpc.fast).toBe(false);
  const { fast: usedFastPath, ...fastAnswer } = fast;
  const { fast: _, ...trpcAnswer } = trpc;
  expect(fastAnswer).toEqual(trpcAnswer);
  return { ...fastAnswer, usedFastPath };
}

describe('GET queries answered without fetch objects', () => {
  it('answers a query as tRPC does', async () => {
    const a = await both(`merchants.getMerchantById?input=${q({ id: salon.id })}`);
    expect(a.usedFastPath).toBe(true);
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body).result.data.merchant._id).toBe(salon.id);
    expect(a.headers).toMatchObject({ 'content-type': 'application/json', vary: 'trpc-accept, accept' });
  });

  it('answers refusals (bad input, not found, not signed in) with tRPC’s shapes and statuses', async () => {
    const bad = await both(`merchants.getMerchantById?input=${q({ id: 'not-a-uuid' })}`);
    expect(bad.usedFastPath).toBe(true);
    expect(bad.status).toBe(400);
    expect(bad.body).not.toContain('stack');
    const missing = await both(`merchants.getMerchantById?input=${q({ id: randomUUID() })}`);
    expect(missing.status).toBe(404);
    const anonymous = await both(`users.getNotifications?input=${q({})}`);
    expect(anonymous.usedFastPath).toBe(true);
    expect(anonymous.status).toBe(401);
    const token = await rt.deps.tokens.sign({ sub: customer.id, role: customer.role, ver: 0 });
    const signedIn = await both(`users.getNotifications?input=${q({})}`, { authorization: `Bearer ${token}` });
    expect(signedIn.status).toBe(200);
  });

  it('answers batches: all good (200), mixed (207), and without input', async () => {
    const good = await both(`merchants.getMerchantById,categories.getAllCategories?batch=1&input=${q({ 0: { id: salon.id } })}`);
    expect(good.usedFastPath).toBe(true);
    expect(good.status).toBe(200);
    expect(good.cookies).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const mixed = await both(
      `merchants.getMerchantById,merchants.getMerchantById?batch=1&input=${q({ 0: { id: salon.id }, 1: { id: 'x' } })}`,
    );
    expect(mixed.usedFastPath).toBe(true);
    expect(mixed.status).toBe(207);
    expect(JSON.parse(mixed.body)).toHaveLength(2);
    const noInput = await both('categories.getAllCategories?batch=1');
    expect(noInput.usedFastPath).toBe(true);
    expect(noInput.status).toBe(200);
  });

  it('takes responseMeta’s status and headers', async () => {
    const a = await both(`blogs.getAllBlogs?input=${q({})}`);
    expect(a.usedFastPath).toBe(true);
    expect(a.status).toBe(203);
    expect(a.headers['x-meta']).toBe('query:blogs.getAllBlogs');
  });

  it('leaves everything else to tRPC’s handler, which answers as before', async () => {
    const cases = [
      // A mutation over GET, an unknown procedure, input that is not JSON, a batch input that is not an object.
      `users.markAllNotificationsAsRead?input=${q({})}`,
      'merchants.noSuchThing',
      'merchants.getMerchantById?input=%7Bnot-json',
      `categories.getAllCategories?batch=1&input=${q([1])}`,
      // Over the batch limit.
      `${Array.from({ length: MAX_TRPC_BATCH + 1 }, () => 'categories.getAllCategories').join(',')}?batch=1`,
    ];
    for (const path of cases) {
      const a = await both(path);
      expect(a.usedFastPath, path).toBe(false);
      expect(a.status, path).toBeGreaterThanOrEqual(400);
    }
    // A streamed batch (httpBatchStreamLink) is tRPC's too.
    const streamed = await both('categories.getAllCategories?batch=1', { 'trpc-accept': 'application/jsonl' });
    expect(streamed.usedFastPath).toBe(false);
    expect(streamed.status).toBe(200);
  });
});
