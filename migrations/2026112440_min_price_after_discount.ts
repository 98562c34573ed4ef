import { type Kysely, sql } from 'kysely';

/*
 * A salon's lowest price (the cards' "From ₹", the price filter and sort) is what a customer pays:
 * the cheapest active service with its active discount applied (db/repositories/merchantStats.ts
 * keeps it so from now on). A salon whose haircut was on offer at ₹279.20 showed "From ₹ 349".
 * Every salon's figure is worked out again once; the salon_search triggers copy it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update merchants m set min_price = (
      select min(case when s.discount_active and s.discount_type is not null and s.discount_value > 0
        then round(greatest(0, s.price - case when s.discount_type = 'percentage' then s.price * least(s.discount_value, 100) / 100 else s.discount_value end), 2)
        else s.price end)
      from services s where s.merchant_id = m.id and s.active)
    where m.min_price is distinct from (
      select min(case when s.discount_active and s.discount_type is not null and s.discount_value > 0
        then round(greatest(0, s.price - case when s.discount_type = 'percentage' then s.price * least(s.discount_value, 100) / 100 else s.discount_value end), 2)
        else s.price end)
      from services s where s.merchant_id = m.id and s.active)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update merchants m set min_price = (select min(s.price) from services s where s.merchant_id = m.id and s.active)`.execute(db);
}
