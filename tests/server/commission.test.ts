import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { updateBookingStatus } from '../../src/server/services/bookings/merchant.js';
import { createCustomer, createSalon, createStaff, insertBookingRow, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/*
 * Issue 25: merchants see what they owe. Per month of appointment: completed bookings, gross,
 * commission, net, paid (deducted from prepayments the platform collected, plus payments an admin
 * recorded) and outstanding; the dashboard's revenue card has gross and net.
 */

let rt: TestRuntime;
let salon: SalonFixture;
let customer: Actor;
let admin: Actor;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Ledger Salon' });
  customer = await createCustomer(rt);
  admin = await makeAccount(rt, 'admin');
});
afterAll(async () => {
  await rt.close();
});

/** A booking at noon UTC on `day` (its month is the day's), moved to `status` through the desk. */
async function settled(on: SalonFixture, day: string, price: number, status: 'completed' | 'no_show', prepaid = false) {
  const staff = await createStaff(rt, on.id, { name: `S ${Math.random()}` });
  const id = await insertBookingRow(rt, {
    userId: customer.id,
    merchantId: on.id,
    staffId: staff,
    startsAt: new Date(`${day}T12:00:00Z`),
    status: status === 'completed' ? 'confirmed' : 'upcoming',
    price,
    prepaid,
  });
  await updateBookingStatus(rt.deps, on.owner, { bookingId: id, status, merchantId: on.id, paymentReceived: true });
  return id;
}

describe('commission statement', () => {
  let months: string[];
  beforeAll(async () => {
    const now = new Date();
    const ym = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10)).toISOString().slice(0, 10);
    const [earlier, last] = [ym(2), ym(1)];
    months = [last.slice(0, 7), earlier.slice(0, 7)];
    await settled(salon, earlier, 1000, 'completed');
    await settled(salon, earlier, 500.5, 'completed', true);
    await settled(salon, last, 2000, 'completed');
    await settled(salon, last, 800, 'no_show', true);
    await settled(salon, last, 300, 'no_show');
  });

  it('sums each month: gross, 10% commission, net, what prepayments already paid, and what is outstanding', async () => {
    const r = await rt.caller(salon.owner).merchants.getCommission({});
    expect(r.data.rate).toBe(0.1);
    expect(r.data.months.map((m) => m.month)).toEqual(months);
    const [last, earlier] = r.data.months;
    // 2,000 paid at the salon: 200 owed. A prepaid ₹800 no-show: 80, already deducted. A ₹300 no-show paid at the salon: nothing.
    expect(last).toEqual({
      month: months[0],
      completedBookings: 1,
      directBookings: 0,
      noShows: 2,
      gross: 2800,
      commission: 280,
      net: 2520,
      paid: 80,
      outstanding: 200,
    });
    // 1,000 at the salon (100 owed) and 500.50 prepaid (50.05 deducted, half up).
    expect(earlier).toEqual({
      month: months[1],
      completedBookings: 2,
      directBookings: 0,
      noShows: 0,
      gross: 1500.5,
      commission: 150.05,
      net: 1350.45,
      paid: 50.05,
      outstanding: 100,
    });
    expect(r.data.totals).toEqual({
      completedBookings: 3,
      directBookings: 0,
      noShows: 2,
      gross: 4300.5,
      commission: 430.05,
      net: 3870.45,
      paid: 130.05,
      outstanding: 300,
    });
  });

  it('is the caller’s own salon’s; an admin names the salon', async () => {
    const other = await createSalon(rt, { name: 'Other Salon' });
    expect((await rt.caller(other.owner).merchants.getCommission({})).data.months).toEqual([]);
    await expect(rt.caller(other.owner).merchants.getCommission({ merchantId: salon.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(customer).merchants.getCommission({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await rt.caller(admin).merchants.getCommission({ merchantId: salon.id })).data.totals.outstanding).toBe(300);
  });

  it('records payments an admin receives, never more than a month’s outstanding', async () => {
    await expect(
      rt.caller(salon.owner).admin.recordCommissionPayment({ merchantId: salon.id, month: months[1], amount: 10, reference: 'UTR123' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      rt.caller(admin).admin.recordCommissionPayment({ merchantId: salon.id, month: months[1], amount: 100.01, reference: 'UTR123' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^amount: ₹100\.01 is more than the ₹100\.00 outstanding for /),
    });
    await expect(
      rt.caller(admin).admin.recordCommissionPayment({ merchantId: salon.id, month: '2026-13', amount: 1, reference: 'UTR123' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^month: /),
    });
    const r = await rt
      .caller(admin)
      .admin.recordCommissionPayment({ merchantId: salon.id, month: months[1], amount: 60, reference: 'UTR-60' });
    expect(r.message).toMatch(/^Recorded ₹60\.00 from Ledger Salon for /);
    const after = await rt.caller(salon.owner).merchants.getCommission({});
    expect(after.data.months[1]).toMatchObject({ paid: 110.05, outstanding: 40 });
    expect(after.data.payments).toEqual([expect.objectContaining({ month: months[1], amount: 60, reference: 'UTR-60' })]);
    const audit = await rt.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', salon.id)
      .where('action', '=', 'commission.payment')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('lets only one of two admins racing to record the same outstanding amount succeed', async () => {
    const racing = await createSalon(rt, { name: 'Race Salon' });
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await settled(racing, day, 1500, 'completed');
    const month = day.slice(0, 7);
    const pay = () => rt.caller(admin).admin.recordCommissionPayment({ merchantId: racing.id, month, amount: 150, reference: 'UTR-RACE' });
    const results = await Promise.allSettled([pay(), pay(), pay()]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const rows = await rt.deps.db.selectFrom('commission_payments').select('amount').where('merchant_id', '=', racing.id).execute();
    expect(rows.map((x) => Number(x.amount))).toEqual([150]);
  });

  it('gives the dashboard gross and net revenue', async () => {
    const d = await rt.caller(salon.owner).merchants.getDashboard({});
    // Completed bookings only: 1,000 + 500.50 + 2,000.
    expect(d.stats).toMatchObject({ totalRevenue: 3500.5, commission: 350.05, netRevenue: 3150.45 });
  });
});
