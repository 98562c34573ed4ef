import { type RawBuilder, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../compiled.js';
import type { Executor } from '../executor.js';
import { PLANNED_PER_CALL } from '../preparing.js';

/*
 * Discovery reads. Only published salons appear. Filters and sorts read salon_search (a narrow,
 * trigger-kept copy of each salon, see migrations/2026112360_salon_search.ts). A search is the
 * names its text matches (findTermIds), then one statement: the sorted page, the count of all
 * matches planned on its own, and the page's cards with their images and first services.
 */

/** What holds a professional's time: active bookings and blocked time (bookings_no_overlap). */
const ACTIVE_STATUSES = sql`('pending', 'upcoming', 'confirmed', 'blocked')`;

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
  /** A "contains" pattern matched against salon, active service and their category names. */
  textPattern?: string;
  /** search_terms ids of the names the pattern matches (findTermIds); required with textPattern. */
  termIds?: number[];
  /**
   * termIds were kept from an earlier lookup (sorted): each row's `terms_current` says whether
   * they are still exactly the ids the pattern matches, as the statement's own snapshot sees them.
   */
  checkTermIds?: boolean;
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
  /** On one of the days, an active staff member free for the salon's shortest service within the window. */
  availability?: { days: { date: string /** 0 = Monday. */; weekdayIndex: number }[]; start: number; end: number; now: Date };
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
  /** Up to CARD_IMAGES of the salon's images, the cover first. */
  images: ImageRow[];
  /** Up to CARD_SERVICES active services: those matching the search text first, then the cheapest to pay. */
  services: CardServiceRow[];
  service_count: number;
  /** With checkTermIds: the ids searched are those the text matches now. */
  terms_current?: boolean;
}

export interface ImageRow {
  id: string;
  url: string;
  is_cover: boolean;
}

export interface CardServiceRow {
  id: string;
  name: string;
  /** The list price. */
  price: number;
  /** What the customer pays: the list price with the service's active discount applied. */
  final_price: number;
  /** The name matches the searched service text. */
  matched: boolean;
}

/*
 * Radius tests and distances use earthdistance's model (a sphere of earth() = 6,378,168 m; a
 * salon's discovery_point is ll_to_earth of its coordinates, gist-indexed as a cube). For a point
 * sent with the search, the cube coordinates, the search box and the chord length are worked out
 * here, and the statement uses only cube's C functions: earthdistance's own helpers (ll_to_earth,
 * earth_box, earth_distance, gc_to_sec, sec_to_gc, earth()) are SQL functions, and PostgreSQL ran
 * each call through its SQL-function executor while planning, and sec_to_gc again for every
 * candidate salon: about a tenth of PostgreSQL's CPU per search. Same formulas, same results.
 */

/** earthdistance's earth(): the sphere's radius in metres. */
export const EARTH_RADIUS_M = 6_378_168;

/** ll_to_earth: the point's x, y, z on the sphere. */
function earthXyz(p: Point): number[] {
  const lat = (p.lat * Math.PI) / 180;
  const lng = (p.lng * Math.PI) / 180;
  return [EARTH_RADIUS_M * Math.cos(lat) * Math.cos(lng), EARTH_RADIUS_M * Math.cos(lat) * Math.sin(lng), EARTH_RADIUS_M * Math.sin(lat)];
}

/** gc_to_sec: the straight-line (chord) length of a great-circle distance in metres. */
function chordOf(metres: number): number {
  if (metres < 0) return 0;
  if (metres / EARTH_RADIUS_M > Math.PI) return 2 * EARTH_RADIUS_M;
  return 2 * EARTH_RADIUS_M * Math.sin(metres / (2 * EARTH_RADIUS_M));
}

const cube = (...corners: number[][]) => sql`${corners.map((c) => `(${c.join(', ')})`).join(',')}::cube`;

/** The point as a cube (ll_to_earth). */
const earthPoint = (p: Point) => cube(earthXyz(p));

/** sec_to_gc: great-circle metres from a chord length. */
const metresOfChord = (chord: RawBuilder<unknown>) =>
  sql`(${2 * EARTH_RADIUS_M}::float8 * asin(least(1::float8, ${chord} / ${2 * EARTH_RADIUS_M}::float8)))`;

/** earth_distance from a point to each row's stored point, in metres. */
const metresFrom = (origin: Point, stored: RawBuilder<unknown>) => metresOfChord(sql`cube_distance(${earthPoint(origin)}, ${stored})`);

/**
 * Indexable radius test on the stored point (salon_search.discovery_point, gist-indexed): the box
 * (earth_box: the point enlarged by the chord in each axis) finds the candidates, the chord
 * (earth_distance <= radius) trims the corners.
 */
function within(center: Point, radiusM: number) {
  const c = earthXyz(center);
  const chord = chordOf(radiusM);
  const box = cube(
    c.map((v) => v - chord),
    c.map((v) => v + chord),
  );
  return sql`(${box} @> m.discovery_point and cube_distance(${cube(c)}, m.discovery_point) <= ${chord}::float8)`;
}

/** The same test for centres and radii held by the statement's rows (earthdistance in SQL). */
function withinColumns(center: RawBuilder<unknown>, radiusM: RawBuilder<unknown>) {
  return sql`(earth_box(${center}, ${radiusM}) @> m.discovery_point
    and earth_distance(${center}, m.discovery_point) <= ${radiusM})`;
}

/**
 * Within the radius, or filed under one of the cities (and, for a locality, naming it in the
 * address). The Popular Locations counts (services/discovery/home.ts) apply the same rule.
 */
function areaPredicate(a: AreaFilter) {
  const near = within(a.center, a.radiusM);
  if (!a.cities?.length) return near;
  const cities = sql`${a.cities.map((c) => c.toLowerCase())}::text[]`;
  const named = a.addressPattern
    ? sql`(lower(m.city) = any(${cities}) and m.address ilike ${a.addressPattern})`
    : sql`lower(m.city) = any(${cities})`;
  return sql`(${named} or ${near})`;
}

function availabilityPredicate(av: NonNullable<DiscoveryQuery['availability']>) {
  const days = sql.join(av.days.map((d) => sql`(${d.date}::date, ${d.weekdayIndex + 1}::int)`));
  const localMinutes = (instant: RawBuilder<unknown>) =>
    sql`(extract(epoch from (${instant} at time zone salon.time_zone) - d.day::timestamp) / 60)`;
  const now = localMinutes(sql`${av.now.toISOString()}::timestamptz`);
  // Per day and salon: its hours that day within the time window, and its shortest active
  // service. Per active member: those hours narrowed by their own (none of their own: the
  // salon's), minus their bookings that day and the time already past; a slot exists when some
  // free stretch holds the shortest service from a start on the 15-minute grid.
  return sql`exists (
    select 1
    from (values ${days}) d(day, dayno)
    cross join lateral (
      select hours.discovery_week[d.dayno] * int4range(${av.start}::int, ${av.end}::int) as open, hours.time_zone,
        (select s.duration_min from services s where s.merchant_id = m.id and s.active order by s.duration_min limit 1) as dur
      from merchants hours where hours.id = m.id
    ) salon
    join staff st on st.merchant_id = m.id and st.status = 'Active' and st.archived_at is null
      and not (d.day = any(st.days_off))
    cross join lateral unnest(
      int4multirange(coalesce(salon.open * st.discovery_week[d.dayno], salon.open))
      - coalesce((
          select range_agg(int4range(floor(${localMinutes(sql`bk.starts_at`)})::int, ceil(${localMinutes(sql`bk.ends_at`)})::int))
          from bookings bk
          where bk.staff_id = st.id and bk.booking_date = d.day and bk.status in ${ACTIVE_STATUSES}
        ), '{}'::int4multirange)
      - int4multirange(int4range(null, floor(${now})::int + 1))
    ) free
    where salon.open is not null and not isempty(salon.open) and salon.dur is not null
      and ceil(lower(free) / 15.0)::int * 15 + salon.dur <= upper(free)
  )`;
}

/**
 * The filters of a search. `forCount`: the text test is written so the planner cannot see the
 * ids when no place narrows the search. Seen, a broad text ("facial": half the catalogue) makes a
 * sequential scan look cheaper than the GIN index, and testing each salon's name ids costs far
 * more than the planner assumes; unseen, the index is used, which counts the matches exactly
 * without testing a salon. With a place, the ids stay visible so the place's index leads.
 */
function whereClauses(q: DiscoveryQuery, opts: { forCount?: boolean } = {}): RawBuilder<unknown>[] {
  const w: RawBuilder<unknown>[] = [sql`m.is_published`];
  if (q.sponsoredOnly) w.push(sql`m.is_sponsored`);
  // Salons holding any name the pattern matched (findTermIds), through a GIN index on their name
  // ids. The ids travel as a value, so the planner weighs them with the column's statistics.
  if (q.termIds !== undefined) {
    const hideIds = opts.forCount && !q.area && q.placePattern === undefined;
    w.push(hideIds ? sql`m.term_ids && (select ${q.termIds}::int[])` : sql`m.term_ids && ${q.termIds}::int[]`);
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

/** The sort over rows aliased `t` that carry salon_search's sort columns; `distance` measures a row. */
function orderBy(q: DiscoveryQuery, t: string, distance: RawBuilder<unknown>): RawBuilder<unknown> {
  const c = (name: string) => sql.ref(`${t}.${name}`);
  switch (q.sort) {
    case 'rating':
      return sql`${c('rating_avg')} desc, ${c('review_count')} desc, ${c('id')}`;
    case 'popular':
      return sql`${c('booking_count')} desc, ${c('score')} desc, ${c('id')}`;
    case 'price_asc':
      return sql`${c('min_price')} asc nulls last, ${c('score')} desc, ${c('id')}`;
    case 'price_desc':
      return sql`${c('min_price')} desc nulls last, ${c('score')} desc, ${c('id')}`;
    case 'distance':
      if (q.origin) return sql`${distance} asc nulls last, ${c('score')} desc, ${c('id')}`;
      return sql`${c('score')} desc, ${c('id')}`;
    default:
      return sql`${c('score')} desc, ${c('id')}`;
  }
}

/**
 * One page of salon cards, with the number of all matches when `withTotal`; each card carries up
 * to `cardImages` images and `cardServices` services. Within a place, the matches are read once
 * for both the page and the count. Otherwise the page and the count are planned apart: a page in
 * an indexed order (recommended, popular, nearest) walks that index and stops after it, the count
 * reads the matches without sorting or carrying them. Only the page's salons are measured for
 * their distance unless the sort is by distance. The cards themselves (the salon's columns, its
 * first images and services, how many active services it has) come from salon_cards (migration
 * 202611261900), whose plan PostgreSQL keeps: only the search is planned per call.
 */
export async function findMerchantCards(
  db: Executor,
  q: DiscoveryQuery,
  opts: { cardImages: number; cardServices: number },
): Promise<CardRow[]> {
  const where = sql.join(whereClauses(q), sql` and `);
  const origin = q.origin;
  const byDistance = q.sort === 'distance' && origin !== undefined;
  // A plain list nearest first walks salon_search_point_idx (KNN); salons without a point are left out.
  const nearestWalk = byDistance && !q.withTotal;
  const pageDistance = byDistance ? metresFrom(origin, sql`m.discovery_point`) : sql`null::float8`;
  // Measured after the page is cut: the page's rows carry their point for it.
  const measurePage = origin !== undefined && !byDistance;
  const point = measurePage ? sql`, m.discovery_point` : sql``;
  const cardDistance = measurePage ? metresFrom(origin, sql`p.discovery_point`) : sql`p.distance_m`;
  // A place bounds the matches (a city's salons, not the catalogue): they are read once, and the
  // page (a top-N sort) and the count are both taken from that one read.
  const oneRead = q.withTotal && (q.area !== undefined || q.placePattern !== undefined);
  let ctes: RawBuilder<unknown>;
  let total: RawBuilder<unknown>;
  if (oneRead) {
    ctes = sql`matches as materialized (
        select m.id, m.rating_avg, m.review_count, m.booking_count, m.min_price, m.score, ${pageDistance} as distance_m${point}
        from salon_search m
        where ${where}
      ), page as (
        select m.* from matches m order by ${orderBy(q, 'm', sql`m.distance_m`)} limit ${q.limit} offset ${q.offset}
      )`;
    total = sql`(select count(*) from matches)`;
  } else {
    ctes = sql`page as (
        select m.id, m.rating_avg, m.review_count, m.booking_count, m.min_price, m.score, ${pageDistance} as distance_m${point}
        from salon_search m
        where ${where}${nearestWalk ? sql` and m.discovery_point is not null` : sql``}
        order by ${nearestWalk ? sql`m.discovery_point <-> ${earthPoint(origin!)}` : orderBy(q, 'm', pageDistance)}
        limit ${q.limit} offset ${q.offset}
      )`;
    total = q.withTotal
      ? sql`(select count(*) from salon_search m where ${sql.join(whereClauses(q, { forCount: true }), sql` and `)})`
      : sql`null::bigint`;
  }
  const cards = sql`salon_cards(array(select id from page), ${q.textPattern ?? null}::text, ${opts.cardImages}::int, ${opts.cardServices}::int)`;
  // Kept ids are checked against the dictionary in the same statement (search_terms only grows,
  // but a name added since matches no kept id list), instead of being looked up first.
  const termsCurrent =
    q.checkTermIds && q.textPattern !== undefined && q.termIds
      ? sql`, (select coalesce(array_agg(t.id order by t.id), '{}') from search_terms t where t.term like lower(${q.textPattern}))
          = ${q.termIds}::int[] as terms_current`
      : sql``;
  const result = await sql<CardRow>`${PLANNED_PER_CALL}
    with ${ctes}
    select c.*, p.score, ${cardDistance} as distance_m, ${total} as total${termsCurrent}
    from page p join ${cards} c on c.id = p.id
    order by ${nearestWalk ? sql`p.distance_m, p.id` : orderBy(q, 'p', sql`p.distance_m`)}`.execute(db);
  return result.rows;
}

/** Ids of the dictionary names (salon, service and category names, lower-cased) a "contains" pattern matches, ascending. */
export async function findTermIds(db: Executor, pattern: string): Promise<number[]> {
  const result = await sql<{ id: number }>`${PLANNED_PER_CALL}select t.id from search_terms t where t.term like lower(${pattern})`.execute(
    db,
  );
  return result.rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Ids of the categories named (case-insensitively) or given by id in the list. */
export async function findCategoryIds(db: Executor, namesOrIds: string[]): Promise<string[]> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const ids = namesOrIds.filter((v) => uuid.test(v));
  const names = namesOrIds.filter((v) => !uuid.test(v)).map((v) => v.toLowerCase());
  const result = await sql<{ id: string }>`
    select c.id from categories c
    where c.id = any(${ids}::uuid[]) or lower(c.name) = any(${names}::text[])`.execute(db);
  return result.rows.map((r) => r.id);
}

// ---------------------------------------------------------------- salon details

/** The latest reviews the salon page shows. */
const LATEST_DETAIL_REVIEWS = 20;

/** Published or not: the caller decides who may see an unpublished salon. */
const salonDetails = compiledOnce((db, id: string) =>
  db
    .selectFrom('merchants as m')
    .selectAll('m')
    .select((eb) => [
      jsonArrayFrom(
        eb
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
          ])
          .whereRef('s.merchant_id', '=', 'm.id')
          .where('s.active', '=', true)
          .orderBy(sql`c.sort_order nulls last`)
          .orderBy('c.name')
          .orderBy('s.price')
          .orderBy('s.name'),
      ).as('services'),
      // The team a customer sees: everyone not archived and not switched off.
      jsonArrayFrom(
        eb
          .selectFrom('staff as st')
          .select(['st.id', 'st.name', 'st.role', 'st.avatar_url', 'st.specializations', 'st.experience_years', 'st.status'])
          .whereRef('st.merchant_id', '=', 'm.id')
          .where('st.archived_at', 'is', null)
          .where('st.status', '<>', 'Inactive')
          .orderBy('st.created_at')
          .orderBy('st.id'),
      ).as('staff'),
      jsonArrayFrom(
        eb
          .selectFrom('shop_images as i')
          .select(['i.id', 'i.url', 'i.is_cover'])
          .whereRef('i.merchant_id', '=', 'm.id')
          .orderBy('i.is_cover', 'desc')
          .orderBy('i.created_at')
          .orderBy('i.id'),
      ).as('images'),
      jsonArrayFrom(
        eb
          .selectFrom('reviews as r')
          .innerJoin('accounts as a', 'a.id', 'r.user_id')
          .select([
            'r.id',
            'r.user_id',
            'r.rating',
            'r.comment',
            'r.created_at',
            'r.response_text',
            'r.response_at',
            'a.first_name',
            'a.last_name',
          ])
          .whereRef('r.merchant_id', '=', 'm.id')
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id')
          .limit(LATEST_DETAIL_REVIEWS),
      ).as('reviews'),
      jsonArrayFrom(
        eb
          .selectFrom('reviews as rd')
          .select(['rd.rating', sql<number>`count(*)::int`.as('n')])
          .whereRef('rd.merchant_id', '=', 'm.id')
          .groupBy('rd.rating'),
      ).as('ratings'),
      // The salon's pages on social networks, as its owner linked them.
      jsonArrayFrom(
        eb
          .selectFrom('social_connections as sc')
          .select(['sc.network', 'sc.url'])
          .whereRef('sc.merchant_id', '=', 'm.id')
          .orderBy('sc.network'),
      ).as('social'),
    ])
    .where('m.id', '=', id),
);

/**
 * Everything the salon page shows, in one statement: the salon's row, its active services (with
 * their categories), its team, images, latest reviews, the count of reviews per rating and its
 * social links. The lists come as JSON: numbers as numbers, times as ISO text. Undefined for an
 * unknown salon.
 */
export async function findSalonDetails(db: Executor, id: string) {
  const { rows } = await salonDetails(db, id);
  return rows[0];
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
        join merchants m on ${withinColumns(sql`ll_to_earth(l.lat, l.lng)`, sql`l.radius`)}
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

/**
 * The search table's nightly upkeep (services/discovery/maintenance.ts): back in city order and
 * compacted, then its statistics refreshed; gives up after 5 s of waiting for searches in flight.
 */
export async function maintainSearchTable(db: Executor): Promise<void> {
  await sql`set local lock_timeout = '5s'`.execute(db);
  await sql`cluster salon_search`.execute(db);
  await sql`analyze salon_search`.execute(db);
}
