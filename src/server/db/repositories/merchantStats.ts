import { sql } from 'kysely';
import type { Executor } from '../executor.js';

/**
 * Recomputes the denormalised figures discovery sorts and filters on (rating, review count,
 * completed-booking count, lowest price a customer pays for an active service, its discount
 * applied) from the rows they summarise. Call it
 * in the same transaction as any change to reviews, services or a booking's completion; pass no
 * id to refresh every salon (seeding, repairs). A new booking changes none of them, so placing
 * one never takes the salon's row lock: bookings at one salon do not queue behind each other.
 */
/**
 * A service's price with its active discount, as shared/policy.ts servicePrice works it out
 * (a percentage of at most 100, or a flat amount; never below 0; rounded half up to paise), for
 * services aliased `s`. The migration 2026112440 writes the same expression.
 */
export const FINAL_PRICE = sql`case when s.discount_active and s.discount_type is not null and s.discount_value > 0
  then round(greatest(0, s.price - case when s.discount_type = 'percentage' then s.price * least(s.discount_value, 100) / 100 else s.discount_value end), 2)
  else s.price end`;

export async function refreshMerchantStats(db: Executor, merchantId?: string): Promise<void> {
  await sql`
    update merchants m set
      rating_avg = coalesce((select round(avg(r.rating)::numeric, 2) from reviews r where r.merchant_id = m.id), 0),
      review_count = (select count(*) from reviews r where r.merchant_id = m.id),
      booking_count = (select count(*) from bookings b where b.merchant_id = m.id and b.status = 'completed'),
      min_price = (select min(${FINAL_PRICE}) from services s where s.merchant_id = m.id and s.active),
      updated_at = now()
    where ${merchantId ? sql`m.id = ${merchantId}` : sql`true`}
  `.execute(db);
}
