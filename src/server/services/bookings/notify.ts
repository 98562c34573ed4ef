import type { Executor } from '../../db/repositories/accounts.js';
import { insertNotification } from '../../db/repositories/notifications.js';
import { enqueueJob } from '../../jobs/queue.js';
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

/** The job that e-mails a booking event to its customer (jobs/handlers/bookingEmails.ts). */
export const BOOKING_EVENT_EMAIL = 'booking_event_email';
export interface BookingEmailPayload {
  accountId: string;
  bookingId: string;
  event: Kind;
  salonName: string;
  title: string;
  message: string;
  /** Path in the app the e-mail links to. */
  link: string;
}

/** What a cancellation gives back; refunds come only from what was prepaid (wallet or gift card). */
export interface CancellationMoney {
  refundPercent?: number;
  /** Prepaid for the booking, in rupees: 0 when it was to be paid at the salon. */
  amountPaid?: number;
  /** Credited back to the wallet by this cancellation. */
  walletCredit?: number;
}

/**
 * Notifications of a booking event: to the customer (in the app with link /bookings, by push and by
 * e-mail) and, for what the customer did, to the salon (in the app, link to its appointments).
 */
export async function notifyBookingEvent(trx: Executor, kind: Kind, e: BookingEvent, extra: CancellationMoney = {}) {
  await keepRemindersInStep(trx, kind, e);
  const when = `${displayDate(e.bookingDate)} at ${e.bookingTime}`;
  // The customer hears of it in the app, on browsers that allowed it by push, and by e-mail unless
  // they switched e-mail off (the job writes the e-mail, with the link, when it runs).
  const toCustomer = async (title: string, message: string) => {
    await insertNotification(trx, { accountId: e.userId, title, message, link: CUSTOMER_LINK });
    await queuePushToAccount(trx, e.userId, { title, body: message, url: CUSTOMER_LINK, tag: `booking-${e.bookingId}` }, { purpose: 'booking_event', bookingId: e.bookingId });
    const email: BookingEmailPayload = { accountId: e.userId, bookingId: e.bookingId, event: kind, salonName: e.salonName, title, message, link: CUSTOMER_LINK };
    await enqueueJob(trx, { kind: BOOKING_EVENT_EMAIL, payload: { ...email }, ref: `booking:${e.bookingId}`, maxAttempts: 3 });
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
      await toCustomer('Booking cancelled', `Your booking at ${e.salonName} on ${when} was cancelled. ${refundText(extra, extra.refundPercent ?? 0)}`);
      await toSalon('Booking cancelled', `A customer cancelled the booking on ${when}.`);
      return;
    case 'cancelledBySalon':
      await toCustomer('Booking cancelled', `${e.salonName} cancelled your booking on ${when}. ${refundText(extra, 100)}`);
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

function refundText(money: CancellationMoney, percent: number): string {
  const paid = money.amountPaid ?? 0;
  if (paid <= 0) return 'No payment was taken, so there is nothing to refund.';
  const credit = money.walletCredit ?? 0;
  if (credit <= 0) return `No refund (0% of the ${formatINR(paid)} you paid): it was cancelled less than an hour before.`;
  return `Refund: ${percent}% of the ${formatINR(paid)} you paid. ${formatINR(credit)} is back in your wallet.`;
}
