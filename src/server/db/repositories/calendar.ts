import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../compiled.js';
import type { Executor } from '../executor.js';
import { toJsonb } from '../json.js';
import type { StaffBlocksTable } from '../types.js';

/*
 * The merchant's calendar. Blocked time is stored twice over on purpose: the block as asked for
 * (staff_blocks) and its occurrences as rows of bookings (status 'blocked', no customer, block_id),
 * so that bookings_no_overlap keeps bookings and blocks apart (migration 202611252210).
 */

const DAY_MS = 86_400_000;

/**
 * Everything a calendar of `[from, to)` shows, in one statement: the salon's zone and hours, its
 * staff, the bookings (every status, with customer and services) and the blocked time that
 * overlap the range. A booking or block lasts at most a day, so its start lies in
 * [from - 1 day, to): the caller passes that bound as `startsFrom`, and the (merchant_id,
 * starts_at) index is walked whatever the plan.
 */
const calendarStatement = compiledOnce((db, merchantId: string, startsFrom: Date, from: Date, to: Date) =>
  db
    .selectFrom('merchants as m')
    .select(['m.time_zone', 'm.opening_hours'])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('staff as s')
          .select(['s.id', 's.name', 's.role', 's.avatar_url', 's.status', 's.specializations', 's.working_hours', 's.archived_at'])
          .select(sql<string[]>`s.days_off::text[]`.as('days_off'))
          .whereRef('s.merchant_id', '=', 'm.id')
          .orderBy('s.created_at')
          .orderBy('s.id'),
      ).as('staff'),
      jsonArrayFrom(
        eb
          .selectFrom('bookings as b')
          // A desk contact's booking has no account: the calendar shows the name the salon typed.
          .leftJoin('accounts as a', 'a.id', 'b.user_id')
          .where('b.block_id', 'is', null)
          .select([
            'b.id',
            'b.staff_id',
            'b.booking_date',
            'b.booking_time',
            'b.status',
            'b.total_price',
            'b.total_duration',
            sql<string>`coalesce(b.contact_name, a.first_name, '')`.as('first_name'),
            sql<string>`case when b.contact_name is not null then '' else coalesce(a.last_name, '') end`.as('last_name'),
            sql<string | null>`coalesce(b.contact_phone, a.phone)`.as('phone'),
            sql<number>`(extract(epoch from b.starts_at) * 1000)::float8`.as('starts_ms'),
            sql<number>`(extract(epoch from b.ends_at) * 1000)::float8`.as('ends_ms'),
          ])
          .select((eb2) =>
            jsonArrayFrom(
              eb2
                .selectFrom('booking_services as bs')
                .select(['bs.service_id', 'bs.service_name', 'bs.duration_min', 'bs.price'])
                .whereRef('bs.booking_id', '=', 'b.id')
                .orderBy('bs.position'),
            ).as('services'),
          )
          .whereRef('b.merchant_id', '=', 'm.id')
          .where('b.starts_at', '>=', startsFrom)
          .where('b.starts_at', '<', to)
          .where('b.ends_at', '>', from)
          .orderBy('b.starts_at')
          .orderBy('b.id'),
      ).as('bookings'),
      jsonArrayFrom(
        eb
          .selectFrom('bookings as o')
          .innerJoin('staff_blocks as k', 'k.id', 'o.block_id')
          .select([
            'o.id',
            'o.block_id',
            'o.staff_id',
            'k.kind',
            'k.reason',
            'k.repeat_weekly',
            'k.until_date',
            sql<{ first: string; last: string; count: number } | null>`case when k.repeat_weekly then null else (
              select json_build_object('first', min(x.booking_date)::text, 'last', max(x.booking_date)::text, 'count', count(*))
              from bookings x where x.block_id = o.block_id) end`.as('days'),
            sql<number>`(extract(epoch from o.starts_at) * 1000)::float8`.as('starts_ms'),
            sql<number>`(extract(epoch from o.ends_at) * 1000)::float8`.as('ends_ms'),
          ])
          .whereRef('o.merchant_id', '=', 'm.id')
          .where(sql<boolean>`o.status = 'blocked'`)
          .where('o.starts_at', '>=', startsFrom)
          .where('o.starts_at', '<', to)
          .where('o.ends_at', '>', from)
          .orderBy('o.starts_at')
          .orderBy('o.id'),
      ).as('blocks'),
    ])
    .where('m.id', '=', merchantId),
);

/** The calendar's rows for the instants `[from, to)`; null for an unknown salon. */
export async function loadCalendar(db: Executor, merchantId: string, from: Date, to: Date) {
  const { rows } = await calendarStatement(db, merchantId, new Date(from.getTime() - DAY_MS), from, to);
  return rows[0] ?? null;
}
export type CalendarRows = NonNullable<Awaited<ReturnType<typeof loadCalendar>>>;

export function insertBlock(
  db: Executor,
  values: Omit<StaffBlocksTable, 'id' | 'created_at' | 'reason' | 'repeat_weekly'> & { reason: string; repeat_weekly: boolean },
) {
  return db.insertInto('staff_blocks').values(values).returningAll().executeTakeFirstOrThrow();
}

export interface Occurrence {
  date: string;
  startsAt: Date;
  endsAt: Date;
  bookingTime: string;
}

/**
 * Places a block's occurrences as rows of bookings; the exclusion constraint leaves out, without
 * an error, each one that overlaps a booking or another block of the same professional. Returns
 * the dates placed.
 */
export async function placeOccurrences(
  db: Executor,
  block: { id: string; merchant_id: string; staff_id: string },
  occurrences: Occurrence[],
): Promise<string[]> {
  if (!occurrences.length) return [];
  const rows = occurrences.map((o) => ({
    starts_at: o.startsAt.toISOString(),
    ends_at: o.endsAt.toISOString(),
    booking_date: o.date,
    booking_time: o.bookingTime,
    total_duration: Math.round((o.endsAt.getTime() - o.startsAt.getTime()) / 60_000),
  }));
  const { rows: placed } = await sql<{ booking_date: string }>`
    insert into bookings (merchant_id, staff_id, block_id, user_id, status, starts_at, ends_at, booking_date, booking_time,
                          subtotal, discount_amount, total_price, total_duration)
    select ${block.merchant_id}, ${block.staff_id}, ${block.id}, null, 'blocked', r.starts_at, r.ends_at, r.booking_date, r.booking_time,
           0, 0, 0, r.total_duration
    from json_to_recordset(${toJsonb(rows)}::json)
      as r(starts_at timestamptz, ends_at timestamptz, booking_date date, booking_time text, total_duration int)
    on conflict do nothing
    returning booking_date::text`.execute(db);
  return placed.map((p) => p.booking_date);
}

/** The active bookings of a professional that overlap any of the spans: what a block would cover. */
export async function bookingsInTheWay(db: Executor, staffId: string, spans: { startsAt: Date; endsAt: Date }[]) {
  if (!spans.length) return [];
  const ranges = spans.map((s) => ({ s: s.startsAt.toISOString(), e: s.endsAt.toISOString() }));
  const { rows } = await sql<{ id: string; booking_date: string; booking_time: string; first_name: string; last_name: string }>`
    select b.id, b.booking_date::text, b.booking_time, coalesce(b.contact_name, a.first_name, '') as first_name,
      case when b.contact_name is not null then '' else coalesce(a.last_name, '') end as last_name
    from bookings b
    left join accounts a on a.id = b.user_id
    where b.staff_id = ${staffId}
      and b.status in ('pending', 'upcoming', 'confirmed')
      and exists (
        select 1 from json_to_recordset(${toJsonb(ranges)}::json) as r(s timestamptz, e timestamptz)
        where b.starts_at < r.e and b.ends_at > r.s)
    order by b.starts_at, b.id`.execute(db);
  return rows;
}

/** One occurrence of blocked time with its block, or undefined. */
export function findOccurrence(db: Executor, occurrenceId: string) {
  return db
    .selectFrom('bookings as o')
    .innerJoin('staff_blocks as k', 'k.id', 'o.block_id')
    .select(['o.id', 'o.booking_date', 'k.id as block_id', 'k.merchant_id', 'k.repeat_weekly'])
    .where('o.id', '=', occurrenceId)
    .where(sql<boolean>`o.status = 'blocked'`)
    .executeTakeFirst();
}

export async function deleteOccurrence(db: Executor, occurrenceId: string): Promise<number> {
  const r = await db.deleteFrom('bookings').where('id', '=', occurrenceId).where(sql<boolean>`status = 'blocked'`).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteBlockIfEmpty(db: Executor, blockId: string): Promise<void> {
  await db
    .deleteFrom('staff_blocks')
    .where('id', '=', blockId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('bookings').select('id').where('block_id', '=', blockId))))
    .execute();
}

/**
 * Ends a block from `fromDate` on: its occurrences from that date are removed, and the block with
 * them when nothing before that date remains; otherwise the weekly rule stops the day before.
 */
export async function endBlockFrom(db: Executor, blockId: string, fromDate: string, dayBefore: string): Promise<number> {
  const removed = await db.deleteFrom('bookings').where('block_id', '=', blockId).where('booking_date', '>=', fromDate).executeTakeFirst();
  const left = await db.selectFrom('bookings').select('id').where('block_id', '=', blockId).limit(1).executeTakeFirst();
  if (!left) await db.deleteFrom('staff_blocks').where('id', '=', blockId).execute();
  else
    await db
      .updateTable('staff_blocks')
      .set({ until_date: dayBefore, materialised_until: dayBefore })
      .where('id', '=', blockId)
      .where('repeat_weekly', '=', true)
      .execute();
  return Number(removed.numDeletedRows);
}

/** Weekly blocks whose occurrences end before `horizon` and which still run then, locked for the top-up. */
export function weeklyBlocksToTopUp(db: Executor, horizon: string, limit: number) {
  return db
    .selectFrom('staff_blocks as k')
    .innerJoin('merchants as m', 'm.id', 'k.merchant_id')
    .select([
      'k.id',
      'k.merchant_id',
      'k.staff_id',
      'k.first_date',
      'k.start_minute',
      'k.end_minute',
      'k.until_date',
      'k.materialised_until',
      'm.time_zone',
    ])
    .where('k.repeat_weekly', '=', true)
    .where('k.materialised_until', '<', horizon)
    .where((eb) => eb.or([eb('k.until_date', 'is', null), eb('k.until_date', '>', eb.ref('k.materialised_until'))]))
    .orderBy('k.materialised_until')
    .limit(limit)
    .forUpdate('k')
    .skipLocked()
    .execute();
}

export function setMaterialisedUntil(db: Executor, blockId: string, date: string) {
  return db.updateTable('staff_blocks').set({ materialised_until: date }).where('id', '=', blockId).execute();
}

export function findSalonTimeZone(db: Executor, merchantId: string) {
  return db.selectFrom('merchants').select('time_zone').where('id', '=', merchantId).executeTakeFirst();
}

/** One of the salon's professionals (archived ones too: archived_at says so). */
export function findSalonStaffMember(db: Executor, merchantId: string, staffId: string) {
  return db
    .selectFrom('staff')
    .select(['id', 'archived_at'])
    .where('id', '=', staffId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/**
 * A moved booking as its customer is told of the move: where it is now (salon, professional,
 * services) and the name of the professional it was with before (`fromStaffId`).
 */
export function findMovedBooking(db: Executor, bookingId: string, fromStaffId: string) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
    .innerJoin('staff as s', 's.id', 'b.staff_id')
    .select(['b.id', 'b.user_id', 'b.status', 'b.staff_id', 'b.booking_date', 'b.booking_time', 'm.shop_name', 's.name as staff_name'])
    .select((eb) => eb.selectFrom('staff as f').select('f.name').where('f.id', '=', fromStaffId).as('from_staff_name'))
    .select((eb) =>
      eb
        .selectFrom('booking_services as bs')
        .select((e2) => e2.fn<string>('string_agg', ['bs.service_name', e2.val(', ')]).as('names'))
        .whereRef('bs.booking_id', '=', 'b.id')
        .as('services'),
    )
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
}
