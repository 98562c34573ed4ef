import { addDays, instantToZoned } from '../../../shared/slots.js';
import type { Executor } from '../../db/executor.js';
import { type OfferTaken, waitingDates } from '../../db/repositories/waitlist.js';
import { noEffects, writeEffects } from '../../jobs/effects.js';
import { enqueueJobs } from '../../jobs/queue.js';
import { BOOKING_EVENT_MESSAGES, type BookingMessagesPayload, displayDate } from '../bookings/notify.js';

/** The job that offers a salon day's freed times to its waiting customers (match.ts). */
export const WAITLIST_MATCH = 'waitlist_match';

/**
 * Time may have freed at the salon (a cancellation, a move, removed blocked time, longer hours):
 * queues a matching run for each of the given dates (every date from today when null) on which
 * somebody waits, in the caller's transaction, so it runs only if the change commits and runs in
 * whichever process fetches it. Nothing is queued for a day nobody waits for.
 */
export async function waitlistTimeFreed(trx: Executor, merchantId: string, dates: string[] | null, now = new Date()): Promise<void> {
  // Yesterday in UTC is no later than today anywhere: days already over are left out.
  const from = addDays(instantToZoned(now, 'UTC').date, -1);
  const days = await waitingDates(trx, merchantId, from, dates ? [...new Set(dates)] : null);
  await enqueueJobs(
    trx,
    days.map((date) => ({ kind: WAITLIST_MATCH, payload: { merchantId, date }, ref: `waitlist:${merchantId}:${date}`, maxAttempts: 5 })),
  );
}

/** Where the customer's waitlist is in the app (the link of every waitlist message). */
const WAITLIST_PAGE = '/bookings?tab=waitlist';

/**
 * A booking was just placed (in `trx`, not yet committed) on the professional's time, and its insert
 * withdrew the open waitlist offers of that time (status `taken`; repositories/bookings.ts
 * bookingInsert, after the salon day's shared lock its first statement took, so no matching run
 * offers the booked time after the insert looked). Each offer's customer is told kindly (in the app,
 * by e-mail and push) and stays waiting, and the day is matched again, so the next person is offered
 * a time that is still free. Nothing to do, and no statement, when none was taken.
 */
export async function offersTakenByBooking(
  trx: Executor,
  taken: readonly OfferTaken[],
  b: { merchantId: string; salonName: string; date: string; now: Date },
): Promise<number> {
  if (!taken.length) return 0;
  const effects = noEffects();
  for (const o of taken) {
    const title = 'That waitlist time was just booked';
    const message =
      `Sorry: ${displayDate(o.booking_date)} at ${o.booking_time} at ${b.salonName}, which we offered you, was just booked by someone else. ` +
      'You are still on the waitlist, and we will offer you the next time that frees up in your window.';
    effects.notifications.push({ accountId: o.user_id, title, message, link: WAITLIST_PAGE });
    const payload: BookingMessagesPayload = {
      accountId: o.user_id,
      bookingId: o.id,
      event: 'waitlistOfferTaken',
      salonName: b.salonName,
      title,
      message,
      link: WAITLIST_PAGE,
    };
    effects.jobs.push({ kind: BOOKING_EVENT_MESSAGES, payload: { ...payload }, ref: `waitlist-offer:${o.id}`, maxAttempts: 3 });
  }
  await writeEffects(trx, effects);
  await waitlistTimeFreed(trx, b.merchantId, [b.date], b.now);
  return taken.length;
}
