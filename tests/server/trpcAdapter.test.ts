import type { AddressInfo } from 'node:net';
import { initTRPC, TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

/*
 * The /trpc adapter as app.ts mounts it (tRPC's own express adapter, after express.json) on a small
 * router of its own: what the app relies on from it. Answers carry the context and responseMeta's
 * headers, errors their status and shape, streams (JSONL batches, server-sent events) stream, and a
 * call's signal aborts when its client goes away before the answer. A change upstream that breaks
 * one of these fails here.
 */

const t = initTRPC.context<{ who: string }>().create({ sse: { ping: { enabled: false } } });
const signals: { name: string; signal: AbortSignal }[] = [];
const ended: { name: string; aborted: boolean }[] = [];
let ticks = 0;

const router = t.router({
  hello: t.procedure.input(z.object({ name: z.string() })).query(({ input, ctx, signal }) => {
    if (signal) signals.push({ name: input.name, signal });
    return { greeting: `hello ${input.name}`, who: ctx.who };
  }),
  fail: t.procedure.query(() => {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'No such thing' });
  }),
  echo: t.procedure.input(z.object({ n: z.number() })).mutation(({ input }) => ({ twice: input.n * 2 })),
  slow: t.procedure.input(z.object({ name: z.string() })).query(async ({ input, signal }) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5000);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    ended.push({ name: input.name, aborted: !!signal?.aborted });
    return 'done';
  }),
  ticker: t.procedure.subscription(async function* ({ signal }) {
    try {
      for (;;) {
        ticks++;
        yield { tick: ticks };
        await new Promise((r) => setTimeout(r, 20));
        if (signal?.aborted) return;
      }
    } finally {
      ended.push({ name: 'ticker', aborted: !!signal?.aborted });
    }
  }),
});

let base: string;
let close: () => Promise<void>;
const errors: string[] = [];

beforeAll(async () => {
  const app = express();
  app.use('/trpc', express.json());
  app.use(
    '/trpc',
    createExpressMiddleware({
      router,
      createContext: ({ req }) => ({ who: String(req.headers['x-who'] ?? 'nobody') }),
      onError: ({ error }) => errors.push(error.code),
      responseMeta: () => ({ headers: { 'x-meta': 'yes' } }),
    }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`;
  close = () => new Promise((r) => server.close(() => r()));
});
afterAll(async () => {
  await close();
});

const input = (v: unknown) => encodeURIComponent(JSON.stringify(v));

async function waitUntil(check: () => boolean, ms = 3000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the /trpc adapter', () => {
  it('answers a query with the context and responseMeta headers', async () => {
    const res = await fetch(`${base}/hello?input=${input({ name: 'Asha' })}`, { headers: { 'x-who': 'desk' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('vary')).toBe('trpc-accept, accept');
    expect(res.headers.get('x-meta')).toBe('yes');
    expect(await res.json()).toEqual({ result: { data: { greeting: 'hello Asha', who: 'desk' } } });
  });

  it('gives a query the signal of its request, not aborted while the call runs', async () => {
    signals.length = 0;
    const res = await fetch(`${base}/hello?input=${input({ name: 'Ravi' })}`);
    expect(res.status).toBe(200);
    const seen = signals.filter((s) => s.name === 'Ravi');
    expect(seen).toHaveLength(1);
    expect(seen[0].signal).toBeInstanceOf(AbortSignal);
  });

  it('aborts a call’s signal when its client goes away before the answer', async () => {
    const controller = new AbortController();
    const pending = fetch(`${base}/slow?input=${input({ name: 'gone' })}`, { signal: controller.signal }).catch(() => null);
    await new Promise((r) => setTimeout(r, 100));
    controller.abort();
    await pending;
    await waitUntil(() => ended.some((e) => e.name === 'gone'));
    expect(ended.find((e) => e.name === 'gone')?.aborted).toBe(true);
  });

  it('answers a batch, errors with their status and shape, and a mutation with a JSON body', async () => {
    const batch = await fetch(`${base}/hello,fail?batch=1&input=${input({ 0: { name: 'A' }, 1: undefined })}`);
    expect(batch.status).toBe(207);
    const [ok, failed] = (await batch.json()) as [{ result: unknown }, { error: { data: { code: string; httpStatus: number } } }];
    expect(ok).toEqual({ result: { data: { greeting: 'hello A', who: 'nobody' } } });
    expect(failed.error.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });

    const fail = await fetch(`${base}/fail`);
    expect(fail.status).toBe(404);
    expect(((await fail.json()) as { error: { message: string } }).error.message).toBe('No such thing');
    expect(errors).toContain('NOT_FOUND');

    const missing = await fetch(`${base}/nothing.here`);
    expect(missing.status).toBe(404);

    const bad = await fetch(`${base}/hello?input=${input({ name: 5 })}`);
    expect(bad.status).toBe(400);

    const echo = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n: 21 }),
    });
    expect(echo.status).toBe(200);
    expect(await echo.json()).toEqual({ result: { data: { twice: 42 } } });

    const wrongMethod = await fetch(`${base}/echo?input=${input({ n: 1 })}`);
    expect(wrongMethod.status).toBe(405);
  });

  it('still streams a JSONL batch', async () => {
    const res = await fetch(`${base}/hello,hello?batch=1&input=${input({ 0: { name: 'x' }, 1: { name: 'y' } })}`, {
      headers: { 'trpc-accept': 'application/jsonl' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const text = await res.text();
    expect(text).toContain('hello x');
    expect(text).toContain('hello y');
  });

  it('streams a subscription’s events and ends it when its client leaves', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/ticker`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('"tick"')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    await waitUntil(() => ended.some((e) => e.name === 'ticker'));
    const after = ticks;
    await new Promise((r) => setTimeout(r, 100));
    expect(ticks).toBe(after);
  });
});
