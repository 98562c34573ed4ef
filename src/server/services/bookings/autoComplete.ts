import { AUTO_COMPLETE_AFTER_MINUTES } from '../../../shared/policy.js';
import type { Executor } from '../../db/executor.js';
import { dueCheckedInBookings, updateBookingIfStatus } from '../../db/repositories/bookings.js';
import { defineJob, enqueueJob } from '../../jobs/queue.js';
import { publishDeskChange } from '../../live/deskEvents.js';
import { afterMove, completionValues } from './merchant.js';

/**
 * A checked-in booking completes itself AUTO_COMPLETE_AFTER_MINUTES after its scheduled end when
 * the salon has not completed it (docs/money.md): the customer came, so the commission is owed, and
 * leaving the booking open (or cancelling it after its start, which the desk refuses) does not
 * avoid it. It completes as the desk's Complete does (commission ledger, points, the customer's
 * review request), without "payment received" (the salon did not say), and the salon is told why.
 */
export const BOOKING_AUTO_COMPLETE = 'booking_auto_complete';
const BATCH = 200;

/** Completes every checked-in booking that is due at `now`; answers the bookings completed. */
export async function autoCompleteCheckedIn(trx: Executor, now: Date): Promise<{ id: string; merchantId: string; bookingDate: string }[]> {
  const endedBefore = new Date(now.getTime() - AUTO_COMPLETE_AFTER_MINUTES * 60_000);
  const done: { id: string; merchantId: string; bookingDate: string }[] = [];
  for (;;) {
    const due = await dueCheckedInBookings(trx, endedBefore, BATCH);
    for (const booking of due) {
      const updated = await updateBookingIfStatus(trx, booking.id, ['confirmed'], completionValues(booking, now, booking.payment_received));
      if (!updated) continue;
      await afterMove(trx, updated, updated.merchant_id, { autoCompleted: true });
      done.push({ id: updated.id, merchantId: updated.merchant_id, bookingDate: updated.booking_date });
    }
    if (due.length < BATCH) return done;
  }
}

/** Queues this hour's sweep unless it is queued (or done) already; every job runner calls it hourly. */
export async function scheduleAutoComplete(db: Executor, now = new Date()): Promise<void> {
  const hour = now.toISOString().slice(0, 13);
  await enqueueJob(db, { kind: BOOKING_AUTO_COMPLETE, payload: {}, dedupeKey: `${BOOKING_AUTO_COMPLETE}:${hour}`, maxAttempts: 5 });
}

export const autoCompleteJob = defineJob(BOOKING_AUTO_COMPLETE, async (trx, _payload, ctx) => {
  const done = await autoCompleteCheckedIn(trx, ctx.deps.now());
  for (const b of done) publishDeskChange(ctx.deps.db, b.merchantId, [b.bookingDate]);
});
