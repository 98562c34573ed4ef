import { type Kysely, sql } from 'kysely';

/*
 * A search is planned for its values on every call (db/preparing.ts, PLANNED_PER_CALL), and that
 * plan used to take in the page's cards too: three correlated subqueries per salon (images, the
 * first services, their count) joined to merchants. PostgreSQL parsed and planned them again for
 * every search although they never depend on the search: about a third of PostgreSQL's CPU for a
 * bench search (0.3 to 0.4 ms of 1.1 to 1.8 ms). salon_cards reads the same cards for a list of
 * salon ids, in that order. As a PL/pgSQL function its statement is parsed and planned once per
 * connection and its plan kept (PL/pgSQL's plan cache); the search's own statement only calls it
 * with the page's ids, in the same round trip (db/repositories/discovery.ts, findMerchantCards).
 *
 * final_price is the rule of shared/policy servicePrice and migration 2026112440 (what the
 * customer pays); `matched` is whether the service's name matches the searched text (null: no
 * text, nothing matches).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function salon_cards(ids uuid[], match_pattern text, image_limit integer, service_limit integer)
    returns table (
      id uuid, shop_name text, address text, city text, state text, shop_types text[],
      latitude float8, longitude float8, amenities text[], gender_served text, is_sponsored boolean,
      promotion_message text, rating_avg numeric, review_count integer, booking_count integer,
      min_price numeric, images json, services json, service_count integer
    )
    language plpgsql stable as $$
    #variable_conflict use_column
    begin
      return query
      select c.id, c.shop_name, c.address, c.city, c.state, c.shop_types, c.latitude, c.longitude, c.amenities,
        c.gender_served, c.is_sponsored, c.promotion_message, c.rating_avg, c.review_count, c.booking_count, c.min_price,
        (select coalesce(json_agg(json_build_object('id', i.id, 'url', i.url, 'is_cover', i.is_cover)), '[]'::json)
           from (select i.id, i.url, i.is_cover from shop_images i where i.merchant_id = c.id
                 order by i.is_cover desc, i.created_at, i.id limit image_limit) i),
        (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'price', s.price, 'final_price', s.final_price,
                  'matched', s.matched)), '[]'::json)
           from (select s.id, s.name, s.price,
                   case when s.discount_active and s.discount_type is not null and s.discount_value > 0
                     then round(greatest(0, s.price - case when s.discount_type = 'percentage'
                       then s.price * least(s.discount_value, 100) / 100 else s.discount_value end), 2)
                     else s.price end as final_price,
                   coalesce(lower(s.name) like lower(match_pattern), false) as matched
                 from services s where s.merchant_id = c.id and s.active
                 order by matched desc, final_price, s.name, s.id limit service_limit) s),
        (select count(*)::int from services s where s.merchant_id = c.id and s.active)
      from unnest(ids) with ordinality p(id, n)
      join merchants c on c.id = p.id
      order by p.n;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists salon_cards(uuid[], text, integer, integer)`.execute(db);
}
