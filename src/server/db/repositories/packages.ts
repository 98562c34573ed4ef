import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../executor.js';
import type { HoldingLedgerTable, HoldingsTable, SalonOffersTable } from '../types.js';

/* Packages, memberships and salon vouchers: the salon's offers, its customers' holdings and their ledger (services/packages). */

export function insertOffer(db: Executor, values: Insertable<SalonOffersTable>) {
  return db.insertInto('salon_offers').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateOffer(db: Executor, merchantId: string, offerId: string, values: Updateable<SalonOffersTable>) {
  return db
    .updateTable('salon_offers')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', offerId)
    .where('merchant_id', '=', merchantId)
    .returningAll()
    .executeTakeFirst();
}

export function findOffer(db: Executor, offerId: string) {
  return db.selectFrom('salon_offers').selectAll().where('id', '=', offerId).executeTakeFirst();
}

export function findOffers(db: Executor, merchantId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('salon_offers').selectAll().where('merchant_id', '=', merchantId).where('id', 'in', ids).execute();
}

export function listOffers(db: Executor, merchantId: string, activeOnly = false) {
  let q = db.selectFrom('salon_offers').selectAll().where('merchant_id', '=', merchantId);
  if (activeOnly) q = q.where('active', '=', true);
  return q.orderBy('kind').orderBy(sql`lower(name)`).execute();
}

/** The salon's services among `ids` (any state), with their category. */
export function salonServicesOf(db: Executor, merchantId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('services')
    .select(['id', 'name', 'price', 'category_id', 'active'])
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', ids)
    .execute();
}

export function serviceNames(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('services').select(['id', 'name']).where('id', 'in', ids).execute();
}

export function categoryNames(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('categories').select(['id', 'name']).where('id', 'in', ids).execute();
}

/** Inserts a holding; `withReceipt` (an online sale, paid): its GB-R- receipt number from the receipts' sequence. */
export function insertHolding(db: Executor, values: Insertable<HoldingsTable>, opts: { withReceipt?: boolean } = {}) {
  return db
    .insertInto('holdings')
    .values({ ...values, ...(opts.withReceipt ? { receipt_no: sql<number>`nextval('booking_receipt_seq')` } : {}) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An online sale's receipt: the holding with its salon and buyer (undefined for none). */
export function holdingReceipt(db: Executor, holdingId: string) {
  return db
    .selectFrom('holdings as h')
    .innerJoin('merchants as m', 'm.id', 'h.merchant_id')
    .leftJoin('accounts as a', 'a.id', 'h.account_id')
    .selectAll('h')
    .select(['m.shop_name', 'm.address', 'm.city', 'm.state', 'm.gstin', 'a.first_name', 'a.last_name', 'a.email', 'a.phone'])
    .where('h.id', '=', holdingId)
    .executeTakeFirst();
}

export async function insertLedger(db: Executor, rows: Insertable<HoldingLedgerTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('holding_ledger').values(rows).execute();
}

export function findHolding(db: Executor, holdingId: string) {
  return db.selectFrom('holdings').selectAll().where('id', '=', holdingId).executeTakeFirst();
}

export function findHoldingByCode(db: Executor, merchantId: string, code: string) {
  return db.selectFrom('holdings').selectAll().where('merchant_id', '=', merchantId).where('code', '=', code).executeTakeFirst();
}

/**
 * Spends from a holding in one conditional statement: sessions and rupees only while that many are
 * left and the holding has not expired. The row lock orders concurrent redemptions; the loser of
 * the last session changes nothing (undefined). A negative take gives back (a restore).
 */
export function takeFromHolding(db: Executor, holdingId: string, take: { sessions: number; paise: number }, now: Date) {
  return db
    .updateTable('holdings')
    .set({
      sessions_left: sql<number>`sessions_left - ${take.sessions}`,
      balance_paise: sql<number>`balance_paise - ${take.paise}`,
    })
    .where('id', '=', holdingId)
    .where('sessions_left', '>=', take.sessions)
    .where('balance_paise', '>=', take.paise)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Gives back what a redemption took (never more than the holding was issued with: the CHECKs say so). */
export function giveBackToHolding(db: Executor, holdingId: string, back: { sessions: number; paise: number }) {
  return db
    .updateTable('holdings')
    .set({
      sessions_left: sql<number>`sessions_left + ${back.sessions}`,
      balance_paise: sql<number>`balance_paise + ${back.paise}`,
    })
    .where('id', '=', holdingId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The redemptions a booking made (to give back when it is cancelled) that have not been given back. */
export function unrestoredBookingRedemptions(db: Executor, bookingId: string) {
  return db
    .selectFrom('holding_ledger as r')
    .selectAll('r')
    .where('r.booking_id', '=', bookingId)
    .where('r.kind', '=', 'redeem')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('holding_ledger as g')
            .select('g.id')
            .whereRef('g.holding_id', '=', 'r.holding_id')
            .whereRef('g.booking_id', '=', 'r.booking_id')
            .where('g.kind', '=', 'restore'),
        ),
      ),
    )
    .orderBy('r.holding_id')
    .execute();
}

/** A customer's holdings (of one salon, or all), newest first, with their salon's name. */
export function listAccountHoldings(db: Executor, accountId: string, merchantId?: string) {
  let q = db
    .selectFrom('holdings as h')
    .innerJoin('merchants as m', 'm.id', 'h.merchant_id')
    .selectAll('h')
    .select('m.shop_name')
    .where('h.account_id', '=', accountId);
  if (merchantId) q = q.where('h.merchant_id', '=', merchantId);
  return q.orderBy('h.created_at', 'desc').execute();
}

/** One page of a customer's holdings (of one salon, or all), newest first, and how many there are in all. */
export async function pageAccountHoldings(
  db: Executor,
  accountId: string,
  merchantId: string | undefined,
  page: { limit: number; offset: number },
) {
  let q = db.selectFrom('holdings as h').where('h.account_id', '=', accountId);
  if (merchantId) q = q.where('h.merchant_id', '=', merchantId);
  const [rows, count] = await Promise.all([
    q
      .innerJoin('merchants as m', 'm.id', 'h.merchant_id')
      .selectAll('h')
      .select('m.shop_name')
      .orderBy('h.created_at', 'desc')
      .orderBy('h.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    q.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findHoldingsWithSalon(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('holdings as h')
    .innerJoin('merchants as m', 'm.id', 'h.merchant_id')
    .selectAll('h')
    .select('m.shop_name')
    .where('h.id', 'in', ids)
    .execute();
}

export function ledgerOf(db: Executor, holdingIds: string[]) {
  if (!holdingIds.length) return Promise.resolve([]);
  return db
    .selectFrom('holding_ledger as l')
    .leftJoin('checkouts as c', 'c.id', 'l.checkout_id')
    .selectAll('l')
    .select('c.receipt_number')
    .where('l.holding_id', 'in', holdingIds)
    .orderBy('l.id', 'desc')
    .execute();
}

export function holdingsOfCheckout(db: Executor, checkoutId: string) {
  return db.selectFrom('holdings').select(['id', 'kind', 'name', 'code']).where('checkout_id', '=', checkoutId).execute();
}

export function redemptionsOfCheckout(db: Executor, checkoutId: string) {
  return db
    .selectFrom('holding_ledger as l')
    .innerJoin('holdings as h', 'h.id', 'l.holding_id')
    .select([
      'l.holding_id',
      'l.kind',
      'l.sessions_change',
      'l.amount_paise',
      'l.value_paise',
      'h.name',
      'h.kind as holding_kind',
      'h.code',
    ])
    .where('l.checkout_id', '=', checkoutId)
    .where('l.kind', '=', 'redeem')
    .execute();
}

/**
 * Records the expiry of up to `limit` holdings whose date has passed and whose expiry is not yet
 * recorded, in one statement: each is locked (one a sweep is doing is skipped by another), its
 * sessions and voucher balance go to zero with `expired_at` set, and one `expire` ledger row keeps
 * what was left (the change), with the value that lapsed: the voucher's rupees plus the sessions
 * left at the price paid per session. A second sweep at once finds it recorded (the lock's recheck
 * of `expired_at`), and the unique `expire` row per holding has the last word. Answers the rows written.
 */
export async function recordExpiredHoldings(db: Executor, now: Date, limit: number) {
  const { rows } = await sql<{ holding_id: string; sessions_change: number; amount_paise: number; value_paise: number }>`
    with due as (
      select h.id, h.merchant_id, h.sessions_left, h.balance_paise,
        h.balance_paise + case when h.sessions_total > 0 and h.kind <> 'voucher'
          then round(h.sessions_left::numeric * h.price_paise / h.sessions_total)::int else 0 end as lapsed_paise
      from holdings h
      where h.expired_at is null and h.expires_at <= ${now}
      order by h.expires_at, h.id
      limit ${limit}
      for update of h skip locked
    ),
    zeroed as (
      update holdings h set sessions_left = 0, balance_paise = 0, expired_at = ${now}
      from due where h.id = due.id and h.expired_at is null
      returning h.id
    )
    insert into holding_ledger (holding_id, kind, sessions_change, amount_paise, sessions_after, balance_after_paise, value_paise, created_at)
    select due.id, 'expire', -due.sessions_left, -due.balance_paise, 0, 0, due.lapsed_paise, ${now}
    from due join zeroed on zeroed.id = due.id
    on conflict (holding_id) where kind = 'expire' do nothing
    returning holding_id, sessions_change, amount_paise, value_paise`.execute(db);
  return rows;
}

/**
 * The salon's sales of each of its offers: holdings issued, and of those whose expiry the sweep
 * recorded, how many and the value that lapsed (the `expire` rows' value_paise).
 */
export async function offerSales(db: Executor, merchantId: string) {
  const { rows } = await sql<{ offer_id: string; sold: number; lapsed: number; lapsed_paise: number }>`
    select h.offer_id, count(*)::int as sold, count(l.id)::int as lapsed, coalesce(sum(l.value_paise), 0)::int as lapsed_paise
    from holdings h
    left join holding_ledger l on l.holding_id = h.id and l.kind = 'expire'
    where h.merchant_id = ${merchantId} and h.offer_id is not null
    group by h.offer_id`.execute(db);
  return rows;
}
