import { sql } from 'kysely';
import type { Executor } from '../executor.js';

/** Statements are by Indian date (a salon's day in Asia/Kolkata). */
const IST = 'Asia/Kolkata';

/** The salon's staff with their pay settings (zero when never set). */
export function listStaffPay(db: Executor, merchantId: string) {
  return db
    .selectFrom('staff as s')
    .leftJoin('staff_pay_settings as p', 'p.staff_id', 's.id')
    .select(['s.id', 's.name', 's.status'])
    .select((eb) => [
      eb.fn.coalesce('p.service_rate', sql<string>`0`).as('service_rate'),
      eb.fn.coalesce('p.product_rate', sql<string>`0`).as('product_rate'),
      eb.fn.coalesce('p.base_monthly', sql<string>`0`).as('base_monthly'),
    ])
    .where('s.merchant_id', '=', merchantId)
    .where('s.archived_at', 'is', null)
    .orderBy('s.name')
    .execute();
}

export function categoryRates(db: Executor, merchantId: string, staffIds: string[]) {
  if (!staffIds.length) return Promise.resolve([]);
  return db
    .selectFrom('staff_category_rates as r')
    .innerJoin('categories as c', 'c.id', 'r.category_id')
    .select(['r.staff_id', 'r.category_id', 'r.rate', 'c.name'])
    .where('r.merchant_id', '=', merchantId)
    .where('r.staff_id', 'in', staffIds)
    .orderBy('c.name')
    .execute();
}

/** The categories the salon's services are in (the rates a professional may have per category). */
export function salonCategories(db: Executor, merchantId: string) {
  return db
    .selectFrom('categories as c')
    .select(['c.id', 'c.name'])
    .where((eb) =>
      eb.exists(
        eb.selectFrom('services as v').select('v.id').where('v.merchant_id', '=', merchantId).whereRef('v.category_id', '=', 'c.id'),
      ),
    )
    .orderBy('c.name')
    .execute();
}

/** Locks the staff row of the salon (two saves of one person's pay apply one after the other); undefined when not the salon's. */
export function lockStaff(db: Executor, merchantId: string, staffId: string) {
  return db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', staffId)
    .forUpdate()
    .executeTakeFirst();
}

export function categoriesExist(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
}

export async function savePay(
  db: Executor,
  row: { merchant_id: string; staff_id: string; service_rate: number; product_rate: number; base_monthly: number },
  rates: { category_id: string; rate: number }[],
) {
  await db
    .insertInto('staff_pay_settings')
    .values({ ...row, updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('staff_id').doUpdateSet((eb) => ({
        service_rate: eb.ref('excluded.service_rate'),
        product_rate: eb.ref('excluded.product_rate'),
        base_monthly: eb.ref('excluded.base_monthly'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  await db.deleteFrom('staff_category_rates').where('staff_id', '=', row.staff_id).execute();
  if (rates.length)
    await db
      .insertInto('staff_category_rates')
      .values(rates.map((r) => ({ staff_id: row.staff_id, merchant_id: row.merchant_id, category_id: r.category_id, rate: r.rate })))
      .execute();
}

/**
 * The lines a professional is credited with in a period: every checkout line of the salon done
 * (services) or sold (products) by them, with the line's taxable value (what was charged, its share
 * of the bill's discount off, without GST) and its service's category.
 */
export function statementLines(db: Executor, merchantId: string, staffId: string, from: string, to: string) {
  return db
    .selectFrom('checkout_lines as l')
    .innerJoin('checkouts as c', 'c.id', 'l.checkout_id')
    .leftJoin('services as v', 'v.id', 'l.service_id')
    .leftJoin('categories as g', 'g.id', 'v.category_id')
    .select([
      'l.id',
      'l.kind',
      'l.name',
      'l.quantity',
      'l.taxable',
      'c.id as checkout_id',
      'c.receipt_number',
      'v.category_id',
      'g.name as category_name',
    ])
    .select(sql<string>`to_char(c.created_at at time zone ${IST}, 'YYYY-MM-DD')`.as('day'))
    .where('c.merchant_id', '=', merchantId)
    .where('l.staff_id', '=', staffId)
    .where(sql<boolean>`(c.created_at at time zone ${IST})::date between ${from}::date and ${to}::date`)
    .orderBy('c.created_at')
    .orderBy('l.position')
    .execute();
}

export function statementTips(db: Executor, merchantId: string, staffId: string, from: string, to: string) {
  return db
    .selectFrom('checkout_tips as t')
    .innerJoin('checkouts as c', 'c.id', 't.checkout_id')
    .select(['t.amount', 'c.id as checkout_id', 'c.receipt_number'])
    .select(sql<string>`to_char(c.created_at at time zone ${IST}, 'YYYY-MM-DD')`.as('day'))
    .where('c.merchant_id', '=', merchantId)
    .where('t.staff_id', '=', staffId)
    .where(sql<boolean>`(c.created_at at time zone ${IST})::date between ${from}::date and ${to}::date`)
    .orderBy('c.created_at')
    .execute();
}

export function shopName(db: Executor, merchantId: string) {
  return db.selectFrom('merchants').select('shop_name').where('id', '=', merchantId).executeTakeFirst();
}
