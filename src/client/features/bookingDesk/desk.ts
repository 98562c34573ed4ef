import { isActiveBookingStatus, merchantMoveRefusal, noShowAllowedFrom } from '../../../shared/policy';
import type { BookingWire } from '../../../shared/schemas/bookings';
import { weekdayDate } from '../../lib/dates';
import { formatINR, salonToday } from '../booking/format';

export const customerName = (b: BookingWire) => `${b.userDetails.firstName} ${b.userDetails.lastName}`.trim() || b.userDetails.email;
export const serviceNames = (b: BookingWire) => b.services.map((s) => s.serviceName).join(', ');
export const money2 = (n: number) => formatINR(n, { paise: true });

export interface DeskActor {
  merchantId: string;
  userId: string | undefined;
}

/** What a desk move's modal (cancel, complete, no-show) is given: nothing shows while `booking` is null. */
/** What a booking's status change at the desk refreshes: the lists, the calendar and the dashboard's figures. */
export const DESK_QUERIES = ['merchants.merchantGetAllBookings', 'merchants.getCalendar', 'merchants.getDashboard'] as const;

/** A desk modal's change of status: its toast names the booking as the answer has it, then `onDone` has the booking. */
export interface DeskMoveModalProps {
  booking: BookingWire | null;
  actor: DeskActor;
  onClose: () => void;
  onDone: (b: BookingWire) => void;
}

/**
 * Where the booking's money stands for the salon: prepaid from the customer's wallet (and, once
 * cancelled, how much went back and how much the salon keeps), or paid or due at the salon.
 */
export function paymentText(b: Pick<BookingWire, 'status' | 'amountPaid' | 'refundAmount' | 'refundPercent' | 'paymentReceived'>): string {
  if (b.amountPaid > 0) {
    const paid = formatINR(b.amountPaid);
    if (b.status === 'no_show') return `Prepaid ${paid}, kept by the salon: the customer did not come`;
    if (b.status !== 'cancelled') return `Prepaid ${paid} from the customer’s wallet`;
    const refunded = b.refundAmount ?? 0;
    if (refunded >= b.amountPaid) return `Prepaid ${paid}, refunded in full to the customer’s wallet`;
    if (refunded > 0)
      return `Prepaid ${paid}: ${formatINR(refunded)} (${b.refundPercent ?? 0}%) refunded, ${formatINR(b.amountPaid - refunded)} kept for the late cancellation`;
    return `Prepaid ${paid}, kept: cancelled less than an hour before`;
  }
  if (b.status === 'cancelled' || b.status === 'no_show') return 'Nothing was paid';
  return b.paymentReceived ? 'Received at the salon' : 'To be paid at the salon';
}

const timeOfDay = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(d);

/**
 * The desk's moves for a booking now, by the server's own rule (shared/policy merchantMoveRefusal),
 * and, for a move that only the clock stops, when it opens: Complete waits for the start, No-show
 * for the grace period after it; a checked-in booking that has started is no longer cancellable.
 */
export function deskMoves(b: Pick<BookingWire, 'status' | 'startsAt' | 'timeZone'>, now: Date = new Date()) {
  const start = new Date(b.startsAt);
  const can = (to: 'confirmed' | 'completed' | 'cancelled' | 'no_show') => merchantMoveRefusal(b.status, to, start, now) === null;
  return {
    confirm: can('confirmed'),
    complete: can('completed'),
    completeFrom: b.status === 'confirmed' && !can('completed') ? timeOfDay(start, b.timeZone) : null,
    cancel: can('cancelled'),
    noShow: can('no_show'),
    noShowFrom:
      b.status === 'upcoming' && now.getTime() >= start.getTime() && !can('no_show')
        ? timeOfDay(noShowAllowedFrom(start), b.timeZone)
        : null,
  };
}

/** A check-in on another day than the appointment's (salon time) deserves a second look: the text saying so, else null. */
export function notToday(b: Pick<BookingWire, 'bookingDate' | 'timeZone'>, now: Date = new Date()): string | null {
  const today = salonToday(b.timeZone, now);
  if (b.bookingDate === today) return null;
  return b.bookingDate > today
    ? `This appointment is on ${weekdayDate(b.bookingDate)}, not today: check the customer in only if they are here for it now.`
    : `This appointment was on ${weekdayDate(b.bookingDate)}.`;
}

const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The short reference customers see on their booking (#44947DD4): the id's first characters. */
const SHORT_REF = /^#?([0-9a-f]{6,8})$/i;

/**
 * The booking a desk entry names: a full id as it is, or a customer's short reference looked up among
 * the salon's bookings (its live ones first); otherwise a message for the Booking ID field.
 */
export async function resolveBookingEntry(
  entry: string,
  find: (prefix: string) => Promise<BookingWire[]>,
): Promise<{ id: string; booking?: BookingWire } | { error: string }> {
  const text = entry.trim();
  if (FULL_ID.test(text)) return { id: text };
  const ref = SHORT_REF.exec(text)?.[1].toLowerCase();
  if (!ref) return { error: 'Enter the booking ID, or the reference on the customer’s booking (like #44947DD4)' };
  const matches = (await find(ref)).filter((b) => b._id.toLowerCase().startsWith(ref));
  const live = matches.filter((b) => isActiveBookingStatus(b.status));
  const pick = live.length ? live : matches;
  if (pick.length === 1) return { id: pick[0]._id, booking: pick[0] };
  if (!pick.length) return { error: `No booking of this salon has the reference #${ref.toUpperCase()}` };
  return { error: `Several bookings start with #${ref.toUpperCase()}: enter the full booking ID` };
}
