import { sql } from 'kysely';
import { ACTIVE_BOOKING_STATUSES, containsPattern as contains } from '../../../../shared/constants.js';
import type { Executor } from '../../executor.js';
import { pageOf } from '../paging.js';

/* Salons as the admin reviews and manages them. */

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
  let rowsQ = q.selectAll('m').select([
    'a.email as account_email',
    'a.is_blocked as owner_blocked',
    sql<number>`(select count(*) from merchant_categories mc where mc.merchant_id = m.id)`.as('category_count'),
    sql<number>`(select count(*) from services s where s.merchant_id = m.id and s.active)`.as('service_count'),
    sql<number>`(select count(*) from staff st where st.merchant_id = m.id and st.status = 'Active' and st.archived_at is null)`.as(
      'staff_count',
    ),
    sql<boolean>`exists (select 1 from shop_images si where si.merchant_id = m.id and si.is_cover)`.as('has_cover'),
    // Every booking of the salon, as the merchant dashboard's Total Bookings (merchantBookingStats)
    // and the dashboard's top cities count them; merchants.booking_count counts completed ones
    // only (search ranks by it), which under the same "Bookings" label read as a different figure.
    sql<number>`(select count(*) from bookings b where b.merchant_id = m.id and b.status <> 'blocked')`.as('total_bookings'),
    // The bookings the salon still has to serve: what unpublishing it leaves standing.
    sql<number>`(select count(*) from bookings b
        where b.merchant_id = m.id and b.status = any(${[...ACTIVE_BOOKING_STATUSES]}::text[]) and b.starts_at > now())`.as(
      'upcoming_bookings',
    ),
  ]);
  // The review queue is first come, first served; other lists show the newest salons first.
  rowsQ =
    f.publishStatus === 'pending'
      ? rowsQ.orderBy('m.publish_requested_at', 'asc').orderBy('m.id')
      : rowsQ.orderBy('m.created_at', 'desc').orderBy('m.id');
  return pageOf(q, rowsQ, f);
}
export type AdminSalonRow = Awaited<ReturnType<typeof listSalons>>['rows'][number];

/**
 * The bookings a salon still has to serve (pending, upcoming or confirmed, starting after `now`):
 * what unpublishing it leaves standing.
 */
export async function upcomingBookingCount(db: Executor, merchantId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', [...ACTIVE_BOOKING_STATUSES])
    .where('starts_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
