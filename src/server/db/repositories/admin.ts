import type { DeliveryState } from '../../../shared/delivery.js';
import { deliveryStateSql } from './outbox.js';
import { sql, type RawBuilder, type Updateable } from 'kysely';
import type { BookingStatus, Role, SupportMessagesTable } from '../types.js';
import type { Executor } from './accounts.js';
import { PLANNED_PER_CALL } from '../preparing.js';
import { ACTIVE_BOOKING_STATUSES } from '../../../shared/policy.js';

/* Cross-salon reads and the few writes of the admin area. Money sums are rupees (numeric → number). */

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (s: string) => `%${likeEscape(s)}%`;

/** Gross booking value: what customers booked, cancelled bookings excluded. */
const GBV = sql<number>`coalesce(sum(b.total_price) filter (where b.status <> 'cancelled'), 0)`;
/** Commission comes from the ledger (one row per completed, paid booking), the platform's books. */
const COMMISSION = sql<number>`coalesce(sum(cl.commission), 0)`;

// ---------------------------------------------------------------- dashboard

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

// ---------------------------------------------------------------- reports

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
 * Bookings by their salon-local date, and subscription revenue (paid invoices, before GST) by the
 * platform-local date they were paid, side by side per day, month or city. A period with
 * invoices and no bookings still gets its row.
 */
export async function bookingReport(db: Executor, f: ReportFilter) {
  const paidOn = sql`(i.issued_at at time zone ${f.timeZone})::date`;
  const order = f.groupBy === 'city' ? sql`gbv desc, subscriptions desc, key` : sql`key`;
  // A day's report and a year's want different plans.
  const r = await sql<{ key: string; bookings: number; completed: number; cancelled: number; gbv: number; commission: number; subscriptions: number }>`${PLANNED_PER_CALL}
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
      select ${reportKey(f.groupBy, paidOn)} as key, sum(i.base_amount) as subscriptions
      from invoices i
      join merchants m on m.id = i.merchant_id
      where i.status = 'paid' and ${paidOn} between ${f.from}::date and ${f.to}::date ${cityMatches(f.city)}
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

// ---------------------------------------------------------------- users

export interface UserFilter {
  search?: string;
  role?: Role;
  blocked?: boolean;
  limit: number;
  offset: number;
}

export async function listUsers(db: Executor, f: UserFilter) {
  let q = db.selectFrom('accounts as a').leftJoin('merchants as m', 'm.id', 'a.id');
  if (f.role) q = q.where('a.role', '=', f.role);
  if (f.blocked !== undefined) q = q.where('a.is_blocked', '=', f.blocked);
  if (f.search) {
    const c = contains(f.search);
    q = q.where(
      sql<boolean>`((a.first_name || ' ' || a.last_name) ilike ${c} or a.email ilike ${c} or coalesce(a.phone, '') ilike ${c}
        or coalesce(m.shop_name, '') ilike ${c} or a.id::text = ${f.search})`,
    );
  }
  const [rows, count] = await Promise.all([
    q
      .selectAll('a')
      .select(['m.shop_name', sql<number>`(select count(*) from bookings b where b.user_id = a.id)`.as('booking_count')])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findUser(db: Executor, id: string) {
  return db
    .selectFrom('accounts as a')
    .leftJoin('merchants as m', 'm.id', 'a.id')
    .selectAll('a')
    .select(['m.shop_name', sql<number>`(select count(*) from bookings b where b.user_id = a.id)`.as('booking_count')])
    .where('a.id', '=', id)
    .executeTakeFirst();
}
export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** Blocking also bumps the token version: every token issued before dies at once. */
export async function setBlocked(db: Executor, id: string, blocked: boolean, reason: string | null) {
  await db
    .updateTable('accounts')
    .set((eb) => ({
      is_blocked: blocked,
      blocked_reason: reason,
      updated_at: new Date(),
      ...(blocked ? { token_version: eb('token_version', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

/** Tokens name the role they were issued for, so a promoted account signs in again. */
export async function setRole(db: Executor, id: string, role: Role) {
  await db
    .updateTable('accounts')
    .set((eb) => ({ role, token_version: eb('token_version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .execute();
}

export function lockAccount(db: Executor, id: string) {
  return db.selectFrom('accounts').select(['id', 'role', 'is_blocked']).where('id', '=', id).forUpdate().executeTakeFirst();
}

// ---------------------------------------------------------------- bookings

export interface AdminBookingFilter {
  status?: BookingStatus;
  merchantId?: string;
  city?: string;
  from?: string;
  to?: string;
  search?: string;
  limit: number;
  offset: number;
}

export async function listAllBookings(db: Executor, f: AdminBookingFilter) {
  let q = db
    .selectFrom('bookings as b')
    .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
    // A desk contact's booking has no account until the person confirms it; blocked time is no booking.
    .leftJoin('accounts as a', 'a.id', 'b.user_id')
    .where('b.block_id', 'is', null);
  if (f.status) q = q.where('b.status', '=', f.status);
  if (f.merchantId) q = q.where('b.merchant_id', '=', f.merchantId);
  if (f.city) q = q.where(sql<boolean>`lower(trim(m.city)) = lower(${f.city})`);
  if (f.from) q = q.where('b.booking_date', '>=', f.from);
  if (f.to) q = q.where('b.booking_date', '<=', f.to);
  if (f.search) {
    const c = contains(f.search);
    q = q.where(
      sql<boolean>`((a.first_name || ' ' || a.last_name) ilike ${c} or a.email ilike ${c} or coalesce(a.phone, '') ilike ${c}
        or b.contact_name ilike ${c} or b.contact_email ilike ${c} or b.contact_phone ilike ${c}
        or m.shop_name ilike ${c} or b.id::text ilike ${`${likeEscape(f.search)}%`}
        or exists (select 1 from booking_services bs where bs.booking_id = b.id and bs.service_name ilike ${c}))`,
    );
  }
  const [rows, count] = await Promise.all([
    q
      .select([
        'b.id',
        'b.booking_date',
        'b.booking_time',
        'b.status',
        'b.total_price',
        'b.commission',
        'b.created_at',
        'b.merchant_id',
        'b.user_id',
        'm.shop_name',
        'm.city',
        'a.first_name',
        'a.last_name',
        'a.email',
        'a.phone',
        'b.contact_name',
        'b.contact_email',
        'b.contact_phone',
        sql<string[]>`array(select bs.service_name from booking_services bs where bs.booking_id = b.id order by bs.position)`.as('services'),
      ])
      .orderBy('b.starts_at', 'desc')
      .orderBy('b.id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

// ---------------------------------------------------------------- salons

export interface SalonFilter {
  publishStatus?: 'draft' | 'pending' | 'approved' | 'rejected' | 'unpublished';
  search?: string;
  sponsored?: boolean;
  ids?: string[];
  limit: number;
  offset: number;
}

/** Salons with what the profile-completion checks need, counted per row in the same query. */
export async function listSalons(db: Executor, f: SalonFilter) {
  let q = db.selectFrom('merchants as m').innerJoin('accounts as a', 'a.id', 'm.id');
  if (f.ids) q = q.where('m.id', 'in', f.ids);
  if (f.publishStatus) q = q.where('m.publish_status', '=', f.publishStatus);
  if (f.sponsored !== undefined) q = q.where('m.is_sponsored', '=', f.sponsored);
  if (f.search) {
    const c = contains(f.search);
    q = q.where(
      sql<boolean>`(m.shop_name ilike ${c} or m.shop_owner ilike ${c} or m.city ilike ${c} or a.email ilike ${c} or coalesce(m.email, '') ilike ${c})`,
    );
  }
  let rowsQ = q
    .selectAll('m')
    .select([
      'a.email as account_email',
      'a.is_blocked as owner_blocked',
      sql<number>`(select count(*) from merchant_categories mc where mc.merchant_id = m.id)`.as('category_count'),
      sql<number>`(select count(*) from services s where s.merchant_id = m.id and s.active)`.as('service_count'),
      sql<number>`(select count(*) from staff st where st.merchant_id = m.id and st.status = 'Active' and st.archived_at is null)`.as('staff_count'),
      sql<boolean>`exists (select 1 from shop_images si where si.merchant_id = m.id and si.is_cover)`.as('has_cover'),
      // Every booking of the salon, as the merchant dashboard's Total Bookings (merchantBookingStats)
      // and the dashboard's top cities count them; merchants.booking_count counts completed ones
      // only (search ranks by it), which under the same "Bookings" label read as a different figure.
      sql<number>`(select count(*) from bookings b where b.merchant_id = m.id and b.status <> 'blocked')`.as('total_bookings'),
      // The bookings the salon still has to serve: what unpublishing it leaves standing.
      sql<number>`(select count(*) from bookings b
        where b.merchant_id = m.id and b.status = any(${[...ACTIVE_BOOKING_STATUSES]}::text[]) and b.starts_at > now())`.as('upcoming_bookings'),
    ]);
  // The review queue is first come, first served; other lists show the newest salons first.
  rowsQ =
    f.publishStatus === 'pending'
      ? rowsQ.orderBy('m.publish_requested_at', 'asc').orderBy('m.id')
      : rowsQ.orderBy('m.created_at', 'desc').orderBy('m.id');
  const [rows, count] = await Promise.all([
    rowsQ.limit(f.limit).offset(f.offset).execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type AdminSalonRow = Awaited<ReturnType<typeof listSalons>>['rows'][number];

// ---------------------------------------------------------------- feedback

export interface FeedbackFilter {
  kind?: 'contact' | 'ticket';
  status?: 'open' | 'pending' | 'closed';
  search?: string;
  limit: number;
  offset: number;
}

export async function listFeedback(db: Executor, f: FeedbackFilter) {
  let q = db.selectFrom('support_messages');
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.search) {
    const c = contains(f.search);
    q = q.where(sql<boolean>`(name ilike ${c} or email ilike ${c} or subject ilike ${c} or message ilike ${c})`);
  }
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(f.limit).offset(f.offset).execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findFeedback(db: Executor, id: string, opts: { lock?: boolean } = {}) {
  const q = db.selectFrom('support_messages').selectAll().where('id', '=', id);
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst();
}
export type FeedbackRow = NonNullable<Awaited<ReturnType<typeof findFeedback>>>;

export function updateFeedback(db: Executor, id: string, values: Updateable<SupportMessagesTable>) {
  return db
    .updateTable('support_messages')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------- security

export async function failedSignIns(db: Executor, since: Date, limit: number) {
  return db
    .selectFrom('login_attempts')
    .select(['email', 'ip', sql<number>`count(*)`.as('count'), sql<Date>`max(created_at)`.as('last_at')])
    .where('succeeded', '=', false)
    .where('created_at', '>', since)
    .groupBy(['email', 'ip'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`max(created_at)`, 'desc')
    .limit(limit)
    .execute();
}

/** Keys (e-mail or IP) with at least `min` failures since `since`: those the sign-in throttle refuses. */
export async function overThreshold(db: Executor, key: 'email' | 'ip' | 'email-ip', since: Date, min: number) {
  const keys = key === 'email-ip' ? (['email', 'ip'] as const) : ([key] as const);
  return db
    .selectFrom('login_attempts')
    .select([
      sql<string>`${sql.ref(keys[0])}`.as('key'),
      sql<string | null>`${keys[1] ? sql.ref(keys[1]) : sql`null::text`}`.as('ip'),
      sql<number>`count(*)`.as('failures'),
      sql<Date>`max(created_at)`.as('last_at'), 
      // The throttle lifts when enough of these failures leave the window: at the (count - min + 1)-th oldest.
      sql<Date>`(array_agg(created_at order by created_at))[(count(*) - ${min} + 1)::int]`.as('releasing_at'),
    ])
    .where('succeeded', '=', false)
    .where('created_at', '>', since)
    .groupBy([...keys])
    .having(sql`count(*)`, '>=', min)
    .orderBy(sql`count(*)`, 'desc')
    .limit(100)
    .execute();
}

// ---------------------------------------------------------------- notifications

/** One in-app notification per (unblocked) account of the audience, in one INSERT ... SELECT. */
export async function broadcastNotification(
  db: Executor,
  n: { title: string; message: string; link: string | null; roles: Role[] },
): Promise<number> {
  const r = await db
    .insertInto('notifications')
    .columns(['account_id', 'type', 'title', 'message', 'link'])
    .expression((eb) =>
      eb
        .selectFrom('accounts')
        .select([
          'id',
          sql<'system'>`'system'`.as('type'),
          sql<string>`${n.title}::text`.as('title'),
          sql<string>`${n.message}::text`.as('message'),
          sql<string | null>`${n.link}::text`.as('link'),
        ])
        .where('is_blocked', '=', false)
        .where('role', 'in', n.roles),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}

// ---------------------------------------------------------------- payments

export interface CommissionFilter {
  from?: string;
  to?: string;
  merchantId?: string;
  limit: number;
  offset: number;
}

export async function listCommissions(db: Executor, f: CommissionFilter) {
  let q = db
    .selectFrom('commission_ledger as cl')
    .innerJoin('bookings as b', 'b.id', 'cl.booking_id')
    .innerJoin('merchants as m', 'm.id', 'cl.merchant_id');
  if (f.merchantId) q = q.where('cl.merchant_id', '=', f.merchantId);
  if (f.from) q = q.where('b.booking_date', '>=', f.from);
  if (f.to) q = q.where('b.booking_date', '<=', f.to);
  const [rows, totals] = await Promise.all([
    q
      .select(['cl.id', 'cl.booking_id', 'cl.merchant_id', 'cl.gross_amount', 'cl.commission', 'cl.merchant_earning', 'cl.created_at', 'b.booking_date', 'm.shop_name', 'm.city'])
      .orderBy('cl.created_at', 'desc')
      .orderBy('cl.id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    q
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(cl.gross_amount), 0)`.as('gross'),
        sql<number>`coalesce(sum(cl.commission), 0)`.as('commission'),
        sql<number>`coalesce(sum(cl.merchant_earning), 0)`.as('earning'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows,
    total: Number(totals.n),
    totals: { entries: Number(totals.n), grossAmount: Number(totals.gross), commission: Number(totals.commission), merchantEarning: Number(totals.earning) },
  };
}

// ---------------------------------------------------------------- e-mail

export interface OutboxFilter {
  channel?: 'email' | 'sms' | 'whatsapp' | 'push';
  delivery?: DeliveryState;
  search?: string;
  limit: number;
  offset: number;
}

export async function listOutbox(db: Executor, f: OutboxFilter) {
  let q = db.selectFrom('outbox_messages');
  if (f.channel) q = q.where('channel', '=', f.channel);
  if (f.delivery) q = q.where(sql<boolean>`${deliveryStateSql('')} = ${f.delivery}`);
  if (f.search) {
    const c = contains(f.search);
    q = q.where(sql<boolean>`(recipient ilike ${c} or coalesce(subject, '') ilike ${c})`);
  }
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(f.limit).offset(f.offset).execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function listEmailTemplates(db: Executor) {
  return db.selectFrom('email_templates').selectAll().orderBy('key').execute();
}

export function findEmailTemplate(db: Executor, key: string) {
  return db.selectFrom('email_templates').selectAll().where('key', '=', key).executeTakeFirst();
}

export function updateEmailTemplate(db: Executor, key: string, v: { subject: string; body: string; updatedBy: string }) {
  return db
    .updateTable('email_templates')
    .set({ subject: v.subject, body: v.body, updated_by: v.updatedBy, updated_at: new Date() })
    .where('key', '=', key)
    .returningAll()
    .executeTakeFirst();
}

// ---------------------------------------------------------------- system

export async function databaseVersion(db: Executor): Promise<string> {
  const r = await sql<{ version: string }>`select version() as version`.execute(db);
  return r.rows[0]?.version ?? '';
}

/** Kysely's own bookkeeping table: the migrations applied to this database. */
export async function appliedMigrations(db: Executor) {
  const r = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(db);
  return r.rows;
}

export async function outboxBacklog(db: Executor) {
  const r = await db
    .selectFrom('outbox_messages')
    .select([
      sql<number>`count(*) filter (where status in ('queued', 'sending'))`.as('queued'),
      sql<number>`count(*) filter (where status = 'failed' and created_at > now() - interval '24 hours')`.as('failed'),
    ])
    .executeTakeFirstOrThrow();
  return { queued: Number(r.queued), failedLast24h: Number(r.failed) };
}

// ---------------------------------------------------------------- featured locations

export function listFeaturedLocations(db: Executor) {
  return db.selectFrom('featured_locations').selectAll().orderBy('sort_order').orderBy('created_at').orderBy('id').execute();
}
export type FeaturedLocationRow = Awaited<ReturnType<typeof listFeaturedLocations>>[number];

export function insertFeaturedLocation(
  db: Executor,
  v: { name: string; city: string; state: string; kind: 'city' | 'locality'; lat: number; lng: number; sortOrder: number; createdBy: string },
) {
  return db
    .insertInto('featured_locations')
    .values({ name: v.name, city: v.city, state: v.state, kind: v.kind, lat: v.lat, lng: v.lng, sort_order: v.sortOrder, created_by: v.createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function nextFeaturedSortOrder(db: Executor) {
  return db
    .selectFrom('featured_locations')
    .select(sql<number>`coalesce(max(sort_order) + 1, 0)`.as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function deleteFeaturedLocation(db: Executor, id: string) {
  return db.deleteFrom('featured_locations').where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Published salons filed under a featured place: the city, and for a locality an address naming
 * it. Used only for featured places the popular-locations ranking did not already count.
 */
export async function countPublishedIn(db: Executor, places: { kind: 'city' | 'locality'; name: string; city: string }[]) {
  if (places.length === 0) return [];
  return Promise.all(
    places.map(async (p) => {
      let q = db
        .selectFrom('merchants')
        .select(sql<number>`count(*)`.as('n'))
        .where('is_published', '=', true)
        .where(sql<boolean>`lower(trim(city)) = lower(${p.city})`);
      if (p.kind === 'locality') q = q.where('address', 'ilike', contains(p.name));
      return Number((await q.executeTakeFirstOrThrow()).n);
    }),
  );
}

// ---------------------------------------------------------------- job queue

/** Jobs per kind: due now (backlog), scheduled later, failed, and done in the last 24 hours. */
export async function jobQueueByKind(db: Executor) {
  return db
    .selectFrom('jobs')
    .select([
      'kind',
      sql<number>`count(*) filter (where status = 'queued' and run_at <= now())::int`.as('due'),
      sql<number>`count(*) filter (where status = 'queued' and run_at > now())::int`.as('scheduled'),
      sql<number>`count(*) filter (where status = 'failed')::int`.as('failed'),
      sql<number>`count(*) filter (where status = 'done' and finished_at > now() - interval '24 hours')::int`.as('done24h'),
      sql<Date | null>`min(run_at) filter (where status = 'queued' and run_at <= now())`.as('oldest_due'),
    ])
    .groupBy('kind')
    .orderBy('kind')
    .execute();
}

export function recentFailedJobs(db: Executor, limit = 20) {
  return db
    .selectFrom('jobs')
    .select(['id', 'kind', 'attempts', 'last_error', 'finished_at'])
    .where('status', '=', 'failed')
    .orderBy('finished_at', 'desc')
    .limit(limit)
    .execute();
}

/** Puts a failed job back in the queue with a fresh set of attempts. */
export async function requeueFailedJob(db: Executor, id: string) {
  return db
    .updateTable('jobs')
    .set({ status: 'queued', run_at: new Date(), attempts: 0, finished_at: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .returning(['id', 'kind', 'payload'])
    .executeTakeFirst();
}
