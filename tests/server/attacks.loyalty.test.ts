import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { MAX_POINTS_PER_BOOKING } from '../../src/shared/loyalty.js';
import { createCustomer, createSalon, createStaff, insertBookingRow, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* Loyalty points are money: a salon cannot mint them for accounts it controls. */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

/** A visit that started an hour ago, checked in, then completed at the desk; the points it earned. */
async function completeVisit(salon: SalonFixture, customer: Actor, price: number): Promise<number> {
  const staffId = await createStaff(rt, salon.id, { name: `Stylist ${Math.random().toString(36).slice(2, 6)}` });
  const id = await insertBookingRow(rt, {
    userId: customer.id,
    merchantId: salon.id,
    staffId,
    startsAt: new Date(Date.now() - 60 * 60_000),
    status: 'confirmed',
    price,
  });
  const before = (await rt.caller(customer).users.getLoyalty({})).data.points;
  await rt.caller(salon.owner).merchants.updateBookingStatus({ bookingId: id, status: 'completed', paymentReceived: true });
  return (await rt.caller(customer).users.getLoyalty({})).data.points - before;
}

describe('loyalty points', () => {
  it('an unpublished salon completing a ₹10,00,000 booking gives no points', async () => {
    const draft = await createSalon(rt, { published: false });
    expect(await completeVisit(draft, await createCustomer(rt), 1_000_000)).toBe(0);
  });

  it('a published salon’s outsized booking earns at most the cap', async () => {
    const salon = await createSalon(rt);
    expect(await completeVisit(salon, await createCustomer(rt), 1_000_000)).toBe(MAX_POINTS_PER_BOOKING);
    expect(await completeVisit(salon, await createCustomer(rt), 1_200)).toBe(120);
  });

  it('a contact the desk created that nobody ever signed in to earns nothing', async () => {
    const salon = await createSalon(rt);
    const contact = await createCustomer(rt);
    await rt.deps.db.updateTable('accounts').set({ password_hash: null, last_login_at: null }).where('id', '=', contact.id).execute();
    expect(await completeVisit(salon, contact, 2_000)).toBe(0);
  });
});
