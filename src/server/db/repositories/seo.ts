import { sql } from 'kysely';
import { containsPattern } from '../../../shared/constants.js';
import type { Executor } from '../executor.js';

/*
 * What the server puts into a page's HTML for search engines and shared links (http/pages.ts) and
 * into /sitemap.xml. Only published salons and blogs are named.
 */

export function findSalonPage(db: Executor, id: string) {
  return db
    .selectFrom('merchants as m')
    .select([
      'm.id',
      'm.shop_name',
      'm.description',
      'm.address',
      'm.city',
      'm.state',
      'm.country',
      'm.postal_code',
      'm.latitude',
      'm.longitude',
      'm.phone',
      'm.shop_types',
      'm.opening_hours',
      'm.rating_avg',
      'm.review_count',
      'm.min_price',
      'm.is_published',
      (eb) =>
        eb
          .selectFrom('shop_images as i')
          .select('i.url')
          .whereRef('i.merchant_id', '=', 'm.id')
          .orderBy('i.is_cover', 'desc')
          .orderBy('i.created_at')
          .orderBy('i.id')
          .limit(1)
          .as('image'),
      (eb) =>
        eb
          .selectFrom('services as s')
          .select(sql<number | null>`max(s.price)`.as('max_price'))
          .whereRef('s.merchant_id', '=', 'm.id')
          .where('s.active', '=', true)
          .as('max_price'),
      (eb) =>
        eb
          .selectFrom('services as s')
          .select(sql<string[]>`coalesce(array_agg(s.name order by s.price, s.name), '{}')`.as('names'))
          .whereRef('s.merchant_id', '=', 'm.id')
          .where('s.active', '=', true)
          .as('service_names'),
    ])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

/**
 * Published salons of a city (any of `cities`, compared without case), offering a service or category
 * whose name contains `service` when given; the best rated first.
 */
export function listSearchPageSalons(db: Executor, cities: string[], service: string | null, limit: number) {
  let q = db
    .selectFrom('merchants as m')
    .select(['m.id', 'm.shop_name', 'm.city', 'm.rating_avg', 'm.review_count'])
    .where('m.is_published', '=', true)
    .where(sql<boolean>`lower(m.city) in (${sql.join(cities.map((c) => c.toLowerCase()))})`);
  if (service) {
    const pattern = containsPattern(service);
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('services as s')
          .leftJoin('categories as c', 'c.id', 's.category_id')
          .select(sql`1`.as('one'))
          .whereRef('s.merchant_id', '=', 'm.id')
          .where('s.active', '=', true)
          .where((eb) => eb.or([eb('s.name', 'ilike', pattern), eb('c.name', 'ilike', pattern)])),
      ),
    );
  }
  return q.orderBy('m.rating_avg', 'desc').orderBy('m.review_count', 'desc').orderBy('m.shop_name').limit(limit).execute();
}

export function countSearchPageSalons(db: Executor, cities: string[]) {
  return db
    .selectFrom('merchants as m')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('m.is_published', '=', true)
    .where(sql<boolean>`lower(m.city) in (${sql.join(cities.map((c) => c.toLowerCase()))})`)
    .executeTakeFirstOrThrow();
}

export function listSitemapSalons(db: Executor) {
  return db
    .selectFrom('merchants')
    .select(['id', 'updated_at'])
    .where('is_published', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Each city with a published salon, and each category offered there (the city and city/service search pages). */
export async function listSitemapSearches(db: Executor) {
  const rows = await db
    .selectFrom('merchants as m')
    .leftJoin('services as s', (j) => j.onRef('s.merchant_id', '=', 'm.id').on('s.active', '=', true))
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select(['m.city', 'c.name as category'])
    .where('m.is_published', '=', true)
    .where('m.city', '<>', '')
    .groupBy(['m.city', 'c.name'])
    .orderBy('m.city')
    .orderBy('c.name')
    .execute();
  return rows;
}

export function listSitemapBlogs(db: Executor) {
  return db.selectFrom('blogs').select(['slug', 'updated_at']).where('status', '=', 'published').orderBy('published_at', 'desc').execute();
}

export function findPublishedBlog(db: Executor, slugOrId: string) {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(slugOrId);
  return db
    .selectFrom('blogs')
    .select(['id', 'slug', 'title', 'excerpt', 'cover_image', 'author_name', 'published_at', 'updated_at'])
    .where('status', '=', 'published')
    .where(isUuid ? 'id' : 'slug', '=', slugOrId)
    .executeTakeFirst();
}
