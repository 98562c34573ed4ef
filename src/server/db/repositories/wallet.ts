import { type Insertable, sql } from 'kysely';
import type { Executor } from '../executor.js';
import { toJsonb } from '../json.js';
import type { GiftCardOrdersTable, GiftCardsTable, LoyaltyLedgerTable, WalletLedgerTable } from '../types.js';

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

/** One page of a ledger (newest first) and how many entries it holds. */
type Page = { limit: number; offset: number };

export async function walletEntries(db: Executor, accountId: string, page: Page) {
  const q = db.selectFrom('wallet_ledger').where('account_id', '=', accountId);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    q.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function loyaltyEntries(db: Executor, accountId: string, page: Page) {
  const q = db.selectFrom('loyalty_ledger').where('account_id', '=', accountId);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    q.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function giftCardsOf(db: Executor, accountId: string, page: Page) {
  const q = db.selectFrom('gift_cards').where((eb) => eb.or([eb('purchaser_id', '=', accountId), eb('redeemed_by', '=', accountId)]));
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    q.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
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

/** The wallet entry of this kind a booking already has (its payment, its refund), if any. */
export function bookingWalletEntry(db: Executor, kind: WalletLedgerTable['kind'], bookingId: string) {
  return db
    .selectFrom('wallet_ledger')
    .select('balance_after')
    .where('kind', '=', kind)
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
}

/** Appends a wallet entry; the caller holds the account's lock (lockAccount) and worked out its balance. */
export async function insertWalletEntry(db: Executor, row: Insertable<WalletLedgerTable>): Promise<void> {
  await db.insertInto('wallet_ledger').values(row).execute();
}

/** Appends loyalty entries in their order (the ids keep it); the caller holds the accounts' locks. */
export async function insertLoyaltyEntries(db: Executor, rows: Insertable<LoyaltyLedgerTable>[]): Promise<void> {
  await db.insertInto('loyalty_ledger').values(rows).execute();
}

/** Those of these bookings that already earned their points. */
export async function bookingsAwardedPoints(db: Executor, bookingIds: string[]): Promise<Set<string | null>> {
  const rows = await db
    .selectFrom('loyalty_ledger')
    .select('booking_id')
    .where('kind', '=', 'booking_completed')
    .where('booking_id', 'in', bookingIds)
    .execute();
  return new Set(rows.map((r) => r.booking_id));
}

/** The booking was paid in full (`total`) from the wallet. */
export async function markBookingPaidFromWallet(db: Executor, bookingId: string, total: number): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ payment_method: 'wallet', amount_paid: total, payment_received: true })
    .where('id', '=', bookingId)
    .execute();
}

/** A personal reward coupon: no salon, only its owner may use it. The columns not given keep their defaults (none). */
export function insertRewardCoupon(
  db: Executor,
  v: { ownerAccountId: string; code: string; description: string; value: number; validUntil: string; usageLimit: number },
) {
  return db
    .insertInto('coupons')
    .values({
      merchant_id: null,
      owner_account_id: v.ownerAccountId,
      code: v.code,
      description: v.description,
      discount_type: 'flat',
      discount_value: v.value,
      min_amount: v.value,
      valid_until: v.validUntil,
      usage_limit: v.usageLimit,
    } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertGiftCard(db: Executor, values: Insertable<GiftCardsTable>) {
  return db.insertInto('gift_cards').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Redeems a gift card by its code if it is still active: the conditional update decides between racers. */
export function redeemActiveGiftCard(db: Executor, code: string, accountId: string) {
  return db
    .updateTable('gift_cards')
    .set({ status: 'redeemed', redeemed_by: accountId, redeemed_at: new Date() })
    .where('code', '=', code)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
}

export function findGiftCardStatus(db: Executor, code: string) {
  return db.selectFrom('gift_cards').select('status').where('code', '=', code).executeTakeFirst();
}

export function insertGiftCardOrder(db: Executor, values: Insertable<GiftCardOrdersTable>) {
  return db.insertInto('gift_card_orders').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function setGiftCardOrderGatewayId(db: Executor, id: string, orderId: string): Promise<void> {
  await db.updateTable('gift_card_orders').set({ order_id: orderId }).where('id', '=', id).execute();
}

/** The buyer's gift card order by the gateway's order id. */
export function findGiftCardOrder(db: Executor, orderId: string, purchaserId: string) {
  return db
    .selectFrom('gift_card_orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('purchaser_id', '=', purchaserId)
    .executeTakeFirst();
}

/** The gift card an order bought. */
export function giftCardOfOrder(db: Executor, id: string) {
  return db
    .selectFrom('gift_card_orders')
    .innerJoin('gift_cards', 'gift_cards.id', 'gift_card_orders.gift_card_id')
    .selectAll('gift_cards')
    .where('gift_card_orders.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A gift card order's status, its row locked until the caller's transaction ends (one request issues its card). */
export function lockGiftCardOrder(db: Executor, id: string) {
  return db.selectFrom('gift_card_orders').select('status').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

export async function markGiftCardOrderPaid(db: Executor, id: string, v: { reference: string; giftCardId: string }): Promise<void> {
  await db
    .updateTable('gift_card_orders')
    .set({ status: 'paid', payment_reference: v.reference, gift_card_id: v.giftCardId })
    .where('id', '=', id)
    .execute();
}

/**
 * The customer's name and, when given, phone number. A number other than the one on the account
 * is unverified until its code is entered (it cannot sign in before).
 */
export function updateCustomerProfile(db: Executor, accountId: string, v: { firstName: string; lastName?: string; phone?: string | null }) {
  return db
    .updateTable('accounts')
    .set({
      first_name: v.firstName,
      ...(v.lastName !== undefined ? { last_name: v.lastName } : {}),
      ...(v.phone !== undefined
        ? {
            phone: v.phone,
            phone_verified_at: sql<Date | null>`case when phone is not distinct from ${v.phone} then phone_verified_at end`,
          }
        : {}),
      updated_at: new Date(),
    })
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirst();
}

/** An account's notification preferences; `lock` holds its row until the caller's transaction ends. */
export function findNotificationPrefs(db: Executor, accountId: string, opts: { lock?: boolean } = {}) {
  const q = db.selectFrom('accounts').select('notification_prefs').where('id', '=', accountId);
  return (opts.lock ? q.forUpdate() : q).executeTakeFirstOrThrow();
}

export async function setNotificationPrefs(db: Executor, accountId: string, prefs: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ notification_prefs: toJsonb(prefs), updated_at: new Date() })
    .where('id', '=', accountId)
    .execute();
}
