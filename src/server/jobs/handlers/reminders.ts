import { isActiveBookingStatus } from '../../../shared/policy.js';
import { CUSTOMER_PREFERENCE_KEYS, preferenceOn } from '../../../shared/reminders.js';
import { insertNotification } from '../../db/repositories/notifications.js';
import { queueMessage } from '../../messaging/index.js';
import { queuePushToAccount } from '../../messaging/push.js';
import { displayDate } from '../../services/bookings/notify.js';
import { defineJob } from '../queue.js';
import { BOOKING_REMINDER } from '../reminders.js';

interface ReminderPayload {
  bookingId: string;
  startsAt: string;
  hoursBefore: number;
}

/**
 * Sends one reminder in-app, by push and by e-mail, as the customer's preferences allow. A booking
 * that was cancelled, completed or moved since the reminder was scheduled gets nothing.
 */
export const bookingReminderJob = defineJob(BOOKING_REMINDER, async (trx, payload: ReminderPayload, ctx) => {
  const b = await trx
    .selectFrom('bookings as b')
    .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
    .innerJoin('accounts as a', 'a.id', 'b.user_id')
    .select([
      'b.id',
      'b.status',
      'b.starts_at',
      'b.booking_date',
      'b.booking_time',
      'b.user_id',
      'm.shop_name',
      'm.address',
      'a.email',
      'a.first_name',
      'a.notification_prefs',
    ])
    .where('b.id', '=', payload.bookingId)
    .executeTakeFirst();
  if (!b || !b.user_id) return;
  if (!isActiveBookingStatus(b.status)) return;
  if (new Date(b.starts_at).getTime() !== new Date(payload.startsAt).getTime()) return;
  if (!preferenceOn(b.notification_prefs, CUSTOMER_PREFERENCE_KEYS.reminders)) return;

  const when = payload.hoursBefore >= 24 ? 'tomorrow' : `in ${payload.hoursBefore} hours`;
  const title = `Reminder: your appointment ${when}`;
  const message = `${b.shop_name} on ${displayDate(b.booking_date)} at ${b.booking_time}.`;
  const link = '/bookings';
  await insertNotification(trx, { accountId: b.user_id, title, message, link, type: 'booking' });
  await queuePushToAccount(
    trx,
    b.user_id,
    { title, body: message, url: link, tag: `reminder-${b.id}` },
    { purpose: 'reminder', bookingId: b.id },
  );
  if (preferenceOn(b.notification_prefs, CUSTOMER_PREFERENCE_KEYS.email)) {
    const url = `${ctx.deps.env.PUBLIC_URL}${link}`;
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
      meta: { purpose: 'reminder', bookingId: b.id, hoursBefore: payload.hoursBefore },
    });
  }
});
