import { sql } from 'kysely';
import type { Executor } from '../executor.js';

/*
 * Rebooking's SQL (services/rebooking): what "Book again" reads of a completed visit, the reminder
 * sweep's due customers and its once-only inserts, and the salon's figures (the booking that came
 * from a reminder is marked by repositories/bookings.ts bookingInsert, in the booking's statement).
 */

/** The customer's own booking (null for another's) with its salon. */
export async function customerVisit(db: Executor, bookingId: string, userId: string) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
    .select(['b.id', 'b.status', 'b.merchant_id', 'b.staff_id', 'b.any_professional', 'm.shop_name', 'm.is_published'])
    .where('b.id', '=', bookingId)
    .where('b.user_id', '=', userId)
    .where('b.status', '<>', 'blocked')
    .executeTakeFirst();
}

/**
 * The visit's services in their order, each with the salon's service as it is now (null fields when
 * it was deleted, moved to another salon or switched off).
 */
export async function visitServices(db: Executor, bookingId: string, merchantId: string) {
  return db
    .selectFrom('booking_services as bs')
    .leftJoin('services as s', (j) => j.onRef('s.id', '=', 'bs.service_id').on('s.merchant_id', '=', merchantId).on('s.active', '=', true))
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'bs.service_name',
      's.id',
      's.name',
      's.duration_min',
      's.price',
      's.discount_type',
      's.discount_value',
      's.discount_active',
      'c.name as category_name',
    ])
    .where('bs.booking_id', '=', bookingId)
    .orderBy('bs.position')
    .execute();
}

/** A professional of the salon's team (not archived), with what they do. */
export async function salonProfessional(db: Executor, merchantId: string, staffId: string) {
  return db
    .selectFrom('staff')
    .select(['id', 'name', 'role', 'avatar_url', 'specializations', 'status'])
    .where('id', '=', staffId)
    .where('merchant_id', '=', merchantId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
}

export interface DueRebookReminder {
  user_id: string;
  merchant_id: string;
  service_id: string;
  visit_booking_id: string;
  weeks: number;
  service_name: string;
  shop_name: string;
  first_name: string;
  email: string;
  phone: string | null;
}

/**
 * Customers due a rebooking reminder at `now`: for each service with an interval, the customer's
 * last completed visit that included it started at least `rebook_weeks` weeks ago (and not more
 * than `catchUpDays` beyond, so switching the setting on does not write to years of customers);
 * the customer opted in to offers and news, is not blocked, and has no booking ahead at that salon;
 * the salon is published; and no reminder followed that visit yet.
 */
export async function dueRebookReminders(trx: Executor, now: Date, catchUpDays: number, limit: number): Promise<DueRebookReminder[]> {
  const { rows } = await sql<DueRebookReminder>`
    with last_visit as (
      select distinct on (b.user_id, s.id)
        b.user_id, b.merchant_id, s.id as service_id, b.id as visit_booking_id, b.starts_at, s.rebook_weeks, s.name as service_name
      from services s
      join booking_services bs on bs.service_id = s.id
      join bookings b on b.id = bs.booking_id and b.merchant_id = s.merchant_id
      where s.rebook_weeks is not null and s.active
        and b.status = 'completed' and b.user_id is not null
        and b.starts_at > ${now}::timestamptz - make_interval(weeks => s.rebook_weeks, days => ${catchUpDays})
      order by b.user_id, s.id, b.starts_at desc
    )
    select lv.user_id, lv.merchant_id, lv.service_id, lv.visit_booking_id, lv.rebook_weeks as weeks, lv.service_name,
      m.shop_name, a.first_name, a.email, case when a.phone_verified_at is not null then a.phone end as phone
    from last_visit lv
    join merchants m on m.id = lv.merchant_id and m.is_published
    join accounts a on a.id = lv.user_id and not a.is_blocked and coalesce(a.notification_prefs ->> 'marketing' = 'true', false)
    where lv.starts_at <= ${now}::timestamptz - make_interval(weeks => lv.rebook_weeks)
      and not exists (
        select 1 from bookings f
        where f.user_id = lv.user_id and f.merchant_id = lv.merchant_id
          and f.status in ('pending', 'upcoming', 'confirmed') and f.ends_at > ${now}::timestamptz
      )
      and not exists (
        select 1 from rebook_reminders r
        where r.user_id = lv.user_id and r.service_id = lv.service_id and r.visit_booking_id = lv.visit_booking_id
      )
    order by lv.starts_at
    limit ${limit}`.execute(trx);
  return rows;
}

/**
 * Records the reminders; answers the ones this call wrote. The unique key (customer, service,
 * visit) lets one of two racing sweeps write each, so its messages go out once.
 */
export async function insertRebookReminders(
  trx: Executor,
  rows: { user_id: string; merchant_id: string; service_id: string; visit_booking_id: string; weeks: number; sent_at: Date }[],
) {
  if (!rows.length) return [];
  return trx
    .insertInto('rebook_reminders')
    .values(rows)
    .onConflict((c) => c.constraint('rebook_reminder_once').doNothing())
    .returning(['id', 'user_id', 'service_id', 'visit_booking_id'])
    .execute();
}

/** The salon's reminders since `since`: sent, and how many led to a booking that was not cancelled. */
export async function rebookFigures(db: Executor, merchantId: string, since: Date) {
  const { rows } = await sql<{ service_id: string; sent: number; booked: number }>`
    select r.service_id, count(*)::int as sent,
      count(b.id) filter (where b.status in ('pending', 'upcoming', 'confirmed', 'completed'))::int as booked
    from rebook_reminders r
    left join bookings b on b.id = r.booking_id
    where r.merchant_id = ${merchantId} and r.sent_at >= ${since}
    group by r.service_id`.execute(db);
  return rows;
}

/** The salon's services with a rebooking interval. */
export async function servicesWithRebook(db: Executor, merchantId: string) {
  return db
    .selectFrom('services')
    .select(['id', 'name', 'rebook_weeks'])
    .where('merchant_id', '=', merchantId)
    .where('rebook_weeks', 'is not', null)
    .orderBy('name')
    .execute();
}
