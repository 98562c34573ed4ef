import type PgBoss from 'pg-boss';

/**
 * Appointment reminders (24 h and 2 h before, shared/reminders.ts) come from one sweep: pg-boss's
 * timekeeper sends a `booking_reminder` job every minute (`schedule`), and its handler
 * (handlers/reminders.ts) sends the reminders due then, each recorded in booking_reminders in the
 * same transaction as its messages, so it goes once. A booking writes no reminder jobs: a moved
 * booking is reminded of its new start, a cancelled one of nothing, with no job to move or cancel.
 * Reminder jobs queued by earlier versions (one per booking and hour) just run a sweep.
 */
export const BOOKING_REMINDER = 'booking_reminder';

/** Every minute. */
export const REMINDER_SWEEP_CRON = '* * * * *';

/** A sweep that finds the database down does not catch up on reminders older than this. */
export const REMINDER_LOOKBACK_MINUTES = 60;

/** Registers the sweep's schedule with pg-boss (idempotent: one schedule per name, kept in its schema). */
export async function scheduleReminderSweep(boss: PgBoss, cron = REMINDER_SWEEP_CRON): Promise<void> {
  await boss.schedule(BOOKING_REMINDER, cron, {}, { tz: 'UTC', retryLimit: 1, expireInSeconds: 120 });
}
