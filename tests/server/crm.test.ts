import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { createCustomer, createSalon, createService, createStaff, localDate, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let salon: SalonFixture;
let other: SalonFixture;
let asha: Actor;
let bala: Actor;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Lotus Salon' });
  other = await createSalon(rt, { name: 'Other Salon' });
  const cut = await createService(rt, salon.id, { name: 'Haircut', duration: 30, price: 500, category: 'Hair' });
  await createStaff(rt, salon.id, { name: 'Kiran' });
  asha = await createCustomer(rt, { firstName: 'Asha' });
  bala = await createCustomer(rt, { firstName: 'Bala' });
  await rt.deps.db.updateTable('accounts').set({ phone: '9876543210' }).where('id', '=', asha.id).execute();
  for (const [c, time] of [
    [asha, '10:00 AM'],
    [asha, '11:00 AM'],
    [bala, '12:00 PM'],
  ] as const) {
    await rt.caller(c).users.createBooking({ merchantId: salon.id, serviceIds: [cut], bookingDate: localDate(2), bookingTime: time });
  }
  await rt.deps.db
    .insertInto('manual_bookings')
    .values({ merchant_id: salon.id, name: 'Walk In', mobile: '9123456780', email: 'walkin@example.in' })
    .execute();
  // At the counter with Asha's e-mail (typed in capitals), and with Devi's phone and another e-mail.
  const devi = await createCustomer(rt, { firstName: 'Devi' });
  await rt.deps.db.updateTable('accounts').set({ phone: '9988776655' }).where('id', '=', devi.id).execute();
  await rt.deps.db
    .insertInto('manual_bookings')
    .values([
      { merchant_id: salon.id, name: 'Asha at the desk', mobile: '9000011111', email: asha.email.toUpperCase() },
      { merchant_id: salon.id, name: 'D. at the desk', mobile: '9988776655', email: 'devi.other@example.in' },
    ])
    .execute();
});
afterAll(async () => {
  await rt.close();
});

const bookingOf = async (a: Actor) =>
  (
    await rt.deps.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', a.id)
      .where('merchant_id', '=', salon.id)
      .orderBy('starts_at')
      .executeTakeFirstOrThrow()
  ).id;
const ashasBooking = () => bookingOf(asha);
const balasBooking = () => bookingOf(bala);

describe('customers', () => {
  it('lists the salon’s customers from bookings and walk-ins with their counts; only to the salon', async () => {
    const r = await rt.caller(salon.owner).merchants.getCustomers({});
    const byName = Object.fromEntries(r.data.customers.map((c) => [c.name.split(' ')[0], c]));
    expect(byName.Asha).toMatchObject({ source: 'account', totalBookings: 3, phone: '9876543210', marketingOptIn: false });
    expect(byName.Asha.nextAppointment).not.toBeNull();
    expect(byName.Asha.lastVisit).not.toBeNull();
    expect(byName.Bala.totalBookings).toBe(1);
    // Devi never booked this salon: a walk-in with her number is what the salon typed, not her account.
    expect(byName['D.']).toMatchObject({ source: 'walk-in', email: 'devi.other@example.in', totalBookings: 1, phone: '9988776655' });
    expect(byName.Devi).toBeUndefined();
    expect(byName.Walk).toMatchObject({ source: 'walk-in', email: 'walkin@example.in', totalBookings: 1, marketingOptIn: false });
    expect(r.data.customers.map((c) => c.source).sort()).toEqual(['account', 'account', 'walk-in', 'walk-in']);
    expect(r.data.total).toBe(4);
    expect((await rt.caller(other.owner).merchants.getCustomers({})).data.customers).toEqual([]);
    await expect(rt.caller(other.owner).merchants.getCustomers({ merchantId: salon.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(asha).merchants.getCustomers({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('searches by name or e-mail and filters by recency and rating', async () => {
    expect((await rt.caller(salon.owner).merchants.getCustomers({ search: 'walkin@' })).data.customers.map((c) => c.source)).toEqual([
      'walk-in',
    ]);
    expect((await rt.caller(salon.owner).merchants.getCustomers({ rangeDays: 7 })).data.total).toBe(4);
    expect((await rt.caller(salon.owner).merchants.getCustomers({ minRating: 4 })).data.total).toBe(0);
  });

  it('pages through every customer with the true total', async () => {
    const first = await rt.caller(salon.owner).merchants.getCustomers({ limit: 2 });
    const second = await rt.caller(salon.owner).merchants.getCustomers({ limit: 2, page: 2 });
    const beyond = await rt.caller(salon.owner).merchants.getCustomers({ limit: 2, page: 3 });
    expect([first.data.total, second.data.total, beyond.data.total]).toEqual([4, 4, 4]);
    expect(first.data.customers).toHaveLength(2);
    expect(second.data.customers).toHaveLength(2);
    expect(beyond.data.customers).toEqual([]);
    expect(new Set([...first.data.customers, ...second.data.customers].map((c) => c._id)).size).toBe(4);
    await expect(rt.caller(salon.owner).merchants.getCustomers({ page: 0 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^page: /),
    });
    await expect(rt.caller(salon.owner).merchants.getCustomers({ limit: 1000 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^limit: /),
    });
  });

  it('counts beyond 500 customers without truncating', async () => {
    const big = await createSalon(rt, { name: 'Crowded Salon' });
    await rt.deps.db
      .insertInto('manual_bookings')
      .values(
        Array.from({ length: 510 }, (_, i) => ({
          merchant_id: big.id,
          name: `Guest ${i}`,
          mobile: '9123400000',
          email: `guest${i}@walk.test`,
        })),
      )
      .execute();
    const r = await rt.caller(big.owner).merchants.getCustomers({ limit: 200, page: 3 });
    expect(r.data.total).toBe(510);
    expect(r.data.customers).toHaveLength(110);
    const last = r.data.customers.at(-1)!;
    // A walk-in's counter booking is what a message to them is about.
    const ctx = await rt.caller(big.owner).merchants.getMessageContext({ customerId: last._id });
    expect(ctx.data.bookings).toHaveLength(1);
    await rt.caller(big.owner).merchants.sendCustomerMessage({
      customerId: last._id,
      category: 'transactional',
      bookingId: ctx.data.bookings[0]._id,
      channels: ['email'],
      subject: 'Hi',
      message: 'Hello {customer_name}',
    });
  });
});

describe('messages', () => {
  it('fills the variables and queues one message per channel, shown in the salon’s sent list and delivered by the jobs', async () => {
    const r = await rt.caller(salon.owner).merchants.sendCustomerMessage({
      customerId: asha.id,
      category: 'transactional',
      bookingId: await ashasBooking(),
      channels: ['email', 'whatsapp'],
      subject: 'See you soon, {customer_name}',
      message: 'Hi {customer_name}, {merchant_name} looks forward to {appointment_date}.',
    });
    expect(r.queued).toEqual([
      { channel: 'email', to: asha.email, heldUntil: null },
      { channel: 'whatsapp', to: '+919876543210', heldUntil: null },
    ]);
    await runJobsUntilIdle(rt.deps);
    const sent = await rt.caller(salon.owner).merchants.getSentMessages({});
    expect(sent.data).toHaveLength(2);
    expect(sent.data.every((m) => m.status === 'sent')).toBe(true);
    expect(sent.data[0].body).toMatch(/^Hi Asha, Lotus Salon looks forward to \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
    expect((await rt.caller(other.owner).merchants.getSentMessages({})).data).toEqual([]);
  });

  it('refuses: another salon’s customer, an SMS over 160 characters once filled, a customer without a number', async () => {
    await expect(
      rt
        .caller(other.owner)
        .merchants.sendCustomerMessage({ customerId: asha.id, category: 'promotional', channels: ['sms'], message: 'hi' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      rt.caller(salon.owner).merchants.sendCustomerMessage({
        customerId: asha.id,
        category: 'transactional',
        bookingId: await ashasBooking(),
        channels: ['sms'],
        message: `${'x'.repeat(150)} {merchant_name}`,
      }),
    ).rejects.toMatchObject({ message: expect.stringContaining('SMS message cannot exceed 160 characters') });
    await expect(
      rt.caller(salon.owner).merchants.sendCustomerMessage({
        customerId: bala.id,
        category: 'transactional',
        bookingId: await balasBooking(),
        channels: ['sms'],
        message: 'hello',
      }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('no phone number'),
    });
    await expect(
      rt.caller(salon.owner).merchants.sendCustomerMessage({
        customerId: asha.id,
        category: 'transactional',
        bookingId: await ashasBooking(),
        channels: [],
        message: 'hello',
      }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('Please select at least one contact method'),
    });
  });
});

describe('templates', () => {
  it('CRUD scoped to the salon, with the SMS and e-mail rules', async () => {
    const t = await rt
      .caller(salon.owner)
      .merchants.createMessageTemplate({ name: 'Offer', type: 'sms', content: 'Hi {customer_name}, 20% off this week!' });
    await expect(
      rt.caller(salon.owner).merchants.createMessageTemplate({ name: 'Long', type: 'sms', content: 'x'.repeat(161) }),
    ).rejects.toMatchObject({ message: expect.stringContaining('160') });
    await expect(
      rt.caller(salon.owner).merchants.createMessageTemplate({ name: 'Mail', type: 'email', content: 'Body' }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/^subject: /) });
    await rt
      .caller(salon.owner)
      .merchants.updateMessageTemplate({ templateId: t.data._id, name: 'Offer 2', type: 'whatsapp', content: 'Updated' });
    await expect(rt.caller(other.owner).merchants.deleteMessageTemplate({ templateId: t.data._id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await rt.caller(salon.owner).merchants.getMessageTemplates({})).data.map((x) => x.name)).toEqual(['Offer 2']);
    await rt.caller(salon.owner).merchants.deleteMessageTemplate({ templateId: t.data._id });
    expect((await rt.caller(salon.owner).merchants.getMessageTemplates({})).data).toEqual([]);
  });
});
