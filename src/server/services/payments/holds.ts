import { formatINR } from '../../../shared/money.js';
import type { Executor } from '../../db/executor.js';
import { releaseExpiredHolds } from '../../db/repositories/payments.js';
import { reopenEntriesOfLapsedHolds } from '../../db/repositories/waitlist.js';
import { noEffects, writeEffects } from '../../jobs/effects.js';
import { defineJob } from '../../jobs/queue.js';
import { publishDeskChange } from '../../live/deskEvents.js';
import { BOOKING_EVENT_MESSAGES, type BookingMessagesPayload, displayDate } from '../bookings/notify.js';
import { waitlistTimeFreed } from '../waitlist/freed.js';
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

/** Where the customer's waitlist is in the app (the link of every waitlist message). */
const WAITLIST_PAGE = '/bookings?tab=waitlist';

/**
 * What follows a release, in its transaction: what the wallet paid beside an expired payment goes
 * back to it, and the customer is told the slot was let go. A hold an accepted waitlist offer made
 * puts its entry back to waiting in its old place (docs/waitlist.md), and its customer is told as
 * other waitlist events tell them (in the app, by e-mail and push); the days released are matched
 * again, so the time goes to whoever waits for it.
 */
async function afterRelease(db: Executor, released: Released, now: Date): Promise<void> {
  const reopened = await reopenEntriesOfLapsedHolds(
    db,
    released.bookings.map((b) => b.id),
    now,
  );
  const walletBack = new Map<string, number>();
  for (const p of released.payments) {
    const wallet = Number(p.wallet_amount);
    if (wallet > 0) {
      walletBack.set(p.booking_id, wallet);
      await appendWallet(db, {
        accountId: p.user_id,
        amount: wallet,
        kind: 'refund',
        bookingId: p.booking_id,
        description: 'Refund: the online payment of a booking was not completed in time',
      });
    }
  }
  const walletNote = (bookingId: string) => {
    const back = walletBack.get(bookingId) ?? 0;
    return back > 0 ? ` The ${formatINR(back)} from your wallet is back in your wallet.` : '';
  };
  const waitlisted = new Set(reopened.map((e) => e.booking_id));
  const effects = noEffects();
  for (const p of released.payments) {
    if (waitlisted.has(p.booking_id)) continue;
    effects.notifications.push({
      accountId: p.user_id,
      title: 'Booking not confirmed',
      message: `The payment for your booking was not completed in time, so the slot was released.${walletNote(p.booking_id)}`,
      link: '/bookings',
      type: 'booking' as const,
    });
  }
  for (const e of reopened) {
    const title = 'Waitlist time released';
    const message =
      `The payment for ${displayDate(e.booking_date)} at ${e.booking_time} at ${e.shop_name}, which you accepted from the waitlist, ` +
      `was not completed in time, so the time was released.${walletNote(e.booking_id)} ` +
      'You are still on the waitlist in your place, and we will offer you the next time that frees up in your window.';
    effects.notifications.push({ accountId: e.user_id, title, message, link: WAITLIST_PAGE });
    const payload: BookingMessagesPayload = {
      accountId: e.user_id,
      bookingId: e.booking_id,
      event: 'waitlistHoldLapsed',
      salonName: e.shop_name,
      title,
      message,
      link: WAITLIST_PAGE,
    };
    effects.jobs.push({ kind: BOOKING_EVENT_MESSAGES, payload: { ...payload }, ref: `waitlist-lapsed:${e.id}`, maxAttempts: 3 });
  }
  await writeEffects(db, effects);
  const days = new Map<string, string[]>();
  for (const b of released.bookings) days.set(b.merchant_id, [...(days.get(b.merchant_id) ?? []), String(b.booking_date).slice(0, 10)]);
  for (const [merchantId, dates] of days) await waitlistTimeFreed(db, merchantId, dates, now);
}

/** Releases the lapsed holds overlapping a time at a salon, in the caller's (booking's) transaction; true when it released any. */
export async function releaseHoldsOverlapping(
  db: Executor,
  now: Date,
  where: { merchantId: string; from: Date; to: Date },
): Promise<boolean> {
  const released = await releaseExpiredHolds(db, now, where);
  if (released.bookings.length) await afterRelease(db, released, now);
  return released.bookings.length > 0;
}

/** The sweep: every lapsed hold, in batches; answers the bookings released. */
export async function releaseLapsedHolds(db: Executor, now: Date): Promise<Released['bookings']> {
  const all: Released['bookings'] = [];
  for (;;) {
    const released = await releaseExpiredHolds(db, now, { limit: BATCH });
    if (released.bookings.length) await afterRelease(db, released, now);
    all.push(...released.bookings);
    if (released.bookings.length < BATCH) return all;
  }
}

export const holdSweepJob = defineJob(BOOKING_HOLD_SWEEP, async (trx, _payload, ctx) => {
  const released = await releaseLapsedHolds(trx, ctx.deps.now());
  for (const b of released) publishDeskChange(ctx.deps.db, b.merchant_id, [b.booking_date]);
});
