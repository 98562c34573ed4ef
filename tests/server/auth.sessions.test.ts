import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appRouter } from '../../src/server/routers/index.js';
import {
  MAX_FAILURES_PER_ACCOUNT_ALL_IPS,
  MAX_FAILURES_PER_ACCOUNT_AND_IP,
  MAX_FAILURES_PER_IP,
  THROTTLE_WINDOW_MIN,
} from '../../src/server/services/auth/service.js';
import { createContextFactory, resolveActor } from '../../src/server/trpc/context.js';
import { ageCodesAndLimits } from '../helpers/limits.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* Logout ends one token; the sign-in throttle cannot be used to lock an owner out; odd subjects are 401. */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

let seq = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${++seq}.${Date.now()}@sessions.in`;
const PASSWORD = 'secret123';

async function registerCustomer(email = uniqueEmail('c')) {
  return rt.caller().users.registerUser({ firstName: 'Asha', lastName: 'Rao', email, password: PASSWORD });
}

async function registerMerchant(email = uniqueEmail('m')) {
  return rt.caller().merchants.registerMerchants({
    shop_Name: 'Lotus Salon',
    shop_Owner: 'Kavita Rao',
    email,
    phone: '9812345678',
    password: PASSWORD,
    shop_type: ['salon'],
    City: 'Pune',
    State: 'Maharashtra',
    Shop_Address: '12 FC Road',
  });
}

/** A caller whose context is made from a request carrying this bearer token, as over HTTP. */
async function withToken(token: string, ip = '10.0.0.1') {
  const ctx = await createContextFactory(rt.deps)({ req: { headers: { authorization: `Bearer ${token}` }, socket: {}, ip } as never });
  return appRouter.createCaller(ctx);
}

/** A token signed with the server's key, with the payload and subject given (for old or odd tokens). */
function signRaw(payload: Record<string, unknown>, sub: string) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer('glowbook')
    .setAudience('glowbook-app')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(rt.deps.env.JWT_SECRET!));
}

describe('logout ends that one session', () => {
  it('merchant: after merchants/auth/logout the token is refused, another token of the account still works', async () => {
    const reg = await registerMerchant();
    const email = reg.user.email;
    const first = (await rt.caller().merchantAuth.login({ email, password: PASSWORD })).token;
    const second = (await rt.caller().merchants.loginMerchant({ email, password: PASSWORD })).token;
    expect((await (await withToken(first)).merchantAuth.me({})).merchant._id).toBe(reg.user._id);

    expect(await (await withToken(first)).merchantAuth.logout()).toEqual({ message: 'Logged out' });

    await expect((await withToken(first)).merchantAuth.me({})).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringMatching(/session has ended/),
    });
    expect((await (await withToken(second)).merchantAuth.me({})).merchant._id).toBe(reg.user._id);
    expect((await (await withToken(reg.token)).merchantAuth.me({})).merchant._id).toBe(reg.user._id);
    // Logging out again (or without a token) answers the same.
    expect(await (await withToken(first)).merchantAuth.logout()).toEqual({ message: 'Logged out' });
    expect(await rt.caller().merchantAuth.logout()).toEqual({ message: 'Logged out' });
  });

  it('customer and admin: users/logout ends the caller’s token only', async () => {
    const reg = await registerCustomer();
    const other = (await rt.caller().users.loginEmail({ email: reg.user.email, password: PASSWORD })).token;
    expect(await (await withToken(reg.token)).users.logout()).toEqual({ message: 'Logged out' });
    await expect((await withToken(reg.token)).users.profile()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect((await withToken(reg.token)).users.logout()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await (await withToken(other)).users.profile()).user._id).toBe(reg.user._id);

    const admin = await registerCustomer();
    await rt.deps.db.updateTable('accounts').set({ role: 'admin' }).where('id', '=', admin.user._id).execute();
    const a1 = (await rt.caller().users.loginEmail({ email: admin.user.email, password: PASSWORD })).token;
    const a2 = (await rt.caller().users.loginEmail({ email: admin.user.email, password: PASSWORD })).token;
    await (await withToken(a1)).users.logout();
    expect((await resolveActor(rt.deps, a1)).actor).toBeNull();
    expect((await resolveActor(rt.deps, a2)).actor).toMatchObject({ id: admin.user._id, role: 'admin' });
  });

  it('tokens have their own id; one without (issued before) keeps working until it expires', async () => {
    const reg = await registerCustomer();
    const a = await rt.deps.tokens.verify(reg.token);
    const b = await rt.deps.tokens.verify((await rt.caller().users.loginEmail({ email: reg.user.email, password: PASSWORD })).token);
    expect(a?.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(b?.jti).not.toBe(a?.jti);

    const old = await signRaw({ role: 'customer', ver: 0 }, reg.user._id);
    expect((await resolveActor(rt.deps, old)).actor?.id).toBe(reg.user._id);
    expect(await (await withToken(old)).users.logout()).toEqual({ message: 'Logged out' });
    expect((await (await withToken(old)).users.profile()).user._id).toBe(reg.user._id);
  });

  it('checks the account and the revocation in one statement per signed-in request', async () => {
    const reg = await registerCustomer();
    await resolveActor(rt.deps, reg.token); // the token is verified and remembered; the statement compiled
    const spy = vi.spyOn(rt.deps.db, 'executeQuery');
    try {
      expect((await resolveActor(rt.deps, reg.token)).actor?.id).toBe(reg.user._id);
      expect(spy).toHaveBeenCalledTimes(1);
      expect((spy.mock.calls[0][0] as { sql: string }).sql).toMatch(/revoked_tokens/);
    } finally {
      spy.mockRestore();
    }
  });

  it('a logout prunes the rows of tokens that have expired since', async () => {
    await rt.deps.db
      .insertInto('revoked_tokens')
      .values([
        { jti: 'expired-long-ago', expires_at: new Date(Date.now() - 3_600_000) },
        { jti: 'still-live', expires_at: new Date(Date.now() + 3_600_000) },
      ])
      .execute();
    const reg = await registerCustomer();
    const claims = await rt.deps.tokens.verify(reg.token);
    await (await withToken(reg.token)).users.logout();
    const rows = (await rt.deps.db.selectFrom('revoked_tokens').select(['jti', 'expires_at']).execute()).map((r) => r.jti);
    expect(rows).not.toContain('expired-long-ago');
    expect(rows).toContain('still-live');
    expect(rows).toContain(claims!.jti);
    const row = await rt.deps.db
      .selectFrom('revoked_tokens')
      .select('expires_at')
      .where('jti', '=', claims!.jti!)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBe(claims!.exp * 1000);
  });
});

describe('the sign-in throttle cannot lock an owner out from elsewhere', () => {
  const fail = (email: string, ip: string) => rt.caller(null, { ip }).users.loginEmail({ email, password: 'wrongpass1' });
  const signIn = (email: string, ip: string) => rt.caller(null, { ip }).users.loginEmail({ email, password: PASSWORD });

  it('failures from one IP stop that IP only; the right password from another IP still signs in', async () => {
    const { user } = await registerCustomer();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) {
      await expect(fail(user.email, '203.0.113.1')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(signIn(user.email, '203.0.113.1')).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: `Too many failed sign-in attempts. Please try again in ${THROTTLE_WINDOW_MIN} minutes.`,
    });
    expect((await signIn(user.email, '203.0.113.2')).user._id).toBe(user._id);
    // Still refused where the guessing came from.
    await expect(signIn(user.email, '203.0.113.1')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('holds for every sign-in family: the admin and merchant sign-ins too', async () => {
    const admin = await registerCustomer();
    await rt.deps.db.updateTable('accounts').set({ role: 'admin' }).where('id', '=', admin.user._id).execute();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++)
      await expect(fail(admin.user.email, '203.0.113.10')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(signIn(admin.user.email, '203.0.113.10')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await signIn(admin.user.email, '203.0.113.11')).userType).toBe('admin');

    const merchant = await registerMerchant();
    const email = merchant.user.email;
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) {
      await expect(rt.caller(null, { ip: '203.0.113.12' }).merchantAuth.login({ email, password: 'wrongpass1' })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    await expect(rt.caller(null, { ip: '203.0.113.12' }).merchants.loginMerchant({ email, password: PASSWORD })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    expect((await rt.caller(null, { ip: '203.0.113.13' }).merchantAuth.login({ email, password: PASSWORD })).merchant._id).toBe(
      merchant.user._id,
    );
    expect((await rt.caller(null, { ip: '203.0.113.13' }).merchants.loginMerchant({ email, password: PASSWORD })).userType).toBe(
      'merchant',
    );
  });

  it('signing in from an IP clears its failures for the account', async () => {
    const { user } = await registerCustomer();
    const ip = '203.0.113.20';
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP - 1; i++)
      await expect(fail(user.email, ip)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await signIn(user.email, ip);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP - 1; i++)
      await expect(fail(user.email, ip)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await signIn(user.email, ip)).user._id).toBe(user._id);
  });

  it('many IPs guessing one account together are stopped by the per-account limit', async () => {
    const { user } = await registerCustomer();
    const perIp = MAX_FAILURES_PER_ACCOUNT_AND_IP - 1;
    let made = 0;
    for (let n = 0; made < MAX_FAILURES_PER_ACCOUNT_ALL_IPS - 1; n++) {
      for (let i = 0; i < perIp && made < MAX_FAILURES_PER_ACCOUNT_ALL_IPS - 1; i++, made++) {
        await expect(fail(user.email, `198.18.1.${n}`)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      }
    }
    // One short of the limit, the owner still signs in from a fresh IP ...
    expect((await signIn(user.email, '198.18.2.1')).user._id).toBe(user._id);
    await expect(fail(user.email, '198.18.3.1')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // ... at the limit, every IP is refused.
    await expect(signIn(user.email, '198.18.2.2')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(signIn(user.email, '198.18.2.1')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('one IP trying many accounts is still stopped', async () => {
    const ip = '198.18.9.9';
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) await fail(`spray.${i}.${Date.now()}@sessions.in`, ip).catch(() => undefined);
    const { user } = await registerCustomer();
    await expect(signIn(user.email, ip)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await signIn(user.email, '198.18.9.10')).user._id).toBe(user._id);
  });

  it('sign-in codes: wrong codes from one IP stop that IP only', async () => {
    const { user } = await registerCustomer();
    const codeFor = async () => {
      await rt.caller().users.sendOTPonEmailForLogin({ email: user.email });
      const row = await rt.deps.db
        .selectFrom('outbox_messages')
        .select('body')
        .where('recipient', '=', user.email)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      return /\b(\d{6})\b/.exec(row.body)![1];
    };
    const verify = (ip: string, otp: string) => rt.caller(null, { ip }).users.verifyOTPForEmailLogin({ email: user.email, otp });
    const code = await codeFor();
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++)
      await expect(verify('203.0.113.30', wrong)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(verify('203.0.113.30', code)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Those wrong tries burnt the code; a new one (past the 30 s resend wait) works from another IP.
    await ageCodesAndLimits(rt.deps.db, user.email, 60);
    const fresh = await codeFor();
    expect(await rt.deps.tokens.verify((await verify('203.0.113.31', fresh)).token)).toMatchObject({ sub: user._id });
  });
});

describe('tokens whose subject is not an account id', () => {
  it('are refused as invalid (401), without asking the database', async () => {
    for (const sub of ['not-a-uuid', '1', "x' or '1'='1", '00000000-0000-4000-8000-00000000000g']) {
      const token = await signRaw({ role: 'customer', ver: 0 }, sub);
      expect(await rt.deps.tokens.verify(token)).toBeNull();
      const spy = vi.spyOn(rt.deps.db, 'executeQuery');
      try {
        const r = await resolveActor(rt.deps, token);
        expect(r.actor).toBeNull();
        expect(r.authError).toMatch(/invalid or has expired/);
        expect(spy).not.toHaveBeenCalled();
      } finally {
        spy.mockRestore();
      }
      await expect((await withToken(token)).users.profile()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});
