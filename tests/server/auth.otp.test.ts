import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleVerifier } from '../../src/server/adapters/identity/google.js';
import { setGoogleVerifier } from '../../src/server/services/auth/otp.js';
import { ageCodesAndLimits } from '../helpers/limits.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});
afterEach(() => setGoogleVerifier(null));

/** The code as delivered: read from the outbox row the sign-in queued. */
async function lastCodeTo(recipient: string): Promise<string> {
  const row = await rt.deps.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.body)![1];
}
const ageCodes = (destination: string, seconds: number) => ageCodesAndLimits(rt.deps.db, destination, seconds);

describe('e-mail one-time code sign-in', () => {
  it('signs a customer in with the code, once; reuse and wrong codes are refused', async () => {
    const c = await makeAccount(rt, 'customer');
    const sent = await rt.caller(null).users.sendOTPonEmailForLogin({ email: c.email });
    expect(sent.resendAfterSeconds).toBe(30);
    const code = await lastCodeTo(c.email);
    await expect(
      rt.caller(null).users.verifyOTPForEmailLogin({ email: c.email, otp: code === '000000' ? '111111' : '000000' }),
    ).rejects.toMatchObject({ message: 'otp: the code is wrong or has expired' });
    const r = await rt.caller(null).users.verifyOTPForEmailLogin({ email: c.email, otp: code });
    expect(r).toMatchObject({ userType: 'customer', user: { _id: c.id } });
    expect(await rt.deps.tokens.verify(r.token)).toMatchObject({ sub: c.id });
    await expect(rt.caller(null).users.verifyOTPForEmailLogin({ email: c.email, otp: code })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('refuses an expired code', async () => {
    const c = await makeAccount(rt, 'customer');
    await rt.caller(null).users.sendOTPonEmailForLogin({ email: c.email });
    const code = await lastCodeTo(c.email);
    await rt.deps.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('destination', '=', c.email)
      .execute();
    await expect(rt.caller(null).users.verifyOTPForEmailLogin({ email: c.email, otp: code })).rejects.toMatchObject({
      message: 'otp: the code is wrong or has expired',
    });
  });

  it('five wrong tries burn the code', async () => {
    const c = await makeAccount(rt, 'customer');
    await rt.caller(null).users.sendOTPonEmailForLogin({ email: c.email });
    const code = await lastCodeTo(c.email);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      await expect(
        rt.caller(null, { ip: `10.9.0.${i}` }).users.verifyOTPForEmailLogin({ email: c.email, otp: wrong }),
      ).rejects.toBeTruthy();
    await expect(rt.caller(null, { ip: '10.9.1.1' }).users.verifyOTPForEmailLogin({ email: c.email, otp: code })).rejects.toMatchObject({
      code: expect.stringMatching(/BAD_REQUEST|TOO_MANY_REQUESTS/),
    });
  });

  it('rate-limits sends: 30 s apart, 3 per 10 minutes', async () => {
    const c = await makeAccount(rt, 'customer');
    await rt.caller(null).users.sendOTPonEmailForLogin({ email: c.email });
    await expect(rt.caller(null).users.sendOTPonEmailForLogin({ email: c.email })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('seconds'),
    });
    await ageCodes(c.email, 31);
    await rt.caller(null).users.sendOTPonEmailForLogin({ email: c.email });
    await ageCodes(c.email, 31);
    await rt.caller(null).users.sendOTPonEmailForLogin({ email: c.email });
    await ageCodes(c.email, 31);
    await expect(rt.caller(null).users.sendOTPonEmailForLogin({ email: c.email })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('10 minutes'),
    });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const r = await rt.caller(null).users.sendOTPonEmailForLogin({ email: 'nobody.here@example.in' });
    expect(r.message).toContain('If an account exists');
    expect(
      await rt.deps.db.selectFrom('outbox_messages').select('id').where('recipient', '=', 'nobody.here@example.in').execute(),
    ).toHaveLength(0);
  });

  it('hides the code from admins in the outbox', async () => {
    const c = await makeAccount(rt, 'customer');
    const admin = await makeAccount(rt, 'admin');
    await rt.caller(null).users.sendOTPonEmailForLogin({ email: c.email });
    const code = await lastCodeTo(c.email);
    const outbox = await rt.caller(admin).admin.outbox({ search: c.email });
    expect(JSON.stringify(outbox)).not.toContain(code);
  });
});

describe('WhatsApp one-time code sign-in', () => {
  it('sends the code to the customer’s number by WhatsApp and signs in at /verifyOTPForMobileLogin', async () => {
    const c = await makeAccount(rt, 'customer');
    await rt.deps.db.updateTable('accounts').set({ phone: '9812345678', phone_verified_at: new Date() }).where('id', '=', c.id).execute();
    await rt.caller(null).users.sendOTPonWhatsappForLogin({ phone: '98123 45678' });
    const msg = await rt.deps.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', '+919812345678')
      .executeTakeFirstOrThrow();
    expect(msg.channel).toBe('whatsapp');
    const r = await rt.caller(null).users.verifyOTPForMobileLogin({ phone: '9812345678', otp: /\d{6}/.exec(msg.body)![0] });
    expect(r.user._id).toBe(c.id);
  });

  it('merchants use their own call; a customer number gets no merchant code', async () => {
    const m = await makeAccount(rt, 'merchant');
    await rt.deps.db.updateTable('accounts').set({ phone: '9898989898', phone_verified_at: new Date() }).where('id', '=', m.id).execute();
    await rt.caller(null).merchants.sendOTP({ phone: '9898989898' });
    const msg = await rt.deps.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('recipient', '=', '+919898989898')
      .executeTakeFirstOrThrow();
    const r = await rt.caller(null).merchants.verifyOTP({ phone: '9898989898', otp: /\d{6}/.exec(msg.body)![0] });
    expect(r.userType).toBe('merchant');
  });
});

describe('Google sign-in', () => {
  it('explains it is off without a client id', async () => {
    expect((await rt.caller(null).users.authProviders({})).google).toMatchObject({
      enabled: false,
      message: expect.stringContaining('not configured'),
    });
    await expect(rt.caller(null).users.registerUserViaGoogle({ credential: 'x'.repeat(40) })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
    });
  });

  it('verifies a Google ID token (signature, issuer, audience) and signs in or registers the customer', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
    setGoogleVerifier(createGoogleVerifier('client-123.apps.googleusercontent.com', createLocalJWKSet({ keys: [jwk] })));
    const idToken = (aud: string, email = 'ananya.g@example.in') =>
      new SignJWT({ email, email_verified: true, given_name: 'Ananya', family_name: 'Gupta' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer('https://accounts.google.com')
        .setAudience(aud)
        .setSubject('g-1')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    await expect(rt.caller(null).users.registerUserViaGoogle({ credential: await idToken('someone-else') })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const first = await rt.caller(null).users.registerUserViaGoogle({ credential: await idToken('client-123.apps.googleusercontent.com') });
    expect(first).toMatchObject({
      userType: 'customer',
      userRole: 'customer',
      user: { firstName: 'Ananya', email: 'ananya.g@example.in' },
    });
    const again = await rt.caller(null).users.firebaseLogin({ idToken: await idToken('client-123.apps.googleusercontent.com') });
    expect(again.user._id).toBe(first.user._id);
  });
});
