import { sql } from 'kysely';
import type { Executor } from './accounts.js';

/**
 * Recomputes the denormalised figures discovery sorts and filters on (rating, review count,
 * completed-booking count, lowest active service price) from the rows they summarise. Call it
 * in the same transaction as any change to reviews, services or a booking's completion; pass no
 * id to refresh every salon (seeding, repairs). A new booking changes none of them, so placing
 * one never takes the salon's row lock: bookings at one salon do not queue behind each other.
 */
export async function refreshMerchantStats(db: Executor, merchantId?: string): Promise<void> {
  await sql`
    update merchants m set
      rating_avg = coalesce((select round(avg(r.rating)::numeric, 2) from reviews r where r.merchant_id = m.id), 0),
      review_count = (select count(*) from reviews r where r.merchant_id = m.id),
      booking_count = (select count(*) from bookings b where b.merchant_id = m.id and b.status = 'completed'),
      min_price = (select min(s.price) from services s where s.merchant_id = m.id and s.active),
      updated_at = now()
    where ${merchantId ? sql`m.id = ${merchantId}` : sql`true`}
  `.execute(db);
}
