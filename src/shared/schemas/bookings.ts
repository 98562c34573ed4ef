import { z } from 'zod';
import { BOOKING_STATUSES, ROLES } from '../constants.js';
import { dateSchema, emailSchema, idSchema, mobileSchema, nameSchema, timeSchema } from '../validation.js';
import { jsonValue } from './jsonValue.js';
import { bodyPageFields, pagingWire } from './paging.js';

/** How a booking is paid: at the salon, or in advance from the customer's wallet. */
export const PAYMENT_METHODS = ['pay_at_salon', 'wallet'] as const;
/** How a booking was paid: PAYMENT_METHODS, or 'online' through the payment gateway (payments/startBookingPayment, docs/payments.md). */
export const BOOKING_PAYMENT_METHODS = [...PAYMENT_METHODS, 'online'] as const;

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

/** Blank, null or "any" means "any professional". */
const optionalStaffId = z.preprocess(
  (v) => (v === '' || v === null || (typeof v === 'string' && v.toLowerCase() === 'any') ? undefined : v),
  idSchema.optional(),
);

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The customer screens write "Cancelled" (and "No-show"); statuses are lowercase on the wire. */
const lowercase = (v: unknown) =>
  typeof v === 'string'
    ? v
        .trim()
        .toLowerCase()
        .replace(/[-\s]+/g, '_')
    : v;

/** dateSchema lets calendar-impossible dates like 2026-02-30 through (Date.parse rolls them over). */
const realDateSchema = dateSchema.refine((v) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, 'Invalid date.');

const serviceIdsSchema = z
  .array(idSchema, { error: 'Choose at least one service.' })
  .min(1, 'Choose at least one service.')
  .max(20, 'Choose at most 20 services.');

const reasonSchema = z.string().trim().max(500, 'Keep the reason under 500 characters.');

// ---------------------------------------------------------------- wire DTOs

export const bookingProfessionalWire = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.string(),
  image: z.string().nullable(),
  specialization: z.array(z.string()),
});

export const bookingServiceWire = z.object({
  /** Null when the salon has since deleted the service; the booking keeps its name and price. */
  _id: z.string().nullable(),
  serviceName: z.string(),
  duration: z.number(),
  price: z.number(),
});

export const bookingUserDetailsWire = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profileImage: z.string().nullable(),
});

/** One booking as both the customer screens and the merchant desk see it. */
export const bookingWire = z.object({
  _id: z.string(),
  /** The customer's account; null for a salon's desk booking that the person has not confirmed. */
  userId: z.string().nullable(),
  merchantId: z.string(),
  staffId: z.string(),
  salonName: z.string(),
  /** The salon takes online bookings now (it is published); false: the booking can be cancelled but not moved online. */
  salonBookable: z.boolean().optional(),
  salonImage: z.string().nullable(),
  shop_Images: z.array(z.string()),
  address: z.string(),
  timeZone: z.string(),
  /** Salon-local date and time. */
  bookingDate: z.string(),
  bookingTime: z.string(),
  /** The real instants, ISO 8601. */
  startsAt: z.string(),
  endsAt: z.string(),
  status: bookingStatusSchema,
  subtotal: z.number(),
  discount: z.number(),
  totalPrice: z.number(),
  totalDuration: z.number(),
  couponCode: z.string().nullable(),
  professional: bookingProfessionalWire,
  /**
   * Booked with "Any professional": whoever was free took it, and a reschedule may move it to another
   * professional (the reschedule's answer says when it did). False: the customer chose this professional.
   */
  anyProfessional: z.boolean().optional(),
  services: z.array(bookingServiceWire),
  /** For a salon's desk booking, what the salon typed (never the account's own details). */
  userDetails: bookingUserDetailsWire,
  /**
   * A salon's desk booking: whether the person it names confirmed it (from the e-mailed link or in
   * the app), declined it, or has not answered yet; null for a customer's own booking.
   */
  deskConfirmation: z.enum(['pending', 'accepted', 'declined']).nullable(),
  /** PNG data URL of the QR holding {"bookingId","merchantId","userId"}; null in the merchant desk's lists. */
  qrCodeImage: z.string().nullable(),
  scanned: z.boolean(),
  scannedAt: z.string().nullable(),
  paymentReceived: z.boolean(),
  /**
   * 'wallet' when prepaid from the wallet (a cancellation refunds its tier's share of amountPaid there);
   * 'online' when paid through the gateway, perhaps with part from the wallet (payments/myPayments has the split and the refunds).
   */
  paymentMethod: z.enum(BOOKING_PAYMENT_METHODS),
  amountPaid: z.number(),
  cancellationReason: z.string().nullable(),
  cancelledBy: z.enum(ROLES).nullable(),
  cancelledAt: z.string().nullable(),
  refundPercent: z.number().nullable(),
  refundAmount: z.number().nullable(),
  completedAt: z.string().nullable(),
  /** When the salon marked the customer as not having come (status no_show). */
  noShowAt: z.string().nullable(),
  /** The customer's dispute of that no-show, as its support ticket stands: open, pending (answered) or closed. */
  noShowDispute: z.enum(['open', 'pending', 'closed']).nullable(),
  commission: z.number().nullable(),
  merchantEarning: z.number().nullable(),
  /** The salon's rating and review count, for the confirmation screen. */
  rating: z.number(),
  reviewCount: z.number(),
  /** The customer has reviewed this booking (a completed booking can be reviewed once). */
  reviewed: z.boolean(),
  /** The customer's own review of it, which they may edit or delete (reviewRoutes/updateReview, deleteReview). */
  review: z.object({ _id: z.string(), rating: z.number(), comment: z.string() }).nullable(),
  createdAt: z.string(),
});
export type BookingWire = z.infer<typeof bookingWire>;

export const bookingAnswer = z.object({ data: z.object({ booking: bookingWire }) });
/** users/getAllBookings: the contract's `data.bookings`, with the page's place beside it. */
export const userBookingsAnswer = z.object({ data: z.object({ bookings: z.array(bookingWire), paging: pagingWire }) });
/**
 * users/rescheduleBooking: the moved booking (its `professional` is who does it now) and whether the
 * professional changed with the move (only ever for a booking made with "Any professional"), with who it was.
 */
export const rescheduleBookingAnswer = z.object({
  data: z.object({
    booking: bookingWire,
    professionalChanged: z.boolean(),
    previousProfessional: z.object({ _id: z.string(), name: z.string() }),
  }),
});

// ---------------------------------------------------------------- customer side

export const availableSlotsInput = z.object({
  merchantId: idSchema,
  date: realDateSchema,
  serviceIds: serviceIdsSchema,
  staffId: optionalStaffId,
  /** A booking being rescheduled (the caller's own, or one of the salon's for its owner): its own time counts as free. */
  exceptBookingId: idSchema.optional(),
});
export type AvailableSlotsInput = z.input<typeof availableSlotsInput>;

export const slotWire = z.object({ time: z.string(), staffIds: z.array(z.string()) });
export const availableSlotsAnswer = z.object({
  data: z.object({
    date: z.string(),
    timeZone: z.string(),
    totalDuration: z.number(),
    totalPrice: z.number(),
    slots: z.array(slotWire),
  }),
});
export type AvailableSlotsAnswer = z.infer<typeof availableSlotsAnswer>;

export const couponCodeSchema = z.string().trim().max(30, 'Coupon codes are at most 30 characters.');

export const createBookingInput = z.object({
  userId: idSchema.optional(),
  merchantId: idSchema,
  serviceIds: serviceIdsSchema,
  staffId: optionalStaffId,
  bookingDate: realDateSchema,
  bookingTime: timeSchema,
  couponCode: z.preprocess(blankToUndefined, couponCodeSchema.optional()),
  /** Pay at the salon (default) or now from the wallet balance. */
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'paymentMethod: pay_at_salon or wallet' }).optional().default('pay_at_salon'),
  /**
   * The salon's own link was used (merchants/salonLink gives it): the booking is direct, with no
   * platform commission. Checked by the server: it must be this salon's and unexpired.
   */
  channelToken: z.string({ error: 'channelToken: a text token' }).max(200, 'channelToken: too long').optional(),
  /**
   * One of the customer's holdings at this salon (users/getMyHoldings): a package session covers a
   * booked service, a voucher pays what it can, a membership's discount prices the services.
   */
  holdingId: z.preprocess(blankToUndefined, idSchema.optional()),
});
export type CreateBookingInput = z.input<typeof createBookingInput>;

export const validateCouponInput = z.object({
  merchantId: idSchema,
  serviceIds: serviceIdsSchema,
  code: couponCodeSchema.min(1, 'Enter a coupon code.'),
  /** The appointment's date, for coupons valid on some days only; today when left out. */
  bookingDate: dateSchema.optional(),
});
/** The review step's coupon box: the code, as validateCoupon takes it (the salon, services and date are the draft's). */
export const couponCodeForm = validateCouponInput.pick({ code: true });
export const validateCouponAnswer = z.object({
  valid: z.boolean(),
  code: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  message: z.string(),
});
export type ValidateCouponAnswer = z.infer<typeof validateCouponAnswer>;

/**
 * Does the caller already hold a live booking of one of these services at this salon, on this date
 * and at this time? Asked by the review step before confirming, so a second one is made on purpose.
 */
export const duplicateBookingInput = z.object({
  merchantId: idSchema,
  serviceIds: serviceIdsSchema,
  bookingDate: realDateSchema,
  bookingTime: timeSchema,
});
export const duplicateBookingAnswer = z.object({
  data: z.object({
    duplicate: z
      .object({
        bookingId: z.string(),
        bookingDate: z.string(),
        bookingTime: z.string(),
        status: bookingStatusSchema,
        /** The requested services that booking already has, by name. */
        services: z.array(z.string()),
      })
      .nullable(),
  }),
});
export type DuplicateBookingAnswer = z.infer<typeof duplicateBookingAnswer>;

/** A customer's bookings, newest first, a page at a time (paging.ts). */
export const USER_BOOKINGS_PAGE = { default: 100, max: 200 } as const;
export const userBookingsInput = z.object({
  userId: idSchema.optional(),
  ...bodyPageFields(USER_BOOKINGS_PAGE.default, USER_BOOKINGS_PAGE.max),
});
export const bookingByIdInput = z.object({ userId: idSchema.optional(), bookingId: idSchema });

export const cancelBookingInput = z.object({
  bookingId: idSchema,
  reason: z.preprocess(blankToUndefined, reasonSchema.optional()),
  /**
   * Where the refund of an online payment goes: back to the card, UPI or bank it came from through the
   * gateway (default, a few days), or at once to the GlowBook wallet. Wallet payments always go back to the wallet.
   */
  refundTo: z.enum(['original', 'wallet'], { error: 'refundTo: original or wallet' }).optional().default('original'),
});
export const cancelBookingAnswer = z.object({
  data: z.object({ success: z.literal(true), refundPercent: z.number(), refundAmount: z.number(), walletCredit: z.number() }),
});

export const disputeNoShowInput = z.object({
  bookingId: idSchema,
  message: z
    .string({ error: 'message: say what happened' })
    .trim()
    .min(10, 'message: say what happened (at least 10 characters)')
    .max(2000, 'message: at most 2000 characters'),
});
export const disputeNoShowAnswer = z.object({ success: z.literal(true), message: z.string() });
/**
 * The customer's dispute dialog: the server's rule (10 to 2000 characters), in the dialog's words.
 * The booking is the dialog's own, not a field: an error on it would show nowhere.
 */
export const disputeNoShowForm = disputeNoShowInput.omit({ bookingId: true }).extend({
  message: z.string().trim().min(10, 'Tell us what happened (at least 10 characters).').max(2000, 'message: at most 2000 characters'),
});

export const rescheduleBookingInput = z.object({
  bookingId: idSchema,
  bookingDate: realDateSchema,
  bookingTime: timeSchema,
  staffId: optionalStaffId,
});
/** The customer's Reschedule dialog: the new date and time (the booking is the dialog's own). */
export const rescheduleForm = rescheduleBookingInput.pick({ bookingDate: true, bookingTime: true });

// ---------------------------------------------------------------- merchant booking desk

const merchantIdField = idSchema.optional();

export const merchantBookingStatsWire = z.object({
  totalBookings: z.number(),
  totalRevenue: z.number(),
  /** Live bookings starting from now on. */
  upcomingBookings: z.number(),
  /** Bookings whose start passed with the customer never checked in (pending or upcoming): they need the desk's action. */
  notCheckedIn: z.number(),
  completedBookings: z.number(),
});

/** The desk's list, newest first: its default page is the 500 newest, as the desk has always shown. */
export const MERCHANT_BOOKINGS_PAGE = { default: 500, max: 500 } as const;
export const merchantBookingsInput = z.object({
  merchantId: merchantIdField,
  status: z.preprocess((v) => {
    const s = lowercase(v);
    return s === '' || s === null || s === 'all' ? undefined : s;
  }, bookingStatusSchema.optional()),
  searchQuery: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Keep the search under 100 characters.').optional()),
  date: z.preprocess(blankToUndefined, realDateSchema.optional()),
  ...bodyPageFields(MERCHANT_BOOKINGS_PAGE.default, MERCHANT_BOOKINGS_PAGE.max),
});
export const merchantBookingsAnswer = z.object({ bookings: z.array(bookingWire), stats: merchantBookingStatsWire, paging: pagingWire });

export const updateBookingStatusInput = z.object({
  bookingId: idSchema,
  status: z.preprocess(lowercase, bookingStatusSchema),
  /** The acting account's id, sent by the merchant screens: the caller's own (admins: anyone's). */
  userId: idSchema.optional(),
  merchantId: merchantIdField,
  cancellationReason: z.preprocess(blankToUndefined, reasonSchema.optional()),
  paymentReceived: jsonValue(z.boolean()).optional(),
});
export const merchantBookingAnswer = z.object({ booking: bookingWire });

/** The desk's check-in form: the booking's id or the short reference customers see, and the arrival tick. */
export const deskCheckInForm = z.object({
  bookingId: z.string().trim().min(1, 'Please enter the booking ID'),
  arrived: z.boolean().refine((v) => v, 'Please confirm that the customer has arrived'),
});
/** The desk's cancel form: the server takes the reason as optional, the desk asks for one. */
export const deskCancelForm = z.object({ cancellationReason: reasonSchema.min(1, 'Please provide a reason for cancellation') });
/** The desk's complete form: the salon says it has the money. */
export const deskCompleteForm = z.object({
  paymentReceived: z.boolean().refine((v) => v, 'Please confirm that you have received the payment'),
});

export const scanQrInput = z.object({
  bookingId: idSchema,
  merchantId: merchantIdField,
  /** The customer's id from the QR. */
  userId: idSchema,
});

export const manualBookingInput = z.object({
  name: nameSchema('Name'),
  mobile: z.string({ error: 'Mobile number is required.' }).trim().min(1, 'Mobile number is required.').pipe(mobileSchema),
  email: emailSchema,
  merchantId: merchantIdField,
});
/** merchants/getSlots: the desk's free start times of a day (for the salon's shortest service when none is named). */
export const deskSlotsInput = z.object({
  merchantId: merchantIdField,
  date: realDateSchema,
  serviceIds: serviceIdsSchema.optional(),
  staffId: optionalStaffId,
});

/**
 * merchants/createSlot: the desk books a slot for someone on the phone or at the counter. The
 * booking carries what the salon typed and no account: the person confirms or declines it from an
 * e-mailed link or in the app (deskInviteWire).
 */
export const deskBookingInput = z.object({
  merchantId: merchantIdField,
  serviceIds: serviceIdsSchema,
  staffId: optionalStaffId,
  bookingDate: realDateSchema,
  bookingTime: timeSchema,
  name: nameSchema('Name'),
  mobile: z.string({ error: 'Mobile number is required.' }).trim().min(1, 'Mobile number is required.').pipe(mobileSchema),
  email: emailSchema,
});

/** The desk's Book a slot form: the time is picked, not typed, so a missing one says what to do first. */
export const deskBookingForm = deskBookingInput.extend({ bookingTime: z.literal('').or(timeSchema) }).superRefine((v, ctx) => {
  if (!v.bookingTime)
    ctx.addIssue({
      code: 'custom',
      path: ['bookingTime'],
      message: v.serviceIds?.length ? 'Choose a time.' : 'Choose a service, then a time.',
    });
});

/** A desk booking as the person it names sees it (the e-mailed link, or the in-app prompt). */
export const deskInviteWire = z.object({
  bookingId: z.string(),
  salonName: z.string(),
  services: z.array(z.string()),
  bookingDate: z.string(),
  bookingTime: z.string(),
  /** The name and e-mail the salon typed. */
  name: z.string(),
  email: z.string(),
  status: bookingStatusSchema,
  confirmation: z.enum(['pending', 'accepted', 'declined']),
});
export const deskInviteInput = z.object({
  token: z.string().trim().min(20, 'token: the link is incomplete').max(100, 'token: the link is not valid'),
});
export const deskInviteAnswer = z.object({ invite: deskInviteWire });
export const pendingDeskInvitesAnswer = z.object({ invites: z.array(deskInviteWire) });
export const answerDeskInviteInput = z
  .object({
    token: z.string().trim().min(20, 'token: the link is incomplete').max(100, 'token: the link is not valid').optional(),
    bookingId: idSchema.optional(),
    answer: z.enum(['accept', 'decline'], { error: 'answer: choose accept or decline' }),
  })
  .refine((v) => Boolean(v.token) !== Boolean(v.bookingId), {
    message: 'token: send the link’s token or the bookingId, one of them',
    path: ['token'],
  });
export const answerDeskInviteAnswer = z.object({ invite: deskInviteWire, message: z.string() });

export const manualBookingWire = z.object({
  _id: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  status: z.enum(['confirmed', 'completed', 'cancelled']),
  /** When the visit is (what the desk shows); createdAt is when the row was written. */
  visitedAt: z.string(),
  createdAt: z.string(),
});
export const manualBookingsInput = z.object({ merchantId: merchantIdField, ...bodyPageFields(200, 500) });
export const manualBookingsAnswer = z.object({ bookings: z.array(manualBookingWire), paging: pagingWire });

export const dashboardInput = z.object({ merchantId: merchantIdField });
export const dashboardReviewWire = z.object({
  _id: z.string(),
  userName: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
});
export const dashboardAnswer = z.object({
  stats: merchantBookingStatsWire.extend({
    customerRating: z.number(),
    reviewCount: z.number(),
    /** totalRevenue (gross: what completed bookings cost their customers) less the platform's commission on them. */
    netRevenue: z.number(),
    commission: z.number(),
  }),
  recentBookings: z.array(bookingWire),
  recentManualBookings: z.array(manualBookingWire),
  recentReviews: z.array(dashboardReviewWire),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;
