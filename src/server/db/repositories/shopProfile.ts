import { sql, type Updateable } from 'kysely';
import type { Executor } from '../executor.js';
import type { MerchantsTable } from '../types.js';

/** The merchant row with its account's sign-in e-mail. */
export function findShop(db: Executor, merchantId: string) {
  return db
    .selectFrom('merchants as m')
    .innerJoin('accounts as a', 'a.id', 'm.id')
    .selectAll('m')
    .select('a.email as account_email')
    .where('m.id', '=', merchantId)
    .executeTakeFirst();
}

export type ShopRow = NonNullable<Awaited<ReturnType<typeof findShop>>>;

export async function merchantExists(db: Executor, merchantId: string): Promise<boolean> {
  return !!(await db.selectFrom('merchants').select('id').where('id', '=', merchantId).executeTakeFirst());
}

/** Serialises changes to one shop's gallery or publish state (SELECT ... FOR UPDATE on its row). */
export async function lockMerchant(db: Executor, merchantId: string): Promise<boolean> {
  const r = await db.selectFrom('merchants').select('id').where('id', '=', merchantId).forUpdate().executeTakeFirst();
  return !!r;
}

/** A salon's GSTIN, its row locked until the caller's transaction ends (a GSTIN change waits). */
export function lockMerchantGstin(db: Executor, merchantId: string) {
  return db.selectFrom('merchants').select('gstin').where('id', '=', merchantId).forUpdate().executeTakeFirstOrThrow();
}

export async function updateMerchant(db: Executor, merchantId: string, values: Updateable<MerchantsTable>): Promise<void> {
  await db
    .updateTable('merchants')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', merchantId)
    .execute();
}

/** Counts the completion checks need, in one round trip. */
export async function completionCounts(db: Executor, merchantId: string) {
  const r = await db
    .selectNoFrom([
      sql<number>`(select count(*) from merchant_categories where merchant_id = ${merchantId})`.as('categories'),
      sql<number>`(select count(*) from services where merchant_id = ${merchantId} and active)`.as('services'),
      sql<number>`(select count(*) from staff where merchant_id = ${merchantId} and status = 'Active' and archived_at is null)`.as('staff'),
      sql<boolean>`exists (select 1 from shop_images where merchant_id = ${merchantId} and is_cover)`.as('cover'),
    ])
    .executeTakeFirstOrThrow();
  return {
    categoryCount: Number(r.categories),
    activeServiceCount: Number(r.services),
    activeStaffCount: Number(r.staff),
    hasCoverImage: r.cover === true,
  };
}

export function listAdminIds(db: Executor) {
  return db.selectFrom('accounts').select('id').where('role', '=', 'admin').where('is_blocked', '=', false).execute();
}
