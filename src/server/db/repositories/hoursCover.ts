import { sql } from 'kysely';
import { ACTIVE_BOOKING_STATUSES } from '../../../shared/constants.js';
import type { Executor } from '../executor.js';

/**
 * A salon's active bookings (pending, upcoming, confirmed; a block's `blocked` rows are no booking)
 * still to start, soonest first, with what judging them against hours needs: the customer (a desk
 * contact's booking has no account: the name the salon typed), the services, the salon's clock and
 * opening hours, and the professional's own hours. One query; `staffId` keeps one professional's.
 */
export function upcomingActiveBookings(db: Executor, merchantId: string, now: Date, opts: { staffId?: string } = {}) {
  let q = db
    .selectFrom('bookings as b')
    .leftJoin('accounts as a', 'a.id', 'b.user_id')
    .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
    .innerJoin('staff as s', 's.id', 'b.staff_id')
    .select([
      'b.id',
      'b.booking_date',
      'b.booking_time',
      'b.status',
      'b.starts_at',
      'b.ends_at',
      sql<string>`coalesce(b.contact_name, a.first_name, '')`.as('first_name'),
      sql<string>`case when b.contact_name is not null then '' else coalesce(a.last_name, '') end`.as('last_name'),
      'm.time_zone',
      'm.opening_hours',
      's.working_hours',
      's.days_off',
      sql<string[]>`array(select bs.service_name from booking_services bs where bs.booking_id = b.id order by bs.position)`.as('services'),
    ])
    .where('b.merchant_id', '=', merchantId)
    .where('b.status', 'in', [...ACTIVE_BOOKING_STATUSES])
    .where('b.starts_at', '>', now);
  if (opts.staffId) q = q.where('b.staff_id', '=', opts.staffId);
  return q.orderBy('b.starts_at').orderBy('b.id').execute();
}

export type UpcomingBookingRow = Awaited<ReturnType<typeof upcomingActiveBookings>>[number];

/**
 * Holds the salon's opening hours as the caller read them until its transaction ends (FOR KEY SHARE
 * on the salon's row: it waits for a transaction that holds the row FOR UPDATE, as an hours change
 * does, and then sees its result). False when the hours are no longer `hoursAsRead`.
 */
export async function holdOpeningHours(db: Executor, merchantId: string, hoursAsRead: unknown): Promise<boolean> {
  const r = await db
    .selectFrom('merchants')
    .select('id')
    .where('id', '=', merchantId)
    .where(sql<boolean>`opening_hours = ${JSON.stringify(hoursAsRead ?? null)}::jsonb`)
    .forKeyShare()
    .executeTakeFirst();
  return !!r;
}

/** The salon's opening hours, its row locked FOR UPDATE for the rest of the transaction (null: no such salon). */
export async function lockOpeningHours(db: Executor, merchantId: string): Promise<{ opening_hours: unknown; shop_name: string } | null> {
  const r = await db
    .selectFrom('merchants')
    .select(['opening_hours', 'shop_name'])
    .where('id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
  return r ?? null;
}
