import { type Kysely, sql } from 'kysely';
import { up as salonCardsBefore } from './202611261900_salon_cards.js';

/*
 * A search result card's headline price ("From ₹…", issue 43 item 4). It was the salon's lowest
 * price whatever was searched, so a search for "Facial" could show a men's haircut's discounted
 * price. salon_cards now also takes the searched categories and answers `match_price`: the lowest
 * price a customer pays (final_price, as before) among the services the search matched, null when
 * nothing narrows the search or no service matched (the card then shows the salon's lowest price).
 *
 * A service matches when every filter given holds for it: its name or its category's name
 * contains the searched text (the text matches these names in search_terms too), and it is in
 * one of the searched categories. `matched` (which services a card lists first) follows the same
 * rule, so the headline is the first listed service's price whenever a service matched.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists salon_cards(uuid[], text, integer, integer)`.execute(db);
  await sql`
    create function salon_cards(ids uuid[], match_pattern text, match_categories uuid[], image_limit integer, service_limit integer)
    returns table (
      id uuid, shop_name text, address text, city text, state text, shop_types text[],
      latitude float8, longitude float8, amenities text[], gender_served text, is_sponsored boolean,
      promotion_message text, rating_avg numeric, review_count integer, booking_count integer,
      min_price numeric, match_price numeric, images json, services json, service_count integer
    )
    language plpgsql stable as $$
    #variable_conflict use_column
    begin
      return query
      with offered as (
        select s.merchant_id, s.id, s.name, s.price,
          case when s.discount_active and s.discount_type is not null and s.discount_value > 0
            then round(greatest(0, s.price - case when s.discount_type = 'percentage'
              then s.price * least(s.discount_value, 100) / 100 else s.discount_value end), 2)
            else s.price end as final_price,
          (match_pattern is not null or match_categories is not null)
            and (match_pattern is null or lower(s.name) like lower(match_pattern)
                 or exists (select 1 from categories k where k.id = s.category_id and lower(k.name) like lower(match_pattern)))
            and (match_categories is null or s.category_id = any(match_categories)) as matched
        from services s where s.merchant_id = any(ids) and s.active
      )
      select c.id, c.shop_name, c.address, c.city, c.state, c.shop_types, c.latitude, c.longitude, c.amenities,
        c.gender_served, c.is_sponsored, c.promotion_message, c.rating_avg, c.review_count, c.booking_count, c.min_price,
        (select min(o.final_price) from offered o where o.merchant_id = c.id and o.matched),
        (select coalesce(json_agg(json_build_object('id', i.id, 'url', i.url, 'is_cover', i.is_cover)), '[]'::json)
           from (select i.id, i.url, i.is_cover from shop_images i where i.merchant_id = c.id
                 order by i.is_cover desc, i.created_at, i.id limit image_limit) i),
        (select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'price', o.price, 'final_price', o.final_price,
                  'matched', o.matched)), '[]'::json)
           from (select o.id, o.name, o.price, o.final_price, o.matched from offered o where o.merchant_id = c.id
                 order by o.matched desc, o.final_price, o.name, o.id limit service_limit) o),
        (select count(*)::int from offered o where o.merchant_id = c.id)
      from unnest(ids) with ordinality p(id, n)
      join merchants c on c.id = p.id
      order by p.n;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists salon_cards(uuid[], text, uuid[], integer, integer)`.execute(db);
  // The function as migration 202611261900_salon_cards left it.
  await salonCardsBefore(db);
}
