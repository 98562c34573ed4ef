import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bumpTokenVersion } from '../../src/server/db/repositories/accounts.js';
import { setBlocked } from '../../src/server/db/repositories/admin/users.js';
import { configureLiveStreams, openStreamCount } from '../../src/server/live/sessionGuard.js';
import { appRouter } from '../../src/server/routers/index.js';
import { createContextFactory } from '../../src/server/trpc/context.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/*
 * The calendar's live stream is signed in once when it opens: while it stays open the session is
 * checked again (every 100 ms here, 5 s by default), so a password change, "sign out everywhere",
 * a block or a logout ends it within seconds; an account holds at most 5 open streams.
 */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
  configureLiveStreams({ recheckMs: 100 });
});
afterAll(async () => {
  configureLiveStreams();
  await rt.close();
});

let seq = 0;
const PASSWORD = 'secret123';

async function registerMerchant() {
  return rt.caller().merchants.registerMerchants({
    shop_Name: 'Lotus Salon',
    shop_Owner: 'Kavita Rao',
    email: `live.${++seq}.${Date.now()}@streams.in`,
    phone: '9812345678',
    password: PASSWORD,
    shop_type: ['salon'],
    City: 'Pune',
    State: 'Maharashtra',
    Shop_Address: '12 FC Road',
  });
}

/** A caller signed in as over HTTP: the token in the stream's connection parameters. */
async function withToken(token: string, signal?: AbortSignal) {
  const ctx = await createContextFactory(rt.deps)({
    req: { headers: {}, socket: {}, ip: '10.0.0.7' } as never,
    info: { connectionParams: { token } },
  });
  return appRouter.createCaller(ctx, { signal });
}

interface Stream {
  events: unknown[];
  /** Settles when the stream ends: 'done', or the error it ended with. */
  ended: Promise<unknown>;
  close(): void;
}

const opened: Stream[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

async function openStream(token: string): Promise<Stream> {
  const controller = new AbortController();
  const caller = await withToken(token, controller.signal);
  const iterable = await caller.merchants.deskEvents({});
  const events: unknown[] = [];
  const iterator = iterable[Symbol.asyncIterator]();
  // The first event ('sync') says the stream is open.
  const first = await iterator.next();
  events.push(first.value);
  const ended = (async () => {
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return 'done';
        events.push(next.value);
      }
    } catch (err) {
      return err;
    }
  })();
  const stream = { events, ended, close: () => controller.abort() };
  opened.push(stream);
  return stream;
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms))]);

describe('a live calendar stream ends when its session does', () => {
  it('password change: the stream ends within seconds with UNAUTHORIZED', async () => {
    const reg = await registerMerchant();
    const stream = await openStream(reg.token);
    expect(stream.events).toEqual([{ kind: 'sync' }]);
    await (await withToken(reg.token)).users.changePassword({ currentPassword: PASSWORD, newPassword: 'another456' });
    expect(await within(stream.ended, 3000)).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/session has ended/) });
    expect(openStreamCount(rt.deps.db, reg.user._id)).toBe(0);
  });

  it('sign out everywhere (the token version bumped): the stream ends', async () => {
    const reg = await registerMerchant();
    const stream = await openStream(reg.token);
    await bumpTokenVersion(rt.deps.db, reg.user._id);
    expect(await within(stream.ended, 3000)).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('blocked by an admin: the stream ends, naming the block', async () => {
    const reg = await registerMerchant();
    const stream = await openStream(reg.token);
    await setBlocked(rt.deps.db, reg.user._id, true, 'fraud');
    expect(await within(stream.ended, 3000)).toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringMatching(/session has ended|blocked/),
    });
  });

  it('logout of that token: its stream ends, another token’s stream stays open', async () => {
    const reg = await registerMerchant();
    const second = (await rt.caller().merchantAuth.login({ email: reg.user.email, password: PASSWORD })).token;
    const first = (await rt.caller().merchantAuth.login({ email: reg.user.email, password: PASSWORD })).token;
    const ending = await openStream(first);
    const staying = await openStream(second);
    await (await withToken(first)).merchantAuth.logout();
    expect(await within(ending.ended, 3000)).toMatchObject({ code: 'UNAUTHORIZED' });
    const still = await Promise.race([staying.ended, new Promise((r) => setTimeout(() => r('open'), 400))]);
    expect(still).toBe('open');
    expect(openStreamCount(rt.deps.db, reg.user._id)).toBe(1);
  });

  it('a stream whose session holds stays open, and ends when its connection closes', async () => {
    const reg = await registerMerchant();
    const stream = await openStream(reg.token);
    const still = await Promise.race([stream.ended, new Promise((r) => setTimeout(() => r('open'), 400))]);
    expect(still).toBe('open');
    stream.close();
    expect(await within(stream.ended, 3000)).toBe('done');
    expect(openStreamCount(rt.deps.db, reg.user._id)).toBe(0);
  });
});

describe('open streams per account', () => {
  it('the 6th stream is refused with TOO_MANY_REQUESTS naming the limit; closing one makes room', async () => {
    const reg = await registerMerchant();
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await openStream(reg.token));
    expect(openStreamCount(rt.deps.db, reg.user._id)).toBe(5);
    await expect(openStream(reg.token)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/At most 5 live calendar streams/),
    });
    // Another account is not affected.
    const other = await registerMerchant();
    await openStream(other.token);
    streams[0].close();
    await within(streams[0].ended, 3000);
    const again = await openStream(reg.token);
    expect(again.events).toEqual([{ kind: 'sync' }]);
  });
});
