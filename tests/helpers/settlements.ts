import { sql } from 'kysely';
import { createSalon, createStaff, insertBookingRow } from './fixtures.js';
import { makeAccount, type TestRuntime } from './runtime.js';

let n = 0;
/**
 * A salon with one online payment of `price` taken for a visit a week ago that was completed (its
 * 10 % commission in the ledger): the gateway reported no fee, so the statement estimates it.
 */
export async function salonWithCompletedOnlinePayment(rt: TestRuntime, price = 1000, salon?: Awaited<ReturnType<typeof createSalon>>) {
  const s = salon ?? (await createSalon(rt));
  const customer = await makeAccount(rt, 'customer');
  const staffId = await createStaff(rt, s.id);
  const startsAt = new Date(Date.now() - 7 * 86_400_000 - n++ * 3_600_000);
  const bookingId = await insertBookingRow(rt, { userId: customer.id, merchantId: s.id, staffId, startsAt, status: 'confirmed', price });
  await rt.deps.db.updateTable('bookings').set({ payment_method: 'online', amount_paid: price }).where('id', '=', bookingId).execute();
  const payment = await rt.deps.db
    .insertInto('booking_payments')
    .values({
      booking_id: bookingId,
      user_id: customer.id,
      merchant_id: s.id,
      gateway: 'test',
      order_id: `order_fixture_${bookingId}`,
      amount: price,
      status: 'paid',
      // A paid payment has its receipt number (booking_payments_receipt_check).
      receipt_no: sql<number>`nextval('booking_receipt_seq')`,
      reference: `pay_fixture_${bookingId}`,
      paid_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await rt.caller(s.owner).merchants.updateBookingStatus({ bookingId, status: 'completed', paymentReceived: true });
  return { salon: s, customer, bookingId, paymentId: payment.id };
}
