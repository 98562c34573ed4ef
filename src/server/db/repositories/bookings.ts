import { type Insertable, type RawBuilder, type SqlBool, sql, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { ACTIVE_BOOKING_STATUSES, type BookingStatus, containsPattern, prefixPattern } from '../../../shared/constants.js';
import { compiledOnce } from '../compiled.js';
import { insertNotificationsCte, notificationsJson } from '../effects.js';
import type { Executor } from '../executor.js';
import { toJsonb } from '../json.js';
import type { Booking, BookingServicesTable, BookingsTable, CommissionLedgerTable } from '../types.js';
import type { NewNotification } from './notifications.js';
import { type OfferTaken, waitlistDayLockKey } from './waitlist.js';

/** What holds a professional's time: the active bookings and blocked time (bookings_no_overlap). */
const HOLDS_TIME = sql<boolean>`status in ('pending', 'upcoming', 'confirmed', 'blocked')`;
/** Leaves out blocked time, which is stored as rows of bookings (types.ts, BookingsTable). */
export const NOT_BLOCKED = sql<boolean>`status <> 'blocked'`;

/**
 * A start that can hold a booking dated (salon-local `booking_date`) from `from` to `to`: a local
 * date is its start's UTC date give or take a day in every time zone (UTC-12 to UTC+14), so the
 * start lies in [from - 1 day, to + 2 days) UTC. Written beside a salon's booking_date condition it
 * lets the (merchant_id, starts_at) index find the rows: bookings has no (merchant_id, booking_date)
 * index (migration 202612021800, docs/benchmarks.md).
 */
export function startsAroundDates(startsAt: string, from: string, to: string) {
  const ref = sql.ref(startsAt);
  return sql<boolean>`(${ref} >= (${from}::date - 1)::timestamp at time zone 'UTC' and ${ref} < (${to}::date + 2)::timestamp at time zone 'UTC')`;
}

/**
 * A row's status as a booking's: the queries that answer bookings exclude calendar blocks
 * (NOT_BLOCKED, or a list of booking statuses), which the row type cannot show; a block reaching
 * a booking's answer would be a bug, so it is refused rather than shown as a booking.
 */
export function bookingStatus(status: BookingStatus | 'blocked'): BookingStatus {
  if (status === 'blocked') throw new Error('a calendar block was read as a booking');
  return status;
}
/** Stands in for an empty id list: `in ()` is not SQL. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

const DAY_MS = 86_400_000;

/**
 * The salon and the requested services: one row per matching service, or a single row with null
 * service columns when none match (so an unknown salon and a wrong service list can be told apart).
 */
function salonWithServices(db: Executor, merchantId: string, serviceIds: string[]) {
  const ids = serviceIds.length ? serviceIds : [NO_ID];
  return db
    .selectFrom('merchants as m')
    .leftJoin('services as s', (join) => join.onRef('s.merchant_id', '=', 'm.id').on('s.id', 'in', ids))
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'm.id as merchant_id',
      'm.shop_name',
      'm.time_zone',
      'm.opening_hours',
      'm.is_published',
      // The payment policy (docs/payments.md): the booking's terms are judged from this same read.
      'm.payment_policy',
      'm.deposit_percent',
      'm.deposit_fixed',
      's.id as service_id',
      's.name as service_name',
      's.duration_min',
      's.price',
      's.discount_type',
      's.discount_value',
      's.discount_active',
      's.active',
      's.payment_policy as service_payment_policy',
      's.deposit_percent as service_deposit_percent',
      's.deposit_fixed as service_deposit_fixed',
      'c.name as category_name',
    ])
    .where('m.id', '=', merchantId);
}

/** The salon and the requested services in one round trip (rows as salonWithServices). */
export function loadSalonWithServices(db: Executor, merchantId: string, serviceIds: string[]) {
  return salonWithServices(db, merchantId, serviceIds).execute();
}

/** What the slot rules read of each of the salon's staff. */
function salonStaff(db: Executor, merchantId: string) {
  return (
    db
      .selectFrom('staff')
      .select(['id', 'status', 'specializations', 'working_hours'])
      // node-postgres parses date[] into Date objects (no parser for the array type); the rules compare 'YYYY-MM-DD'.
      .select(sql<string[]>`days_off::text[]`.as('days_off'))
      .where('merchant_id', '=', merchantId)
      .orderBy('created_at')
      .orderBy('id')
  );
}

/**
 * The salon's active bookings overlapping `[from, to)`. A booking lasts at most a day (the
 * bookings_within_a_day rule), so it starts in [from - 1 day, to): with the start bounded on both
 * sides, even a prepared statement's generic plan walks the (merchant_id, starts_at) index. The
 * caller passes from - 1 day as `startsFrom`, so that every bound is a parameter as it is.
 */
function busyIntervals(db: Executor, merchantId: string, startsFrom: Date, from: Date, to: Date) {
  return (
    db
      .selectFrom('bookings')
      .select(['id', 'staff_id'])
      // As epoch milliseconds: they travel inside JSON, where a timestamp would be text to parse.
      .select([
        sql<number>`(extract(epoch from starts_at) * 1000)::float8`.as('starts_ms'),
        sql<number>`(extract(epoch from ends_at) * 1000)::float8`.as('ends_ms'),
      ])
      .where('merchant_id', '=', merchantId)
      .where(HOLDS_TIME)
      // A payment hold that has lapsed is free time: the booking that takes it releases it (payments/holds.ts).
      .where(sql<SqlBool>`not (status = 'pending' and hold_expires_at <= now())`)
      .where('starts_at', '>=', startsFrom)
      .where('starts_at', '<', to)
      .where('ends_at', '>', from)
  );
}

/** What a slot day reads: the salon with the services, its staff, the active bookings around the day. */
function slotDayReads(db: Executor, merchantId: string, serviceIds: string[], startsFrom: Date, from: Date, to: Date) {
  return [
    jsonArrayFrom(salonWithServices(db, merchantId, serviceIds)).as('salon'),
    jsonArrayFrom(salonStaff(db, merchantId)).as('staff'),
    jsonArrayFrom(busyIntervals(db, merchantId, startsFrom, from, to)).as('busy'),
  ] as const;
}

/** The slot-day statement, built and compiled once: it is read by every availability call and every booking. */
const slotDay = compiledOnce((db, merchantId: string, serviceIds: string[], startsFrom: Date, from: Date, to: Date) =>
  db.selectNoFrom(slotDayReads(db, merchantId, serviceIds, startsFrom, from, to)),
);

/**
 * The slot day as a booking reads it: the same, and the salon day's waitlist lock taken in shared
 * mode in the same statement (waitlist.ts lockWaitlistDayForBooking says why), so the booking's
 * insert, which withdraws the offers of the time it takes, runs after the lock is held.
 */
const slotDayForBooking = compiledOnce(
  (db, merchantId: string, serviceIds: string[], startsFrom: Date, from: Date, to: Date, lockKey: string) =>
    db.selectNoFrom([
      ...slotDayReads(db, merchantId, serviceIds, startsFrom, from, to),
      sql<string>`pg_advisory_xact_lock_shared(hashtextextended(${lockKey}, 0))::text`.as('locked'),
    ]),
);

/**
 * What the free times of one salon-local day need, in one round trip: the salon with the
 * requested services (as loadSalonWithServices), its staff and its active bookings overlapping
 * [date - 1, date + 2) in UTC, which holds the local day in any zone (callers keep the day's
 * own). Null for an unknown salon. `forBooking`: the read of a booking being placed, which also
 * takes the salon day's waitlist lock in shared mode (slotDayForBooking).
 */
export async function loadSlotDay(
  db: Executor,
  merchantId: string,
  serviceIds: string[],
  date: string,
  opts: { forBooking?: boolean } = {},
) {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const bounds = [new Date(midnightUtc - 2 * DAY_MS), new Date(midnightUtc - DAY_MS), new Date(midnightUtc + 2 * DAY_MS)] as const;
  const { rows } = opts.forBooking
    ? await slotDayForBooking(db, merchantId, serviceIds, ...bounds, waitlistDayLockKey(merchantId, date))
    : await slotDay(db, merchantId, serviceIds, ...bounds);
  const row = rows[0];
  return row.salon.length ? row : null;
}

/** The booking a customer made with this Idempotency-Key, with the fingerprint of the request that made it. */
export function findBookingByIdempotencyKey(db: Executor, userId: string, key: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'idempotency_fingerprint'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * Inserts the booking with its services and the notifications that follow from it, all in one
 * statement, or nothing at all when the exclusion constraint finds the staff member
 * already holding an overlapping active booking (or the customer's idempotency key is taken):
 * null then. ON CONFLICT DO NOTHING lets the constraint decide without an error, so trying the next
 * professional needs no savepoint; the services and notifications are inserted only from the
 * booking's RETURNING row, so they cannot outlive a booking that was not made. The caller picks the
 * id, and sends the booking's jobs through pg-boss in the same transaction once it is made.
 *
 * The statement answers the booking as findBookingDetails would read it after the commit (the
 * inserted rows are not visible to the statement's own reads, so the booking and its services come
 * from the inserts' RETURNING rows): the answer costs no further round trip. A new booking has no
 * review yet.
 */
export async function insertBookingUnlessTaken(
  db: Executor,
  booking: Insertable<BookingsTable> & { id: string; merchant_id: string },
  services: Omit<Insertable<BookingServicesTable>, 'booking_id'>[],
  notifications: NewNotification[],
  /** The salon's opening hours the time was judged by, as read (merchants.opening_hours). */
  hoursAsRead: unknown,
  /** What follows the insert in the same statement (bookingInsert): the offer it accepts, the time, and since when a reminder counts. */
  follow: { exceptOfferId: string | null; now: Date; reminderSince: Date },
): Promise<(BookingDetailRow & { waitlist_taken: OfferTaken[] }) | null> {
  const { rows } = await bookingInsert(
    db,
    booking,
    toJsonb(services),
    notificationsJson(notifications),
    booking.merchant_id,
    JSON.stringify(hoursAsRead ?? null),
    follow.exceptOfferId,
    follow.now,
    follow.reminderSince,
  );
  return rows[0] ?? null;
}

/**
 * The booking insert's statement, built and compiled once (it runs for every booking). The row is
 * inserted only while the salon's opening hours are still those the time was judged by: `ok`
 * locks the salon's row FOR KEY SHARE with that condition, so it waits for an hours change in
 * flight (which holds the row FOR UPDATE) and then sees the changed hours: no booking slips into
 * hours being closed without that change seeing it (services/shop/settings.ts).
 *
 * What follows a booking is in the same statement, from its RETURNING row (so nothing of it happens
 * when the booking is not made):
 * - `hit`/`taken`: open waitlist offers of the professional's time end as `taken`, except the offer
 *   this booking accepts; an offer locked by an accept in progress is skipped (that accept cannot
 *   book the time any more and marks its offer taken itself). The booking's first statement took the
 *   salon day's waitlist lock (waitlistDayLockKey), so this sees every offer a matching run made.
 * - `reminded`: the latest rebooking reminder at the salon for one of the booked services, sent since
 *   `reminderSince` and not yet followed by a booking, is marked as followed by this one (a second
 *   booking at once finds it taken: its condition is checked again after the first commits;
 *   docs/channels.md).
 */
const bookingInsert = compiledOnce(
  (
    db,
    booking: Insertable<BookingsTable> & { id: string },
    servicesJson: string,
    notifications: string,
    merchantId: string,
    hoursJson: string,
    exceptOfferId: string | null,
    now: Date,
    reminderSince: Date,
  ) => {
    const made = sql<SqlBool>`exists (select 1 from b)`;
    const columns = Object.keys(booking) as (keyof BookingsTable & string)[];
    return (
      db
        .with('ok', (qc) =>
          qc
            .selectFrom('merchants')
            .select('id')
            .where('id', '=', merchantId)
            .where(sql<SqlBool>`opening_hours = ${hoursJson}::jsonb`)
            .forKeyShare(),
        )
        .with('b', (qc) =>
          qc
            .insertInto('bookings')
            .columns(columns)
            // Each value a parameter of its own, typed by its column (INSERT ... SELECT infers them).
            .expression((eb) => eb.selectFrom('ok').select(columns.map((c) => sql`${booking[c]}`.as(c))))
            .onConflict((oc) => oc.doNothing())
            .returningAll(),
        )
        .with('bsv', (qc) =>
          qc
            .insertInto('booking_services')
            .columns(['booking_id', 'position', 'service_id', 'service_name', 'duration_min', 'price'])
            .expression((eb) =>
              eb
                .selectFrom([
                  'b',
                  sql<{
                    position: number;
                    service_id: string | null;
                    service_name: string;
                    duration_min: number;
                    price: string;
                  }>`json_populate_recordset(null::booking_services, ${servicesJson}::json)`.as('r'),
                ])
                .select(['b.id', 'r.position', 'r.service_id', 'r.service_name', 'r.duration_min', 'r.price']),
            )
            .returning(['position', 'service_id', 'service_name', 'duration_min', 'price']),
        )
        .with(
          'hit(id)',
          () => sql<{ id: string }>`(
            select o.id from waitlist_offers o, b
            where o.status = 'open' and o.staff_id = b.staff_id
              and tstzrange(o.starts_at, o.ends_at) && tstzrange(b.starts_at, b.ends_at)
              and o.id is distinct from ${exceptOfferId}::uuid
            for update of o skip locked)`,
        )
        .with(
          'taken(id, user_id, booking_date, booking_time)',
          () => sql<OfferTaken>`(
            update waitlist_offers o set status = 'taken', updated_at = ${now}
            from hit, waitlist_entries e
            where o.id = hit.id and e.id = o.entry_id and o.status = 'open'
            returning o.id, e.user_id, o.booking_date::text, o.booking_time)`,
        )
        .with(
          'reminded(id)',
          () => sql<{ id: string }>`(
            update rebook_reminders set booking_id = b.id, booked_at = ${now}
            from b
            where rebook_reminders.booking_id is null and rebook_reminders.id = (
              select r.id from rebook_reminders r
              where r.user_id = b.user_id and r.merchant_id = b.merchant_id and r.booking_id is null
                and r.sent_at > ${reminderSince} and r.service_id in (select service_id from bsv)
              order by r.sent_at desc limit 1)
            returning rebook_reminders.id)`,
        )
        .with('n', () => insertNotificationsCte(db, notifications, made))
        .selectFrom('b')
        .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
        .innerJoin('staff as s', 's.id', 'b.staff_id')
        // A desk contact's booking has no account until the person confirms it.
        .leftJoin('accounts as a', 'a.id', 'b.user_id')
        .leftJoin('coupons as c', 'c.id', 'b.coupon_id')
        .selectAll('b')
        .select(DETAIL_COLUMNS)
        .select((eb) => [
          sql<boolean>`false`.as('reviewed'),
          sql<BookingReviewRow | null>`null::json`.as('review'),
          sql<DisputeStatus | null>`null::text`.as('dispute_status'),
          shopImagesOf(sql.ref('m.id')),
          jsonArrayFrom(
            eb.selectFrom('bsv').select(['bsv.service_id', 'bsv.service_name', 'bsv.duration_min', 'bsv.price']).orderBy('bsv.position'),
          ).as('services'),
          sql<OfferTaken[]>`(select coalesce(json_agg(t), '[]'::json) from taken t)`.as('waitlist_taken'),
        ])
    );
  },
);

/** Sets the savepoint one booking attempt runs in (services/bookings/availability.ts tryEachCandidate). */
export async function setAttemptSavepoint(trx: Executor): Promise<void> {
  await sql`savepoint booking_attempt`.execute(trx);
}

/** The attempt succeeded: its savepoint goes, its writes stay in the transaction. */
export async function releaseAttemptSavepoint(trx: Executor): Promise<void> {
  await sql`release savepoint booking_attempt`.execute(trx);
}

/** The attempt clashed: its writes are undone and its savepoint goes, the transaction goes on. */
export async function rollbackAttemptSavepoint(trx: Executor): Promise<void> {
  await sql`rollback to savepoint booking_attempt`.execute(trx);
  await sql`release savepoint booking_attempt`.execute(trx);
}

/** A plain booking row, locked for the rest of the transaction when `lock` is set. */
export function findBookingRow(db: Executor, id: string, opts: { lock?: boolean } = {}) {
  // A block's occurrences are rows of bookings too (migration 202611252210); they are no booking.
  const q = db.selectFrom('bookings').selectAll().where('id', '=', id).where(NOT_BLOCKED);
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst() as Promise<Booking | undefined>;
}

/** Sets these columns of a booking (no status condition: the caller holds the row, or the change is its own). */
export async function updateBooking(db: Executor, id: string, values: Updateable<BookingsTable>): Promise<void> {
  await db.updateTable('bookings').set(values).where('id', '=', id).execute();
}

/**
 * Applies a change only while the booking is still in one of `from`; returns null when another
 * request moved it first, so two racing transitions can never both apply.
 */
export function updateBookingIfStatus(db: Executor, id: string, from: readonly BookingStatus[], values: Updateable<BookingsTable>) {
  return db
    .updateTable('bookings')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returningAll()
    .executeTakeFirst() as Promise<Booking | undefined>;
}

/**
 * Checked-in bookings whose scheduled end is before `endedBefore`, oldest first, locked for the
 * caller's transaction; a second sweep running at once skips them rather than waits.
 */
export function dueCheckedInBookings(db: Executor, endedBefore: Date, limit: number) {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('status', '=', 'confirmed')
    .where('ends_at', '<', endedBefore)
    .orderBy('ends_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute() as Promise<Booking[]>;
}

export function insertCommissionLedger(db: Executor, values: Insertable<CommissionLedgerTable>) {
  return db.insertInto('commission_ledger').values(values).execute();
}

export function findCouponByCode(db: Executor, code: string) {
  return db.selectFrom('coupons').selectAll().where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
}

export function findCouponById(db: Executor, id: string) {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Takes one use of a coupon unless it is used up; false when the limit was reached first. */
export async function takeCouponUse(db: Executor, couponId: string): Promise<boolean> {
  const r = await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1), updated_at: new Date() }))
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A customer's bookings that were not cancelled (past, upcoming or completed). */
export async function countLiveBookingsOf(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '<>', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A customer's live bookings (pending, upcoming, confirmed: checked in) at a salon on a date, each
 * with the services it has, for the warning before a duplicate booking.
 */
export function listLiveBookingsOn(db: Executor, f: { userId: string; merchantId: string; date: string }) {
  return db
    .selectFrom('bookings as b')
    .select((eb) => [
      'b.id',
      'b.booking_date',
      'b.booking_time',
      'b.status',
      jsonArrayFrom(
        eb
          .selectFrom('booking_services as s')
          .select(['s.service_id', 's.service_name'])
          .whereRef('s.booking_id', '=', 'b.id')
          .orderBy('s.position'),
      ).as('services'),
    ])
    .where('b.user_id', '=', f.userId)
    .where('b.merchant_id', '=', f.merchantId)
    .where('b.booking_date', '=', f.date)
    .where(startsAroundDates('b.starts_at', f.date, f.date))
    .where('b.status', 'in', ACTIVE_BOOKING_STATUSES)
    .orderBy('b.created_at')
    .execute();
}

/** Gives one use of a personal (reward) coupon back; other coupons keep their count. */
export async function returnPersonalCouponUse(db: Executor, couponId: string): Promise<boolean> {
  const r = await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '-', 1), updated_at: new Date() }))
    .where('id', '=', couponId)
    .where('owner_account_id', 'is not', null)
    .where('used_count', '>', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface BookingFilter {
  ids?: string[];
  userId?: string;
  merchantId?: string;
  status?: BookingStatus;
  date?: string;
  search?: string;
  limit?: number;
  /** Rows skipped before the limit (a page's start); only with a limit. */
  offset?: number;
}

/** The support ticket type of a customer's dispute of a no-show (one per booking: a unique index). */
export const NO_SHOW_DISPUTE = 'No-show dispute';
type DisputeStatus = 'open' | 'pending' | 'closed';

/**
 * A booking's salon, professional, customer and coupon code, for its wire shape: over a booking
 * `b` joined to merchants `m`, staff `s`, accounts `a` and coupons `c` (left join).
 */
const DETAIL_COLUMNS = [
  'm.shop_name',
  'm.is_published as shop_is_published',
  'm.address as shop_address',
  'm.city as shop_city',
  'm.state as shop_state',
  'm.time_zone',
  'm.rating_avg',
  'm.review_count',
  's.name as staff_name',
  's.role as staff_role',
  's.avatar_url as staff_avatar',
  's.specializations as staff_specializations',
  'a.first_name',
  'a.last_name',
  'a.email as user_email',
  'a.phone as user_phone',
  'a.avatar_url as user_avatar',
  'c.code as coupon_code',
] as const;

/** The salon's image URLs, the cover first. */
const shopImagesOf = (merchantId: RawBuilder<unknown>) =>
  sql<
    string[]
  >`array(select si.url from shop_images si where si.merchant_id = ${merchantId} order by si.is_cover desc, si.created_at, si.id)`.as(
    'shop_images',
  );

/**
 * Bookings with everything their wire shape needs (salon, professional, customer, coupon code,
 * salon images, the booked services in order) in one query, newest first.
 */
/** The bookings a filter selects (blocked time is no booking), joined as findBookingDetails reads them. */
function filteredBookings(db: Executor, f: BookingFilter) {
  let q = db
    .selectFrom('bookings as b')
    .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
    .innerJoin('staff as s', 's.id', 'b.staff_id')
    // A desk contact's booking has no account until the person confirms it; blocked time is no booking.
    .leftJoin('accounts as a', 'a.id', 'b.user_id')
    .leftJoin('coupons as c', 'c.id', 'b.coupon_id')
    .where('b.block_id', 'is', null);
  if (f.ids) q = q.where('b.id', 'in', f.ids.length ? f.ids : [NO_ID]);
  if (f.userId) q = q.where('b.user_id', '=', f.userId);
  if (f.merchantId) q = q.where('b.merchant_id', '=', f.merchantId);
  if (f.status) q = q.where('b.status', '=', f.status);
  if (f.date) q = q.where('b.booking_date', '=', f.date).where(startsAroundDates('b.starts_at', f.date, f.date));
  if (f.search) {
    const contains = containsPattern(f.search);
    const prefix = prefixPattern(f.search);
    q = q.where(
      sql<boolean>`(
        (a.first_name || ' ' || a.last_name) ilike ${contains}
        or a.email ilike ${contains}
        or coalesce(a.phone, '') ilike ${contains}
        or b.contact_name ilike ${contains}
        or b.contact_email ilike ${contains}
        or b.contact_phone ilike ${contains}
        or b.id::text ilike ${prefix}
        or exists (select 1 from booking_services bs where bs.booking_id = b.id and bs.service_name ilike ${contains})
      )`,
    );
  }
  return q;
}

/** How many bookings the filter selects, whatever its limit and offset (a list's `total`). */
export async function countBookingDetails(db: Executor, f: BookingFilter): Promise<number> {
  const row = await filteredBookings(db, f)
    .select((e) => e.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findBookingDetails(db: Executor, f: BookingFilter) {
  let q = filteredBookings(db, f)
    .selectAll('b')
    .select(DETAIL_COLUMNS)
    .select([
      sql<boolean>`exists(select 1 from reviews r where r.booking_id = b.id)`.as('reviewed'),
      sql<BookingReviewRow | null>`(select json_build_object('id', r.id, 'rating', r.rating, 'comment', r.comment) from reviews r where r.booking_id = b.id)`.as(
        'review',
      ),
      sql<DisputeStatus | null>`case when b.status = 'no_show' then (select sm.status from support_messages sm where sm.booking_id = b.id and sm.type = ${NO_SHOW_DISPUTE}) end`.as(
        'dispute_status',
      ),
      shopImagesOf(sql.ref('m.id')),
      jsonArrayFrom(
        db
          .selectFrom('booking_services as bs')
          .select(['bs.service_id', 'bs.service_name', 'bs.duration_min', 'bs.price'])
          .where('bs.booking_id', '=', sql<string>`b.id`)
          .orderBy('bs.position'),
      ).as('services'),
    ])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc');
  if (f.limit) q = q.limit(f.limit);
  if (f.offset) q = q.offset(f.offset);
  return q.execute();
}
/** The customer's review of the booking, for editing it from the booking card. */
export interface BookingReviewRow {
  id: string;
  rating: number;
  comment: string;
}

export type BookingDetailRow = Awaited<ReturnType<typeof findBookingDetails>>[number];

export function listBookingServices(db: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('booking_services')
    .selectAll()
    .where('booking_id', 'in', bookingIds)
    .orderBy('booking_id')
    .orderBy('position')
    .execute();
}

/**
 * The desk's summary cards: all bookings of the salon, revenue from completed ones. Upcoming counts
 * live bookings (pending, upcoming, checked in) that start from `now` on; a booking whose start has
 * passed with nobody checking the customer in (pending or upcoming, never settled) is not upcoming
 * but needs the desk's action: check in, no-show or cancel. That count is notCheckedIn.
 */
export async function merchantBookingStats(db: Executor, merchantId: string, now: Date = new Date()) {
  const r = await db
    .selectFrom('bookings')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(total_price) filter (where status = 'completed'), 0)`.as('revenue'),
      sql<number>`count(*) filter (where status in ('pending', 'upcoming', 'confirmed') and starts_at >= ${now})`.as('upcoming'),
      sql<number>`count(*) filter (where status in ('pending', 'upcoming') and starts_at < ${now})`.as('not_checked_in'),
      sql<number>`count(*) filter (where status = 'completed')`.as('completed'),
    ])
    .where('merchant_id', '=', merchantId)
    .where(NOT_BLOCKED)
    .executeTakeFirstOrThrow();
  return {
    totalBookings: Number(r.total),
    totalRevenue: Number(r.revenue),
    upcomingBookings: Number(r.upcoming),
    notCheckedIn: Number(r.not_checked_in),
    completedBookings: Number(r.completed),
  };
}

/** The commission on the salon's completed bookings (their gross is merchantBookingStats' totalRevenue). */
export async function completedCommission(db: Executor, merchantId: string): Promise<number> {
  const r = await db
    .selectFrom('bookings')
    .select(sql<number>`coalesce(sum(commission), 0)`.as('commission'))
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  return Number(r.commission);
}

export function insertManualBooking(db: Executor, values: { merchant_id: string; name: string; mobile: string; email: string }) {
  return db.insertInto('manual_bookings').values(values).returningAll().executeTakeFirstOrThrow();
}

export function listManualBookings(db: Executor, merchantId: string, limit: number, offset = 0) {
  return db
    .selectFrom('manual_bookings')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('visited_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countManualBookings(db: Executor, merchantId: string): Promise<number> {
  const r = await db
    .selectFrom('manual_bookings')
    .where('merchant_id', '=', merchantId)
    .select((e) => e.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function reviewSummary(db: Executor, merchantId: string) {
  const r = await db
    .selectFrom('reviews')
    .select([sql<number | null>`round(avg(rating)::numeric, 1)`.as('avg'), sql<number>`count(*)`.as('n')])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return { average: r.avg == null ? 0 : Number(r.avg), count: Number(r.n) };
}

export function listRecentReviews(db: Executor, merchantId: string, limit: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('accounts as a', 'a.id', 'r.user_id')
    .select(['r.id', 'r.rating', 'r.comment', 'r.created_at', 'a.first_name', 'a.last_name'])
    .where('r.merchant_id', '=', merchantId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export function findCustomerAccount(db: Executor, id: string) {
  return db.selectFrom('accounts').select(['id', 'role', 'is_blocked']).where('id', '=', id).executeTakeFirst();
}

/** A desk booking as its confirmation link shows it, found by the link's token hash or by id. */
function deskInvites(db: Executor) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
    .select([
      'b.id',
      'b.merchant_id',
      'b.status',
      'b.booking_date',
      'b.booking_time',
      'b.contact_name',
      'b.contact_email',
      'b.confirmation',
      'm.shop_name',
      sql<string[]>`array(select bs.service_name from booking_services bs where bs.booking_id = b.id order by bs.position)`.as('services'),
    ])
    .where('b.confirmation', 'is not', null);
}
export type DeskInviteRow = Awaited<ReturnType<ReturnType<typeof deskInvites>['executeTakeFirstOrThrow']>>;

export function findDeskInvite(db: Executor, by: { tokenHash: string } | { bookingId: string }, opts: { forUpdate?: boolean } = {}) {
  let q =
    'tokenHash' in by
      ? deskInvites(db).where('b.confirmation_token_hash', '=', by.tokenHash)
      : deskInvites(db).where('b.id', '=', by.bookingId);
  if (opts.forUpdate) q = q.forUpdate('b');
  return q.executeTakeFirst();
}

/** Desk bookings made for this e-mail that still wait for an answer, soonest first. */
export function listPendingDeskInvites(db: Executor, email: string) {
  return deskInvites(db)
    .where('b.contact_email', '=', email)
    .where('b.confirmation', '=', 'pending')
    .where('b.status', 'in', ACTIVE_BOOKING_STATUSES)
    .orderBy('b.starts_at')
    .execute();
}
