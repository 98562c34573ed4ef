import { type RawBuilder, sql } from 'kysely';

/* Where salons are: points, radii and places as the discovery statements test them. */

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
export function earthXyz(p: Point): number[] {
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
export const earthPoint = (p: Point) => cube(earthXyz(p));

/** sec_to_gc: great-circle metres from a chord length. */
const metresOfChord = (chord: RawBuilder<unknown>) =>
  sql`(${2 * EARTH_RADIUS_M}::float8 * asin(least(1::float8, ${chord} / ${2 * EARTH_RADIUS_M}::float8)))`;

/** earth_distance from a point to each row's stored point, in metres. */
export const metresFrom = (origin: Point, stored: RawBuilder<unknown>) =>
  metresOfChord(sql`cube_distance(${earthPoint(origin)}, ${stored})`);

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
export function withinColumns(center: RawBuilder<unknown>, radiusM: RawBuilder<unknown>) {
  return sql`(earth_box(${center}, ${radiusM}) @> m.discovery_point
    and earth_distance(${center}, m.discovery_point) <= ${radiusM})`;
}

/**
 * Within the radius, or filed under one of the cities (and, for a locality, naming it in the
 * address). The Popular Locations counts (services/discovery/home.ts) apply the same rule.
 */
export function areaPredicate(a: AreaFilter) {
  const near = within(a.center, a.radiusM);
  if (!a.cities?.length) return near;
  const cities = sql`${a.cities.map((c) => c.toLowerCase())}::text[]`;
  const named = a.addressPattern
    ? sql`(lower(m.city) = any(${cities}) and m.address ilike ${a.addressPattern})`
    : sql`lower(m.city) = any(${cities})`;
  return sql`(${named} or ${near})`;
}
