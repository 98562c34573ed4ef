import type { Transaction } from 'kysely';
import { bookAgainPath } from '../../../shared/rebooking.js';
import { CUSTOMER_PREFERENCE_KEYS, preferenceOn } from '../../../shared/reminders.js';
import { messageRecipients } from '../../db/repositories/messaging.js';
import type { Database } from '../../db/types.js';
import { type NewMessage, queueMessages } from '../../messaging/index.js';
import { queuePushToAccount } from '../../messaging/push.js';
import { BOOKING_EVENT_EMAIL, BOOKING_EVENT_MESSAGES, type BookingMessagesPayload } from '../../services/bookings/notify.js';
import { type BatchJob, defineJob } from '../queue.js';

/**
 * Tells the customers of booking events (made, checked in, cancelled, rescheduled, completed) by
 * e-mail unless they turned e-mail off, and by push on each browser that subscribed unless they
 * turned push off: preferences and subscriptions are read when the job runs. One job or many take
 * the same two statements (the accounts, then every e-mail with its delivery job).
 */
/** The booking events after a visit (the thank-you and review request), whose e-mail offers Book again. */
const COMPLETED_EVENTS = new Set(['completed', 'autoCompleted']);

const tellCustomers =
  (withPush: boolean) =>
  async (trx: Transaction<Database>, jobs: BatchJob<BookingMessagesPayload>[]): Promise<void> => {
    const accountIds = [...new Set(jobs.map((j) => j.payload.accountId))];
    const accounts = await messageRecipients(trx, accountIds);
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const mails: NewMessage[] = [];
    for (const { payload, ctx } of jobs) {
      const p = payload;
      const account = byId.get(p.accountId);
      if (!account || account.is_blocked) continue;
      if (withPush && account.has_push) {
        await queuePushToAccount(
          trx,
          p.accountId,
          { title: p.title, body: p.message, url: p.link, tag: `booking-${p.bookingId}` },
          { purpose: 'booking_event', bookingId: p.bookingId },
        );
      }
      if (!preferenceOn(account.notification_prefs, CUSTOMER_PREFERENCE_KEYS.email)) continue;
      const url = `${ctx.deps.env.PUBLIC_URL}${p.link}`;
      // After a visit: a link that starts the booking flow again with the same services and professional.
      const again = COMPLETED_EVENTS.has(p.event) ? [`Book again: ${ctx.deps.env.PUBLIC_URL}${bookAgainPath(p.bookingId)}`, ''] : [];
      mails.push({
        channel: 'email',
        to: account.email,
        accountId: p.accountId,
        subject: `${p.title} · ${p.salonName}`,
        body: [
          `Hi ${account.first_name || 'there'},`,
          '',
          p.message,
          '',
          ...again,
          `Your bookings: ${url}`,
          '',
          'You get these e-mails because e-mail updates are on in your GlowBook settings.',
          'GlowBook',
        ].join('\n'),
        meta: { purpose: 'booking_event', event: p.event, bookingId: p.bookingId },
      });
    }
    await queueMessages(trx, mails);
  };

const tellWithPush = tellCustomers(true);
export const bookingEventMessagesJob = defineJob(BOOKING_EVENT_MESSAGES, (trx, payload, ctx) => tellWithPush(trx, [{ payload, ctx }]), {
  runBatch: tellWithPush,
});

// Queued before push moved into this job (their push went out with the event): e-mail only.
const tellByEmail = tellCustomers(false);
export const bookingEventEmailJob = defineJob(BOOKING_EVENT_EMAIL, (trx, payload, ctx) => tellByEmail(trx, [{ payload, ctx }]), {
  runBatch: tellByEmail,
});
