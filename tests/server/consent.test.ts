import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { updateBookingStatus } from '../../src/server/services/bookings/merchant.js';
import { DAILY_MESSAGE_LIMIT, indiaDay } from '../../src/shared/consent.js';
import { zonedTimeToInstant } from '../../src/shared/slots.js';
import {
  createCustomer,
  createSalon,
  createStaff,
  insertBookingRow,
  localDate,
  pinIndiaClock,
  type SalonFixture,
} from '../helpers/fixtures.js';
import { makeJobsDue } from '../helpers/jobs.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * Issue 25, messages and consent: every outbox message is transactional or promotional; a salon's
 * one-to-one message is about one of the customer's bookings, or promotional and then only to a
 * customer who opted in; promotional texts keep out of the TRAI quiet hours (21:00–09:00 IST); a
 * salon sends at most DAILY_MESSAGE_LIMIT one-to-one messages per India day. The server clock is
 * pinned in every test (AppDeps.now), so they pass at any hour.
 */

const DAY = 86_400_000;
let rt: TestRuntime;
let salon: SalonFixture;
let other: SalonFixture;
let staffId: string;
/** Opted in to offers, with a phone. */
let priya: Actor;
/** Never opted in, with a phone. */
let ravi: Actor;
let upcoming: string;
let sixDaysAgo: string;
let eightDaysAgo: string;
let ravisBooking: string;
let atOtherSalon: string;

beforeAll(async () => {
  rt = await createTestRuntime();
  pinIndiaClock(rt, '12:00');
  salon = await createSalon(rt, { name: 'Consent Salon' });
  other = await createSalon(rt, { name: 'Other Salon' });
  staffId = await createStaff(rt, salon.id);
  const otherStaff = await createStaff(rt, other.id);
  priya = await createCustomer(rt, { firstName: 'Priya' });
  ravi = await createCustomer(rt, { firstName: 'Ravi' });
  await rt.deps.db
    .updateTable('accounts')
    .set({ phone: '9000000021', notification_prefs: JSON.stringify({ marketing: true }) })
    .where('id', '=', priya.id)
    .execute();
  await rt.deps.db
    .updateTable('accounts')
    .set({ phone: '9000000022', notification_prefs: JSON.stringify({ marketing: false }) })
    .where('id', '=', ravi.id)
    .execute();
  const now = Date.now();
  upcoming = await insertBookingRow(rt, { merchantId: salon.id, userId: priya.id, staffId, startsAt: new Date(now + 2 * DAY) });
  sixDaysAgo = await insertBookingRow(rt, {
    merchantId: salon.id,
    userId: priya.id,
    staffId,
    startsAt: new Date(now - 6 * DAY),
    status: 'completed',
  });
  eightDaysAgo = await insertBookingRow(rt, {
    merchantId: salon.id,
    userId: priya.id,
    staffId,
    startsAt: new Date(now - 8 * DAY),
    status: 'completed',
  });
  ravisBooking = await insertBookingRow(rt, {
    merchantId: salon.id,
    userId: ravi.id,
    staffId,
    startsAt: new Date(now - 2 * DAY),
    status: 'completed',
  });
  atOtherSalon = await insertBookingRow(rt, { merchantId: other.id, userId: priya.id, staffId: otherStaff, startsAt: new Date(now + DAY) });
  await rt.deps.db
    .insertInto('manual_bookings')
    .values({ merchant_id: salon.id, name: 'Walk In', mobile: '9123456780', email: 'walkin@consent.test' })
    .execute();
});
afterAll(async () => {
  await rt.close();
});
beforeEach(async () => {
  pinIndiaClock(rt, '12:00');
  await rt.deps.db.deleteFrom('merchant_message_counts').execute();
});

const desk = () => rt.caller(salon.owner).merchants;
const outboxOf = (recipient: string) =>
  rt.deps.db
    .selectFrom('outbox_messages')
    .select(['id', 'channel', 'category', 'next_attempt_at', 'status', 'attempts', 'body'])
    .where('recipient', '=', recipient)
    .orderBy('created_at', 'desc');
const priyaPhone = '+919000000021';

describe('one-to-one messages: about a booking, or promotional with consent', () => {
  it('about a booking names one of THIS customer’s bookings at THIS salon, upcoming or from the last 7 days; else a 400 naming bookingId', async () => {
    const send = (bookingId?: string, customerId = priya.id) =>
      desk().sendCustomerMessage({ customerId, category: 'transactional', bookingId, channels: ['sms'], message: 'About your visit' });
    for (const id of [undefined, eightDaysAgo, ravisBooking, atOtherSalon]) {
      await expect(send(id)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^bookingId: /) });
    }
    const ok = await send(upcoming);
    expect(ok.queued).toEqual([{ channel: 'sms', to: priyaPhone, heldUntil: null }]);
    await send(sixDaysAgo);
    // Ravi never opted in, but a message about his own booking is his to receive.
    await send(ravisBooking, ravi.id);
    const rows = await outboxOf(priyaPhone).execute();
    expect(rows.map((r) => r.category)).toEqual(['transactional', 'transactional']);
  });

  it('promotional: refused with 403 naming the opt-out to a customer who has not opted in (or a walk-in); sent to one who has', async () => {
    await expect(
      desk().sendCustomerMessage({ customerId: ravi.id, category: 'promotional', channels: ['sms'], message: '20% off' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/^category: Ravi Test has opted out of offers and news \(marketing opt-out\)/),
    });
    await expect(
      desk().sendCustomerMessage({
        customerId: 'walk-in:walkin@consent.test',
        category: 'promotional',
        channels: ['email'],
        subject: 'Hi',
        message: '20% off',
      }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('never opted in'),
    });
    const r = await desk().sendCustomerMessage({
      customerId: priya.id,
      category: 'promotional',
      channels: ['sms'],
      message: 'Weekend offer',
    });
    expect(r.message).toBe('Message sent successfully!');
    expect((await outboxOf(priyaPhone).executeTakeFirstOrThrow()).category).toBe('promotional');
  });

  it('gives the dialog its figures: consent, the bookings it can name, today’s count, the quiet hours', async () => {
    const before = (await desk().getMessageContext({ customerId: priya.id })).data;
    expect(before.customer).toMatchObject({ _id: priya.id, marketingOptIn: true, source: 'account' });
    expect(before.promotional).toEqual({ allowed: true, reason: null });
    expect(before.bookings.map((b) => b._id)).toEqual([sixDaysAgo, upcoming]);
    expect(before.bookings.map((b) => b.upcoming)).toEqual([false, true]);
    expect(before.bookings[1]).toMatchObject({ services: ['Haircut'], bookingTime: '10:00 AM', status: 'upcoming' });
    expect(before.limit).toEqual({
      perDay: DAILY_MESSAGE_LIMIT,
      sentToday: 0,
      remainingToday: DAILY_MESSAGE_LIMIT,
      day: indiaDay(rt.deps.now()),
    });
    expect(before.quietHours).toEqual({ now: false, heldUntil: null, label: null });

    await desk().sendCustomerMessage({
      customerId: priya.id,
      category: 'transactional',
      bookingId: upcoming,
      channels: ['sms', 'email'],
      subject: 'Hi',
      message: 'See you',
    });
    const after = (await desk().getMessageContext({ customerId: priya.id })).data;
    expect(after.limit).toMatchObject({ sentToday: 2, remainingToday: DAILY_MESSAGE_LIMIT - 2 });

    pinIndiaClock(rt, '22:30');
    const night = (await desk().getMessageContext({ customerId: ravi.id })).data;
    expect(night.promotional).toMatchObject({ allowed: false, reason: expect.stringContaining('marketing opt-out') });
    expect(night.quietHours).toEqual({
      now: true,
      heldUntil: zonedTimeToInstant(localDate(1), 9 * 60, 'Asia/Kolkata').toISOString(),
      label: 'Held until 9:00 am (TRAI quiet hours)',
    });
    // Ravi never booked the other salon: not its customer.
    await expect(rt.caller(other.owner).merchants.getMessageContext({ customerId: ravi.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(other.owner).merchants.getMessageContext({ merchantId: salon.id, customerId: priya.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('TRAI quiet hours (21:00–09:00 IST)', () => {
  const nineAm = (days: number) => zonedTimeToInstant(localDate(days), 9 * 60, 'Asia/Kolkata');

  it('holds a promotional SMS or WhatsApp written at night until 09:00, stored with its not-before time; e-mail and messages about a booking go now', async () => {
    pinIndiaClock(rt, '22:30');
    const r = await desk().sendCustomerMessage({
      customerId: priya.id,
      category: 'promotional',
      channels: ['sms', 'whatsapp', 'email'],
      subject: 'Offer',
      message: 'Late offer',
    });
    expect(r.queued.map((q) => [q.channel, q.heldUntil])).toEqual([
      ['sms', nineAm(1).toISOString()],
      ['whatsapp', nineAm(1).toISOString()],
      ['email', null],
    ]);
    expect(r.message).toBe('Message sent successfully! The SMS and WhatsApp are held until 9:00 am (TRAI quiet hours).');
    const text = await outboxOf(priyaPhone).executeTakeFirstOrThrow();
    expect(text).toMatchObject({ channel: 'whatsapp', category: 'promotional', status: 'queued' });
    expect(new Date(text.next_attempt_at!).toISOString()).toBe(nineAm(1).toISOString());
    const job = await rt.deps.db.selectFrom('jobs').select('run_at').where('ref', '=', `message:${text.id}`).executeTakeFirstOrThrow();
    expect(new Date(job.run_at).toISOString()).toBe(nineAm(1).toISOString());
    // The sent list says why it waits.
    const listed = (await desk().getSentMessages({})).data.find((m) => m._id === text.id)!;
    expect(listed).toMatchObject({
      category: 'promotional',
      delivery: 'queued',
      deliveryLabel: 'Held until 9:00 am (TRAI quiet hours)',
      heldUntil: nineAm(1).toISOString(),
    });

    const about = await desk().sendCustomerMessage({
      customerId: priya.id,
      category: 'transactional',
      bookingId: upcoming,
      channels: ['sms'],
      message: 'Your booking',
    });
    expect(about.queued[0].heldUntil).toBeNull();
  });

  it('starts at 21:00 and ends at 09:00 sharp', async () => {
    const heldAt = async (time: string, days: number) => {
      pinIndiaClock(rt, time, days);
      return (await desk().sendCustomerMessage({ customerId: priya.id, category: 'promotional', channels: ['sms'], message: 'Offer' }))
        .queued[0].heldUntil;
    };
    expect(await heldAt('20:59', 0)).toBeNull();
    expect(await heldAt('21:00', 0)).toBe(nineAm(1).toISOString());
    expect(await heldAt('08:59', 1)).toBe(nineAm(1).toISOString());
    expect(await heldAt('09:00', 1)).toBeNull();
  });

  it('a text that reaches delivery in the quiet hours (a backlog, a retry) waits for 09:00 without spending an attempt, and goes out after', async () => {
    // Whatever earlier tests left due goes out first, through the offline transports.
    await runJobsUntilIdle(rt.deps);
    pinIndiaClock(rt, '20:55');
    let sent = 0;
    const offline = rt.deps.adapters.transports.sms;
    rt.deps.adapters.transports.sms = { provider: 'twilio', send: async () => ({ providerId: `SM${++sent}` }) };
    try {
      await desk().sendCustomerMessage({ customerId: priya.id, category: 'promotional', channels: ['sms'], message: 'Backlog offer' });
      const msg = await outboxOf(priyaPhone).executeTakeFirstOrThrow();
      expect(msg.next_attempt_at).toBeNull();
      pinIndiaClock(rt, '21:10');
      await runJobsUntilIdle(rt.deps);
      expect(sent).toBe(0);
      const held = await outboxOf(priyaPhone).executeTakeFirstOrThrow();
      expect(held).toMatchObject({ status: 'queued', attempts: 0 });
      expect(new Date(held.next_attempt_at!).toISOString()).toBe(nineAm(1).toISOString());
      // 09:00 comes: the job is due and the clock says morning.
      pinIndiaClock(rt, '09:00', 1);
      await makeJobsDue(rt.deps.db, { refs: [`message:${msg.id}`] });
      await runJobsUntilIdle(rt.deps);
      expect(sent).toBe(1);
      expect((await outboxOf(priyaPhone).executeTakeFirstOrThrow()).status).toBe('sent');
    } finally {
      rt.deps.adapters.transports.sms = offline;
    }
  });

  it('holds a campaign’s texts written at night, and says so; an e-mail campaign goes now', async () => {
    pinIndiaClock(rt, '23:15');
    const sms = await rt
      .caller(salon.owner)
      .marketing.createCampaign({ channel: 'sms', name: 'Night SMS', body: 'Offer at {merchant_name}', segment: 'all' });
    expect(sms.message).toBe('SMS campaign created: held until 9:00 am (TRAI quiet hours).');
    const mail = await rt.caller(salon.owner).marketing.createCampaign({
      channel: 'email',
      name: 'Night mail',
      subject: 'Offer',
      body: 'Offer at {merchant_name}',
      segment: 'all',
    });
    await runJobsUntilIdle(rt.deps);
    const rows = await rt.deps.db
      .selectFrom('outbox_messages')
      .select(['campaign_id', 'category', 'next_attempt_at', 'status'])
      .where('campaign_id', 'in', [sms.data._id, mail.data._id])
      .execute();
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.category === 'promotional')).toBe(true);
    const text = rows.find((r) => r.campaign_id === sms.data._id)!;
    expect(new Date(text.next_attempt_at!).toISOString()).toBe(nineAm(1).toISOString());
    expect(rows.find((r) => r.campaign_id === mail.data._id)!.status).toBe('sent');
    const listed = (await rt.caller(salon.owner).marketing.getMarketing({})).data.campaigns;
    expect(listed.find((c) => c._id === sms.data._id)).toMatchObject({ status: 'sending', heldUntil: nineAm(1).toISOString(), queued: 1 });
    expect(listed.find((c) => c._id === mail.data._id)!.heldUntil).toBeNull();
  });
});

describe('the daily limit of one-to-one messages', () => {
  const setSent = (n: number, day = indiaDay(rt.deps.now())) =>
    rt.deps.db
      .insertInto('merchant_message_counts')
      .values({ merchant_id: salon.id, day, sent: n })
      .onConflict((oc) => oc.columns(['merchant_id', 'day']).doUpdateSet({ sent: n }))
      .execute();
  const send = (channels: ('sms' | 'email')[]) =>
    desk().sendCustomerMessage({
      customerId: priya.id,
      category: 'transactional',
      bookingId: upcoming,
      channels,
      subject: 'Hi',
      message: 'About your booking',
    });

  it(`counts each channel, refuses with 429 naming the limit of ${DAILY_MESSAGE_LIMIT}, and starts again the next India day`, async () => {
    await setSent(DAILY_MESSAGE_LIMIT - 1);
    await expect(send(['sms', 'email'])).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining(`${DAILY_MESSAGE_LIMIT} messages to customers per day`),
    });
    const last = await send(['sms']);
    expect(last.remainingToday).toBe(0);
    await expect(send(['email'])).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Daily limit reached: a salon can send 100 messages/),
    });
    expect((await desk().getMessageContext({ customerId: priya.id })).data.limit).toMatchObject({
      sentToday: DAILY_MESSAGE_LIMIT,
      remainingToday: 0,
    });
    // Another salon's count is its own.
    expect((await rt.caller(other.owner).merchants.getMessageContext({ customerId: priya.id })).data.limit.sentToday).toBe(0);
    // Five past midnight in India is a new day (still the previous day in UTC).
    pinIndiaClock(rt, '00:05', 1);
    expect((await desk().getMessageContext({ customerId: priya.id })).data.limit).toMatchObject({
      sentToday: 0,
      remainingToday: DAILY_MESSAGE_LIMIT,
    });
    await send(['email']);
  });

  it('counts nothing when the send is refused or fails', async () => {
    await expect(
      desk().sendCustomerMessage({ customerId: ravi.id, category: 'promotional', channels: ['sms'], message: 'Offer' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // A message that cannot be queued (a NUL byte) rolls the count back with it.
    await expect(
      desk().sendCustomerMessage({
        customerId: priya.id,
        category: 'transactional',
        bookingId: upcoming,
        channels: ['sms'],
        message: 'bad \u0000 byte',
      }),
    ).rejects.toBeTruthy();
    expect((await desk().getMessageContext({ customerId: priya.id })).data.limit.sentToday).toBe(0);
  });
});

describe('the salon’s cancellation, at night', () => {
  it('is transactional: the e-mail with the salon’s reason goes at once, quiet hours or not', async () => {
    pinIndiaClock(rt, '23:30');
    const id = await insertBookingRow(rt, { merchantId: salon.id, userId: priya.id, staffId, startsAt: new Date(Date.now() + 3 * DAY) });
    await updateBookingStatus(rt.deps, salon.owner, {
      bookingId: id,
      status: 'cancelled',
      merchantId: salon.id,
      cancellationReason: 'The salon is closed for a family wedding',
    });
    await runJobsUntilIdle(rt.deps);
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .select(['body', 'category', 'status', 'next_attempt_at'])
      .where('recipient', '=', priya.email)
      .where('subject', 'like', 'Booking cancelled%')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ category: 'transactional', status: 'sent', next_attempt_at: null });
    expect(mail.body).toContain('Reason given by the salon: The salon is closed for a family wedding.');
  });
});

it(`runs on ${DB_KIND}`, () => expect(['pg', 'pglite']).toContain(DB_KIND));
