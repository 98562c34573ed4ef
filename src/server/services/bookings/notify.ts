import { longDate } from '../../../shared/dates.js';
import { formatINR } from '../../../shared/money.js';
import { AUTO_COMPLETE_AFTER_MINUTES, NO_SHOW_GRACE_MINUTES } from '../../../shared/policy.js';
import type { Executor } from '../../db/executor.js';
import { type Effects, noEffects, writeEffects } from '../../jobs/effects.js';

const CUSTOMER_LINK = '/bookings';
const MERCHANT_LINK = '/merchant/appointments';

/** 'YYYY-MM-DD' → '29 Mar 2026' (the product's date style). */
export function displayDate(date: string): string {
  return longDate(date);
}

export interface BookingEvent {
  bookingId: string;
  /** The appointment's start as now booked (after a reschedule, the new one). */
  startsAt: Date;
  /** The customer; null for a desk contact's booking nobody has confirmed (nobody is told but the salon). */
  userId: string | null;
  merchantId: string;
  salonName: string;
  bookingDate: string;
  bookingTime: string;
  /** The booked services' names, for the salon's notice. */
  services?: string[];
  /** Where a rescheduled booking was before. */
  previous?: { bookingDate: string; bookingTime: string };
  /** The reason the salon gave for cancelling. */
  reason?: string | null;
}

type Kind = 'made' | 'confirmed' | 'cancelledByCustomer' | 'cancelledBySalon' | 'completed' | 'autoCompleted' | 'rescheduled' | 'noShow';

/**
 * The job that tells the customer of a booking event by e-mail and by push (jobs/handlers/bookingEmails.ts):
 * it reads their preferences and push subscriptions when it runs, off the request's path.
 */
export const BOOKING_EVENT_MESSAGES = 'booking_event_messages';
/** Jobs queued before push moved into the job: e-mail only (their push was queued with the event). */
export const BOOKING_EVENT_EMAIL = 'booking_event_email';
export interface BookingMessagesPayload {
  accountId: string;
  bookingId: string;
  /** The booking event (Kind), for the message's metadata. */
  event: string;
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
  /** Going back through the payment gateway to the card or UPI account that paid online. */
  gatewayRefund?: number;
}

/**
 * What a booking event leaves behind: a notification to the customer (in the app with link
 * /bookings; by e-mail and push through one job) and, for what the customer did, to the salon (in
 * the app, link to its appointments). Reminders need nothing here: the reminder sweep
 * (jobs/reminders.ts) finds a booking's start when it is due. Plain
 * data: the caller writes it with the event's own statement or with writeEffects.
 */
export function bookingEventEffects(kind: Kind, e: BookingEvent, extra: CancellationMoney = {}): Effects {
  const effects = noEffects();
  const when = `${displayDate(e.bookingDate)} at ${e.bookingTime}`;
  const toCustomer = (title: string, message: string) => {
    if (!e.userId) return;
    effects.notifications.push({ accountId: e.userId, title, message, link: CUSTOMER_LINK });
    const payload: BookingMessagesPayload = {
      accountId: e.userId,
      bookingId: e.bookingId,
      event: kind,
      salonName: e.salonName,
      title,
      message,
      link: CUSTOMER_LINK,
    };
    effects.jobs.push({ kind: BOOKING_EVENT_MESSAGES, payload: { ...payload }, ref: `booking:${e.bookingId}`, maxAttempts: 3 });
  };
  // The salon's notices name the customer ({name}, filled in by the insert) and follow its notification settings.
  const toSalon = (title: string, message: string, setting: 'newBooking' | 'bookingChanges') => {
    if (e.userId) effects.notifications.push({ accountId: e.merchantId, title, message, link: MERCHANT_LINK, nameOf: e.userId, setting });
  };
  const what = e.services?.length ? ` ${e.services.join(', ')}` : ' an appointment';
  switch (kind) {
    case 'made':
      toCustomer('Booking confirmed', `Your booking at ${e.salonName} on ${when} is confirmed.`);
      toSalon('New booking', `{name} booked${what} on ${when}.`, 'newBooking');
      break;
    case 'confirmed':
      toCustomer('Checked in', `${e.salonName} checked you in for your booking on ${when}.`);
      break;
    case 'cancelledByCustomer':
      toCustomer(
        'Booking cancelled',
        `Your booking at ${e.salonName} on ${when} was cancelled. ${refundText(extra, extra.refundPercent ?? 0)}`,
      );
      toSalon('Booking cancelled', `{name} cancelled${e.services?.length ? what : ' the booking'} on ${when}.`, 'bookingChanges');
      break;
    case 'cancelledBySalon':
      toCustomer(
        'Booking cancelled',
        `${e.salonName} cancelled your booking on ${when}.${e.reason ? ` Reason given by the salon: ${e.reason.trim()}.`.replace(/([.!?])\.$/, '$1') : ''} ${refundText(extra, 100)}`,
      );
      break;
    case 'noShow':
      toCustomer(
        'Marked as a no-show',
        `${e.salonName} marked your booking on ${when} as a no-show: you were not checked in by ${NO_SHOW_GRACE_MINUTES} minutes after the start. ` +
          `${(extra.amountPaid ?? 0) > 0 ? `The ${formatINR(extra.amountPaid ?? 0)} you prepaid is not refunded. ` : ''}` +
          'If you did come, dispute it from My Bookings.',
      );
      break;
    case 'completed':
      toCustomer('Booking completed', `Thanks for visiting ${e.salonName}. How was it? Leave a review from your bookings.`);
      break;
    case 'autoCompleted':
      toCustomer('Booking completed', `Thanks for visiting ${e.salonName}. How was it? Leave a review from your bookings.`);
      toSalon(
        'Booking completed automatically',
        `{name}'s booking on ${when} was checked in and not completed, so it completed itself ${AUTO_COMPLETE_AFTER_MINUTES / 60} hours after its end; its commission is recorded.`,
        'bookingChanges',
      );
      break;
    case 'rescheduled':
      toCustomer('Booking rescheduled', `Your booking at ${e.salonName} is now on ${when}.`);
      toSalon(
        'Booking rescheduled',
        e.previous
          ? `{name} moved${what} from ${displayDate(e.previous.bookingDate)} at ${e.previous.bookingTime} to ${when}.`
          : `{name} moved${what} to ${when}.`,
        'bookingChanges',
      );
      break;
  }
  return effects;
}

/**
 * Writes a booking event's effects in the caller's transaction. Reminders follow the booking's
 * start and status by themselves (the sweep reads them when a reminder is due).
 */
export async function notifyBookingEvent(trx: Executor, kind: Exclude<Kind, 'made'>, e: BookingEvent, extra: CancellationMoney = {}) {
  await writeEffects(trx, bookingEventEffects(kind, e, extra));
}

function refundText(money: CancellationMoney, percent: number): string {
  const paid = money.amountPaid ?? 0;
  if (paid <= 0) return 'No payment was taken, so there is nothing to refund.';
  const credit = money.walletCredit ?? 0;
  const gateway = money.gatewayRefund ?? 0;
  if (credit <= 0 && gateway <= 0) return `No refund (0% of the ${formatINR(paid)} you paid): it was cancelled less than an hour before.`;
  const where = [
    credit > 0 ? `${formatINR(credit)} is back in your wallet.` : '',
    gateway > 0 ? `${formatINR(gateway)} is being refunded to the card or UPI account you paid with.` : '',
  ].filter(Boolean);
  return `Refund: ${percent}% of the ${formatINR(paid)} you paid. ${where.join(' ')}`;
}
