import { CUSTOMER_PREFERENCE_KEYS, preferenceOn, REMINDER_HOURS_BEFORE } from '../../../shared/reminders.js';
import type { Executor } from '../../db/executor.js';
import { insertNotification } from '../../db/repositories/notifications.js';
import { claimDueReminders, type DueReminder } from '../../db/repositories/reminders.js';
import type { AppDeps } from '../../deps.js';
import { queueMessage } from '../../messaging/index.js';
import { queuePushToAccount } from '../../messaging/push.js';
import { displayDate } from '../../services/bookings/notify.js';
import { defineJob } from '../queue.js';
import { BOOKING_REMINDER, REMINDER_LOOKBACK_MINUTES } from '../reminders.js';

/**
 * Sends the reminders due now (claimDueReminders records each once) in-app, by push and by
 * e-mail, as the customer's preferences allow; returns how many were due. Runs in one transaction
 * with the records, so a sweep that fails sends nothing and the next one sends them.
 */
export async function sendDueReminders(trx: Executor, deps: AppDeps, now = deps.now()): Promise<number> {
  const due = await claimDueReminders(trx, now, REMINDER_HOURS_BEFORE, REMINDER_LOOKBACK_MINUTES);
  for (const r of due) await sendReminder(trx, deps, r);
  return due.length;
}

async function sendReminder(trx: Executor, deps: AppDeps, b: DueReminder): Promise<void> {
  if (!preferenceOn(b.notification_prefs, CUSTOMER_PREFERENCE_KEYS.reminders)) return;
  const when = b.hours_before >= 24 ? 'tomorrow' : `in ${b.hours_before} hours`;
  const title = `Reminder: your appointment ${when}`;
  const message = `${b.shop_name} on ${displayDate(b.booking_date)} at ${b.booking_time}.`;
  const link = '/bookings';
  await insertNotification(trx, { accountId: b.user_id, title, message, link, type: 'booking' });
  await queuePushToAccount(
    trx,
    b.user_id,
    { title, body: message, url: link, tag: `reminder-${b.booking_id}` },
    { purpose: 'reminder', bookingId: b.booking_id },
  );
  if (preferenceOn(b.notification_prefs, CUSTOMER_PREFERENCE_KEYS.email)) {
    const url = `${deps.env.PUBLIC_URL}${link}`;
    await queueMessage(trx, {
      channel: 'email',
      to: b.email,
      accountId: b.user_id,
      subject: title,
      body: [
        `Hi ${b.first_name || 'there'},`,
        '',
        `This is a reminder of your appointment at ${b.shop_name} on ${displayDate(b.booking_date)} at ${b.booking_time}.`,
        b.address ? `Address: ${b.address}` : '',
        '',
        `Need to change it? Manage your booking: ${url}`,
        'Free cancellation up to 2 hours before the appointment.',
        '',
        'GlowBook',
      ]
        .filter((l, i, all) => l !== '' || all[i - 1] !== '')
        .join('\n'),
      meta: { purpose: 'reminder', bookingId: b.booking_id, hoursBefore: b.hours_before },
    });
  }
}

/** The sweep (every minute, and any reminder job of an earlier version: its payload is not read). */
export const bookingReminderJob = defineJob(BOOKING_REMINDER, async (trx, _payload, ctx) => {
  await sendDueReminders(trx, ctx.deps);
});
