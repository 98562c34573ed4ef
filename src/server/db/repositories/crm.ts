import { type Insertable, sql, type Updateable } from 'kysely';
import { type CampaignChannel, containsPattern } from '../../../shared/constants.js';
import type { Executor } from '../executor.js';
import type { MessageTemplatesTable } from '../types.js';

export interface CustomerRow {
  id: string;
  source: 'account' | 'walk-in';
  name: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  total_bookings: number;
  last_visit: Date | null;
  next_appointment: Date | null;
  member_since: Date;
  rating: number | null;
  last_booked: Date;
  /** The customer switched "Offers and news" on; walk-ins never gave consent. */
  marketing: boolean;
}

export interface CustomerFilters {
  search?: string;
  rangeDays?: number;
  minRating?: number;
  /** One customer (an account id or 'walk-in:<email>'). */
  customerId?: string;
  /** Only customers who opted in to marketing and have the channel's address. */
  reachableBy?: CampaignChannel;
  /** Customers who booked within this many days (true) or not (false). */
  activeWithinDays?: { days: number; active: boolean };
}

/**
 * Everyone who booked the salon: accounts (online bookings, plus manual bookings made with the
 * account's e-mail or, failing that, its phone) and walk-ins (manual bookings matching no customer
 * account, one per e-mail).
 */
function everyone(merchantId: string) {
  return sql`
    manual as (
      select mb.name, lower(mb.email) as email, mb.mobile, mb.status, mb.visited_at, mb.created_at,
        -- A walk-in is a customer's account only where that customer shared it with this salon by
        -- booking it themselves: typing an e-mail or a number reveals no account's details.
        coalesce(
          (select a.id from accounts a where a.role = 'customer' and a.email = lower(mb.email)
             and exists (select 1 from bookings ob where ob.user_id = a.id and ob.merchant_id = ${merchantId})),
          (select a.id from accounts a where a.role = 'customer' and a.phone = mb.mobile and a.phone_verified_at is not null
             and exists (select 1 from bookings ob where ob.user_id = a.id and ob.merchant_id = ${merchantId}))
        ) as account_id
      from manual_bookings mb
      where mb.merchant_id = ${merchantId}
    ),
    visits as (
      select b.user_id as account_id,
        count(*)::int as total_bookings,
        -- The last visit that happened: completed or checked in; never a no-show, a cancellation or
        -- a booking still to come (nor one whose start passed with nobody checked in).
        max(b.starts_at) filter (where b.starts_at <= now() and b.status in ('completed', 'confirmed')) as last_visit,
        min(b.starts_at) filter (where b.starts_at > now() and b.status in ('pending', 'upcoming', 'confirmed')) as next_appointment,
        max(b.created_at) as last_booked
      from bookings b where b.merchant_id = ${merchantId} and b.status <> 'blocked' and b.user_id is not null
      group by b.user_id
      union all
      select m.account_id, count(*)::int, max(m.visited_at) filter (where m.status <> 'cancelled' and m.visited_at <= now()), null::timestamptz, max(m.created_at)
      from manual m where m.account_id is not null
      group by m.account_id
    ),
    booked as (
      select account_id, sum(total_bookings)::int as total_bookings, max(last_visit) as last_visit,
        min(next_appointment) as next_appointment, max(last_booked) as last_booked
      from visits group by account_id
    ),
    rated as (
      select r.user_id, round(avg(r.rating)::numeric, 1)::float8 as rating
      from reviews r where r.merchant_id = ${merchantId} group by r.user_id
    ),
    accounts_part as (
      select a.id::text as id, 'account' as source, trim(a.first_name || ' ' || a.last_name) as name, a.email, a.phone,
        a.avatar_url as avatar, bk.total_bookings, bk.last_visit, bk.next_appointment, a.created_at as member_since,
        rt.rating, bk.last_booked, coalesce(a.notification_prefs ->> 'marketing' = 'true', false) as marketing
      from booked bk join accounts a on a.id = bk.account_id
      left join rated rt on rt.user_id = bk.account_id
    ),
    walk_ins as (
      select 'walk-in:' || m.email as id, 'walk-in' as source, max(m.name) as name, m.email, max(m.mobile) as phone,
        null::text as avatar, count(*)::int as total_bookings,
        max(m.visited_at) filter (where m.status <> 'cancelled' and m.visited_at <= now()) as last_visit, null::timestamptz as next_appointment,
        min(m.created_at) as member_since, null::float8 as rating, max(m.created_at) as last_booked, false as marketing
      from manual m where m.account_id is null
      group by m.email
    ),
    everyone as (select * from accounts_part union all select * from walk_ins)`;
}

function where(f: CustomerFilters) {
  const like = f.search ? containsPattern(f.search) : null;
  const since = f.rangeDays ? new Date(Date.now() - f.rangeDays * 86_400_000) : null;
  const activeSince = f.activeWithinDays ? new Date(Date.now() - f.activeWithinDays.days * 86_400_000) : null;
  return sql`
    (${like}::text is null or name ilike ${like} or email ilike ${like})
    and (${since}::timestamptz is null or last_booked >= ${since})
    and (${f.minRating ?? null}::int is null or rating >= ${f.minRating ?? null})
    and (${f.customerId ?? null}::text is null or id = ${f.customerId ?? null})
    and (${f.reachableBy ?? null}::text is null or (marketing and case ${f.reachableBy ?? null}::text when 'email' then email is not null else phone is not null end))
    and (${activeSince}::timestamptz is null or (last_booked >= ${activeSince}) = ${f.activeWithinDays?.active ?? null}::boolean)`;
}

/** A page of the salon's customers, most recent first, and how many match in all. */
export async function salonCustomers(db: Executor, merchantId: string, f: CustomerFilters, page: { limit?: number; offset?: number } = {}) {
  const { rows } = await sql<CustomerRow & { total_count: number }>`
    with ${everyone(merchantId)}
    select *, count(*) over ()::int as total_count from everyone
    where ${where(f)}
    order by last_booked desc, id
    limit ${page.limit ?? null} offset ${page.offset ?? 0}`.execute(db);
  let total = rows[0]?.total_count ?? 0;
  if (rows.length === 0 && (page.offset ?? 0) > 0) total = await countCustomers(db, merchantId, f);
  return { rows: rows.map(({ total_count: _, ...r }) => r as CustomerRow), total };
}

export async function findSalonCustomer(db: Executor, merchantId: string, customerId: string): Promise<CustomerRow | undefined> {
  return (await salonCustomers(db, merchantId, { customerId }, { limit: 1 })).rows[0];
}

export async function countCustomers(db: Executor, merchantId: string, f: CustomerFilters): Promise<number> {
  const { rows } = await sql<{ n: number }>`with ${everyone(merchantId)} select count(*)::int as n from everyone where ${where(f)}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Recipients of a campaign per channel and segment: opted in, with the channel's address. */
export async function reachableCounts(db: Executor, merchantId: string, activeDays: number) {
  const activeSince = new Date(Date.now() - activeDays * 86_400_000);
  const { rows } = await sql<{ customers: number; email_all: number; email_active: number; sms_all: number; sms_active: number }>`
    with ${everyone(merchantId)}
    select count(*)::int as customers,
      count(*) filter (where marketing and email is not null)::int as email_all,
      count(*) filter (where marketing and email is not null and last_booked >= ${activeSince})::int as email_active,
      count(*) filter (where marketing and phone is not null)::int as sms_all,
      count(*) filter (where marketing and phone is not null and last_booked >= ${activeSince})::int as sms_active
    from everyone`.execute(db);
  const r = rows[0];
  const seg = (all: number, active: number) => ({ all: Number(all), active: Number(active), inactive: Number(all) - Number(active) });
  return {
    customers: Number(r?.customers ?? 0),
    email: seg(r?.email_all ?? 0, r?.email_active ?? 0),
    sms: seg(r?.sms_all ?? 0, r?.sms_active ?? 0),
  };
}

export function listTemplates(db: Executor, merchantId: string) {
  return db.selectFrom('message_templates').selectAll().where('merchant_id', '=', merchantId).orderBy('created_at', 'desc').execute();
}

export function insertTemplate(db: Executor, values: Insertable<MessageTemplatesTable>) {
  return db.insertInto('message_templates').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Updates one of the salon's templates; undefined when it has none with this id. */
export function updateTemplate(db: Executor, merchantId: string, id: string, values: Updateable<MessageTemplatesTable>) {
  return db
    .updateTable('message_templates')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one of the salon's templates; false when it has none with this id. */
export async function deleteTemplate(db: Executor, merchantId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('message_templates').where('id', '=', id).where('merchant_id', '=', merchantId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function sentMessages(db: Executor, merchantId: string, page: { limit: number; offset: number }) {
  const mine = db.selectFrom('outbox_messages').where('merchant_id', '=', merchantId);
  const [rows, count] = await Promise.all([
    mine.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    mine.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One-to-one messages the salon sent on an India day (the daily limit's counter). */
export async function messagesSentOn(db: Executor, merchantId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('merchant_message_counts')
    .select('sent')
    .where('merchant_id', '=', merchantId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.sent ?? 0;
}

/**
 * Counts `n` more one-to-one messages for the salon's day, if that keeps it within `limit`: one
 * statement (insert, or add to the day's row only while the sum fits), so parallel requests on
 * any number of connections cannot pass the limit together; the row stays locked until the
 * caller's transaction ends. Returns the day's new count, or null when the limit would be passed.
 */
export async function takeMessageAllowance(
  db: Executor,
  merchantId: string,
  day: string,
  n: number,
  limit: number,
): Promise<number | null> {
  if (n > limit) return null;
  const row = await db
    .insertInto('merchant_message_counts')
    .values({ merchant_id: merchantId, day, sent: n })
    .onConflict((oc) =>
      oc
        .columns(['merchant_id', 'day'])
        .doUpdateSet({ sent: sql<number>`merchant_message_counts.sent + excluded.sent` })
        .where(sql<boolean>`merchant_message_counts.sent + excluded.sent <= ${limit}`),
    )
    .returning('sent')
    .executeTakeFirst();
  return row ? row.sent : null;
}

export interface ReferenceableBookingRow {
  id: string;
  booking_date: string;
  booking_time: string | null;
  starts_at: Date;
  status: string;
  services: string[];
}

/**
 * The bookings of one customer at the salon that a message "about a booking" may name: upcoming
 * (still active, or cancelled in the last `days` days), or started in the last `days` days. A
 * walk-in's are the counter bookings taken with their e-mail whose visit was in those days.
 */
export async function referenceableBookings(
  db: Executor,
  merchantId: string,
  customer: Pick<CustomerRow, 'id' | 'source' | 'email'>,
  now: Date,
  days: number,
): Promise<ReferenceableBookingRow[]> {
  const since = new Date(now.getTime() - days * 86_400_000);
  if (customer.source === 'walk-in') {
    const rows = await db
      .selectFrom('manual_bookings')
      .select(['id', 'visited_at', 'status'])
      .where('merchant_id', '=', merchantId)
      .where(sql<boolean>`lower(email) = ${customer.email ?? ''}`)
      .where('visited_at', '>=', since)
      .where('visited_at', '<=', now)
      .orderBy('visited_at', 'desc')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      booking_date: '',
      booking_time: null,
      starts_at: new Date(r.visited_at),
      status: r.status,
      services: [],
    }));
  }
  const { rows } = await sql<ReferenceableBookingRow>`
    select b.id, b.booking_date, b.booking_time, b.starts_at, b.status,
      coalesce((select array_agg(s.service_name order by s.position) from booking_services s where s.booking_id = b.id), '{}') as services
    from bookings b
    where b.merchant_id = ${merchantId} and b.user_id = ${customer.id}::uuid and b.status <> 'blocked'
      and b.starts_at >= ${since}
      and (b.starts_at <= ${now} or b.status in ('pending', 'upcoming', 'confirmed') or b.cancelled_at >= ${since})
    order by b.starts_at`.execute(db);
  return rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at) }));
}
