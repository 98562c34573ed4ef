import { sql } from 'kysely';
import { type BookingStatus, containsPattern as contains, prefixPattern } from '../../../../shared/constants.js';
import type { Executor } from '../../executor.js';
import { pageOf } from '../paging.js';

/* Every salon's bookings, for the admin. */

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
        or m.shop_name ilike ${c} or b.id::text ilike ${prefixPattern(f.search)}
        or exists (select 1 from booking_services bs where bs.booking_id = b.id and bs.service_name ilike ${c}))`,
    );
  }
  return pageOf(
    q,
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
        sql<string[]>`array(select bs.service_name from booking_services bs where bs.booking_id = b.id order by bs.position)`.as(
          'services',
        ),
      ])
      .orderBy('b.starts_at', 'desc')
      .orderBy('b.id'),
    f,
  );
}
