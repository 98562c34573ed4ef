import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* Logout over /api ends one token; the throttle works per client IP (X-Forwarded-For from the local proxy); odd token subjects are 401. */

let rt: TestRuntime;
let base: string;

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
});
afterAll(async () => {
  await rt.close();
});

async function call(method: string, path: string, opts: { body?: unknown; token?: string; ip?: string } = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      // The app trusts the loopback proxy's X-Forwarded-For, as behind the real one.
      ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
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

let seq = 0;
const PASSWORD = 'Lotus2026';

async function newMerchant() {
  const email = `owner.${++seq}.${Date.now()}@sessions.in`;
  const r = await call('POST', '/merchants/auth/register', {
    body: {
      shop_Name: 'Henna House',
      shop_Owner: 'Zoya Khan',
      email,
      phone: '9876501234',
      password: PASSWORD,
      shop_type: ['beautyParlour'],
      City: 'Jaipur',
      State: 'Rajasthan',
      Shop_Address: 'MI Road',
    },
  });
  expect(r.status).toBe(201);
  return { email, id: r.body.merchant._id as string, token: r.body.token as string };
}

async function newCustomer() {
  const email = `ira.${++seq}.${Date.now()}@sessions.in`;
  const r = await call('POST', '/users/registerUser', { body: { firstName: 'Ira', lastName: 'Nair', email, password: PASSWORD } });
  expect(r.status).toBe(201);
  return { email, id: r.body.user._id as string, token: r.body.token as string };
}

describe('logout over /api', () => {
  it('POST merchants/auth/logout: merchants/auth/me with that token is 401 after it, another token of the account still 200', async () => {
    const m = await newMerchant();
    const login = await call('POST', '/merchants/auth/login', { body: { email: m.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    expect((await call('GET', '/merchants/auth/me', { token })).status).toBe(200);

    const out = await call('POST', '/merchants/auth/logout', { token, body: {} });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logged out' });

    const after = await call('GET', '/merchants/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/session has ended/i);
    const other = await call('GET', '/merchants/auth/me', { token: m.token });
    expect(other.status).toBe(200);
    expect(other.body.merchant._id).toBe(m.id);
    // Again, or without a token: nothing (more) to end, the same answer.
    expect((await call('POST', '/merchants/auth/logout', { token, body: {} })).status).toBe(200);
    expect((await call('POST', '/merchants/auth/logout', { body: {} })).status).toBe(200);
  });

  it('POST users/logout: the customer’s token is 401 after it, the other session still works; without a token 401', async () => {
    const c = await newCustomer();
    const second = (await call('POST', '/users/loginUser/emailLogin', { body: { email: c.email, password: PASSWORD } })).body
      .token as string;
    const out = await call('POST', '/users/logout', { token: c.token, body: {} });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logged out' });
    expect((await call('GET', '/users/profile', { token: c.token })).status).toBe(401);
    expect((await call('GET', '/users/profile', { token: second })).status).toBe(200);
    expect((await call('POST', '/users/logout', { token: c.token, body: {} })).status).toBe(401);
    expect((await call('POST', '/users/logout', { body: {} })).status).toBe(401);
  });

  it('documents both logout paths in the OpenAPI document', async () => {
    const doc = await call('GET', '/openapi.json');
    expect(doc.body.paths['/users/logout']?.post).toBeTruthy();
    expect(doc.body.paths['/merchants/auth/logout']?.post?.description).toMatch(/other sessions/);
  });
});

describe('the sign-in throttle is per client IP for an account', () => {
  const login = (path: string, email: string, password: string, ip: string) => call('POST', path, { body: { email, password }, ip });

  it('five wrong passwords from IP A: 429 for A, even with the right password; IP B signs in (customer, merchant, admin)', async () => {
    const admin = await newCustomer();
    await rt.deps.db.updateTable('accounts').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const merchant = await newMerchant();
    const cases = [
      { path: '/users/loginUser/emailLogin', email: (await newCustomer()).email, a: '198.51.100.1', b: '198.51.100.2' },
      { path: '/users/loginUser/emailLogin', email: admin.email, a: '198.51.100.3', b: '198.51.100.4' },
      { path: '/merchants/auth/login', email: merchant.email, a: '198.51.100.5', b: '198.51.100.6' },
      { path: '/merchants/loginMerchant/EmailLogin', email: merchant.email, a: '198.51.100.7', b: '198.51.100.8' },
    ];
    for (const { path, email, a, b } of cases) {
      for (let i = 0; i < 5; i++) expect((await login(path, email, 'Wrong1234', a)).status, path).toBe(401);
      const refused = await login(path, email, PASSWORD, a);
      expect(refused.status, path).toBe(429);
      expect(refused.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
      const owner = await login(path, email, PASSWORD, b);
      expect(owner.status, path).toBe(200);
      expect(typeof owner.body.token).toBe('string');
    }
  });

  it('fifty failures from many IPs refuse the account everywhere', async () => {
    const c = await newCustomer();
    for (let i = 0; i < 50; i++) {
      expect((await login('/users/loginUser/emailLogin', c.email, 'Wrong1234', `192.0.2.${Math.floor(i / 4) + 1}`)).status).toBe(401);
    }
    expect((await login('/users/loginUser/emailLogin', c.email, PASSWORD, '192.0.2.200')).status).toBe(429);
  });
});

describe('a validly signed token whose subject is not an account id', () => {
  it('is 401, not 500', async () => {
    const token = await new SignJWT({ role: 'merchant', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('not-a-uuid')
      .setIssuer('glowbook')
      .setAudience('glowbook-app')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(rt.deps.env.JWT_SECRET!));
    const me = await call('GET', '/merchants/auth/me', { token });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('UNAUTHORIZED');
    expect((await call('GET', '/users/profile', { token })).status).toBe(401);
  });
});
