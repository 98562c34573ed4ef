import { z } from 'zod';
import { idSchema } from '../validation.js';
import { bookingWire, createBookingInput } from './bookings.js';
import { jsonValue } from './jsonValue.js';
import { pagingWire, queryPageFields } from './paging.js';

/*
 * Paying for a booking online (docs/payments.md): the booking is held while its gateway order is
 * open, the browser pays it (Razorpay Checkout, or the offline test gateway's own checkout), and the
 * payment's signature is verified before the booking is confirmed.
 */

export const BOOKING_PAYMENT_STATUSES = ['created', 'paid', 'expired', 'late'] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];
export const BOOKING_REFUND_STATUSES = ['initiated', 'processed', 'failed'] as const;
export type BookingRefundStatus = (typeof BOOKING_REFUND_STATUSES)[number];
export const BOOKING_REFUND_REASONS = ['cancellation', 'late_payment', 'no_show_dispute'] as const;
export type BookingRefundReason = (typeof BOOKING_REFUND_REASONS)[number];

/** Minutes a booking is held while its payment is open. */
export const PAYMENT_HOLD_MINUTES = 10;

/** Razorpay's test UPI ids, which the offline test gateway answers the same way. */
export const TEST_UPI_SUCCESS = 'success@razorpay';
export const TEST_UPI_FAILURE = 'failure@razorpay';

export const paymentOptionsInput = z.object({});
export const paymentOptionsAnswer = z.object({
  data: z.object({
    gateway: z.string(),
    /** No real money moves: the screens say "test mode". */
    testMode: z.boolean(),
    /** The key Razorpay Checkout opens with; null for the offline test gateway (pay with testCheckout). */
    checkoutKey: z.string().nullable(),
    holdMinutes: z.number().int(),
  }),
});

export const startBookingPaymentInput = createBookingInput.omit({ paymentMethod: true }).extend({
  /** Pay part from the GlowBook wallet (all of its balance, up to the total less ₹1) and the rest online. */
  useWallet: jsonValue(z.boolean({ error: 'useWallet: true or false' }))
    .optional()
    .default(false),
});

const refundWire = z.object({
  _id: z.string(),
  amount: z.number(),
  reason: z.enum(BOOKING_REFUND_REASONS),
  status: z.enum(BOOKING_REFUND_STATUSES),
  gatewayRefundId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingRefundWire = z.infer<typeof refundWire>;

export const bookingPaymentWire = z.object({
  _id: z.string(),
  bookingId: z.string(),
  gateway: z.string(),
  orderId: z.string(),
  /** Rupees paid (or to pay) online. */
  amount: z.number(),
  /** Rupees paid from the wallet beside it. */
  walletAmount: z.number(),
  status: z.enum(BOOKING_PAYMENT_STATUSES),
  /** The gateway's payment id once paid. */
  reference: z.string().nullable(),
  /** Until when the booking is held for this payment (created payments). */
  holdExpiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** A deposit (the rest is paid at the salon; kept on a no-show or a late cancellation). */
  deposit: z.boolean(),
  /** The paid payment's receipt (GET /api/payments/{_id}/receipt.pdf), else null. */
  receiptNumber: z.string().nullable(),
  refunds: z.array(refundWire),
  createdAt: z.string(),
});
export type BookingPaymentWire = z.infer<typeof bookingPaymentWire>;

/** What the browser opens the gateway's checkout with. */
export const checkoutWire = z.object({
  gateway: z.string(),
  testMode: z.boolean(),
  checkoutKey: z.string().nullable(),
  orderId: z.string(),
  amount: z.number().describe('Rupees, as every amount on the wire; hand Checkout Math.round(amount * 100) paise'),
  amountPaise: z.number().int().meta({ deprecated: true }).describe('Deprecated: the same amount in paise (amount × 100); read `amount`'),
  currency: z.literal('INR'),
  description: z.string(),
});

export const startBookingPaymentAnswer = z.object({
  data: z.object({ booking: bookingWire, payment: bookingPaymentWire, checkout: checkoutWire }),
});

const proofField = (name: string) =>
  z
    .string({ error: `${name}: missing` })
    .trim()
    .min(1, `${name}: missing`)
    .max(200, `${name}: too long`);

export const verifyBookingPaymentInput = z.object({
  paymentId: idSchema,
  razorpay_order_id: proofField('razorpay_order_id'),
  razorpay_payment_id: proofField('razorpay_payment_id'),
  razorpay_signature: proofField('razorpay_signature'),
});
export const verifyBookingPaymentAnswer = z.object({
  data: z.object({ booking: bookingWire, payment: bookingPaymentWire }),
  message: z.string(),
});

export const testCheckoutInput = z
  .object({
    paymentId: idSchema,
    method: z.enum(['upi', 'card'], { error: 'method: upi or card' }),
    upiId: z.string().trim().max(100).optional(),
    cardNumber: z.preprocess(
      (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
      z
        .string()
        .regex(/^\d{12,19}$/, 'cardNumber: 12 to 19 digits')
        .optional(),
    ),
  })
  .refine((v) => v.method !== 'upi' || Boolean(v.upiId), { message: 'upiId: enter a UPI id', path: ['upiId'] })
  .refine((v) => v.method !== 'card' || Boolean(v.cardNumber), { message: 'cardNumber: enter the card number', path: ['cardNumber'] });
export const testCheckoutAnswer = z.object({
  data: z.object({ razorpay_order_id: z.string(), razorpay_payment_id: z.string(), razorpay_signature: z.string() }),
});

export const myPaymentsInput = z.object({ bookingId: idSchema.optional(), ...queryPageFields(200, 500) });
export const myPaymentsAnswer = z.object({ data: z.object({ payments: z.array(bookingPaymentWire), paging: pagingWire }) });
