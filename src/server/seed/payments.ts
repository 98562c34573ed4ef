import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { testGatewayOrderId, testGatewayPayment } from '../adapters/payments/index.js';
import type { Db } from '../db/index.js';
import { refundReceipt } from '../services/payments/refunds.js';

/**
 * Online payments in the demo (docs/payments.md), as the test gateway would have taken them: the
 * demo customer's next booking at the demo salon (merchant@demo.in) paid online, and, when there is
 * one, a later cancelled booking there that was paid online and refunded to the UPI account it came
 * from (processed), and the customer's latest visit there (completed), paid online when booked. The
 * wallet's demo (seedWallet) keeps the first cancelled booking.
 */
export async function seedPayments(db: Db): Promise<void> {
  const customer = await db.selectFrom('accounts').select('id').where('email', '=', 'customer@demo.in').executeTakeFirst();
  const salon = await db.selectFrom('accounts').select('id').where('email', '=', 'merchant@demo.in').executeTakeFirst();
  if (!customer || !salon) return;
  const mine = db
    .selectFrom('bookings')
    .select(['id', 'total_price', 'created_at', 'cancelled_at', 'refund_percent'])
    .where('user_id', '=', customer.id)
    .where('merchant_id', '=', salon.id)
    .where('payment_method', '=', 'pay_at_salon')
    .orderBy('starts_at');
  const upcoming = await mine.where('status', '=', 'upcoming').limit(1).executeTakeFirst();
  const cancelled = await mine.where('status', '=', 'cancelled').where('refund_percent', '>', 0).offset(1).limit(1).executeTakeFirst();
  // A past visit paid online when it was booked: settled, so the salon's statement and the admin's
  // Payables show money due (docs/payments.md, Settlement).
  const completed = await mine
    .where('status', '=', 'completed')
    .where('channel', '=', 'marketplace')
    .clearOrderBy()
    .orderBy('starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    for (const b of [upcoming, completed, cancelled]) {
      if (!b || Number(b.total_price) < 1) continue;
      const id = randomUUID();
      const orderId = testGatewayOrderId(id);
      const total = Number(b.total_price);
      const paidAt = new Date(new Date(b.created_at).getTime() + 2 * 60_000);
      await trx
        .insertInto('booking_payments')
        .values({
          id,
          booking_id: b.id,
          user_id: customer.id,
          merchant_id: salon.id,
          gateway: 'test',
          order_id: orderId,
          amount: total,
          status: 'paid',
          // A paid payment has its receipt's number (202612021600_payment_policy), as the verify path gives it.
          receipt_no: sql<number>`nextval('booking_receipt_seq')`,
          reference: testGatewayPayment(orderId).paymentId,
          paid_at: paidAt,
          created_at: new Date(b.created_at),
          updated_at: paidAt,
        })
        .execute();
      await trx
        .updateTable('bookings')
        .set({ payment_method: 'online', amount_paid: total, payment_received: true })
        .where('id', '=', b.id)
        .execute();
      if (b === cancelled && b.cancelled_at) {
        const refundId = randomUUID();
        const amount = Math.round(total * (b.refund_percent ?? 0)) / 100;
        await trx
          .insertInto('booking_refunds')
          .values({
            id: refundId,
            payment_id: id,
            booking_id: b.id,
            amount,
            reason: 'cancellation',
            status: 'processed',
            gateway_refund_id: `test_rfnd_demo_${refundReceipt(refundId).slice(4, 16)}`,
            created_at: new Date(b.cancelled_at),
            updated_at: new Date(new Date(b.cancelled_at).getTime() + 60_000),
          })
          .execute();
      }
    }
  });
}
