import { sql } from 'kysely';
import type { Executor } from '../../executor.js';
import { PLANNED_PER_CALL } from '../../preparing.js';

/* The home page's sections: trending services, offers, the catalogue's categories. */

export interface TrendingRow {
  key: string;
  booking_count: number;
  id: string | null;
  name: string | null;
  price: number | null;
  booked_price: number;
  duration: number | null;
  booked_duration: number;
  images: string[] | null;
}

/**
 * Service names by the number of bookings (not cancelled) made since `since` at published salons,
 * with the lowest price, usual duration and pictures of the published salons' services of that name.
 */
export async function trendingServices(db: Executor, since: Date, limit: number): Promise<TrendingRow[]> {
  const result = await sql<TrendingRow>`${PLANNED_PER_CALL}
    with booked as (
      select lower(bs.service_name) as key, count(distinct b.id) as booking_count,
        min(bs.price) as booked_price, min(bs.duration_min) as booked_duration, min(bs.service_name) as booked_name
      from bookings b
      join booking_services bs on bs.booking_id = b.id
      join merchants m on m.id = b.merchant_id and m.is_published
      where b.created_at >= ${since.toISOString()}::timestamptz and b.status <> 'cancelled'
      group by 1
      order by 2 desc, 1
      limit ${limit}
    ),
    offered as (
      select lower(s.name) as key,
        min(s.price) as price,
        mode() within group (order by s.duration_min) as duration,
        (array_agg(s.id order by s.price, s.id))[1] as id,
        (array_agg(s.name order by s.price, s.id))[1] as name,
        array_remove(array_agg(distinct coalesce(s.image, c.image)), null) as images
      from services s
      join merchants m on m.id = s.merchant_id and m.is_published
      left join categories c on c.id = s.category_id
      where s.active and lower(s.name) in (select key from booked)
      group by 1
    )
    select b.key, b.booking_count, o.id, coalesce(o.name, b.booked_name) as name, o.price, b.booked_price,
      o.duration, b.booked_duration, o.images
    from booked b left join offered o on o.key = b.key
    order by b.booking_count desc, b.key`.execute(db);
  return result.rows;
}

export interface OfferRow {
  id: string;
  code: string;
  description: string;
  discount_type: 'flat' | 'percentage';
  discount_value: number;
  min_amount: number;
  max_discount: number | null;
  service_category: string | null;
  first_booking_only: boolean;
  weekend_only: boolean;
  buy_one_get_one: boolean;
  valid_until: string | null;
  merchant_id: string | null;
  shop_name: string | null;
  city: string | null;
  address: string | null;
  image: string | null;
}

/** Coupons a customer can use today: active, started, not expired, not used up; platform ones and published salons'. */
export async function activeOffers(db: Executor, today: string, limit: number): Promise<OfferRow[]> {
  const result = await sql<OfferRow>`
    select c.id, c.code, c.description, c.discount_type, c.discount_value, c.min_amount, c.max_discount,
      c.service_category, c.first_booking_only, c.weekend_only, c.buy_one_get_one,
      c.valid_until::text as valid_until, c.merchant_id, m.shop_name, m.city, m.address,
      (select i.url from shop_images i where i.merchant_id = m.id order by i.is_cover desc, i.created_at, i.id limit 1) as image
    from coupons c
    left join merchants m on m.id = c.merchant_id
    where c.active
      and (c.valid_from is null or c.valid_from <= ${today}::date)
      and (c.valid_until is null or c.valid_until >= ${today}::date)
      and (c.usage_limit is null or c.used_count < c.usage_limit)
      and (c.merchant_id is null or m.is_published)
      and c.owner_account_id is null
    order by (c.merchant_id is null) desc, c.valid_until asc nulls last, c.created_at desc, c.id
    limit ${limit}`.execute(db);
  return result.rows;
}

export interface CategoryCountRow {
  id: string;
  name: string;
  image: string | null;
  icon: string | null;
  shop_category: string;
  salon_count: number;
  services: string[] | null;
}

/** The catalogue with, per category, how many published salons offer it and its most offered service names. */
export async function categoriesWithCounts(db: Executor, servicesPerCategory: number): Promise<CategoryCountRow[]> {
  const result = await sql<CategoryCountRow>`
    with offered as (
      select s.category_id, s.merchant_id, s.name
      from services s join merchants m on m.id = s.merchant_id and m.is_published
      where s.active and s.category_id is not null
    ),
    names as (
      select category_id, name, row_number() over (partition by category_id order by count(*) desc, name) as rn
      from offered group by category_id, name
    )
    select c.id, c.name, c.image, c.icon, c.shop_category,
      (select count(distinct o.merchant_id) from offered o where o.category_id = c.id) as salon_count,
      (select array_agg(n.name order by n.rn) from names n where n.category_id = c.id and n.rn <= ${servicesPerCategory}) as services
    from categories c
    order by c.sort_order, c.name, c.shop_category`.execute(db);
  return result.rows;
}
