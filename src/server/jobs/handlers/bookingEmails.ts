import { queueMessage } from '../../messaging/index.js';
import { queuePushToAccount } from '../../messaging/push.js';
import { CUSTOMER_PREFERENCE_KEYS, preferenceOn } from '../../../shared/reminders.js';
import { BOOKING_EVENT_EMAIL, BOOKING_EVENT_MESSAGES, type BookingMessagesPayload } from '../../services/bookings/notify.js';
import { registerJobHandler, type JobHandler } from '../queue.js';

/**
 * Tells the customer of a booking event (made, checked in, cancelled, rescheduled, completed) by
 * e-mail unless they turned e-mail off, and by push on each browser that subscribed unless they
 * turned push off: preferences and subscriptions are read when the job runs.
 */
const tellCustomer =
  (withPush: boolean): JobHandler =>
  async (trx, p: BookingMessagesPayload, ctx) => {
    const account = await trx.selectFrom('accounts').select(['email', 'first_name', 'notification_prefs', 'is_blocked']).where('id', '=', p.accountId).executeTakeFirst();
    if (!account || account.is_blocked) return;
    if (withPush) {
      await queuePushToAccount(trx, p.accountId, { title: p.title, body: p.message, url: p.link, tag: `booking-${p.bookingId}` }, { purpose: 'booking_event', bookingId: p.bookingId });
    }
    if (!preferenceOn(account.notification_prefs, CUSTOMER_PREFERENCE_KEYS.email)) return;
    const url = `${ctx.deps.env.PUBLIC_URL.replace(/\/$/, '')}${p.link}`;
    await queueMessage(trx, {
      channel: 'email',
      to: account.email,
      accountId: p.accountId,
      subject: `${p.title} · ${p.salonName}`,
      body: [
        `Hi ${account.first_name || 'there'},`,
        '',
        p.message,
        '',
        `Your bookings: ${url}`,
        '',
        'You get these e-mails because e-mail updates are on in your GlowBook settings.',
        'GlowBook',
      ].join('\n'),
      meta: { purpose: 'booking_event', event: p.event, bookingId: p.bookingId },
    });
  };

registerJobHandler(BOOKING_EVENT_MESSAGES, tellCustomer(true));
// Queued before push moved into this job (their push went out with the event): e-mail only.
registerJobHandler(BOOKING_EVENT_EMAIL, tellCustomer(false));
