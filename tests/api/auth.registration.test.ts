import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageCodesAndLimits } from '../helpers/limits.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* Registering with a one-time code (customer spec, section 7), over /api as third-party clients call it. */

let rt: TestRuntime;
let base: string;
let ipCounter = 0;

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
});
afterAll(async () => {
  await rt.close();
});

/** Each test comes from its own address, so the per-IP failure throttle of one never spills into another. */
async function call(path: string, body: unknown, ip = `10.77.0.${++ipCounter % 250}`) {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

let seq = 0;
function form(over: Record<string, unknown> = {}) {
  seq++;
  return {
    firstName: 'Meera',
    lastName: 'Iyer',
    email: `meera.${seq}.${Date.now()}@example.in`,
    phone: `98${String(10_000_000 + seq * 7919 + (Date.now() % 1000)).slice(-8)}`,
    password: 'Lotus2026',
    ...over,
  };
}

/** The code as delivered: read from the outbox row the request queued. */
async function codeSentTo(recipient: string): Promise<string> {
  const row = await rt.deps.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return /(\d{6}) is your GlowBook verification code/.exec(row.body)![1];
}

const other = (code: string) => (code === '000000' ? '111111' : '000000');
const ageCodes = (destination: string, seconds: number) => ageCodesAndLimits(rt.deps.db, destination, seconds);

const EMAIL = { send: '/users/sendOTPToEmailDuringRegistration', verify: '/users/verifyOTPForEmailRegistration' };
const MOBILE = { send: '/users/loginUser/sendOTPonWhatsappForRegister', verify: '/verifyOTPForMobileRegistration' };

describe('registration by e-mail code', () => {
  it('sends a code (200), creates nothing until the code is entered, then answers 201 {user, token, role, userType} with the e-mail verified', async () => {
    const f = form();
    const sent = await call(EMAIL.send, f);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: expect.stringContaining(f.email), resendAfterSeconds: 30 });
    expect(await rt.deps.db.selectFrom('accounts').select('id').where('email', '=', f.email).execute()).toHaveLength(0);

    const code = await codeSentTo(f.email);
    const wrong = await call(EMAIL.verify, { email: f.email, otp: other(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('otp: the code is wrong or has expired');

    const done = await call(EMAIL.verify, { email: f.email, otp: code });
    expect(done.status).toBe(201);
    expect(done.body).toEqual({
      user: expect.objectContaining({
        email: f.email,
        firstName: 'Meera',
        lastName: 'Iyer',
        phone: f.phone,
        userType: 'customer',
        emailVerified: true,
        phoneVerified: false,
      }),
      token: expect.any(String),
      role: 'customer',
      userType: 'customer',
    });
    const me = await fetch(`${base}/api/users/profile`, { headers: { authorization: `Bearer ${done.body.token}` } });
    expect(((await me.json()) as any).user._id).toBe(done.body.user._id);
    // The password of the form is the account's password.
    const login = await call('/users/loginUser/emailLogin', { email: f.email, password: f.password });
    expect(login.status).toBe(200);
    const row = await rt.deps.db
      .selectFrom('accounts')
      .select(['email_verified_at', 'phone_verified_at'])
      .where('email', '=', f.email)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
    expect(row.phone_verified_at).toBeNull();
  });

  it('a code works once', async () => {
    const f = form();
    await call(EMAIL.send, f);
    const code = await codeSentTo(f.email);
    expect((await call(EMAIL.verify, { email: f.email, otp: code })).status).toBe(201);
    const again = await call(EMAIL.verify, { email: f.email, otp: code });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/^otp: /);
    expect(await rt.deps.db.selectFrom('accounts').select('id').where('email', '=', f.email).execute()).toHaveLength(1);
    // The used code no longer holds the pending account (its password hash).
    const rows = await rt.deps.db.selectFrom('one_time_codes').select(['used_at', 'payload']).where('destination', '=', f.email).execute();
    expect(rows).toEqual([{ used_at: expect.any(Date), payload: null }]);
  });

  it('refuses an expired code', async () => {
    const f = form();
    await call(EMAIL.send, f);
    const code = await codeSentTo(f.email);
    await rt.deps.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('destination', '=', f.email)
      .execute();
    const r = await call(EMAIL.verify, { email: f.email, otp: code });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('otp: the code is wrong or has expired');
    expect(await rt.deps.db.selectFrom('accounts').select('id').where('email', '=', f.email).execute()).toHaveLength(0);
  });

  it('rate-limits sends (30 s apart, 3 per 10 minutes) with 429', async () => {
    // One requester: codes are counted per address and requester (a stranger elsewhere cannot use them up).
    const f = form();
    const ip = '10.78.0.1';
    expect((await call(EMAIL.send, f, ip)).status).toBe(200);
    const soon = await call(EMAIL.send, f, ip);
    expect(soon.status).toBe(429);
    expect(soon.body.message).toMatch(/wait \d+ seconds/);
    await ageCodes(f.email, 31);
    expect((await call(EMAIL.send, f, ip)).status).toBe(200);
    await ageCodes(f.email, 31);
    expect((await call(EMAIL.send, f, ip)).status).toBe(200);
    await ageCodes(f.email, 31);
    const fourth = await call(EMAIL.send, f, ip);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toContain('10 minutes');
  });

  it('five wrong codes burn it, and failures are throttled per address (from the IP that made them) with 429', async () => {
    const f = form();
    await call(EMAIL.send, f);
    const code = await codeSentTo(f.email);
    const guesser = '10.78.0.1';
    for (let i = 0; i < 5; i++) expect((await call(EMAIL.verify, { email: f.email, otp: other(code) }, guesser)).status).toBe(400);
    expect((await call(EMAIL.verify, { email: f.email, otp: code }, guesser)).status).toBe(429);
    // Elsewhere the address is not locked, but the code is burnt.
    expect((await call(EMAIL.verify, { email: f.email, otp: code }, '10.78.0.2')).status).toBe(400);
    expect(await rt.deps.db.selectFrom('accounts').select('id').where('email', '=', f.email).execute()).toHaveLength(0);
  });

  it('checks the form first: 400 naming the field, 409 for a registered e-mail', async () => {
    const weak = await call(EMAIL.send, form({ password: 'short' }));
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/^password: /);
    const noName = await call(EMAIL.send, form({ firstName: '' }));
    expect(noName.status).toBe(400);
    expect(noName.body.message).toMatch(/^firstName: /);
    const f = form();
    await call('/users/registerUser', f);
    const taken = await call(EMAIL.send, { ...f, email: f.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('email: this email is already registered');
    expect((await call(EMAIL.verify, { email: f.email, otp: 'abc' })).status).toBe(400);
  });

  it('refuses to create the account when the e-mail was registered in the meantime (409)', async () => {
    const f = form();
    await call(EMAIL.send, f);
    const code = await codeSentTo(f.email);
    expect((await call('/users/registerUser', f)).status).toBe(201);
    const r = await call(EMAIL.verify, { email: f.email, otp: code });
    expect(r.status).toBe(409);
  });
});

describe('registration by WhatsApp code', () => {
  it('sends a code by WhatsApp (200) and the code creates the account with the number verified (201 {token, user, userType})', async () => {
    const f = form({ phone: '+91 98123-45601' });
    const sent = await call(MOBILE.send, f);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: expect.stringContaining('9812345601'), resendAfterSeconds: 30 });
    const code = await codeSentTo('+919812345601');
    const done = await call(MOBILE.verify, { phone: '9812345601', otp: code });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({
      userType: 'customer',
      role: 'customer',
      user: { email: f.email, phone: '9812345601', phoneVerified: true, emailVerified: false },
    });
    expect(typeof done.body.token).toBe('string');
    // The number now signs in by WhatsApp too.
    expect((await call('/users/loginUser/sendOTPonWhatsappForLogin', { phone: '9812345601' })).status).toBe(200);
  });

  it('needs the mobile number, refuses one already registered (409), and a code works once', async () => {
    const noPhone = await call(MOBILE.send, form({ phone: undefined }));
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.message).toMatch(/^phone: /);
    const f = form({ phone: '9812345602' });
    await call(MOBILE.send, f);
    const code = await codeSentTo('+919812345602');
    expect((await call(MOBILE.verify, { phone: '9812345602', otp: code })).status).toBe(201);
    expect((await call(MOBILE.verify, { phone: '9812345602', otp: code })).status).toBe(400);
    const taken = await call(MOBILE.send, form({ phone: '9812345602' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('phone: this mobile number is already registered');
  });

  it('refuses an expired code and rate-limits sends with 429', async () => {
    const f = form({ phone: '9812345603' });
    expect((await call(MOBILE.send, f, '10.78.0.2')).status).toBe(200);
    expect((await call(MOBILE.send, f, '10.78.0.2')).status).toBe(429);
    const code = await codeSentTo('+919812345603');
    await rt.deps.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('destination', '=', '9812345603')
      .execute();
    const r = await call(MOBILE.verify, { phone: '9812345603', otp: code });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('otp: the code is wrong or has expired');
  });

  it('a sign-in code is not a registration code, and the other way round', async () => {
    const f = form({ phone: '9812345604' });
    await call(MOBILE.send, f);
    const code = await codeSentTo('+919812345604');
    expect((await call('/verifyOTPForMobileLogin', { phone: '9812345604', otp: code })).status).toBe(400);
    expect((await call(MOBILE.verify, { phone: '9812345604', otp: code })).status).toBe(201);
  });
});

describe('the OpenAPI document', () => {
  it('lists the four registration calls with their methods', async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const p of [EMAIL.send, EMAIL.verify, MOBILE.send, MOBILE.verify]) expect(Object.keys(doc.paths[p] ?? {})).toEqual(['post']);
  });
});
