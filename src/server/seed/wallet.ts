import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.js';
import { appendWallet, awardBookingPointsAll, refundBookingToWallet } from '../services/wallet/ledger.js';

const DAY = 86_400_000;

/**
 * The demo customer's wallet and points, as the app would have written them: a redeemed gift
 * card, one cancelled booking that had been prepaid from the wallet (and its refund), and points
 * for every completed booking. Each entry carries the moment it belongs to (the card's redemption,
 * the booking's creation, its cancellation, the visit's completion), not the moment the seed ran,
 * and the entries are written in that order, so the running balances follow the dates.
 */
export async function seedWallet(db: Db): Promise<void> {
  const customer = await db.selectFrom('accounts').select('id').where('email', '=', 'customer@demo.in').executeTakeFirst();
  if (!customer) return;
  await db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .selectFrom('bookings as b')
      .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
      .select(['b.id', 'b.total_price', 'b.refund_percent', 'b.created_at', 'b.cancelled_at', 'm.shop_name'])
      .where('b.user_id', '=', customer.id)
      .where('b.status', '=', 'cancelled')
      .orderBy('b.starts_at')
      .limit(1)
      .executeTakeFirst();
    const bookedAt = cancelled ? new Date(cancelled.created_at) : null;

    // The card paid for that booking, so it was redeemed first: 45 days ago, or a week before the booking.
    const redeemedAt = new Date(Math.min(Date.now() - 45 * DAY, (bookedAt?.getTime() ?? Infinity) - 7 * DAY));
    const card = await trx
      .insertInto('gift_cards')
      .values({
        code: `GB-DEMO-${randomBytes(2).toString('hex').toUpperCase()}-GIFT`,
        amount: 5000,
        purchaser_id: customer.id,
        payment_method: 'test_card',
        payment_reference: 'test_demo',
        recipient_name: 'Priya',
        message: 'Happy birthday! Treat yourself.',
        status: 'redeemed',
        redeemed_by: customer.id,
        redeemed_at: redeemedAt,
        created_at: new Date(redeemedAt.getTime() - 2 * DAY),
      })
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow();
    await appendWallet(trx, {
      accountId: customer.id,
      amount: 5000,
      kind: 'gift_card_redeemed',
      giftCardId: card.id,
      description: `Gift card ${card.code}`,
      at: redeemedAt,
    });

    if (cancelled && bookedAt) {
      const total = Number(cancelled.total_price);
      await appendWallet(trx, {
        accountId: customer.id,
        amount: -total,
        kind: 'booking_payment',
        bookingId: cancelled.id,
        description: `Booking at ${cancelled.shop_name}`,
        at: bookedAt,
      });
      await trx
        .updateTable('bookings')
        .set({ payment_method: 'wallet', amount_paid: total, payment_received: true })
        .where('id', '=', cancelled.id)
        .execute();
      await refundBookingToWallet(trx, {
        userId: customer.id,
        bookingId: cancelled.id,
        amountPaid: total,
        refundPercent: cancelled.refund_percent ?? 100,
        salonName: cancelled.shop_name,
        at: cancelled.cancelled_at ? new Date(cancelled.cancelled_at) : undefined,
      });
    }

    const completed = await trx
      .selectFrom('bookings as b')
      .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
      .select(['b.id', 'b.total_price', 'b.user_id', 'b.completed_at', 'm.shop_name'])
      .where('b.status', '=', 'completed')
      .orderBy('b.completed_at')
      .execute();
    await awardBookingPointsAll(
      trx,
      completed.map((b) => ({
        // The demo's completed bookings are all its customers' own.
        userId: b.user_id!,
        bookingId: b.id,
        total: Number(b.total_price),
        salonName: b.shop_name,
        at: b.completed_at ? new Date(b.completed_at) : undefined,
      })),
    );
  });
}
