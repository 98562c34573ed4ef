import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../executor.js';
import { PLANNED_PER_CALL } from '../../preparing.js';

/*
 * The admin's dashboard and reports: platform totals, the daily trend, cities, and bookings beside
 * subscription revenue per day, month or city. Money sums are rupees (numeric → number).
 */

/** Gross booking value: what customers booked, cancelled bookings excluded. */
const GBV = sql<number>`coalesce(sum(b.total_price) filter (where b.status <> 'cancelled'), 0)`;
/** Commission comes from the ledger (one row per completed, paid booking), the platform's books. */
const COMMISSION = sql<number>`coalesce(sum(cl.commission), 0)`;

export async function platformTotals(db: Executor) {
  const r = await db
    .selectNoFrom([
      sql<number>`(select count(*) from accounts where role = 'customer')`.as('customers'),
      sql<number>`(select count(*) from accounts where role = 'merchant')`.as('merchants'),
      sql<number>`(select count(*) from accounts where role = 'admin')`.as('admins'),
      sql<number>`(select count(*) from accounts where is_blocked)`.as('blocked'),
      sql<number>`(select count(*) from accounts where created_at > now() - interval '30 days')`.as('new_30d'),
      sql<number>`(select count(*) from merchants where is_published)`.as('published'),
      sql<number>`(select count(*) from bookings where status <> 'blocked')`.as('bookings'),
      sql<number>`(select coalesce(sum(total_price), 0) from bookings where status <> 'cancelled')`.as('gbv'),
      sql<number>`(select coalesce(sum(commission), 0) from commission_ledger)`.as('commission'),
      sql<number>`(select count(*) from merchants where publish_status = 'pending')`.as('pending'),
    ])
    .executeTakeFirstOrThrow();
  return {
    customers: Number(r.customers),
    merchants: Number(r.merchants),
    admins: Number(r.admins),
    blocked: Number(r.blocked),
    new30d: Number(r.new_30d),
    published: Number(r.published),
    bookings: Number(r.bookings),
    gbv: Number(r.gbv),
    commission: Number(r.commission),
    pending: Number(r.pending),
  };
}

/** Every day from `from` to `to` (salon-local booking dates), days without bookings as zeros. */
export async function dailyTrend(db: Executor, from: string, to: string) {
  const r = await sql<{ date: string; bookings: number; gbv: number; commission: number }>`
    select to_char(d.day, 'YYYY-MM-DD') as date,
           count(b.id) as bookings,
           ${GBV} as gbv,
           ${COMMISSION} as commission
    from (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day) d
    left join bookings b on b.booking_date = d.day and b.status <> 'blocked'
    left join commission_ledger cl on cl.booking_id = b.id
    group by d.day
    order by d.day`.execute(db);
  return r.rows.map((x) => ({ date: x.date, bookings: Number(x.bookings), gbv: Number(x.gbv), commission: Number(x.commission) }));
}

const CITY_KEY = sql<string>`initcap(trim(m.city))`;

export async function topCities(db: Executor, limit: number) {
  const r = await sql<{ city: string; salons: number; bookings: number; gbv: number }>`
    select ${CITY_KEY} as city,
           count(distinct m.id) filter (where m.is_published) as salons,
           count(b.id) as bookings,
           ${GBV} as gbv
    from merchants m
    left join bookings b on b.merchant_id = m.id and b.status <> 'blocked'
    where trim(m.city) <> ''
    group by ${CITY_KEY}
    order by gbv desc, bookings desc, city
    limit ${limit}`.execute(db);
  return r.rows.map((x) => ({ city: x.city, salons: Number(x.salons), bookings: Number(x.bookings), gbv: Number(x.gbv) }));
}

export type ReportGroup = 'city' | 'day' | 'month';

export interface ReportFilter {
  groupBy: ReportGroup;
  from: string;
  to: string;
  /** One city only (any spelling of its case and spaces). */
  city?: string;
  /** The zone whose calendar dates an invoice's payment falls on. */
  timeZone: string;
}

const cityMatches = (city: string | undefined) => (city ? sql`and lower(trim(m.city)) = lower(trim(${city}))` : sql``);

function reportKey(groupBy: ReportGroup, day: RawBuilder<unknown>) {
  if (groupBy === 'city') return sql<string>`coalesce(nullif(${CITY_KEY}, ''), '(no city)')`;
  return groupBy === 'month' ? sql<string>`to_char(${day}, 'YYYY-MM')` : sql<string>`to_char(${day}, 'YYYY-MM-DD')`;
}

/**
 * Bookings by their salon-local date, and subscription revenue (paid invoices less credit notes,
 * before GST) by the platform-local date they were paid or credited, side by side per day, month or city. A period with
 * invoices and no bookings still gets its row.
 */
export async function bookingReport(db: Executor, f: ReportFilter) {
  const paidOn = sql`(i.issued_at at time zone ${f.timeZone})::date`;
  const creditedOn = sql`(c.issued_at at time zone ${f.timeZone})::date`;
  const order = f.groupBy === 'city' ? sql`gbv desc, subscriptions desc, key` : sql`key`;
  // A day's report and a year's want different plans.
  const r = await sql<{
    key: string;
    bookings: number;
    completed: number;
    cancelled: number;
    gbv: number;
    commission: number;
    subscriptions: number;
  }>`${PLANNED_PER_CALL}
    with booked as (
      select ${reportKey(f.groupBy, sql`b.booking_date`)} as key,
             count(*) as bookings,
             count(*) filter (where b.status = 'completed') as completed,
             count(*) filter (where b.status = 'cancelled') as cancelled,
             ${GBV} as gbv,
             ${COMMISSION} as commission
      from bookings b
      join merchants m on m.id = b.merchant_id
      left join commission_ledger cl on cl.booking_id = b.id
      where b.booking_date between ${f.from}::date and ${f.to}::date and b.status <> 'blocked' ${cityMatches(f.city)}
      group by 1
    ), subscribed as (
      -- Paid invoices by the day they were paid, less credit notes by the day they were issued.
      select key, sum(amount) as subscriptions from (
        select ${reportKey(f.groupBy, paidOn)} as key, i.base_amount as amount
        from invoices i
        join merchants m on m.id = i.merchant_id
        where i.status = 'paid' and ${paidOn} between ${f.from}::date and ${f.to}::date ${cityMatches(f.city)}
        union all
        select ${reportKey(f.groupBy, creditedOn)} as key, -c.base_amount
        from credit_notes c
        join merchants m on m.id = c.merchant_id
        where ${creditedOn} between ${f.from}::date and ${f.to}::date ${cityMatches(f.city)}
      ) money
      group by 1
    )
    select * from (
      select coalesce(bk.key, sb.key) as key,
             coalesce(bk.bookings, 0) as bookings,
             coalesce(bk.completed, 0) as completed,
             coalesce(bk.cancelled, 0) as cancelled,
             coalesce(bk.gbv, 0) as gbv,
             coalesce(bk.commission, 0) as commission,
             coalesce(sb.subscriptions, 0) as subscriptions
      from booked bk
      full join subscribed sb on sb.key = bk.key
    ) report
    order by ${order}`.execute(db);
  return r.rows.map((x) => ({
    key: x.key,
    bookings: Number(x.bookings),
    completed: Number(x.completed),
    cancelled: Number(x.cancelled),
    gbv: Number(x.gbv),
    commission: Number(x.commission),
    subscriptions: Number(x.subscriptions),
  }));
}

/** The cities salons are in, spelled as reports group them. */
export async function reportCities(db: Executor): Promise<string[]> {
  const r = await sql<{ city: string }>`
    select distinct ${CITY_KEY} as city from merchants m where trim(m.city) <> '' order by 1`.execute(db);
  return r.rows.map((x) => x.city);
}
