import { HOURS_CHANGED, SLOT_TAKEN } from '../errors.js';
import {
  type ErrorNotes,
  EXAMPLE_BOOKING,
  EXAMPLE_SALON,
  EXAMPLE_SERVICE,
  EXAMPLE_STAFF,
  idempotencyKeyHeader,
  JUST_CHANGED,
} from './common.docs.js';

/** The /api documentation of the booking procedures too long to sit in their meta (bookings.ts). */

export const createBookingErrors: ErrorNotes = {
  404: 'The salon does not exist or is not published (an unknown service or staff member is a 400 naming `serviceIds` or `staffId`)',
  409: `"${SLOT_TAKEN}": another booking holds the time (also the loser of two requests racing for it), or "${HOURS_CHANGED}": the salon changed its opening hours while the booking was being placed. A repeat with the same \`Idempotency-Key\` never conflicts with its own booking.`,
  422: 'The `Idempotency-Key` was already used by this customer for a different booking request (other salon, services, professional, date, time, coupon or payment)',
};

export const createBookingIdempotency = idempotencyKeyHeader(
  'Optional. A key of up to 200 characters (a UUID, say) chosen by the client for this booking. A repeat of the request by the same customer with the same key answers the booking the first one made (201, the same `_id`) instead of booking again, even when the two requests run at the same time: a retry after a lost answer or a double click never books twice. The same key with a different request (salon, services, professional, date, time, coupon or payment) is a 422. Keys are kept per customer; an empty or longer key is ignored (the request is then not idempotent).',
);

export const createBookingExamples = {
  anyone: {
    summary: 'Any free professional, paid at the salon',
    value: { merchantId: EXAMPLE_SALON, serviceIds: [EXAMPLE_SERVICE], bookingDate: '2026-03-14', bookingTime: '11:30 AM' },
  },
  chosen: {
    summary: 'A chosen professional, with a coupon, from the wallet',
    value: {
      merchantId: EXAMPLE_SALON,
      serviceIds: [EXAMPLE_SERVICE],
      staffId: EXAMPLE_STAFF,
      bookingDate: '2026-03-14',
      bookingTime: '14:00',
      couponCode: 'GLOW20',
      paymentMethod: 'wallet',
    },
  },
};

export const rescheduleBookingErrors: ErrorNotes = {
  409: `"${SLOT_TAKEN}" (for a booking made with a chosen professional: that professional is busy then; it never moves to another), ${JUST_CHANGED.charAt(0).toLowerCase()}${JUST_CHANGED.slice(1)}, or "${HOURS_CHANGED}" (the salon's hours changed meanwhile)`,
};

export const availableSlotsExamples = {
  anyone: { summary: 'Any professional', value: { merchantId: EXAMPLE_SALON, date: '2026-03-14', serviceIds: [EXAMPLE_SERVICE] } },
  chosen: {
    summary: 'One professional',
    value: { merchantId: EXAMPLE_SALON, date: '2026-03-14', serviceIds: [EXAMPLE_SERVICE], staffId: EXAMPLE_STAFF },
  },
};

export const deskSlotsExamples = {
  desk: { summary: "The salon's own day", value: { date: '2026-03-14', serviceIds: [EXAMPLE_SERVICE] } },
};

export const createSlotErrors: ErrorNotes = {
  400: 'The input is not valid (the message names the field), the e-mail belongs to a salon or admin account, or the time is past, off the grid or outside opening hours',
  409: `"${SLOT_TAKEN}": another booking holds the time (also the loser of two requests racing for it), or "${HOURS_CHANGED}"`,
};

export const createSlotExamples = {
  phone: {
    summary: 'A customer on the phone',
    value: {
      serviceIds: [EXAMPLE_SERVICE],
      bookingDate: '2026-03-14',
      bookingTime: '4:00 PM',
      name: 'Meera Iyer',
      mobile: '9876543210',
      email: 'meera.iyer@example.in',
    },
  },
};

export const updateBookingStatusExamples = {
  confirm: { summary: 'Check the customer in', value: { bookingId: EXAMPLE_BOOKING, status: 'confirmed' } },
  complete: { summary: 'Complete it, paid', value: { bookingId: EXAMPLE_BOOKING, status: 'completed', paymentReceived: true } },
  cancel: {
    summary: 'Cancel it, with the reason',
    value: { bookingId: EXAMPLE_BOOKING, status: 'cancelled', cancellationReason: 'The customer called to cancel' },
  },
};
