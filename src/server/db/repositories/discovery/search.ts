import { type RawBuilder, sql } from 'kysely';
import type { GenderServed } from '../../../../shared/constants.js';
import type { Executor } from '../../executor.js';
import { PLANNED_PER_CALL } from '../../preparing.js';
import { type AreaFilter, areaPredicate, earthPoint, metresFrom, type Point } from './geo.js';

/*
 * The search and its result cards. Only published salons appear. Filters and sorts read salon_search (a narrow,
 * trigger-kept copy of each salon, see migrations/2026112360_salon_search.ts). A search is the
 * names its text matches (findTermIds), then one statement: the sorted page, the count of all
 * matches planned on its own, and the page's cards with their images and first services.
 */

/** What holds a professional's time: active bookings and blocked time (bookings_no_overlap). */
const ACTIVE_STATUSES = sql`('pending', 'upcoming', 'confirmed', 'blocked')`;

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
  gender?: GenderServed;
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
  /** The lowest price a customer pays among the services the search's text or categories matched; null: none matched, or no such filter. */
  match_price: number | null;
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
 * first images and services, how many active services it has) come from salon_cards (migrations
 * 202611261900 and 202612020340), whose plan PostgreSQL keeps: only the search is planned per call.
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
  const cards = sql`salon_cards(array(select id from page), ${q.textPattern ?? null}::text, ${q.categoryIds ?? null}::uuid[],
    ${opts.cardImages}::int, ${opts.cardServices}::int)`;
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
/**
 * The search table's nightly upkeep (services/discovery/maintenance.ts): back in city order and
 * compacted, then its statistics refreshed; gives up after 5 s of waiting for searches in flight.
 */
export async function maintainSearchTable(db: Executor): Promise<void> {
  await sql`set local lock_timeout = '5s'`.execute(db);
  await sql`cluster salon_search`.execute(db);
  await sql`analyze salon_search`.execute(db);
}

/**
 * After the nightly rewrite (CLUSTER writes a new table whose visibility map is empty) the search's
 * count of matches cannot be answered from the index alone and reads every matching row's page until
 * the table is vacuumed; autovacuum may not come for a long time to a table nobody updates. So once
 * fewer than half its pages are marked all-visible, it is vacuumed (outside any transaction, as
 * VACUUM must be). Answers whether it was. The job runner calls it every hour (jobs/runner.ts).
 */
export async function keepSearchTableVisible(db: Executor): Promise<boolean> {
  const { rows } = await sql<{ pages: number; visible: number }>`
    select relpages as pages, relallvisible as visible from pg_class where oid = 'salon_search'::regclass`.execute(db);
  const t = rows[0];
  if (!t || t.pages === 0 || t.visible * 2 >= t.pages) return false;
  await sql`vacuum (analyze) salon_search`.execute(db);
  return true;
}
