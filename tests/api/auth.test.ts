import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let base: string;

beforeAll(async () => {
  rt = await createTestRuntime({ seed: true });
  base = await rt.listen();
});
afterAll(async () => {
  await rt.close();
});

async function call(method: string, path: string, body?: unknown, token?: string, raw?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json, headers: res.headers };
}

describe('sign-in over /api, shapes and statuses of the contract', () => {
  it('customer register answers 201 {user, token, role} and the profile reads it back', async () => {
    const r = await call('POST', '/api/users/registerUser', {
      firstName: 'Ira',
      lastName: 'Nair',
      email: 'ira@example.in',
      phone: '9988776655',
      password: 'lotus1234',
    });
    expect(r.status).toBe(201);
    expect(r.body.role).toBe('customer');
    expect(r.body.user).toMatchObject({ email: 'ira@example.in', firstName: 'Ira', userType: 'customer' });
    expect(typeof r.body.user._id).toBe('string');
    const me = await call('GET', '/api/users/profile', undefined, r.body.token);
    expect(me.status).toBe(200);
    expect(me.body.user._id).toBe(r.body.user._id);
    const again = await call('POST', '/api/users/registerUser', {
      firstName: 'I',
      lastName: 'N',
      email: 'IRA@example.in',
      password: 'lotus1234',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already registered/);
  });

  it('demo accounts sign in: customer, admin through users/loginUser/emailLogin, merchant through both families', async () => {
    const c = await call('POST', '/api/users/loginUser/emailLogin', { email: 'customer@demo.in', password: 'Demo@1234' });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ userType: 'customer', user: { email: 'customer@demo.in' } });
    const a = await call('POST', '/api/users/loginUser/emailLogin', { email: 'admin@demo.in', password: 'Demo@1234' });
    expect(a.body.userType).toBe('admin');
    const m = await call('POST', '/api/merchants/loginMerchant/EmailLogin', { email: 'merchant@demo.in', password: 'Demo@1234' });
    expect(m.body).toMatchObject({ userType: 'merchant', user: { email: 'merchant@demo.in' } });
    const m2 = await call('POST', '/api/merchants/auth/login', { email: 'merchant@demo.in', password: 'Demo@1234' });
    expect(m2.status).toBe(200);
    expect(m2.body.merchant).toMatchObject({ _id: m.body.user._id, role: 'merchant' });
    const me = await call('GET', '/api/merchants/auth/me', undefined, m2.body.token);
    expect(me.body.merchant.shop_Name).toBe(m2.body.merchant.shop_Name);
    expect((await call('POST', '/api/merchants/auth/logout', {})).status).toBe(200);
  });

  it('merchant register (both families) answers 201', async () => {
    const body = {
      shop_Name: 'Henna House',
      shop_Owner: 'Zoya Khan',
      email: 'zoya@henna.in',
      phone: '9876501234',
      password: 'henna1234',
      shop_type: ['beautyParlour'],
      City: 'Jaipur',
      State: 'Rajasthan',
      Shop_Address: 'MI Road',
    };
    const r = await call('POST', '/api/merchants/registerMerchants', body);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ role: 'merchant', user: { shop_Name: 'Henna House' } });
    const r2 = await call('POST', '/api/merchants/auth/register', { ...body, email: 'zoya2@henna.in' });
    expect(r2.status).toBe(201);
    expect(r2.body.merchant.shop_Name).toBe('Henna House');
  });

  it('401 with one text for unknown e-mail and wrong password; 401 without or with a bad token', async () => {
    const wrong = await call('POST', '/api/users/loginUser/emailLogin', { email: 'customer@demo.in', password: 'Wrong1234' });
    const unknown = await call('POST', '/api/users/loginUser/emailLogin', { email: 'nobody@demo.in', password: 'Wrong1234' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(unknown.body.message).toBe(wrong.body.message);
    expect((await call('GET', '/api/users/profile')).status).toBe(401);
    expect((await call('GET', '/api/users/profile', undefined, 'not.a.jwt')).status).toBe(401);
  });

  it('400 names the field; malformed JSON is 400; an oversized body is 413; never 500', async () => {
    const bad = await call('POST', '/api/users/registerUser', {
      firstName: 'A',
      lastName: 'B',
      email: 'not-an-email',
      password: 'abc12345',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^email: /);
    const phone = await call('POST', '/api/users/registerUser', {
      firstName: 'A',
      lastName: 'B',
      email: 'p@x.in',
      phone: '12345',
      password: 'abc12345',
    });
    expect(phone.body.message).toMatch(/^phone: /);
    const typed = await call('POST', '/api/users/loginUser/emailLogin', { email: 42, password: ['x'] });
    expect(typed.status).toBe(400);
    const malformed = await call('POST', '/api/users/loginUser/emailLogin', undefined, undefined, '{"email":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/malformed json/i);
    const array = await call('POST', '/api/users/loginUser/emailLogin', [1, 2, 3]);
    expect(array.status).toBe(400);
    const huge = await call('POST', '/api/users/registerUser', { firstName: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
  });

  it('forgot/reset password: same answer for unknown e-mail, single-use code', async () => {
    const known = await call('POST', '/api/users/forgot-password', { email: 'customer@demo.in' });
    const unknown = await call('POST', '/api/users/forgot-password', { email: 'ghost@demo.in' });
    expect(known.status).toBe(200);
    expect(unknown.body.message).toBe(known.body.message);
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('recipient', '=', 'customer@demo.in')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const otp = /\b(\d{6})\b/.exec(mail.body)![1];
    expect((await call('POST', '/api/users/verifyOTPForEmailToResetPassword', { email: 'customer@demo.in', otp })).body.valid).toBe(true);
    const reset = await call('POST', '/api/users/resetPassword', { email: 'customer@demo.in', otp, newPassword: 'Fresh2026x' });
    expect(reset.status).toBe(200);
    const reuse = await call('POST', '/api/users/resetPassword', { email: 'customer@demo.in', otp, newPassword: 'Fresh2026y' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toMatch(/^otp: /);
  });

  it('health, OpenAPI document, docs page and security headers', async () => {
    const h = await call('GET', '/api/health');
    expect(h.status).toBe(200);
    expect(h.body).toEqual({ status: 'ok' });
    expect(h.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(h.headers.get('x-content-type-options')).toBe('nosniff');
    const doc = await call('GET', '/api/openapi.json');
    expect(doc.body.openapi).toMatch(/^3\./);
    for (const p of [
      '/users/registerUser',
      '/users/loginUser/emailLogin',
      '/merchants/registerMerchants',
      '/merchants/loginMerchant/EmailLogin',
      '/merchants/auth/login',
      '/merchants/auth/me',
      '/users/profile',
    ]) {
      expect(Object.keys(doc.body.paths)).toContain(p);
    }
    const docs = await fetch(`${base}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
    expect((await call('GET', '/api/no/such/path')).status).toBe(404);
  });
});
