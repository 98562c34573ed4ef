import { formatINR } from '../../../shared/money.js';
import { insertNotifications } from '../../db/effects.js';
import type { Executor } from '../../db/executor.js';
import { releaseExpiredHolds } from '../../db/repositories/payments.js';
import { defineJob } from '../../jobs/queue.js';
import { publishDeskChange } from '../../live/deskEvents.js';
import { appendWallet } from '../wallet/ledger.js';

/*
 * A booking being paid online holds its slot for PAYMENT_HOLD_MINUTES (docs/payments.md). A hold
 * whose payment never came is released twice over: by the booking that wants its time, in that
 * booking's transaction (releaseHoldsOverlapping), and by a sweep every minute for the rest, so
 * the salon's calendar and the customer's list stop showing it.
 */

export const BOOKING_HOLD_SWEEP = 'booking_hold_sweep';
/** Every minute, as pg-boss's timekeeper sends it (jobs/runner.ts). */
export const HOLD_SWEEP_CRON = '* * * * *';
const BATCH = 200;

type Released = Awaited<ReturnType<typeof releaseExpiredHolds>>;

/** What the wallet paid beside an expired payment goes back to it, and the customer is told the slot was let go. */
async function afterRelease(db: Executor, released: Released): Promise<void> {
  for (const p of released.payments) {
    const wallet = Number(p.wallet_amount);
    if (wallet > 0) {
      await appendWallet(db, {
        accountId: p.user_id,
        amount: wallet,
        kind: 'refund',
        bookingId: p.booking_id,
        description: 'Refund: the online payment of a booking was not completed in time',
      });
    }
  }
  await insertNotifications(
    db,
    released.payments.map((p) => ({
      accountId: p.user_id,
      title: 'Booking not confirmed',
      message: `The payment for your booking was not completed in time, so the slot was released.${Number(p.wallet_amount) > 0 ? ` The ${formatINR(Number(p.wallet_amount))} from your wallet is back in your wallet.` : ''}`,
      link: '/bookings',
      type: 'booking' as const,
    })),
  );
}

/** Releases the lapsed holds overlapping a time at a salon, in the caller's (booking's) transaction; true when it released any. */
export async function releaseHoldsOverlapping(
  db: Executor,
  now: Date,
  where: { merchantId: string; from: Date; to: Date },
): Promise<boolean> {
  const released = await releaseExpiredHolds(db, now, where);
  if (released.bookings.length) await afterRelease(db, released);
  return released.bookings.length > 0;
}

/** The sweep: every lapsed hold, in batches; answers the bookings released. */
export async function releaseLapsedHolds(db: Executor, now: Date): Promise<Released['bookings']> {
  const all: Released['bookings'] = [];
  for (;;) {
    const released = await releaseExpiredHolds(db, now, { limit: BATCH });
    if (released.bookings.length) await afterRelease(db, released);
    all.push(...released.bookings);
    if (released.bookings.length < BATCH) return all;
  }
}

export const holdSweepJob = defineJob(BOOKING_HOLD_SWEEP, async (trx, _payload, ctx) => {
  const released = await releaseLapsedHolds(trx, ctx.deps.now());
  for (const b of released) publishDeskChange(ctx.deps.db, b.merchant_id, [b.booking_date]);
});
