import { sql } from 'kysely';
import type { Executor } from '../../executor.js';
import { type Point, withinColumns } from './geo.js';

/* Where the published salons are: the cities and the Popular Locations counts. */

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
