import { sql, type RawBuilder } from 'kysely';
import type { Executor } from './accounts.js';

/*
 * Discovery reads. Only published salons appear. A search is one query for the page (the filters
 * run once; the count and the sorted page both read that) plus one each for the page's images and
 * services, whatever the page size.
 */

const ACTIVE_STATUSES = sql`('pending', 'upcoming', 'confirmed')`;

/** The recommended score (src/shared/ranking.ts); the same expression as merchants_recommended_idx. */
const SCORE = sql`(0.7::float8 * m.rating_avg::float8 + 0.3::float8 * m.review_count::float8 / 1000)`;

/** Escapes LIKE wildcards in user text and wraps it as a "contains" pattern. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface Point {
  lat: number;
  lng: number;
}

/**
 * Where a salon must be: within `radiusM` of `center`, or (when `cities` is given) filed under one
 * of those city names and, for a locality, with an address naming it.
 */
export interface AreaFilter {
  center: Point;
  radiusM: number;
  cities?: string[];
  addressPattern?: string | null;
}

export interface DiscoveryQuery {
  /** A "contains" pattern matched against service, category and salon names. */
  textPattern?: string;
  /** Categories whose name matched the text: their services count as matches too. */
  textCategoryIds?: string[];
  /** Salons offering an active service in any of these categories. */
  categoryIds?: string[];
  area?: AreaFilter;
  /** Location text no gazetteer place matched: a "contains" pattern on city, address and state. */
  placePattern?: string;
  /** Distances are measured from here (null distances without it). */
  origin?: Point;
  price?: { min: number | null; max: number | null };
  minRating?: number;
  gender?: 'male' | 'female' | 'unisex';
  /** An active, non-archived professional with this many years of experience. */
  experience?: { min: number; max: number | null };
  amenities?: string[];
  sponsoredOnly?: boolean;
  /** At least one active staff member with a free slot of the salon's shortest service in the window. */
  availability?: { date: string; /** 0 = Monday. */ weekdayIndex: number; start: number; end: number; now: Date };
  sort: 'recommended' | 'rating' | 'popular' | 'price_asc' | 'price_desc' | 'distance';
  limit: number;
  offset: number;
  withTotal: boolean;
}

export interface CardRow {
  id: string;
  shop_name: string;
  address: string;
  city: string;
  state: string;
  shop_types: string[];
  latitude: number | null;
  longitude: number | null;
  amenities: string[];
  gender_served: string;
  is_sponsored: boolean;
  promotion_message: string | null;
  rating_avg: number;
  review_count: number;
  booking_count: number;
  min_price: number | null;
  score: number;
  distance_m: number | null;
  total: number | null;
}

const earth = (p: Point) => sql`ll_to_earth(${p.lat}::float8, ${p.lng}::float8)`;

/**
 * Indexable radius test on the stored point (merchants.discovery_point, gist-indexed): earth_box
 * finds the candidates, earth_distance trims the corners.
 */
function within(center: RawBuilder<unknown>, radiusM: RawBuilder<unknown>) {
  return sql`(earth_box(${center}, ${radiusM}) @> m.discovery_point
    and earth_distance(${center}, m.discovery_point) <= ${radiusM})`;
}

/**
 * Within the radius, or filed under one of the cities (and, for a locality, naming it in the
 * address). The Popular Locations counts (services/discovery/home.ts) apply the same rule.
 */
function areaPredicate(a: AreaFilter) {
  const near = within(earth(a.center), sql`${a.radiusM}::float8`);
  if (!a.cities?.length) return near;
  const cities = sql`${a.cities.map((c) => c.toLowerCase())}::text[]`;
  const named = a.addressPattern
    ? sql`(lower(m.city) = any(${cities}) and m.address ilike ${a.addressPattern})`
    : sql`lower(m.city) = any(${cities})`;
  return sql`(${near} or ${named})`;
}

function availabilityPredicate(av: NonNullable<DiscoveryQuery['availability']>) {
  const date = sql`${av.date}::date`;
  const day = sql`${av.date}::timestamp`;
  const localMinutes = (instant: RawBuilder<unknown>) => sql`(extract(epoch from (${instant} at time zone m.time_zone) - ${day}) / 60)`;
  const now = localMinutes(sql`${av.now.toISOString()}::timestamptz`);
  const dayNo = sql`${av.weekdayIndex + 1}::int`;
  // Per salon: its hours that day within the time window, and its shortest active service.
  // Per active member: those hours narrowed by their own (none of their own: the salon's), minus
  // their bookings that day and the time already past; a slot exists when some free stretch holds
  // the shortest service from a start on the 15-minute grid.
  return sql`exists (
    select 1
    from (
      select m.discovery_week[${dayNo}] * int4range(${av.start}::int, ${av.end}::int) as open,
        (select s.duration_min from services s where s.merchant_id = m.id and s.active order by s.duration_min limit 1) as dur
    ) salon
    join staff st on st.merchant_id = m.id and st.status = 'Active' and st.archived_at is null
      and not (${date} = any(st.days_off))
    cross join lateral unnest(
      int4multirange(coalesce(salon.open * st.discovery_week[${dayNo}], salon.open))
      - coalesce((
          select range_agg(int4range(floor(${localMinutes(sql`bk.starts_at`)})::int, ceil(${localMinutes(sql`bk.ends_at`)})::int))
          from bookings bk
          where bk.staff_id = st.id and bk.booking_date = ${date} and bk.status in ${ACTIVE_STATUSES}
        ), '{}'::int4multirange)
      - int4multirange(int4range(null, floor(${now})::int + 1))
    ) free
    where salon.open is not null and not isempty(salon.open) and salon.dur is not null
      and ceil(lower(free) / 15.0)::int * 15 + salon.dur <= upper(free)
  )`;
}

function whereClauses(q: DiscoveryQuery): RawBuilder<unknown>[] {
  const w: RawBuilder<unknown>[] = [sql`m.is_published`];
  if (q.sponsoredOnly) w.push(sql`m.is_sponsored`);
  if (q.textPattern !== undefined) {
    const catIds = q.textCategoryIds ?? [];
    // Each match is an id set an index finds (trigram on names, btree on categories), hashed once:
    // no ILIKE runs per salon row.
    const inCategory = catIds.length
      ? sql` union all select s.merchant_id from services s where s.active and s.category_id = any(${catIds}::uuid[])`
      : sql``;
    w.push(sql`(m.id in (select x.id from merchants x where x.shop_name ilike ${q.textPattern})
      or m.id in (select s.merchant_id from services s where s.active and s.name ilike ${q.textPattern}${inCategory}))`);
  }
  if (q.categoryIds) {
    w.push(sql`m.id in (select s.merchant_id from services s where s.active and s.category_id = any(${q.categoryIds}::uuid[]))`);
  }
  if (q.area) w.push(areaPredicate(q.area));
  if (q.placePattern !== undefined) {
    w.push(sql`(m.city ilike ${q.placePattern} or m.address ilike ${q.placePattern} or m.state ilike ${q.placePattern})`);
  }
  if (q.price) {
    if (q.price.min !== null) w.push(sql`m.min_price >= ${q.price.min}`);
    if (q.price.max !== null) w.push(sql`m.min_price < ${q.price.max}`);
  }
  if (q.minRating !== undefined && q.minRating > 0) w.push(sql`m.rating_avg >= ${q.minRating}`);
  if (q.gender === 'unisex') w.push(sql`m.gender_served = 'unisex'`);
  else if (q.gender) w.push(sql`m.gender_served in (${q.gender}, 'unisex')`);
  if (q.amenities?.length) w.push(sql`m.amenities @> ${q.amenities}::text[]`);
  if (q.experience) {
    const { min, max } = q.experience;
    w.push(sql`exists (select 1 from staff x where x.merchant_id = m.id and x.status = 'Active' and x.archived_at is null
      and x.experience_years >= ${min} ${max === null ? sql`` : sql`and x.experience_years <= ${max}`})`);
  }
  if (q.availability) w.push(availabilityPredicate(q.availability));
  return w;
}

/** The sort; `score` is the recommended score's SQL (a column once computed, else the expression). */
function orderBy(q: DiscoveryQuery, score: RawBuilder<unknown> = SCORE): RawBuilder<unknown> {
  switch (q.sort) {
    case 'rating':
      return sql`m.rating_avg desc, m.review_count desc, m.id`;
    case 'popular':
      return sql`m.booking_count desc, ${score} desc, m.id`;
    case 'price_asc':
      return sql`m.min_price asc nulls last, ${score} desc, m.id`;
    case 'price_desc':
      return sql`m.min_price desc nulls last, ${score} desc, m.id`;
    case 'distance':
      if (q.origin) return sql`distance_m asc nulls last, ${score} desc, m.id`;
      return sql`${score} desc, m.id`;
    default:
      return sql`${score} desc, m.id`;
  }
}

const CARD_COLUMNS = sql`m.id, m.shop_name, m.address, m.city, m.state, m.shop_types, m.latitude, m.longitude, m.amenities,
  m.gender_served, m.is_sponsored, m.promotion_message, m.rating_avg, m.review_count, m.booking_count, m.min_price`;

/** One page of salon cards, with the number of all matches when `withTotal`. */
export async function findMerchantCards(db: Executor, q: DiscoveryQuery): Promise<CardRow[]> {
  const distance = q.origin ? sql`earth_distance(${earth(q.origin)}, m.discovery_point)` : sql`null::float8`;
  const where = sql.join(whereClauses(q), sql` and `);
  if (!q.withTotal) {
    // A plain list: nearest first walks merchants_discovery_point_idx (KNN) instead of measuring every salon.
    const nearest = q.sort === 'distance' && q.origin;
    const result = await sql<CardRow>`
      select ${CARD_COLUMNS}, ${SCORE} as score, ${distance} as distance_m, null::bigint as total
      from merchants m
      where ${where}${nearest ? sql` and m.discovery_point is not null` : sql``}
      order by ${nearest ? sql`m.discovery_point <-> ${earth(q.origin!)}` : orderBy(q)}
      limit ${q.limit} offset ${q.offset}`.execute(db);
    return result.rows;
  }
  // The filters run once over narrow rows; the count and the page both read that.
  const result = await sql<CardRow>`
    with hits as materialized (
      select m.id, m.rating_avg, m.review_count, m.booking_count, m.min_price, ${SCORE} as score, ${distance} as distance_m
      from merchants m
      where ${where}
    ),
    page as (
      select * from hits m order by ${orderBy(q, sql`m.score`)} limit ${q.limit} offset ${q.offset}
    )
    select ${CARD_COLUMNS}, p.score, p.distance_m, (select count(*) from hits) as total
    from page p join merchants m on m.id = p.id
    order by ${orderBy(q, sql`p.score`)}`.execute(db);
  return result.rows;
}

export interface ImageRow {
  merchant_id: string;
  id: string;
  url: string;
  is_cover: boolean;
}

/** Up to `perMerchant` images of each salon, the cover first. */
export async function listCardImages(db: Executor, merchantIds: string[], perMerchant: number): Promise<ImageRow[]> {
  if (!merchantIds.length) return [];
  const result = await sql<ImageRow>`
    select merchant_id, id, url, is_cover from (
      select i.merchant_id, i.id, i.url, i.is_cover,
        row_number() over (partition by i.merchant_id order by i.is_cover desc, i.created_at, i.id) as rn
      from shop_images i where i.merchant_id = any(${merchantIds}::uuid[])
    ) x where rn <= ${perMerchant}
    order by merchant_id, rn`.execute(db);
  return result.rows;
}

export interface CardServiceRow {
  merchant_id: string;
  id: string;
  name: string;
  price: number;
  service_count: number;
}

/** The first `perMerchant` active services of each salon (those matching the search first, then cheapest). */
export async function listCardServices(
  db: Executor,
  merchantIds: string[],
  perMerchant: number,
  matchPattern?: string,
): Promise<CardServiceRow[]> {
  if (!merchantIds.length) return [];
  const matchFirst = matchPattern ? sql`(case when s.name ilike ${matchPattern} then 0 else 1 end),` : sql``;
  const result = await sql<CardServiceRow>`
    select merchant_id, id, name, price, service_count from (
      select s.merchant_id, s.id, s.name, s.price,
        count(*) over (partition by s.merchant_id) as service_count,
        row_number() over (partition by s.merchant_id order by ${matchFirst} s.price, s.name, s.id) as rn
      from services s where s.merchant_id = any(${merchantIds}::uuid[]) and s.active
    ) x where rn <= ${perMerchant}
    order by merchant_id, rn`.execute(db);
  return result.rows;
}

/** Ids of categories whose name contains the pattern, and of those named (or with the ids) listed. */
export async function findCategoryIds(db: Executor, opts: { pattern?: string; namesOrIds?: string[] }) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const ids = (opts.namesOrIds ?? []).filter((v) => uuid.test(v));
  const names = (opts.namesOrIds ?? []).filter((v) => !uuid.test(v)).map((v) => v.toLowerCase());
  const result = await sql<{ id: string; by_pattern: boolean; by_list: boolean }>`
    select c.id,
      ${opts.pattern ?? null}::text is not null and c.name ilike ${opts.pattern ?? null} as by_pattern,
      (c.id = any(${ids}::uuid[]) or lower(c.name) = any(${names}::text[])) as by_list
    from categories c
    where (${opts.pattern ?? null}::text is not null and c.name ilike ${opts.pattern ?? null})
       or c.id = any(${ids}::uuid[]) or lower(c.name) = any(${names}::text[])`.execute(db);
  return {
    byPattern: result.rows.filter((r) => r.by_pattern).map((r) => r.id),
    byList: result.rows.filter((r) => r.by_list).map((r) => r.id),
  };
}

// ---------------------------------------------------------------- salon details

export function findMerchantForDetails(db: Executor, id: string) {
  return db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listDetailServices(db: Executor, merchantId: string) {
  return db
    .selectFrom('services as s')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      's.id',
      's.name',
      's.description',
      's.duration_min',
      's.price',
      's.discount_type',
      's.discount_value',
      's.discount_active',
      's.image',
      's.category_id',
      'c.name as category_name',
      'c.icon as category_icon',
      'c.sort_order as category_sort',
    ])
    .where('s.merchant_id', '=', merchantId)
    .where('s.active', '=', true)
    .orderBy(sql`c.sort_order nulls last`)
    .orderBy('c.name')
    .orderBy('s.price')
    .orderBy('s.name')
    .execute();
}

/** The team a customer sees: everyone not archived and not switched off. */
export function listDetailStaff(db: Executor, merchantId: string) {
  return db
    .selectFrom('staff')
    .select(['id', 'name', 'role', 'avatar_url', 'specializations', 'experience_years', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('archived_at', 'is', null)
    .where('status', '<>', 'Inactive')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function listDetailImages(db: Executor, merchantId: string) {
  return db
    .selectFrom('shop_images')
    .select(['id', 'url', 'is_cover'])
    .where('merchant_id', '=', merchantId)
    .orderBy('is_cover', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function listDetailReviews(db: Executor, merchantId: string, limit: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('accounts as a', 'a.id', 'r.user_id')
    .select(['r.id', 'r.rating', 'r.comment', 'r.created_at', 'r.response_text', 'r.response_at', 'a.first_name', 'a.last_name'])
    .where('r.merchant_id', '=', merchantId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

export async function ratingDistribution(db: Executor, merchantId: string): Promise<Record<1 | 2 | 3 | 4 | 5, number>> {
  const rows = await db
    .selectFrom('reviews')
    .select(['rating', sql<number>`count(*)`.as('n')])
    .where('merchant_id', '=', merchantId)
    .groupBy('rating')
    .execute();
  const out = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of rows) if (r.rating >= 1 && r.rating <= 5) out[r.rating as 1 | 2 | 3 | 4 | 5] = Number(r.n);
  return out;
}

// ---------------------------------------------------------------- home-page sections

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
  const result = await sql<TrendingRow>`
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

export interface CityCountRow {
  city: string;
  state: string;
  salon_count: number;
  lat: number | null;
  lng: number | null;
}

/** Cities that have published salons, most salons first. */
export async function publishedCities(db: Executor): Promise<CityCountRow[]> {
  const result = await sql<CityCountRow>`
    select min(m.city) as city, min(m.state) as state, count(*) as salon_count,
      avg(m.latitude) as lat, avg(m.longitude) as lng
    from merchants m
    where m.is_published and m.city <> ''
    group by lower(m.city)
    order by count(*) desc, min(m.city)`.execute(db);
  return result.rows;
}

export interface SalonPlaceRow {
  city: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

/** Where the published salons of these cities (lower case) are, for the Popular Locations counts. */
export async function publishedSalonPlaces(db: Executor, cities: string[]): Promise<SalonPlaceRow[]> {
  if (!cities.length) return [];
  const result = await sql<SalonPlaceRow>`
    select lower(m.city) as city, m.address, m.latitude, m.longitude
    from merchants m
    where m.is_published and lower(m.city) = any(${cities}::text[])`.execute(db);
  return result.rows;
}

/**
 * Salons within a radius of any of these points, for the Popular Locations counts: those a
 * locality's radius reaches although they are filed under another city.
 */
export async function publishedSalonsNear(db: Executor, points: (Point & { radiusM: number })[], exceptCities: string[]) {
  if (!points.length) return [];
  const result = await sql<SalonPlaceRow>`
    select lower(m.city) as city, m.address, m.latitude, m.longitude
    from merchants m
    where m.is_published and not (lower(m.city) = any(${exceptCities}::text[]))
      and m.id in (
        select m.id from unnest(${points.map((p) => p.lat)}::float8[], ${points.map((p) => p.lng)}::float8[],
          ${points.map((p) => p.radiusM)}::float8[]) as l(lat, lng, radius)
        join merchants m on ${within(sql`ll_to_earth(l.lat, l.lng)`, sql`l.radius`)}
      )`.execute(db);
  return result.rows;
}

// ---------------------------------------------------------------- testimonials and newsletter

export function listTestimonials(db: Executor) {
  return db.selectFrom('testimonials').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

export function findTestimonial(db: Executor, id: string) {
  return db.selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertTestimonial(
  db: Executor,
  values: { title: string; content: string; name: string; avatar: string | null; rating: number },
) {
  return db.insertInto('testimonials').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateTestimonial(
  db: Executor,
  id: string,
  values: Partial<{ title: string; content: string; name: string; avatar: string | null; rating: number }>,
) {
  return db.updateTable('testimonials').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteTestimonial(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('testimonials').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** True when the address is new; a repeat subscription changes nothing. */
export async function insertNewsletterSubscriber(db: Executor, email: string): Promise<boolean> {
  const r = await db
    .insertInto('newsletter_subscribers')
    .values({ email })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}
