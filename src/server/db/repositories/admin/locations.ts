import { sql } from 'kysely';
import { containsPattern as contains, type PlaceKind } from '../../../../shared/constants.js';
import type { Executor } from '../../executor.js';

/* The featured locations the admin picks for the home page. */

export function listFeaturedLocations(db: Executor) {
  return db.selectFrom('featured_locations').selectAll().orderBy('sort_order').orderBy('created_at').orderBy('id').execute();
}
export type FeaturedLocationRow = Awaited<ReturnType<typeof listFeaturedLocations>>[number];

export function insertFeaturedLocation(
  db: Executor,
  v: {
    name: string;
    city: string;
    state: string;
    kind: PlaceKind;
    lat: number;
    lng: number;
    sortOrder: number;
    createdBy: string;
  },
) {
  return db
    .insertInto('featured_locations')
    .values({
      name: v.name,
      city: v.city,
      state: v.state,
      kind: v.kind,
      lat: v.lat,
      lng: v.lng,
      sort_order: v.sortOrder,
      created_by: v.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function nextFeaturedSortOrder(db: Executor) {
  return db
    .selectFrom('featured_locations')
    .select(sql<number>`coalesce(max(sort_order) + 1, 0)`.as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function deleteFeaturedLocation(db: Executor, id: string) {
  return db.deleteFrom('featured_locations').where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Published salons filed under a featured place: the city, and for a locality an address naming
 * it. Used only for featured places the popular-locations ranking did not already count.
 */
export async function countPublishedIn(db: Executor, places: { kind: PlaceKind; name: string; city: string }[]) {
  if (places.length === 0) return [];
  return Promise.all(
    places.map(async (p) => {
      let q = db
        .selectFrom('merchants')
        .select(sql<number>`count(*)`.as('n'))
        .where('is_published', '=', true)
        .where(sql<boolean>`lower(trim(city)) = lower(${p.city})`);
      if (p.kind === 'locality') q = q.where('address', 'ilike', contains(p.name));
      return Number((await q.executeTakeFirstOrThrow()).n);
    }),
  );
}
