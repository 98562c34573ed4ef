import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS } from '../../src/server/services/auth/service.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const customer = (email: string) => ({ firstName: 'Meera', lastName: 'Iyer', email, phone: '9123456789', password: 'secret123' });
const merchant = (email: string) => ({
  shop_Name: 'Lotus Salon',
  shop_Owner: 'Kavita Rao',
  email,
  phone: '9812345678',
  password: 'secret123',
  shop_type: ['salon' as const],
  City: 'Pune',
  State: 'Maharashtra',
  Shop_Address: '12 FC Road',
});

describe('customer registration and sign-in', () => {
  it('registers, signs in and reads the profile', async () => {
    const reg = await rt.caller().users.registerUser(customer('Meera@Example.in'));
    expect(reg.role).toBe('customer');
    expect(reg.user.email).toBe('meera@example.in');
    const login = await rt.caller().users.loginEmail({ email: 'meera@example.in', password: 'secret123' });
    expect(login.userType).toBe('customer');
    const claims = await rt.deps.tokens.verify(login.token);
    expect(claims?.sub).toBe(reg.user._id);
    const me = await rt.caller({ id: reg.user._id, role: 'customer', email: reg.user.email }).users.profile();
    expect(me.user.firstName).toBe('Meera');
  });

  it('refuses a duplicate e-mail with 409', async () => {
    await rt.caller().users.registerUser(customer('dup@example.in'));
    await expect(rt.caller().users.registerUser(customer('DUP@example.in'))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses weak passwords and bad phones naming the field', async () => {
    await expect(rt.caller().users.registerUser({ ...customer('weak@example.in'), password: 'short' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('password'),
    });
    await expect(rt.caller().users.registerUser({ ...customer('ph@example.in'), phone: '5123456789' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('phone'),
    });
  });

  it('answers the same 401 text for unknown e-mail and wrong password', async () => {
    await rt.caller().users.registerUser(customer('same@example.in'));
    const wrong = rt.caller().users.loginEmail({ email: 'same@example.in', password: 'nottheone1' });
    await expect(wrong).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
    const unknown = rt.caller().users.loginEmail({ email: 'nobody@example.in', password: 'nottheone1' });
    await expect(unknown).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
  });

  it('throttles repeated failures per account with 429, even with the right password', async () => {
    await rt.caller().users.registerUser(customer('throttle@example.in'));
    for (let i = 0; i < 5; i++) {
      await expect(rt.caller().users.loginEmail({ email: 'throttle@example.in', password: 'wrongpass1' })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    await expect(rt.caller().users.loginEmail({ email: 'throttle@example.in', password: 'secret123' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('throttles per IP across accounts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 30; i++) {
      await rt
        .caller(null, { ip })
        .users.loginEmail({ email: `spray${i}@example.in`, password: 'wrongpass1' })
        .catch(() => undefined);
    }
    await expect(rt.caller(null, { ip }).users.loginEmail({ email: 'x@example.in', password: 'wrongpass1' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });
});

describe('merchant registration and the two sign-in families', () => {
  it('registers a merchant whose user id is the merchant id', async () => {
    const reg = await rt.caller().merchants.registerMerchants(merchant('owner@lotus.in'));
    expect(reg.role).toBe('merchant');
    const shop = await rt.deps.db.selectFrom('merchants').selectAll().where('id', '=', reg.user._id).executeTakeFirstOrThrow();
    expect(shop.shop_name).toBe('Lotus Salon');
    expect(shop.is_published).toBe(false);
    const login = await rt.caller().merchants.loginMerchant({ email: 'owner@lotus.in', password: 'secret123' });
    expect(login.userType).toBe('merchant');
    const login2 = await rt.caller().merchantAuth.login({ email: 'owner@lotus.in', password: 'secret123' });
    expect(login2.merchant._id).toBe(reg.user._id);
    const me = await rt.caller({ id: reg.user._id, role: 'merchant', email: 'owner@lotus.in' }).merchantAuth.me({});
    expect(me.merchant.shop_Name).toBe('Lotus Salon');
  });

  it('keeps the families apart: a merchant cannot use the customer sign-in and vice versa', async () => {
    await rt.caller().merchants.registerMerchants(merchant('apart@lotus.in'));
    await expect(rt.caller().users.loginEmail({ email: 'apart@lotus.in', password: 'secret123' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await rt.caller().users.registerUser(customer('apart-c@example.in'));
    await expect(rt.caller().merchantAuth.login({ email: 'apart-c@example.in', password: 'secret123' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('roles', () => {
  it('refuses anonymous callers with 401 and other roles with 403', async () => {
    await expect(rt.caller().users.profile()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const c = await makeAccount(rt, 'customer');
    await expect(rt.caller(c).merchantAuth.me({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it("refuses a merchant reading another merchant's account by merchantId, allows an admin", async () => {
    const m1 = await makeAccount(rt, 'merchant');
    const m2 = await makeAccount(rt, 'merchant');
    await expect(rt.caller(m1).merchantAuth.me({ merchantId: m2.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const admin = await makeAccount(rt, 'admin');
    const r = await rt.caller(admin).merchantAuth.me({ merchantId: m2.id });
    expect(r.merchant._id).toBe(m2.id);
  });
});

describe('tokens', () => {
  it('stops honouring a blocked account and a bumped token version', async () => {
    const { resolveActor } = await import('../../src/server/trpc/context.js');
    const reg = await rt.caller().users.registerUser(customer('blocked@example.in'));
    expect((await resolveActor(rt.deps, reg.token)).actor?.id).toBe(reg.user._id);
    await rt.deps.db.updateTable('accounts').set({ is_blocked: true }).where('id', '=', reg.user._id).execute();
    const r = await resolveActor(rt.deps, reg.token);
    expect(r.actor).toBeNull();
    expect(r.authError).toMatch(/blocked/);
  });

  it('refuses forged, wrong-algorithm and expired tokens', async () => {
    const { resolveActor } = await import('../../src/server/trpc/context.js');
    const { SignJWT } = await import('jose');
    const reg = await rt.caller().users.registerUser(customer('forge@example.in'));
    const forged = await new SignJWT({ role: 'admin', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(reg.user._id)
      .setIssuer('glowbook')
      .setAudience('glowbook-app')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await resolveActor(rt.deps, forged)).actor).toBeNull();
    const [h, p] = reg.token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect((await resolveActor(rt.deps, none)).actor).toBeNull();
    expect(h).toBeTruthy();
    const { createTokenService } = await import('../../src/server/services/auth/tokens.js');
    const short = createTokenService(new TextEncoder().encode(rt.deps.env.JWT_SECRET!), '-1s');
    const expired = await short.sign({ sub: reg.user._id, role: 'customer', ver: 0 });
    expect((await resolveActor(rt.deps, expired)).actor).toBeNull();
  });

  it('a verified token is remembered only until it expires', async () => {
    const { createTokenService } = await import('../../src/server/services/auth/tokens.js');
    const tokens = createTokenService(new TextEncoder().encode('a-secret-a-secret-a-secret-a-secret'), '2s');
    const token = await tokens.sign({ sub: '00000000-0000-4000-8000-000000000009', role: 'customer', ver: 3 });
    expect(await tokens.verify(token)).toEqual({ sub: '00000000-0000-4000-8000-000000000009', role: 'customer', ver: 3 });
    expect(await tokens.verify(token)).toEqual({ sub: '00000000-0000-4000-8000-000000000009', role: 'customer', ver: 3 });
    // A forgery of the remembered token (same claims, another signature) is still refused.
    expect(await tokens.verify(`${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`)).toBeNull();
    await new Promise((r) => setTimeout(r, 2100));
    expect(await tokens.verify(token)).toBeNull();
  });
});

describe('password change and reset', () => {
  it('changes the password and signs out old tokens', async () => {
    const { resolveActor } = await import('../../src/server/trpc/context.js');
    const reg = await rt.caller().users.registerUser(customer('change@example.in'));
    const actor = { id: reg.user._id, role: 'customer' as const, email: reg.user.email };
    await expect(rt.caller(actor).users.changePassword({ currentPassword: 'wrongpass1', newPassword: 'newpass123' })).rejects.toMatchObject(
      {
        code: 'BAD_REQUEST',
      },
    );
    const r = await rt.caller(actor).users.changePassword({ currentPassword: 'secret123', newPassword: 'newpass123' });
    expect((await resolveActor(rt.deps, reg.token)).actor).toBeNull();
    expect((await resolveActor(rt.deps, r.token)).actor?.id).toBe(reg.user._id);
    await rt.caller().users.loginEmail({ email: 'change@example.in', password: 'newpass123' });
  });

  it('resets with a 6-digit e-mailed code that works once', async () => {
    await rt.caller().users.registerUser(customer('reset@example.in'));
    const answer = await rt.caller().users.forgotPassword({ email: 'reset@example.in' });
    const unknown = await rt.caller().users.forgotPassword({ email: 'ghost@example.in' });
    expect(unknown.message).toBe(answer.message);
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', 'reset@example.in')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(mail.body)![1];
    expect((await rt.caller().users.verifyResetOtp({ email: 'reset@example.in', otp: code })).valid).toBe(true);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await rt.caller().users.verifyResetOtp({ email: 'reset@example.in', otp: wrongCode })).valid).toBe(false);
    await rt.caller().users.resetPassword({ email: 'reset@example.in', otp: code, newPassword: 'brandnew1' });
    await expect(rt.caller().users.resetPassword({ email: 'reset@example.in', otp: code, newPassword: 'another12' })).rejects.toMatchObject(
      {
        code: 'BAD_REQUEST',
      },
    );
    await rt.caller().users.loginEmail({ email: 'reset@example.in', password: 'brandnew1' });
  });

  it('refuses an expired code', async () => {
    await rt.caller().users.registerUser(customer('expired@example.in'));
    await rt.caller().users.forgotPassword({ email: 'expired@example.in' });
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('recipient', '=', 'expired@example.in')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(mail.body)![1];
    await rt.deps.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('destination', '=', 'expired@example.in')
      .execute();
    await expect(
      rt.caller().users.resetPassword({ email: 'expired@example.in', otp: code, newPassword: 'brandnew1' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
