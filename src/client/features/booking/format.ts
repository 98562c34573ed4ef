import { formatClock, parseTimeToMinutes } from '../../../shared/clock';
import { dayMonth } from '../../../shared/dates';
import { formatINR } from '../../../shared/money';
import { isActiveBookingStatus } from '../../../shared/policy';
import { instantToZoned } from '../../../shared/slots';

export { formatINR };

/** A 'YYYY-MM-DD' calendar date read as that date everywhere, never shifted by the browser's zone. */
function calendarDate(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

export function formatShortDay(value: string): { weekday: string; day: string; month: string } {
  const d = calendarDate(value);
  return {
    weekday: d.toLocaleDateString('en-IN', { weekday: 'short', timeZone: 'UTC' }),
    day: String(d.getUTCDate()),
    month: d.toLocaleDateString('en-IN', { month: 'short', timeZone: 'UTC' }),
  };
}

/** The date and minute of day on the salon's own clock (India's when its zone is unknown). */
export function salonClock(timeZone: string, now: Date = new Date()): { date: string; minutes: number } {
  try {
    return instantToZoned(now, timeZone);
  } catch {
    return instantToZoned(now, 'Asia/Kolkata');
  }
}

/** Today's date on the salon's own clock. */
export function salonToday(timeZone: string, now: Date = new Date()): string {
  return salonClock(timeZone, now).date;
}

export type DayPart = 'morning' | 'afternoon' | 'evening';
export const DAY_PARTS: { id: DayPart; label: string }[] = [
  { id: 'morning', label: 'Morning' },
  { id: 'afternoon', label: 'Afternoon' },
  { id: 'evening', label: 'Evening' },
];

/** Morning before noon, afternoon until 5 PM, evening after (the home page's time windows). */
export function dayPartOf(time: string): DayPart {
  const m = parseTimeToMinutes(time) ?? 0;
  if (m < 12 * 60) return 'morning';
  if (m < 17 * 60) return 'afternoon';
  return 'evening';
}

export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h && m) return `${h} hr ${m} min`;
  if (h) return `${h} hr`;
  return `${m} min`;
}

/**
 * The Apply box's success line. The server's message already names the saving ("Coupon applied: you
 * save ₹259.80"), so it is shown as one sentence; the code and amount only stand in when it has none.
 */
export function couponAppliedText(coupon: { code: string; amount: number; message?: string | null }): string {
  const text = coupon.message?.trim() || `${coupon.code} applied: you save ${formatINR(coupon.amount)}`;
  return /[.!]$/.test(text) ? text : `${text}.`;
}

/**
 * What a cancellation did with the money, for the toast: the wallet credit when there was one; a
 * prepaid booking cancelled too late says it kept the payment; otherwise nothing was prepaid.
 */
export function cancelledText(answer: { refundPercent: number; walletCredit: number; refundAmount?: number }, amountPaid: number): string {
  // What does not go to the wallet of an online payment's refund goes back to the UPI or card it came from.
  const toMethod = Math.max(0, Math.round(((answer.refundAmount ?? 0) - answer.walletCredit) * 100) / 100);
  if (toMethod > 0)
    return `Booking cancelled. ${formatINR(toMethod)} (${answer.refundPercent}%) is being refunded to the UPI or card you paid with${answer.walletCredit > 0 ? `; ${formatINR(answer.walletCredit)} is back in your wallet` : ''}.`;
  if (answer.walletCredit > 0)
    return `Booking cancelled. ${formatINR(answer.walletCredit)} (${answer.refundPercent}%) is back in your wallet.`;
  if (amountPaid > 0)
    return `Booking cancelled. No refund: ${answer.refundPercent}% of the ${formatINR(amountPaid)} you paid comes back this close to the appointment.`;
  return 'Booking cancelled. Nothing was prepaid, so there is nothing to refund.';
}

/**
 * Bookings in appointment order, as a desk or a customer reads them: the live ones (pending,
 * upcoming, checked in) soonest first, then the finished ones (completed, cancelled) most recent first.
 */
export function byAppointment<T extends { status: string; startsAt: string }>(bookings: readonly T[]): T[] {
  const at = (b: T) => Date.parse(b.startsAt);
  const live = bookings.filter((b) => isActiveBookingStatus(b.status)).sort((a, b) => at(a) - at(b));
  const done = bookings.filter((b) => !isActiveBookingStatus(b.status)).sort((a, b) => at(b) - at(a));
  return [...live, ...done];
}

/** "You already have a booking for Haircut at 10:00 AM on 27 Nov — book again?" */
export function duplicateBookingText(d: { services: string[]; bookingDate: string; bookingTime: string }): string {
  const services = d.services.length > 1 ? `${d.services.slice(0, -1).join(', ')} and ${d.services.at(-1)}` : d.services[0];
  return `You already have a booking for ${services} at ${formatClock(d.bookingTime)} on ${dayMonth(d.bookingDate)} — book again?`;
}
