import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../executor.js';
import type { CouponsTable } from '../types.js';

/** A salon's coupons, or with `null` the platform's own (valid at every salon). */
export type CouponScope = string | null;

/** One page of the scope's coupons, newest first, and how many it has. */
export async function listCoupons(db: Executor, scope: CouponScope, page: { limit: number; offset: number }) {
  // Personal reward coupons belong to their customer, not to the platform's list.
  const all = db.selectFrom('coupons').where('owner_account_id', 'is', null);
  const q = scope === null ? all.where('merchant_id', 'is', null) : all.where('merchant_id', '=', scope);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    q.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findCoupon(db: Executor, scope: CouponScope, couponId: string) {
  const q = db.selectFrom('coupons').selectAll().where('id', '=', couponId);
  return (scope === null ? q.where('merchant_id', 'is', null) : q.where('merchant_id', '=', scope)).executeTakeFirst();
}

export function insertCoupon(db: Executor, values: Insertable<CouponsTable>) {
  return db.insertInto('coupons').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateCoupon(db: Executor, couponId: string, values: Updateable<CouponsTable>) {
  return db
    .updateTable('coupons')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', couponId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCoupon(db: Executor, couponId: string): Promise<void> {
  await db.deleteFrom('coupons').where('id', '=', couponId).execute();
}

export async function couponUsedByBookings(db: Executor, couponId: string): Promise<boolean> {
  const r = await db.selectFrom('bookings').select('id').where('coupon_id', '=', couponId).limit(1).executeTakeFirst();
  return !!r;
}
