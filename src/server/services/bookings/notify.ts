import type { Executor } from '../../db/repositories/accounts.js';
import { insertNotification } from '../../db/repositories/notifications.js';
import { cancelReminders, scheduleReminders } from '../../jobs/reminders.js';
import { queuePushToAccount } from '../../messaging/push.js';
import { formatINR } from '../../../shared/money.js';

const CUSTOMER_LINK = '/bookings';
const MERCHANT_LINK = '/merchant/appointments';

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' → 'March 29, 2026' (the product's date style). */
export function displayDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

export interface BookingEvent {
  bookingId: string;
  /** The appointment's start as now booked (after a reschedule, the new one). */
  startsAt: Date;
  userId: string;
  merchantId: string;
  salonName: string;
  bookingDate: string;
  bookingTime: string;
}

type Kind = 'made' | 'confirmed' | 'cancelledByCustomer' | 'cancelledBySalon' | 'completed' | 'rescheduled';

/**
 * In-app notifications of a booking event, to the customer (link /bookings) and, for what the
 * customer did, to the salon (link to its appointments).
 */
export async function notifyBookingEvent(trx: Executor, kind: Kind, e: BookingEvent, extra: { refundPercent?: number; walletCredit?: number } = {}) {
  await keepRemindersInStep(trx, kind, e);
  const when = `${displayDate(e.bookingDate)} at ${e.bookingTime}`;
  // The customer hears of it in the app and, on browsers that allowed it, by push.
  const toCustomer = async (title: string, message: string) => {
    await insertNotification(trx, { accountId: e.userId, title, message, link: CUSTOMER_LINK });
    await queuePushToAccount(trx, e.userId, { title, body: message, url: CUSTOMER_LINK, tag: `booking-${e.bookingId}` }, { purpose: 'booking_event', bookingId: e.bookingId });
  };
  const toSalon = (title: string, message: string) => insertNotification(trx, { accountId: e.merchantId, title, message, link: MERCHANT_LINK });
  switch (kind) {
    case 'made':
      await toCustomer('Booking confirmed', `Your booking at ${e.salonName} on ${when} is confirmed.`);
      await toSalon('New booking', `A customer booked ${when}.`);
      return;
    case 'confirmed':
      await toCustomer('Checked in', `${e.salonName} checked you in for your booking on ${when}.`);
      return;
    case 'cancelledByCustomer':
      await toCustomer('Booking cancelled', `Your booking at ${e.salonName} on ${when} was cancelled. Refund: ${extra.refundPercent ?? 0}%.${walletText(extra.walletCredit)}`);
      await toSalon('Booking cancelled', `A customer cancelled the booking on ${when}.`);
      return;
    case 'cancelledBySalon':
      await toCustomer('Booking cancelled', `${e.salonName} cancelled your booking on ${when}. You get a full refund.${walletText(extra.walletCredit)}`);
      return;
    case 'completed':
      await toCustomer('Booking completed', `Thanks for visiting ${e.salonName}. How was it? Leave a review from your bookings.`);
      return;
    case 'rescheduled':
      await toCustomer('Booking rescheduled', `Your booking at ${e.salonName} is now on ${when}.`);
      await toSalon('Booking rescheduled', `A customer moved a booking to ${when}.`);
      return;
  }
}

/** Reminder jobs follow the booking: scheduled when made, replaced when moved, dropped when it ends. */
async function keepRemindersInStep(trx: Executor, kind: Kind, e: BookingEvent) {
  if (kind === 'confirmed') return;
  await cancelReminders(trx, e.bookingId);
  if (kind === 'made' || kind === 'rescheduled') await scheduleReminders(trx, e.bookingId, e.startsAt);
}

function walletText(credit: number | undefined): string {
  return credit && credit > 0 ? ` ${formatINR(credit)} is back in your wallet.` : '';
}
