import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../executor.js';
import type { StaffTable } from '../types.js';
import { NOT_BLOCKED } from './bookings.js';

const staffColumns = [
  'id',
  'merchant_id',
  'name',
  'email',
  'phone',
  'role',
  'rate',
  'status',
  'avatar_url',
  'specializations',
  'experience_years',
  'working_hours',
  'created_at',
] as const;

/** The salon's current staff (archived members excluded), oldest first. */
export function listStaff(db: Executor, merchantId: string) {
  return (
    db
      .selectFrom('staff')
      .select(staffColumns)
      // node-postgres parses date[] into Date objects; the wire speaks 'YYYY-MM-DD'.
      .select(sql<string[]>`days_off::text[]`.as('days_off'))
      .where('merchant_id', '=', merchantId)
      .where('archived_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  );
}

export type StaffRow = Awaited<ReturnType<typeof listStaff>>[number];

/**
 * One current staff member of the salon. With `lock`, the row is held FOR UPDATE, which also
 * makes a booking being inserted for them (its foreign-key check) wait for this transaction.
 */
export function findStaff(db: Executor, merchantId: string, staffId: string, opts: { lock?: boolean } = {}) {
  const q = db
    .selectFrom('staff')
    .select(staffColumns)
    .select(sql<string[]>`days_off::text[]`.as('days_off'))
    .where('merchant_id', '=', merchantId)
    .where('id', '=', staffId)
    .where('archived_at', 'is', null);
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst();
}

export async function staffEmailTaken(db: Executor, merchantId: string, email: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('staff')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('archived_at', 'is', null)
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function insertStaff(db: Executor, values: Insertable<StaffTable>): Promise<string> {
  const r = await db.insertInto('staff').values(values).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateStaff(db: Executor, merchantId: string, staffId: string, values: Updateable<StaffTable>): Promise<boolean> {
  const r = await db
    .updateTable('staff')
    .set({ ...values, updated_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', staffId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteStaffRow(db: Executor, staffId: string): Promise<void> {
  await db.deleteFrom('staff').where('id', '=', staffId).execute();
}

/** Leaves the lists and stops taking bookings; past bookings still name the member. */
export async function archiveStaff(db: Executor, staffId: string): Promise<void> {
  await db
    .updateTable('staff')
    .set({ status: 'Inactive', archived_at: new Date(), updated_at: new Date() })
    .where('id', '=', staffId)
    .execute();
}

/** How many bookings the member has at all, and how many still hold time from `now` on. */
export async function staffBookingCounts(db: Executor, staffId: string, now: Date): Promise<{ total: number; upcoming: number }> {
  const r = await db
    .selectFrom('bookings')
    .select([
      (eb) => eb.fn.countAll<number>().as('total'),
      sql<number>`count(*) filter (where status in ('pending', 'upcoming', 'confirmed') and ends_at > ${now})`.as('upcoming'),
    ])
    .where('staff_id', '=', staffId)
    .where(NOT_BLOCKED)
    .executeTakeFirstOrThrow();
  return { total: Number(r.total), upcoming: Number(r.upcoming) };
}

/**
 * All-time figures per staff member of a salon: bookings not cancelled, and the number of
 * service lines in completed bookings (each earns the member's per-service rate).
 */
export function staffTotals(db: Executor, merchantId: string) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('staff as st', 'st.id', 'b.staff_id')
    .leftJoin('booking_services as bs', 'bs.booking_id', 'b.id')
    .select([
      'b.staff_id',
      sql<number>`count(distinct b.id) filter (where b.status not in ('cancelled', 'blocked'))`.as('bookings'),
      sql<number>`count(bs.booking_id) filter (where b.status = 'completed')`.as('completed_lines'),
    ])
    .where('st.merchant_id', '=', merchantId)
    .where('st.archived_at', 'is', null)
    .groupBy('b.staff_id')
    .execute();
}

/** One member's bookings on salon-local dates `from`..`to` (inclusive), newest first, with their services. */
export function staffBookingsBetween(db: Executor, staffId: string, from: string, to: string) {
  return db
    .selectFrom('bookings as b')
    .select([
      'b.id',
      'b.starts_at',
      'b.booking_date',
      'b.booking_time',
      'b.status',
      'b.total_duration',
      sql<string>`coalesce((select string_agg(bs.service_name, ', ' order by bs.position) from booking_services bs where bs.booking_id = b.id), '')`.as(
        'service_names',
      ),
      sql<number>`(select count(*) from booking_services bs where bs.booking_id = b.id)`.as('lines'),
    ])
    .where('b.staff_id', '=', staffId)
    .where(sql<boolean>`b.status <> 'blocked'`)
    .where('b.booking_date', '>=', from)
    .where('b.booking_date', '<=', to)
    .orderBy('b.starts_at', 'desc')
    .execute();
}
