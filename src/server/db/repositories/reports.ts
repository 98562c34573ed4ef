import { sql } from 'kysely';
import type { Executor } from '../executor.js';
import { startsAroundDates } from './bookings.js';

/**
 * The merchant reports (issue 41 item 6), each figure one query over the salon's bookings dated
 * (salon-local `booking_date`) from `from` to `to`, both included. Sales are completed bookings:
 * their services at the price charged per line, the discount taken off the booking, and the
 * total the salon charged. Money comes back as numeric text, summed in PostgreSQL.
 */
export interface Range {
  merchantId: string;
  from: string;
  to: string;
}

const completedIn = (r: Range) =>
  sql`b.merchant_id = ${r.merchantId} and b.status = 'completed' and b.booking_date between ${r.from}::date and ${r.to}::date
    and ${startsAroundDates('b.starts_at', r.from, r.to)}`;

export async function salesTotals(db: Executor, r: Range) {
  const { rows } = await sql<{ bookings: number; net: string; discounts: string }>`
    select count(*)::int as bookings, coalesce(sum(b.total_price), 0)::text as net, coalesce(sum(b.discount_amount), 0)::text as discounts
    from bookings b where ${completedIn(r)}`.execute(db);
  return rows[0] ?? { bookings: 0, net: '0', discounts: '0' };
}

export async function salesByService(db: Executor, r: Range) {
  const { rows } = await sql<{ service: string; count: number; gross: string }>`
    select s.service_name as service, count(*)::int as count, sum(s.price)::text as gross
    from bookings b join booking_services s on s.booking_id = b.id
    where ${completedIn(r)}
    group by s.service_name order by sum(s.price) desc, s.service_name`.execute(db);
  return rows;
}

export async function salesByProfessional(db: Executor, r: Range) {
  const { rows } = await sql<{ staff_id: string; name: string; bookings: number; sales: string }>`
    select b.staff_id, st.name, count(*)::int as bookings, sum(b.total_price)::text as sales
    from bookings b join staff st on st.id = b.staff_id
    where ${completedIn(r)}
    group by b.staff_id, st.name order by sum(b.total_price) desc, st.name`.execute(db);
  return rows;
}

/**
 * Takings by payment method over the visits dated in the range: each checkout's split rows
 * (checkout_payments: cash, UPI, card, wallet, prepaid, salon voucher) on the salon-local day it
 * was made; a completed booking that was not checked out by how it was paid (pay_at_salon,
 * wallet: its total); and, as methods of their own, what holdings paid for bookings completed in
 * the range (a voucher's rupees, `voucher`; a package session at its value, `package`) and the
 * package sessions redeemed at checkouts in the range. `visits` counts the checkouts or bookings.
 */
export async function salesByPaymentMethod(db: Executor, r: Range, timeZone: string) {
  const { rows } = await sql<{ method: string; visits: number; sales: string }>`
    with checkouts_in as (
      select c.id, c.booking_id from checkouts c
      where c.merchant_id = ${r.merchantId} and (c.created_at at time zone ${timeZone})::date between ${r.from}::date and ${r.to}::date
    ),
    parts as (
      select p.method, p.checkout_id::text as visit, p.amount as sales
      from checkout_payments p join checkouts_in c on c.id = p.checkout_id
      union all
      select b.payment_method, b.id::text, b.total_price from bookings b
      where ${completedIn(r)} and not exists (select 1 from checkouts c where c.booking_id = b.id)
      union all
      select case when l.sessions_change < 0 then 'package' else 'voucher' end, l.booking_id::text, l.value_paise / 100.0
      from holding_ledger l join bookings b on b.id = l.booking_id
      where l.kind = 'redeem' and ${completedIn(r)}
      union all
      select 'package', l.checkout_id::text, l.value_paise / 100.0
      from holding_ledger l join checkouts_in c on c.id = l.checkout_id
      where l.kind = 'redeem' and l.sessions_change < 0
    )
    select method, count(distinct visit)::int as visits, sum(sales)::numeric(14,2)::text as sales
    from parts group by method order by sum(sales) desc, method`.execute(db);
  return rows;
}

/** The salon's professionals (archived ones only if they had bookings in the range) with their hours. */
export function reportStaff(db: Executor, r: Range) {
  return db
    .selectFrom('staff as st')
    .select(['st.id', 'st.name', 'st.status', 'st.working_hours', 'st.days_off'])
    .where('st.merchant_id', '=', r.merchantId)
    .where((eb) =>
      eb.or([
        eb('st.archived_at', 'is', null),
        eb.exists(
          eb
            .selectFrom('bookings as b')
            .select('b.id')
            .whereRef('b.staff_id', '=', 'st.id')
            .where(sql<boolean>`b.booking_date between ${r.from}::date and ${r.to}::date`),
        ),
      ]),
    )
    .orderBy('st.name')
    .orderBy('st.id')
    .execute();
}

/** Minutes per professional and day: of bookings not cancelled, and of blocked time. */
export async function minutesByStaffDay(db: Executor, r: Range) {
  const { rows } = await sql<{ staff_id: string; day: string; blocked: boolean; minutes: number }>`
    select b.staff_id, b.booking_date::text as day, b.status = 'blocked' as blocked,
      sum(extract(epoch from b.ends_at - b.starts_at) / 60)::int as minutes
    from bookings b
    where b.merchant_id = ${r.merchantId} and b.status <> 'cancelled' and b.booking_date between ${r.from}::date and ${r.to}::date
      and ${startsAroundDates('b.starts_at', r.from, r.to)}
    group by 1, 2, 3`.execute(db);
  return rows;
}

/** A booking's client: the account, else the desk contact's e-mail (as client records key them). */
const CLIENT = sql`coalesce(b.user_id::text, 'walk-in:' || b.contact_email)`;

export async function clientCounts(db: Executor, r: Range) {
  const { rows } = await sql<{ visited: number; new: number; returning: number; rebooked: number }>`
    with visits as (
      select ${CLIENT} as client, b.starts_at, b.booking_date, b.status
      from bookings b where b.merchant_id = ${r.merchantId} and b.status <> 'blocked'
    ),
    in_range as (
      select client, max(starts_at) as last_visit from visits
      where status = 'completed' and booking_date between ${r.from}::date and ${r.to}::date group by client
    ),
    firsts as (select client, min(booking_date) as first_day from visits where status = 'completed' group by client)
    select count(*)::int as visited,
      count(*) filter (where f.first_day >= ${r.from}::date)::int as new,
      count(*) filter (where f.first_day < ${r.from}::date)::int as returning,
      count(*) filter (where exists (
        select 1 from visits v where v.client = i.client and v.starts_at > i.last_visit and v.status <> 'cancelled'))::int as rebooked
    from in_range i join firsts f on f.client = i.client`.execute(db);
  return rows[0] ?? { visited: 0, new: 0, returning: 0, rebooked: 0 };
}

export async function attendanceCounts(db: Executor, r: Range, lateCancelHours: number) {
  const { rows } = await sql<{ bookings: number; no_shows: number; cancelled: number; late: number }>`
    select count(*)::int as bookings,
      count(*) filter (where b.status = 'no_show')::int as no_shows,
      count(*) filter (where b.status = 'cancelled')::int as cancelled,
      count(*) filter (where b.status = 'cancelled' and b.cancelled_by = 'customer'
        and b.cancelled_at > b.starts_at - make_interval(hours => ${lateCancelHours}::int))::int as late
    from bookings b
    where b.merchant_id = ${r.merchantId} and b.status <> 'blocked' and b.booking_date between ${r.from}::date and ${r.to}::date`.execute(
    db,
  );
  return rows[0] ?? { bookings: 0, no_shows: 0, cancelled: 0, late: 0 };
}

export function salonHours(db: Executor, merchantId: string) {
  return db.selectFrom('merchants').select(['opening_hours', 'time_zone']).where('id', '=', merchantId).executeTakeFirst();
}
