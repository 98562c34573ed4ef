import { type Insertable, sql } from 'kysely';
import type { Executor } from '../executor.js';
import type { WaitlistEntriesTable, WaitlistOffersTable } from '../types.js';

/*
 * The waitlist's SQL (services/waitlist): entries, the offers made to them, and the reads the
 * customer's list, the salon's day and the matching job need.
 */

/** Holds the customer's account row until the commit: their joins are counted one at a time. */
export async function lockWaitingCustomer(trx: Executor, userId: string): Promise<boolean> {
  const row = await trx.selectFrom('accounts').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  return !!row;
}

export async function waitingEntriesOfCustomer(trx: Executor, userId: string) {
  return trx
    .selectFrom('waitlist_entries')
    .select(['id', 'merchant_id', 'wait_date', 'window_start', 'window_end', 'service_ids', 'staff_id'])
    .where('user_id', '=', userId)
    .where('status', '=', 'waiting')
    .execute();
}

export async function insertWaitlistEntry(trx: Executor, row: Insertable<WaitlistEntriesTable>): Promise<string> {
  const { id } = await trx.insertInto('waitlist_entries').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The salon's zone and whether it takes bookings, and the named professional's salon. */
export async function waitlistSalon(db: Executor, merchantId: string) {
  return db
    .selectFrom('merchants')
    .select(['id', 'shop_name', 'time_zone', 'is_published'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
}

export async function staffOfSalon(db: Executor, merchantId: string, staffId: string) {
  return db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('id', '=', staffId)
    .where('merchant_id', '=', merchantId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
}

const entryColumns = [
  'e.id',
  'e.status',
  'e.merchant_id',
  'e.wait_date',
  'e.window_start',
  'e.window_end',
  'e.service_ids',
  'e.staff_id',
  'e.booking_id',
  'e.created_at',
  'e.queued_seq',
] as const;

/** Entries with their salon, services, professional and latest offer, for the customer's list and the salon's day. */
function entriesWithDetails(db: Executor) {
  return db
    .selectFrom('waitlist_entries as e')
    .innerJoin('merchants as m', 'm.id', 'e.merchant_id')
    .innerJoin('accounts as a', 'a.id', 'e.user_id')
    .leftJoin('staff as st', 'st.id', 'e.staff_id')
    .select(entryColumns)
    .select(['m.shop_name', 'm.time_zone', 'st.name as staff_name', 'a.first_name', 'a.last_name', 'a.phone'])
    .select(
      sql<{ id: string; name: string }[]>`(
        select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by x.ord), '[]'::json)
        from unnest(e.service_ids) with ordinality x(id, ord)
        join services s on s.id = x.id)`.as('services'),
    )
    .select(
      sql<LatestOffer | null>`(
        select json_build_object(
          'id', o.id, 'status', o.status, 'booking_date', o.booking_date, 'booking_time', o.booking_time,
          'starts_at', o.starts_at, 'expires_at', o.expires_at, 'booking_id', o.booking_id, 'staff_name', os.name)
        from waitlist_offers o left join staff os on os.id = o.staff_id
        where o.entry_id = e.id
        order by (o.status = 'open') desc, o.created_at desc
        limit 1)`.as('offer'),
    );
}

export interface LatestOffer {
  id: string;
  status: string;
  booking_date: string;
  booking_time: string;
  starts_at: string;
  expires_at: string;
  booking_id: string | null;
  staff_name: string | null;
}

export type WaitlistEntryRow = Awaited<ReturnType<typeof listCustomerEntries>>['rows'][number];

/** The customer's entries: the live ones first, then the last month's others. */
export async function listCustomerEntries(db: Executor, userId: string, since: Date, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    entriesWithDetails(db)
      .where('e.user_id', '=', userId)
      .where((eb) => eb.or([eb('e.status', '=', 'waiting'), eb('e.updated_at', '>=', since)]))
      .orderBy(sql`e.status = 'waiting'`, 'desc')
      .orderBy('e.wait_date', 'asc')
      .orderBy('e.queued_seq', 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('waitlist_entries as e')
      .where('e.user_id', '=', userId)
      .where((eb) => eb.or([eb('e.status', '=', 'waiting'), eb('e.updated_at', '>=', since)]))
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findCustomerEntry(db: Executor, entryId: string, userId: string) {
  return entriesWithDetails(db).where('e.id', '=', entryId).where('e.user_id', '=', userId).executeTakeFirst();
}

/** A salon's entries for one date in the order of joining (every status: the day's story). */
export async function salonEntriesOfDay(db: Executor, merchantId: string, date: string, page: { limit: number; offset: number }) {
  const day = db.selectFrom('waitlist_entries as e').where('e.merchant_id', '=', merchantId).where('e.wait_date', '=', date);
  const [rows, count] = await Promise.all([
    entriesWithDetails(db)
      // The place in line among the day's waiting entries, counted over the whole day (not the page).
      .select(
        sql<number>`case when e.status = 'waiting'
          then (count(*) filter (where e.status = 'waiting') over (order by e.queued_seq))::int else 0 end`.as('position'),
      )
      .where('e.merchant_id', '=', merchantId)
      .where('e.wait_date', '=', date)
      .orderBy('e.queued_seq', 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    day.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Stops a waiting entry (and withdraws its open offer): false when it was not waiting. */
export async function cancelWaitingEntry(trx: Executor, entryId: string, userId: string, now: Date): Promise<boolean> {
  const done = await trx
    .updateTable('waitlist_entries')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', '=', entryId)
    .where('user_id', '=', userId)
    .where('status', '=', 'waiting')
    .returning('id')
    .executeTakeFirst();
  if (!done) return false;
  await trx
    .updateTable('waitlist_offers')
    .set({ status: 'withdrawn', updated_at: now })
    .where('entry_id', '=', entryId)
    .where('status', '=', 'open')
    .execute();
  return true;
}

/** The dates from `from` on (or only `dates`) on which someone waits at the salon. */
export async function waitingDates(db: Executor, merchantId: string, from: string, dates: string[] | null): Promise<string[]> {
  let q = db
    .selectFrom('waitlist_entries')
    .select('wait_date')
    .distinct()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'waiting')
    .where('wait_date', '>=', from);
  if (dates) q = q.where('wait_date', 'in', dates.length ? dates : ['1970-01-01']);
  return (await q.execute()).map((r) => r.wait_date);
}

/**
 * The key of a salon day's waitlist lock (a transaction-scoped advisory lock). A matching run takes
 * it exclusively (lockWaitlistDay); a booking being placed on the day takes it in shared mode in its
 * first statement (repositories/bookings.ts slotDayForBooking), so bookings do not wait for each
 * other, while a matching run waits for the booking's commit and so sees it, or the booking waits
 * for the run's and so its insert, which withdraws the offers of the time it takes, sees the offers
 * the run made.
 */
export const waitlistDayLockKey = (merchantId: string, date: string) => `waitlist:${merchantId}:${date}`;

/**
 * One matching run per salon day at a time, across processes: two runs never hand the same freed
 * time to two entries (waitlistDayLockKey).
 */
export async function lockWaitlistDay(trx: Executor, merchantId: string, date: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${waitlistDayLockKey(merchantId, date)}, 0))`.execute(trx);
}

/** Open offers of the day whose hold has run out become expired; answers how many. */
export async function expireOverdueOffers(trx: Executor, merchantId: string, date: string, now: Date): Promise<number> {
  const rows = await trx
    .updateTable('waitlist_offers')
    .set({ status: 'expired', updated_at: now })
    .where('merchant_id', '=', merchantId)
    .where('booking_date', '=', date)
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Held bookings an accepted waitlist offer made were released unpaid (payments' releaseExpiredHolds,
 * in the same transaction): their offers end as expired (that time is not offered to the entry
 * again) and their entries wait again in their old place (`queued_seq` is kept). One statement;
 * the rows touched are only ever written by this and by the accept that made them booked, which
 * committed long before. Answers the entries that wait again, with what their notice names.
 */
export async function reopenEntriesOfLapsedHolds(trx: Executor, bookingIds: string[], now: Date) {
  if (!bookingIds.length) return [];
  const { rows } = await sql<{
    id: string;
    user_id: string;
    merchant_id: string;
    wait_date: string;
    booking_id: string;
    booking_date: string;
    booking_time: string;
    shop_name: string;
  }>`
    with offers as (
      update waitlist_offers set status = 'expired', updated_at = ${now}
      where booking_id = any(${bookingIds}::uuid[]) and status = 'accepted'
      returning entry_id, booking_id, booking_date, booking_time
    )
    update waitlist_entries e set status = 'waiting', booking_id = null, updated_at = ${now}
    from offers o, merchants m
    where e.id = o.entry_id and e.booking_id = o.booking_id and e.status = 'booked' and m.id = e.merchant_id
    returning e.id, e.user_id, e.merchant_id, e.wait_date::text as wait_date, o.booking_id,
      o.booking_date::text as booking_date, o.booking_time, m.shop_name`.execute(trx);
  return rows;
}

/** The day's waiting entries in the order of joining, each with the starts it was offered already and whether one is open. */
export async function waitingEntriesOfDay(trx: Executor, merchantId: string, date: string) {
  return trx
    .selectFrom('waitlist_entries as e')
    .innerJoin('accounts as a', 'a.id', 'e.user_id')
    .select(['e.id', 'e.user_id', 'e.service_ids', 'e.staff_id', 'e.window_start', 'e.window_end', 'a.is_blocked'])
    .select(
      sql<
        number[]
      >`(select coalesce(array_agg((extract(epoch from o.starts_at) * 1000)::bigint::float8), '{}') from waitlist_offers o where o.entry_id = e.id)`.as(
        'offered_ms',
      ),
    )
    .select(sql<boolean>`exists (select 1 from waitlist_offers o where o.entry_id = e.id and o.status = 'open')`.as('has_open_offer'))
    .where('e.merchant_id', '=', merchantId)
    .where('e.wait_date', '=', date)
    .where('e.status', '=', 'waiting')
    .orderBy('e.queued_seq', 'asc')
    .execute();
}

/** The times open offers hold on the day, per professional (epoch milliseconds). */
export async function openHoldsOfDay(trx: Executor, merchantId: string, date: string) {
  return trx
    .selectFrom('waitlist_offers')
    .select([
      'staff_id',
      sql<number>`(extract(epoch from starts_at) * 1000)::float8`.as('start'),
      sql<number>`(extract(epoch from ends_at) * 1000)::float8`.as('end'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('booking_date', '=', date)
    .where('status', '=', 'open')
    .execute();
}

export async function expireEntries(trx: Executor, ids: string[], now: Date): Promise<void> {
  if (!ids.length) return;
  await trx
    .updateTable('waitlist_entries')
    .set({ status: 'expired', updated_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'waiting')
    .execute();
}

export async function insertOffer(trx: Executor, row: Insertable<WaitlistOffersTable>): Promise<string | null> {
  const made = await trx
    .insertInto('waitlist_offers')
    .values(row)
    .onConflict((oc) => oc.constraint('waitlist_offer_once').doNothing())
    .returning('id')
    .executeTakeFirst();
  return made?.id ?? null;
}

/** The customer's offer with its entry, locked until the commit: accepting it twice waits for the first. */
export async function lockCustomerOffer(trx: Executor, offerId: string, userId: string) {
  return trx
    .selectFrom('waitlist_offers as o')
    .innerJoin('waitlist_entries as e', 'e.id', 'o.entry_id')
    .select([
      'o.id',
      'o.status',
      'o.expires_at',
      'o.booking_id',
      'o.booking_date',
      'o.booking_time',
      'o.merchant_id',
      'e.id as entry_id',
      'e.status as entry_status',
      'e.service_ids',
      'e.staff_id',
    ])
    .where('o.id', '=', offerId)
    .where('e.user_id', '=', userId)
    .forUpdate('o')
    .executeTakeFirst();
}

export async function markOfferAccepted(trx: Executor, offer: { id: string; entryId: string }, bookingId: string, now: Date) {
  await trx
    .updateTable('waitlist_offers')
    .set({ status: 'accepted', booking_id: bookingId, updated_at: now })
    .where('id', '=', offer.id)
    .execute();
  await trx
    .updateTable('waitlist_entries')
    .set({ status: 'booked', booking_id: bookingId, updated_at: now })
    .where('id', '=', offer.entryId)
    .execute();
}

/** The offered time was booked by someone else first: the offer ends, its entry keeps waiting. */
export async function markOfferTaken(
  trx: Executor,
  offerId: string,
  now: Date,
): Promise<{ merchant_id: string; booking_date: string } | undefined> {
  return trx
    .updateTable('waitlist_offers')
    .set({ status: 'taken', updated_at: now })
    .where('id', '=', offerId)
    .where('status', '=', 'open')
    .returning(['merchant_id', 'booking_date'])
    .executeTakeFirst();
}

/** What the offer's messages need, while the offer is still open. */
export async function openOfferForMessages(trx: Executor, offerId: string) {
  return trx
    .selectFrom('waitlist_offers as o')
    .innerJoin('waitlist_entries as e', 'e.id', 'o.entry_id')
    .innerJoin('accounts as a', 'a.id', 'e.user_id')
    .innerJoin('merchants as m', 'm.id', 'o.merchant_id')
    .select([
      'o.id',
      'o.booking_date',
      'o.booking_time',
      'o.expires_at',
      'e.user_id',
      'a.email',
      'a.first_name',
      'a.phone',
      'a.phone_verified_at',
      'a.notification_prefs',
      'a.is_blocked',
      'm.shop_name',
      'm.time_zone',
    ])
    .where('o.id', '=', offerId)
    .where('o.status', '=', 'open')
    .executeTakeFirst();
}

/** An open offer a booking took, withdrawn by the booking's insert (repositories/bookings.ts bookingInsert). */
export interface OfferTaken {
  id: string;
  user_id: string;
  booking_date: string;
  booking_time: string;
}
