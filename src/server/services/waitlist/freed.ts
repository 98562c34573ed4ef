import { addDays, instantToZoned } from '../../../shared/slots.js';
import type { Executor } from '../../db/executor.js';
import { waitingDates } from '../../db/repositories/waitlist.js';
import { enqueueJobs } from '../../jobs/queue.js';

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
