import type { z } from 'zod';
import type { couponTargetInput, createCouponInput, updateCouponInput } from '../../../shared/schemas/coupons.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import { instantToZoned, isValidTimeZone } from '../../../shared/slots.js';
import type { Executor } from '../../db/executor.js';
import { findCouponByCode } from '../../db/repositories/bookings.js';
import {
  type CouponScope,
  couponUsedByBookings,
  deleteCoupon as deleteCouponRow,
  findCoupon,
  insertCoupon,
  listCoupons,
  updateCoupon as updateCouponRow,
} from '../../db/repositories/shopCoupons.js';
import { findShop } from '../../db/repositories/shopProfile.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { requireFeature } from '../billing/entitlements.js';
import { shopOf } from '../scope.js';
import { toCouponWire } from './wire.js';

/*
 * Coupons & Offers: the salon's coupon book. Whether a code applies to a booking is decided at
 * booking time (services/bookings/coupons.ts); here coupons are kept and their status shown.
 */

const PLATFORM_TIME_ZONE = 'Asia/Kolkata';

/** A merchant's own coupons; an admin names a salon, or none for the platform's coupons. */
async function scopeOf(db: Executor, actor: Actor, merchantId: string | undefined): Promise<CouponScope> {
  if (actor.role === 'admin' && !merchantId) return null;
  return shopOf(db, actor, merchantId);
}

/** The salon-local date statuses and validity windows are judged on. */
async function todayFor(db: Executor, scope: CouponScope, now: Date): Promise<string> {
  const tz = scope === null ? PLATFORM_TIME_ZONE : ((await findShop(db, scope))?.time_zone ?? PLATFORM_TIME_ZONE);
  return instantToZoned(now, isValidTimeZone(tz) ? tz : PLATFORM_TIME_ZONE).date;
}

async function checkCodeFree(db: Executor, code: string, exceptId?: string) {
  const other = await findCouponByCode(db, code);
  if (other && other.id !== exceptId) throw conflict('code: a coupon with this code already exists');
}

export async function getAllCoupons(
  deps: AppDeps,
  actor: Actor,
  input: { merchantId?: string; page: number; limit: number },
  opts: { now?: Date } = {},
) {
  const scope = await scopeOf(deps.db, actor, input.merchantId);
  const [{ rows, total }, today] = await Promise.all([
    listCoupons(deps.db, scope, { limit: input.limit, offset: (input.page - 1) * input.limit }),
    todayFor(deps.db, scope, opts.now ?? new Date()),
  ]);
  return { coupons: rows.map((c) => toCouponWire(c, today)), paging: pagingOf(input.page, input.limit, total) };
}

export async function getCouponById(deps: AppDeps, actor: Actor, input: z.output<typeof couponTargetInput>, opts: { now?: Date } = {}) {
  const scope = await scopeOf(deps.db, actor, input.merchantId);
  const row = await findCoupon(deps.db, scope, input.couponId);
  if (!row) throw notFound('Coupon');
  return { coupon: toCouponWire(row, await todayFor(deps.db, scope, opts.now ?? new Date())) };
}

export async function createCoupon(deps: AppDeps, actor: Actor, input: z.output<typeof createCouponInput>, opts: { now?: Date } = {}) {
  const scope = await scopeOf(deps.db, actor, input.merchantId);
  const validUntil = input.validUntil ?? input.expiryDate ?? null;
  if (input.discountType === 'flat' && input.maxDiscount != null) {
    throw badRequest('maxDiscount: only a percentage discount has a maximum', 'maxDiscount');
  }
  if (scope !== null) await requireFeature(deps.db, scope, 'coupons');
  return deps.db.transaction().execute(async (trx) => {
    const today = await todayFor(trx, scope, opts.now ?? new Date());
    if (validUntil && validUntil < today) throw badRequest('validUntil: the end date is in the past', 'validUntil');
    await checkCodeFree(trx, input.code);
    const row = await insertCoupon(trx, {
      merchant_id: scope,
      code: input.code,
      description: input.description,
      discount_type: input.discountType,
      discount_value: input.discountValue,
      min_amount: input.minAmount,
      max_discount: input.maxDiscount ?? null,
      valid_from: input.validFrom ?? null,
      valid_until: validUntil,
      usage_limit: input.usageLimit ?? null,
      active: input.active,
    });
    return { coupon: toCouponWire(row, today) };
  });
}

/** Changes the fields sent; the rules are checked on the coupon as it will be. */
export async function updateCoupon(deps: AppDeps, actor: Actor, input: z.output<typeof updateCouponInput>, opts: { now?: Date } = {}) {
  const scope = await scopeOf(deps.db, actor, input.merchantId);
  // A salon whose plan has no coupons may still switch its coupons off.
  const onlySwitchingOff =
    input.active === false && Object.entries(input).every(([k, v]) => ['merchantId', 'couponId', 'active'].includes(k) || v === undefined);
  if (scope !== null && !onlySwitchingOff) await requireFeature(deps.db, scope, 'coupons');
  return deps.db.transaction().execute(async (trx) => {
    const current = await findCoupon(trx, scope, input.couponId);
    if (!current) throw notFound('Coupon');
    const today = await todayFor(trx, scope, opts.now ?? new Date());
    const untilSent = input.validUntil !== undefined || input.expiryDate !== undefined;
    const next = {
      code: input.code ?? current.code,
      discount_type: input.discountType ?? current.discount_type,
      discount_value: input.discountValue ?? Number(current.discount_value),
      max_discount:
        input.maxDiscount !== undefined ? input.maxDiscount : current.max_discount == null ? null : Number(current.max_discount),
      valid_from: input.validFrom !== undefined ? input.validFrom : current.valid_from,
      valid_until: untilSent ? (input.validUntil ?? input.expiryDate ?? null) : current.valid_until,
      usage_limit: input.usageLimit !== undefined ? input.usageLimit : current.usage_limit,
    };
    if (next.discount_type === 'percentage' && next.discount_value > 100) {
      throw badRequest('discountValue: Discount percentage cannot exceed 100%.', 'discountValue');
    }
    if (next.discount_type === 'flat' && next.max_discount != null) {
      throw badRequest('maxDiscount: only a percentage discount has a maximum', 'maxDiscount');
    }
    if (next.valid_from && next.valid_until && next.valid_from > next.valid_until) {
      throw badRequest('validUntil: The end date must not be before the start date.', 'validUntil');
    }
    if (untilSent && next.valid_until && next.valid_until < today)
      throw badRequest('validUntil: the end date is in the past', 'validUntil');
    if (next.usage_limit != null && next.usage_limit < current.used_count) {
      throw badRequest(`usageLimit: this coupon has already been used ${current.used_count} times`, 'usageLimit');
    }
    if (next.code !== current.code) await checkCodeFree(trx, next.code, current.id);
    const row = await updateCouponRow(trx, current.id, {
      ...next,
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.minAmount !== undefined ? { min_amount: input.minAmount } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    });
    return { coupon: toCouponWire(row, today) };
  });
}

/** A coupon bookings used stays on record (they point at it) and is switched off instead. */
export async function deleteCoupon(deps: AppDeps, actor: Actor, input: z.output<typeof couponTargetInput>) {
  const scope = await scopeOf(deps.db, actor, input.merchantId);
  return deps.db.transaction().execute(async (trx) => {
    const current = await findCoupon(trx, scope, input.couponId);
    if (!current) throw notFound('Coupon');
    if (await couponUsedByBookings(trx, current.id)) {
      await updateCouponRow(trx, current.id, { active: false });
      return { message: 'This coupon has been used in bookings, so it was deactivated instead of deleted.', deactivated: true };
    }
    await deleteCouponRow(trx, current.id);
    return { message: 'Coupon deleted successfully.', deactivated: false };
  });
}
