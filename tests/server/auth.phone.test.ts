import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { PHONE_VERIFIED_ELSEWHERE } from '../../src/server/services/auth/otp.js';
import { createSalon, createService, createStaff, localDate } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * Issue 24, item 3: a phone number signs in only once a code sent to it was entered by the
 * account; proving the e-mail drops a number a stranger attached; a verified number belongs to one
 * account; a desk booking attaches no number.
 */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

let n = 0;
/** A fresh 10-digit mobile number for each test. */
const mobile = () => `98${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++n).padStart(2, '0')}`;
const e164 = (phone: string) => `+91${phone}`;

async function lastCodeTo(recipient: string): Promise<string> {
  const row = await rt.deps.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.body)![1];
}
const messagesTo = (recipient: string) =>
  rt.deps.db.selectFrom('outbox_messages').select('body').where('recipient', '=', recipient).execute();
const accountOf = (email: string) => rt.deps.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const asActor = async (email: string): Promise<Actor> => {
  const a = await accountOf(email);
  return { id: a.id, role: a.role, email: a.email };
};
/** Codes are 30 s apart per number, and limited per hour: tests that ask again move the earlier asks back. */
const ageCodes = async (destination: string) => {
  await sql`update one_time_codes set created_at = created_at - interval '2 hours' where destination = ${destination}`.execute(rt.deps.db);
  await sql`update rate_events set at = at - interval '2 hours'`.execute(rt.deps.db);
};

/** The attacker's try: a WhatsApp sign-in code to their own number, and the code entered. */
async function whatsAppSignIn(phone: string) {
  await ageCodes(phone);
  await rt.caller(null).users.sendOTPonWhatsappForLogin({ phone });
  const sent = await messagesTo(e164(phone));
  if (sent.length === 0) return null;
  return rt
    .caller(null)
    .users.verifyOTPForMobileLogin({ phone, otp: await lastCodeTo(e164(phone)) })
    .catch(() => null);
}

async function resetPassword(email: string, newPassword: string) {
  await ageCodes(email);
  await rt.caller(null).users.forgotPassword({ email });
  await rt.caller(null).users.resetPassword({ email, otp: await lastCodeTo(email), newPassword });
}

async function verifyOwnPhone(actor: Actor) {
  const account = await accountOf(actor.email);
  await ageCodes(account.phone!);
  await rt.caller(actor).users.sendPhoneVerificationCode();
  return rt.caller(actor).users.verifyPhone({ otp: await lastCodeTo(e164(account.phone!)) });
}

const register = (email: string, phone: string) =>
  rt.caller(null).users.registerUser({ firstName: 'Ana', lastName: 'Attacker', email, phone, password: 'attacker1' });

describe('the takeover of issue 24 item 3', () => {
  it("registering the victim's e-mail with the attacker's number, then the victim's reset: no WhatsApp code opens the account", async () => {
    const victim = `victim.${n}@example.in`;
    const attackerPhone = mobile();
    const reg = await register(victim, attackerPhone);
    expect(reg.user).toMatchObject({ phone: attackerPhone, phoneVerified: false });
    await resetPassword(victim, 'victim1234');
    const account = await accountOf(victim);
    expect(account).toMatchObject({ phone: null, phone_verified_at: null });
    expect(account.email_verified_at).not.toBeNull();
    expect(await whatsAppSignIn(attackerPhone)).toBeNull();
    expect(await messagesTo(e164(attackerPhone))).toHaveLength(0);
  });

  it('also when the attacker verified the number before the victim proved the e-mail', async () => {
    const victim = `victim.b${n}@example.in`;
    const attackerPhone = mobile();
    await register(victim, attackerPhone);
    const verified = await verifyOwnPhone(await asActor(victim));
    expect(verified.user.phoneVerified).toBe(true);
    await resetPassword(victim, 'victim1234');
    expect(await accountOf(victim)).toMatchObject({ phone: null, phone_verified_at: null });
    expect(await whatsAppSignIn(attackerPhone)).toBeNull();
  });

  it('an e-mail code sign-in proves the address and drops the unverified number too', async () => {
    const victim = `victim.c${n}@example.in`;
    const attackerPhone = mobile();
    await register(victim, attackerPhone);
    await rt.caller(null).users.sendOTPonEmailForLogin({ email: victim });
    await rt.caller(null).users.verifyOTPForEmailLogin({ email: victim, otp: await lastCodeTo(victim) });
    expect(await accountOf(victim)).toMatchObject({ phone: null, phone_verified_at: null });
  });

  it('a number verified after the e-mail was proven stays through a reset', async () => {
    const email = `owner.${n}@example.in`;
    const phone = mobile();
    await register(email, phone);
    await resetPassword(email, 'owner12345');
    const me = await asActor(email);
    await rt.caller(me).users.updateProfile({ firstName: 'Ana', phone });
    await verifyOwnPhone(me);
    await ageCodes(email);
    await resetPassword(email, 'owner67890');
    expect(await accountOf(email)).toMatchObject({ phone });
    expect((await whatsAppSignIn(phone))?.user._id).toBe(me.id);
  });

  it("a desk booking for an unregistered e-mail with the attacker's mobile attaches no number and opens nothing", async () => {
    const salon = await createSalon(rt);
    const service = await createService(rt, salon.id, { duration: 30, price: 300 });
    await createStaff(rt, salon.id);
    const attackerPhone = mobile();
    const email = `desk.${n}@example.in`;
    await rt.caller(salon.owner).merchants.createSlot({
      merchantId: salon.id,
      serviceIds: [service],
      bookingDate: localDate(3),
      bookingTime: '11:00 AM',
      name: 'Someone',
      mobile: attackerPhone,
      email,
    });
    const linked = await rt.deps.db
      .selectFrom('accounts')
      .select(['phone', 'phone_verified_at'])
      .where('email', '=', email)
      .executeTakeFirst();
    expect(linked?.phone ?? null).toBeNull();
    expect(await rt.deps.db.selectFrom('accounts').select('id').where('phone', '=', attackerPhone).execute()).toHaveLength(0);
    expect(await whatsAppSignIn(attackerPhone)).toBeNull();
  });
});

describe('verifying a number', () => {
  it('registration leaves the number unverified: no code signs in until the profile verifies it', async () => {
    const email = `reg.${n}@example.in`;
    const phone = mobile();
    await register(email, phone);
    expect(await whatsAppSignIn(phone)).toBeNull();
    const me = await asActor(email);
    const done = await verifyOwnPhone(me);
    expect(done).toMatchObject({ message: 'Your mobile number is verified.', user: { phone, phoneVerified: true } });
    expect((await rt.caller(me).users.profile()).user.phoneVerified).toBe(true);
    expect((await whatsAppSignIn(phone))?.user._id).toBe(me.id);
  });

  it('a wrong code does not verify; the code is for its own account only', async () => {
    const phone = mobile();
    const a = `a.${n}@example.in`;
    const b = `b.${n}@example.in`;
    await register(a, phone);
    await register(b, phone);
    const [actorA, actorB] = [await asActor(a), await asActor(b)];
    await rt.caller(actorA).users.sendPhoneVerificationCode();
    const code = await lastCodeTo(e164(phone));
    await expect(rt.caller(actorA).users.verifyPhone({ otp: code === '000000' ? '111111' : '000000' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^otp: /),
    });
    await expect(rt.caller(actorB).users.verifyPhone({ otp: code })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^otp: /),
    });
    expect((await accountOf(b)).phone_verified_at).toBeNull();
  });

  it('a verified number belongs to one account: a second account cannot verify it, nor can the database hold two', async () => {
    const phone = mobile();
    const a = `one.${n}@example.in`;
    const b = `two.${n}@example.in`;
    await register(a, phone);
    await register(b, phone);
    await verifyOwnPhone(await asActor(a));
    await expect(rt.caller(await asActor(b)).users.sendPhoneVerificationCode()).rejects.toMatchObject({
      code: 'CONFLICT',
      message: PHONE_VERIFIED_ELSEWHERE,
    });
    await expect(
      rt.deps.db.updateTable('accounts').set({ phone_verified_at: new Date() }).where('email', '=', b).execute(),
    ).rejects.toMatchObject({
      constraint: 'accounts_verified_phone_key',
    });
    // WhatsApp registration with the number is refused; with an unverified one elsewhere it is not.
    await expect(
      rt.caller(null).users.sendOTPonWhatsappForRegister({
        firstName: 'X',
        lastName: 'Y',
        email: `three.${n}@example.in`,
        phone,
        password: 'secret123',
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'phone: this mobile number is already registered' });
    const other = mobile();
    await register(`four.${n}@example.in`, other);
    await rt.caller(null).users.sendOTPonWhatsappForRegister({
      firstName: 'X',
      lastName: 'Y',
      email: `five.${n}@example.in`,
      phone: other,
      password: 'secret123',
    });
    const created = await rt.caller(null).users.verifyOTPForMobileRegistration({ phone: other, otp: await lastCodeTo(e164(other)) });
    expect(created.user).toMatchObject({ phone: other, phoneVerified: true });
  });

  it.runIf(DB_KIND === 'pg')('two accounts marking one number verified at the same moment: exactly one gets it', async () => {
    const phone = mobile();
    const emails = [`race1.${n}@example.in`, `race2.${n}@example.in`, `race3.${n}@example.in`];
    for (const e of emails) await register(e, phone);
    const raced = await Promise.allSettled(
      emails.map((email) =>
        rt.deps.db
          .transaction()
          .execute((trx) => trx.updateTable('accounts').set({ phone_verified_at: new Date() }).where('email', '=', email).execute()),
      ),
    );
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const verified = await rt.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('phone', '=', phone)
      .where('phone_verified_at', 'is not', null)
      .execute();
    expect(verified).toHaveLength(1);
  });

  it('changing the number in the profile makes it unverified again; keeping it keeps the mark', async () => {
    const email = `change.${n}@example.in`;
    const phone = mobile();
    await register(email, phone);
    const me = await asActor(email);
    await verifyOwnPhone(me);
    expect((await rt.caller(me).users.updateProfile({ firstName: 'Ana', phone })).user.phoneVerified).toBe(true);
    const next = mobile();
    expect((await rt.caller(me).users.updateProfile({ firstName: 'Ana', phone: next })).user).toMatchObject({
      phone: next,
      phoneVerified: false,
    });
    expect(await whatsAppSignIn(next)).toBeNull();
    expect(await whatsAppSignIn(phone)).toBeNull();
  });

  it('names the field when there is nothing to verify', async () => {
    const email = `none.${n}@example.in`;
    await rt.caller(null).users.registerUser({ firstName: 'No', lastName: 'Phone', email, password: 'secret123' });
    await expect(rt.caller(await asActor(email)).users.sendPhoneVerificationCode()).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^phone: /),
    });
    await expect(rt.caller(null).users.sendPhoneVerificationCode()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('merchants verify their number the same way before a WhatsApp sign-in code reaches it', async () => {
    const phone = mobile();
    const email = `shop.${n}@example.in`;
    await rt.caller(null).merchants.registerMerchants({
      shop_Name: 'Verify Salon',
      shop_Owner: 'Vera Shah',
      email,
      phone,
      password: 'secret123',
      shop_type: ['salon'],
      City: 'Pune',
      State: 'Maharashtra',
      Shop_Address: '1 MG Road',
    });
    await rt.caller(null).merchants.sendOTP({ phone });
    expect(await messagesTo(e164(phone))).toHaveLength(0);
    await verifyOwnPhone(await asActor(email));
    await ageCodes(phone);
    await rt.caller(null).merchants.sendOTP({ phone });
    const r = await rt.caller(null).merchants.verifyOTP({ phone, otp: await lastCodeTo(e164(phone)) });
    expect(r.userType).toBe('merchant');
  });
});

describe('the migration of existing numbers', () => {
  it('keeps a mark only where a WhatsApp registration code proved it, and never on two accounts', async () => {
    const migration = await import('../../migrations/202611252253_verified_phones.js');
    const db = rt.deps.db;
    await migration.down(db);
    const [proven, signedIn, twin] = [mobile(), mobile(), mobile()];
    const insert = (email: string, phone: string, createdAgo: number, verifiedAgo: number) =>
      sql`insert into accounts (email, role, phone, created_at, phone_verified_at)
          values (${email}, 'customer', ${phone}, now() - make_interval(secs => ${createdAgo}), now() - make_interval(secs => ${verifiedAgo}))`.execute(
        db,
      );
    const registrationCode = (phone: string, usedAgo: number) =>
      sql`insert into one_time_codes (destination, purpose, code_hash, expires_at, used_at, created_at)
          values (${phone}, 'registration', 'x', now(), now() - make_interval(secs => ${usedAgo}), now() - make_interval(secs => ${usedAgo + 30}))`.execute(
        db,
      );
    // Registered by WhatsApp: the used registration code created the account.
    await insert(`m1.${n}@example.in`, proven, 3600, 3600);
    await registrationCode(proven, 3598);
    // Marked by a WhatsApp sign-in long after the account was made: no proof.
    await insert(`m2.${n}@example.in`, signedIn, 7200, 60);
    // Two accounts claiming one number: neither keeps it.
    await insert(`m3.${n}@example.in`, twin, 3600, 3600);
    await insert(`m4.${n}@example.in`, twin, 1800, 1800);
    await registrationCode(twin, 3600);
    await registrationCode(twin, 1800);
    await migration.up(db);
    const rows = await db
      .selectFrom('accounts')
      .select(['email', 'phone_verified_at'])
      .where('email', 'like', `m_.${n}@example.in`)
      .orderBy('email')
      .execute();
    expect(rows.map((r) => r.phone_verified_at !== null)).toEqual([true, false, false, false]);
  });
});
