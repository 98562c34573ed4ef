import { sql } from 'kysely';
import type { Executor } from './accounts.js';

/**
 * Serialises ledger writes of these accounts (the balance-after of each row depends on the last),
 * locking them in id order so that two such calls cannot deadlock.
 */
export async function lockAccounts(db: Executor, accountIds: string[]): Promise<void> {
  await sql`select id from accounts where id = any(${accountIds}::uuid[]) order by id for update`.execute(db);
}

/** lockAccounts for one account. */
export const lockAccount = (db: Executor, accountId: string): Promise<void> => lockAccounts(db, [accountId]);

export async function walletBalance(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('wallet_ledger')
    .select('balance_after')
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.balance_after) : 0;
}

export async function loyaltyBalance(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('loyalty_ledger')
    .select('balance_after')
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.balance_after) : 0;
}

/** loyaltyBalance of each account (0 for one with no entries). */
export async function loyaltyBalances(db: Executor, accountIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('loyalty_ledger')
    .select(['account_id', 'balance_after'])
    .distinctOn('account_id')
    .where('account_id', 'in', accountIds)
    .orderBy('account_id')
    .orderBy('id', 'desc')
    .execute();
  const balances = new Map(accountIds.map((id) => [id, 0]));
  for (const r of rows) balances.set(r.account_id, Number(r.balance_after));
  return balances;
}

export async function lifetimePoints(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('loyalty_ledger')
    .select(sql<number>`coalesce(sum(points) filter (where points > 0), 0)::int`.as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function walletEntries(db: Executor, accountId: string, limit: number) {
  return db.selectFrom('wallet_ledger').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').limit(limit).execute();
}

export function loyaltyEntries(db: Executor, accountId: string, limit: number) {
  return db.selectFrom('loyalty_ledger').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').limit(limit).execute();
}

export function giftCardsOf(db: Executor, accountId: string) {
  return db
    .selectFrom('gift_cards')
    .selectAll()
    .where((eb) => eb.or([eb('purchaser_id', '=', accountId), eb('redeemed_by', '=', accountId)]))
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
}

export function rewardCouponsOf(db: Executor, accountId: string) {
  return db.selectFrom('coupons').selectAll().where('owner_account_id', '=', accountId).orderBy('created_at', 'desc').execute();
}

/**
 * Whether a completed booking earns loyalty points: it was paid, at a salon customers can find
 * (published), by a customer who is not the salon itself (its owner's account or address) nor a
 * contact its desk created that nobody ever signed in to. Such bookings are the salon's own
 * bookkeeping, and points are money.
 */
export async function bookingEarnsPoints(db: Executor, bookingId: string): Promise<boolean> {
  const row = await db
    .selectFrom('bookings as b')
    .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
    .innerJoin('accounts as a', 'a.id', 'b.user_id')
    .select('b.id')
    .where('b.id', '=', bookingId)
    .where('b.status', '=', 'completed')
    .where('b.payment_received', '=', true)
    .where('m.is_published', '=', true)
    .where('a.role', '=', 'customer')
    .whereRef('a.id', '<>', 'm.id')
    .where(sql<boolean>`a.email is distinct from lower(m.email)`)
    .where((eb) => eb.or([eb('a.password_hash', 'is not', null), eb('a.last_login_at', 'is not', null)]))
    .executeTakeFirst();
  return Boolean(row);
}
