import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { formatINR, round2 } from '../../../shared/money.js';
import { offerCap } from '../../../shared/offers.js';
import type { ValidateCouponAnswer, validateCouponInput } from '../../../shared/schemas/bookings.js';
import { instantToZoned, weekdayOf } from '../../../shared/slots.js';
import type { Executor } from '../../db/executor.js';
import {
  countLiveBookingsOf,
  findCouponByCode,
  findCouponById,
  returnPersonalCouponUse,
  takeCouponUse,
} from '../../db/repositories/bookings.js';
import { lockKeys } from '../../db/repositories/limits.js';
import type { Coupon, Database } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { hasFeature } from '../billing/entitlements.js';
import { loadSalonContext } from './availability.js';

export interface CouponContext {
  merchantId: string;
  subtotal: number;
  /** The salon-local date 'YYYY-MM-DD' the validity window is judged on. */
  today: string;
  /** Who is booking: a personal (reward) coupon works only for its owner. */
  userId?: string | null;
  /** The booked services (category-only and buy-one-get-one coupons are judged on them). */
  services?: readonly { price: number; categoryName: string | null }[];
  /** The appointment's salon-local date (weekend-only coupons); `today` when not known yet. */
  bookingDate?: string;
  /** The customer's earlier bookings that were not cancelled (first-booking coupons). */
  earlierBookings?: number;
}

export type CouponCheck = { ok: true; discount: number } | { ok: false; message: string };

export const COUPON_MESSAGES = {
  notFound: 'couponCode: coupon not found',
  otherSalon: 'couponCode: this coupon is not valid at this salon',
  notYours: 'couponCode: this coupon belongs to another account',
  inactive: 'couponCode: this coupon is no longer active',
  notYet: 'couponCode: this coupon is not valid yet',
  expired: 'couponCode: this coupon has expired',
  usedUp: 'couponCode: this coupon has reached its usage limit',
  minAmount: (min: number) => `couponCode: spend at least ${formatINR(min)} to use this coupon`,
  firstBooking: 'couponCode: this coupon is for your first booking only',
  signIn: 'couponCode: sign in to use this coupon',
  weekend: 'couponCode: this coupon is for Saturday and Sunday appointments',
  category: (category: string) => `couponCode: this coupon is for ${category} services only`,
  twoServices: 'couponCode: choose two or more services: the cheapest one is free',
  notOnPlan: 'couponCode: this salon does not offer coupons at the moment',
} as const;

const isWeekend = (date: string) => ['Saturday', 'Sunday'].includes(weekdayOf(date));

/**
 * The coupon rules, pure: a salon's coupon works only there, a platform coupon (no salon)
 * anywhere; it must be active, inside its validity dates (salon-local), not used up, and the
 * subtotal must reach its minimum. A coupon may also be for one category of services (its
 * discount then applies to those services only), for a customer's first booking, for Saturday and
 * Sunday appointments, or buy-one-get-one (with two or more services the cheapest is free). A
 * percentage discount is capped by max_discount, and no discount exceeds what it applies to.
 */
export function evaluateCoupon(coupon: Coupon | undefined | null, ctx: CouponContext): CouponCheck {
  if (!coupon) return { ok: false, message: COUPON_MESSAGES.notFound };
  if (coupon.merchant_id && coupon.merchant_id !== ctx.merchantId) return { ok: false, message: COUPON_MESSAGES.otherSalon };
  if (coupon.owner_account_id && coupon.owner_account_id !== ctx.userId) return { ok: false, message: COUPON_MESSAGES.notYours };
  if (!coupon.active) return { ok: false, message: COUPON_MESSAGES.inactive };
  if (coupon.valid_from && ctx.today < coupon.valid_from) return { ok: false, message: COUPON_MESSAGES.notYet };
  if (coupon.valid_until && ctx.today > coupon.valid_until) return { ok: false, message: COUPON_MESSAGES.expired };
  if (coupon.usage_limit != null && coupon.used_count >= coupon.usage_limit) return { ok: false, message: COUPON_MESSAGES.usedUp };
  if (coupon.first_booking_only) {
    if (!ctx.userId) return { ok: false, message: COUPON_MESSAGES.signIn };
    if ((ctx.earlierBookings ?? 0) > 0) return { ok: false, message: COUPON_MESSAGES.firstBooking };
  }
  if (coupon.weekend_only && !isWeekend(ctx.bookingDate ?? ctx.today)) return { ok: false, message: COUPON_MESSAGES.weekend };
  const min = Number(coupon.min_amount);
  if (ctx.subtotal < min) return { ok: false, message: COUPON_MESSAGES.minAmount(min) };

  // What the discount applies to: every booked service, or those of the coupon's category.
  const category = coupon.service_category?.trim().toLowerCase();
  const lines = ctx.services ?? [{ price: ctx.subtotal, categoryName: null }];
  const eligible = category ? lines.filter((l) => l.categoryName?.trim().toLowerCase() === category) : lines;
  if (category && eligible.length === 0) return { ok: false, message: COUPON_MESSAGES.category(coupon.service_category!.trim()) };
  const base = category ? eligible.reduce((sum, l) => sum + l.price, 0) : ctx.subtotal;

  let discount: number;
  if (coupon.buy_one_get_one) {
    if (eligible.length < 2) return { ok: false, message: COUPON_MESSAGES.twoServices };
    discount = Math.min(...eligible.map((l) => l.price));
  } else {
    const value = Number(coupon.discount_value);
    discount = coupon.discount_type === 'percentage' ? (base * value) / 100 : value;
  }
  // The same cap the offer's words state (shared/offers.ts).
  const cap = offerCap({ discountType: coupon.discount_type, maxDiscount: coupon.max_discount, buyOneGetOne: coupon.buy_one_get_one });
  if (cap !== null) discount = Math.min(discount, cap);
  return { ok: true, discount: round2(Math.max(0, Math.min(discount, base, ctx.subtotal))) };
}

/** The facts a coupon's rules need that the caller may not have: the customer's earlier bookings. */
async function withHistory(db: Executor, coupon: Coupon | undefined, ctx: CouponContext): Promise<CouponContext> {
  if (!coupon?.first_booking_only || !ctx.userId || ctx.earlierBookings !== undefined) return ctx;
  // In a booking's transaction, that customer's first-booking checks take turns: each counts the
  // bookings the one before it committed, so ten parallel bookings cannot all be the first.
  if (db.isTransaction) await lockKeys(db as Transaction<Database>, [`first-booking:${ctx.userId}`]);
  return { ...ctx, earlierBookings: await countLiveBookingsOf(db, ctx.userId) };
}

/** Looks a code up (case-insensitive) and applies the rules; a broken rule is a 400 naming couponCode. */
export async function checkCouponCode(db: Executor, code: string, ctx: CouponContext): Promise<{ coupon: Coupon; discount: number }> {
  const coupon = await findCouponByCode(db, code);
  const check = evaluateCoupon(coupon, await withHistory(db, coupon, ctx));
  if (!check.ok) throw badRequest(check.message, 'couponCode');
  // A salon's own coupons are a paid plan's tool: they stop working when the plan no longer has them.
  if (coupon!.merchant_id && !coupon!.owner_account_id && !(await hasFeature(db, coupon!.merchant_id, 'coupons')))
    throw badRequest(COUPON_MESSAGES.notOnPlan, 'couponCode');
  return { coupon: coupon!, discount: check.discount };
}

/**
 * Takes one use of the coupon in the booking's transaction. The conditional update makes the
 * limit hold when bookings race: the last use goes to exactly one of them.
 */
export async function redeemCoupon(trx: Executor, couponId: string): Promise<void> {
  if (!(await takeCouponUse(trx, couponId))) throw badRequest(COUPON_MESSAGES.usedUp, 'couponCode');
}

/**
 * A booking moved to another day keeps its discount only if its coupon's rules about the
 * appointment still hold there (a weekend coupon on a weekday does not): otherwise the move is
 * refused with a 400 naming couponCode, and the customer can pick a day it allows.
 */
export async function checkCouponAfterMove(db: Executor, booking: { coupon_id: string | null }, bookingDate: string): Promise<void> {
  if (!booking.coupon_id) return;
  const coupon = await findCouponById(db, booking.coupon_id);
  if (coupon?.weekend_only && !isWeekend(bookingDate)) {
    throw badRequest(
      `couponCode: this booking used ${coupon.code}, which is for Saturday and Sunday appointments only; pick a Saturday or Sunday`,
      'couponCode',
    );
  }
}

/**
 * A cancelled booking gives back the loyalty reward coupon it used, in the cancellation's
 * transaction: the customer paid points for it and got nothing. Salon and platform coupons keep
 * the use (their limits count redemptions, not visits).
 */
export async function returnRewardCoupon(trx: Executor, booking: { coupon_id: string | null }): Promise<boolean> {
  return booking.coupon_id ? returnPersonalCouponUse(trx, booking.coupon_id) : false;
}

/** 'couponCode: this coupon has expired' → 'This coupon has expired' for the Apply box. */
function sentence(message: string): string {
  const text = message.replace(/^couponCode: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The booking screen's "Apply": what the code would take off these services at this salon now. */
export async function validateCoupon(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof validateCouponInput>,
  opts: { now?: Date } = {},
): Promise<ValidateCouponAnswer> {
  const ctx = await loadSalonContext(deps.db, actor, input.merchantId, input.serviceIds);
  const today = instantToZoned(opts.now ?? new Date(), ctx.timeZone).date;
  const code = input.code.trim().toUpperCase();
  const coupon = await findCouponByCode(deps.db, code);
  const couponCtx = {
    merchantId: ctx.id,
    subtotal: ctx.subtotal,
    today,
    userId: actor?.id,
    services: ctx.services,
    bookingDate: input.bookingDate,
  };
  let check = evaluateCoupon(coupon, await withHistory(deps.db, coupon, couponCtx));
  if (check.ok && coupon!.merchant_id && !coupon!.owner_account_id && !(await hasFeature(deps.db, coupon!.merchant_id, 'coupons')))
    check = { ok: false, message: COUPON_MESSAGES.notOnPlan };
  if (!check.ok) {
    return { valid: false, code, subtotal: ctx.subtotal, discount: 0, total: ctx.subtotal, message: sentence(check.message) };
  }
  return {
    valid: true,
    code,
    subtotal: ctx.subtotal,
    discount: check.discount,
    total: round2(ctx.subtotal - check.discount),
    message: `Coupon applied: you save ${formatINR(check.discount)}`,
  };
}
