import { z } from 'zod';
import { GIFT_CARD_MAX, GIFT_CARD_MIN } from '../loyalty.js';
import { blankMeansNone, idSchema, mobileSchema, nameSchema } from '../validation.js';
import { userWire } from './auth.js';
import { jsonValue } from './jsonValue.js';
import { pagingWire, queryPageFields } from './paging.js';

const empty = z.object({});
export const walletInput = empty;
/** A page of the wallet's or the points' entries, or of the gift cards (newest first). */
export const walletPageInput = z.object(queryPageFields(50, 200));

const walletEntryWire = z.object({
  _id: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  kind: z.enum(['refund', 'booking_payment', 'gift_card_redeemed', 'gift_card_purchase', 'adjustment', 'visit_payment', 'salon_purchase']),
  description: z.string(),
  bookingId: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletEntryWire = z.infer<typeof walletEntryWire>;
export const walletAnswer = z.object({
  data: z.object({ balance: z.number(), entries: z.array(walletEntryWire), paging: pagingWire.describe('The paging of entries') }),
});

const pointsEntryWire = z.object({
  _id: z.string(),
  points: z.number(),
  balanceAfter: z.number(),
  kind: z.enum(['booking_completed', 'reward_redeemed', 'adjustment']),
  description: z.string(),
  createdAt: z.string(),
});
const rewardCouponWire = z.object({
  code: z.string(),
  value: z.number(),
  validUntil: z.string().nullable(),
  used: z.boolean(),
  createdAt: z.string(),
});
export type RewardCouponWire = z.infer<typeof rewardCouponWire>;

export const loyaltyAnswer = z.object({
  data: z.object({
    points: z.number(),
    lifetimePoints: z.number(),
    tier: z.string(),
    nextTier: z.object({ name: z.string(), pointsToGo: z.number() }).nullable(),
    rupeesPerPoint: z.number(),
    reward: z.object({ points: z.number(), value: z.number(), validDays: z.number() }),
    entries: z.array(pointsEntryWire),
    /** The customer's reward coupons (one per redemption): all of them, beside the page of entries. */
    rewards: z.array(rewardCouponWire),
    paging: pagingWire.describe('The paging of entries'),
  }),
});

export const redeemRewardAnswer = z.object({ data: z.object({ coupon: rewardCouponWire, points: z.number() }), message: z.string() });

const optionalText = (field: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, `${field}: at most ${max} characters`).optional(),
  );

export const GIFT_CARD_PAYMENT_METHODS = ['wallet', 'test_card', 'razorpay'] as const;
/** The offline test gateway's cards: the first is approved, the second declined. */
export const TEST_CARDS = { approved: '4111111111111111', declined: '4000000000000002' } as const;

/** What a gift card is: its amount and who it is for. */
const giftCardDetails = {
  amount: jsonValue(
    z
      .number({ error: 'amount: enter an amount' })
      .int('amount: whole rupees')
      .min(GIFT_CARD_MIN, `amount: at least ₹${GIFT_CARD_MIN}`)
      .max(GIFT_CARD_MAX, `amount: at most ₹${GIFT_CARD_MAX.toLocaleString('en-IN')}`),
  ),
  recipientName: optionalText('recipientName', 100),
  recipientEmail: blankMeansNone(z.string().trim().toLowerCase().email('recipientEmail: enter a valid e-mail').max(254)),
  message: optionalText('message', 300),
};

const gatewayProofField = (name: string) => z.string().trim().min(1, `${name}: missing`).max(200).optional();

export const purchaseGiftCardInput = z.object({
  ...giftCardDetails,
  paymentMethod: z.enum(GIFT_CARD_PAYMENT_METHODS, { error: 'paymentMethod: wallet, test_card or razorpay' }),
  cardNumber: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
    z
      .string()
      .regex(/^\d{12,19}$/, 'cardNumber: 12 to 19 digits')
      .optional(),
  ),
  /** With paymentMethod razorpay: what Razorpay Checkout handed back for an order from createGiftCardOrder. */
  razorpay_order_id: gatewayProofField('razorpay_order_id'),
  razorpay_payment_id: gatewayProofField('razorpay_payment_id'),
  razorpay_signature: gatewayProofField('razorpay_signature'),
});

/** A gift card to pay for in the gateway's checkout (live gateway only); its amount is fixed here. */
export const createGiftCardOrderInput = z.object(giftCardDetails);
export const giftCardOrderAnswer = z.object({
  data: z.object({
    orderId: z.string(),
    amount: z.number().describe('Rupees, as every amount on the wire'),
    currency: z.literal('INR'),
    keyId: z.string(),
    description: z.string(),
  }),
});

/** How gift cards can be paid on this server. */
export const giftCardPaymentOptionsAnswer = z.object({
  data: z.object({ gateway: z.string(), testMode: z.boolean(), checkoutKey: z.string().nullable() }),
});

const giftCardWire = z.object({
  _id: z.string(),
  /** Shown in full to the buyer and to the one who redeemed it only. */
  code: z.string(),
  amount: z.number(),
  status: z.enum(['active', 'redeemed']),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  message: z.string().nullable(),
  paymentMethod: z.enum(GIFT_CARD_PAYMENT_METHODS),
  purchasedByMe: z.boolean(),
  redeemedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type GiftCardWire = z.infer<typeof giftCardWire>;
export const purchaseGiftCardAnswer = z.object({ data: z.object({ giftCard: giftCardWire }), message: z.string() });
export const giftCardsAnswer = z.object({ data: z.object({ giftCards: z.array(giftCardWire), paging: pagingWire }) });

export const redeemGiftCardInput = z.object({
  code: z
    .string({ error: 'code: enter the gift card code' })
    .trim()
    .toUpperCase()
    .regex(/^GB-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/, 'code: a gift card code looks like GB-XXXX-XXXX-XXXX'),
});
export const redeemGiftCardAnswer = z.object({ data: z.object({ amount: z.number(), balance: z.number() }), message: z.string() });

/** users/getUsersById: an account's profile; the caller's own unless an admin names another. */
export const getUserByIdInput = z.object({ userId: idSchema.optional() }).optional();
export const getUserByIdAnswer = z.object({ user: userWire });

export const updateProfileInput = z.object({
  firstName: nameSchema('First name'),
  /** Left out: unchanged; '' clears it. */
  lastName: z.string().trim().max(100, 'lastName: at most 100 characters').optional(),
  phone: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), mobileSchema.nullable()).optional(),
});
export const updateProfileAnswer = z.object({ user: userWire, message: z.string() });

/** A customer's notification switches (a missing key means on; marketing is opt-in). */
export const CUSTOMER_PREFERENCES = [
  { key: 'reminders', label: 'Appointment reminders', description: 'A day and two hours before each appointment' },
  { key: 'email', label: 'E-mail', description: 'Reminders and booking updates by e-mail' },
  { key: 'push', label: 'Push notifications', description: 'On this browser’s lock screen, when allowed' },
  { key: 'marketing', label: 'Offers and news', description: 'Offers from salons you visited and GlowBook news' },
] as const;
export type CustomerPreferenceKey = (typeof CUSTOMER_PREFERENCES)[number]['key'];

const prefsShape = z.object({
  reminders: jsonValue(z.boolean()),
  email: jsonValue(z.boolean()),
  push: jsonValue(z.boolean()),
  marketing: jsonValue(z.boolean()),
});
export const preferencesAnswer = z.object({ preferences: prefsShape });
export const updatePreferencesInput = z.object({ preferences: prefsShape.partial() });
