import { queueMessage } from '../../messaging/index.js';
import { CUSTOMER_PREFERENCE_KEYS, preferenceOn } from '../../../shared/reminders.js';
import { BOOKING_EVENT_EMAIL, type BookingEmailPayload } from '../../services/bookings/notify.js';
import { registerJobHandler } from '../queue.js';

/**
 * E-mails a booking event (made, checked in, cancelled, rescheduled, completed) to the customer,
 * unless they turned e-mail off: the preference is read when the e-mail is written.
 */
registerJobHandler(BOOKING_EVENT_EMAIL, async (trx, p: BookingEmailPayload, ctx) => {
  const account = await trx.selectFrom('accounts').select(['email', 'first_name', 'notification_prefs', 'is_blocked']).where('id', '=', p.accountId).executeTakeFirst();
  if (!account || account.is_blocked || !preferenceOn(account.notification_prefs, CUSTOMER_PREFERENCE_KEYS.email)) return;
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
});
