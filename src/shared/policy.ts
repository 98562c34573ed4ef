import { ACTIVE_BOOKING_STATUSES, type BookingStatus } from './constants.js';
import { formatINR, round2 } from './money.js';

const HOUR_MS = 3_600_000;

/** A booking that still holds its time: pending, upcoming or checked in (not completed, cancelled or a no-show). */
export function isActiveBookingStatus(status: string): boolean {
  return (ACTIVE_BOOKING_STATUSES as readonly string[]).includes(status);
}

/** Bookings start on this grid of salon-local wall-clock minutes. */
export const SLOT_STEP_MINUTES = 15;
/** How far ahead a customer may book, in days. */
export const BOOKING_HORIZON_DAYS = 90;

/** Full refund when cancelled at least this many hours before the start (api contract). */
export const FULL_REFUND_MIN_HOURS = 2;
/** Half refund when cancelled at least this many hours (but under the full-refund window) before. */
export const HALF_REFUND_MIN_HOURS = 1;

/**
 * Cancellation refund tiers (chat policy, api contract): 100% up to 2 hours before the start,
 * 50% between 2 and 1 hour, nothing under 1 hour.
 */
export function refundPercentFor(startsAt: Date, now: Date = new Date()): 0 | 50 | 100 {
  const ms = startsAt.getTime() - now.getTime();
  if (ms >= FULL_REFUND_MIN_HOURS * HOUR_MS) return 100;
  if (ms >= HALF_REFUND_MIN_HOURS * HOUR_MS) return 50;
  return 0;
}

/** The refund tier's share of what was prepaid; a booking paid at the salon has nothing to refund. */
export function refundAmountFor(amountPaid: number, refundPercent: number): number {
  return round2((amountPaid * refundPercent) / 100);
}

/** A cancelled booking's refund as its card states it, from what was actually prepaid. */
export function refundSummary(amountPaid: number, refundPercent: number | null): string {
  if (amountPaid <= 0) return 'No payment was taken';
  const percent = refundPercent ?? 0;
  if (percent <= 0) return `No refund (0% of ${formatINR(amountPaid)} paid)`;
  return `Refund ${percent}% · ${formatINR(refundAmountFor(amountPaid, percent))} to your wallet`;
}

/** Free rescheduling up to this many hours before the appointment (chat policy). */
export const RESCHEDULE_MIN_HOURS = 4;

export function canReschedule(startsAt: Date, now: Date = new Date()): boolean {
  return startsAt.getTime() - now.getTime() >= RESCHEDULE_MIN_HOURS * HOUR_MS;
}

/** The platform's commission on a completed marketplace booking. */
export const COMMISSION_RATE = 0.1;
/** The same rate in whole percent, for exact integer arithmetic on paise. */
const COMMISSION_PERCENT = 10;

/**
 * Where a booking came from: the marketplace (search, the salon page) or the salon's own link,
 * widget or poster (docs/channels.md). The platform takes no commission on a direct booking: the
 * salon brought that customer itself.
 */
export const BOOKING_CHANNELS = ['marketplace', 'direct'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];
const CHANNEL_PERCENT: Record<BookingChannel, number> = { marketplace: COMMISSION_PERCENT, direct: 0 };
/** The commission rate of each channel, for the statement. */
export const CHANNEL_COMMISSION_RATE: Record<BookingChannel, number> = { marketplace: COMMISSION_RATE, direct: 0 };

/** A rupee amount with at most two decimals as whole paise (764.15 → 76415, no float residue). */
function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * `percent`% of an amount of paise, rounded half up to the paisa, in integers only: 10% of
 * ₹764.15 is 7641.5 paise → 7642, where float arithmetic (764.15 × 0.9 = 687.7349…) can land
 * just under the half and round the wrong way.
 */
function percentOfPaise(paise: number, percent: number): number {
  return Math.floor((paise * percent + 50) / 100);
}

/**
 * What a completed booking carries (api contract): commission = total × 0.10 and merchantEarning =
 * total × 0.90, each rounded half up to 2 decimals on its own. When the total's 10% ends in half
 * a paisa both round up, so the two can add up to a paisa more than the total (₹764.15 → 76.42 +
 * 687.74).
 */
export function bookingCommission(
  totalPrice: number,
  channel: BookingChannel = 'marketplace',
): { commission: number; merchantEarning: number } {
  const paise = toPaise(totalPrice);
  const percent = CHANNEL_PERCENT[channel];
  return {
    commission: percentOfPaise(paise, percent) / 100,
    merchantEarning: percentOfPaise(paise, 100 - percent) / 100,
  };
}

/**
 * The commission ledger's split of a completed booking: the booking's commission, and the rest of
 * the gross as the merchant's share. The ledger's CHECK (commission + merchant_earning =
 * gross_amount) requires it to balance to the paisa, so on a half-paisa total its share is a
 * paisa under the booking's merchantEarning (₹764.15 → 76.42 + 687.73).
 */
export function commissionSplit(
  totalPrice: number,
  channel: BookingChannel = 'marketplace',
): { commission: number; merchantEarning: number } {
  const paise = toPaise(totalPrice);
  const commission = percentOfPaise(paise, CHANNEL_PERCENT[channel]);
  return { commission: commission / 100, merchantEarning: (paise - commission) / 100 };
}

/** The moves the merchant booking desk may make (merchant doc, States and transitions; issue 25). */
export const MERCHANT_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  pending: [],
  upcoming: ['confirmed', 'cancelled', 'no_show'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  no_show: [],
};

export function canMerchantMove(from: BookingStatus, to: BookingStatus): boolean {
  return MERCHANT_TRANSITIONS[from].includes(to);
}

/** A customer may dispute a no-show this many days after the salon marked it. */
export const NO_SHOW_DISPUTE_DAYS = 14;

/**
 * A checked-in booking the salon has not completed completes itself this long after its scheduled
 * end (docs/money.md): the customer came, so the visit happened, and its commission cannot be
 * dodged by leaving the booking open.
 */
export const AUTO_COMPLETE_AFTER_MINUTES = 120;

/** A customer who has not come this many minutes after the start may be marked a no-show. */
export const NO_SHOW_GRACE_MINUTES = 15;

/** The first instant a booking that starts at `startsAt` may be marked a no-show. */
export function noShowAllowedFrom(startsAt: Date): Date {
  return new Date(startsAt.getTime() + NO_SHOW_GRACE_MINUTES * 60_000);
}

/**
 * Why the desk may not make this move now, as `field: message`, or null when it may. The moves
 * themselves are MERCHANT_TRANSITIONS; these are their times: a booking is completed only once it
 * has started (commission is booked on completion, so it cannot be brought forward), a checked-in
 * booking that has started is served and completed, not cancelled, and a no-show is marked only
 * after the start plus the grace period (a checked-in customer came, so MERCHANT_TRANSITIONS has
 * no confirmed → no_show).
 */
export function merchantMoveRefusal(from: BookingStatus, to: BookingStatus, startsAt: Date, now: Date = new Date()): string | null {
  if (!canMerchantMove(from, to)) {
    if (to === 'no_show' && from === 'confirmed') return 'status: this customer was checked in, so they came; complete the booking instead';
    return `status: a booking that is ${from} cannot be changed to ${to}`;
  }
  if (to === 'completed' && now.getTime() < startsAt.getTime()) return 'status: a booking cannot be completed before its start time';
  if (to === 'cancelled' && from === 'confirmed' && now.getTime() >= startsAt.getTime()) {
    return 'status: this customer was checked in and the appointment has started; complete it instead of cancelling';
  }
  if (to === 'no_show' && now.getTime() < noShowAllowedFrom(startsAt).getTime()) {
    return `status: a customer can be marked as not having come only ${NO_SHOW_GRACE_MINUTES} minutes after the start time`;
  }
  return null;
}

/**
 * What a no-show leaves (docs/money.md): nothing is refunded; the salon keeps what the customer
 * prepaid, and the platform's commission is its 10% of that kept amount, as on a completed booking.
 * A no-show paid at the salon moved no money, so it carries no commission.
 */
export function noShowCommissionBase(amountPaid: number): number {
  return round2(Math.max(0, amountPaid));
}

/** A customer may cancel or reschedule only a booking that has not been served or cancelled. */
export const CUSTOMER_CHANGEABLE_STATUSES = ['upcoming', 'confirmed'] as const satisfies readonly BookingStatus[];

/** A service's price after its own discount (percentage or flat), when that discount is switched on. */
export function servicePrice(s: {
  price: number;
  discountType: 'flat' | 'percentage' | null;
  discountValue: number;
  discountActive: boolean;
}): number {
  if (!s.discountActive || !s.discountType || s.discountValue <= 0) return round2(s.price);
  const off = s.discountType === 'percentage' ? (s.price * Math.min(s.discountValue, 100)) / 100 : s.discountValue;
  return round2(Math.max(0, s.price - off));
}
