import { REMINDER_HOURS_BEFORE } from '../../shared/reminders.js';
import type { Executor } from '../db/executor.js';
import { cancelQueuedJobs, enqueueJob, type NewJob } from './queue.js';

export const BOOKING_REMINDER = 'booking_reminder';

const HOUR = 3_600_000;
const bookingRef = (bookingId: string) => `booking:${bookingId}`;

/**
 * Durable reminder jobs for a booking's start (24 h and 2 h before); a reminder whose moment has
 * passed is not created. The dedupe key includes the start, so a retried call adds nothing.
 */
export function reminderJobs(bookingId: string, startsAt: Date, now = new Date()): NewJob[] {
  return REMINDER_HOURS_BEFORE.map((hours) => ({ hours, runAt: new Date(startsAt.getTime() - hours * HOUR) }))
    .filter(({ runAt }) => runAt.getTime() > now.getTime())
    .map(({ hours, runAt }) => ({
      kind: BOOKING_REMINDER,
      payload: { bookingId, startsAt: startsAt.toISOString(), hoursBefore: hours },
      runAt,
      dedupeKey: `reminder:${bookingId}:${hours}h:${startsAt.toISOString()}`,
      ref: bookingRef(bookingId),
      maxAttempts: 3,
    }));
}

/** Queues the reminder jobs (reminderJobs) and returns how many were created. */
export async function scheduleReminders(db: Executor, bookingId: string, startsAt: Date, now = new Date()): Promise<number> {
  let created = 0;
  for (const job of reminderJobs(bookingId, startsAt, now)) if (await enqueueJob(db, job)) created++;
  return created;
}

/** Cancels a booking's pending reminders (it was cancelled, or moved: new ones are scheduled). */
export function cancelReminders(db: Executor, bookingId: string): Promise<number> {
  return cancelQueuedJobs(db, BOOKING_REMINDER, bookingRef(bookingId));
}
