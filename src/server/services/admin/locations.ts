import type { z } from 'zod';
import type { addFeaturedLocationInput, removeFeaturedLocationInput } from '../../../shared/schemas/admin.js';
import type { LocationWire } from '../../../shared/schemas/discovery.js';
import { normalizePlaceText } from '../../adapters/geocoding/index.js';
import type { Executor } from '../../db/executor.js';
import * as repo from '../../db/repositories/admin/locations.js';
import { recordAudit } from '../../db/repositories/audit.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import { clearDiscoveryCache } from '../discovery/cache.js';
import { toFeaturedLocationWire } from './wire.js';

export async function listFeatured(deps: AppDeps) {
  return { locations: (await repo.listFeaturedLocations(deps.db)).map(toFeaturedLocationWire) };
}

/**
 * Without coordinates the place is looked up by name (the configured geocoder). A locality the
 * geocoder does not know is accepted within a known city, at the city's centre: the form says the
 * locality is optional and free text, and any area of a known city is one customers search by.
 */
export async function addFeatured(deps: AppDeps, actor: Actor, input: z.output<typeof addFeaturedLocationInput>) {
  let { lat, lng, state } = input;
  if (lat === undefined || lng === undefined) {
    const [exact] = input.kind === 'city' ? [] : await deps.adapters.geocoder.search(`${input.name}, ${input.city}`, 1);
    const [place] = exact ? [exact] : await deps.adapters.geocoder.search(input.city, 1);
    if (!place) throw badRequest('city: this city was not found; check its spelling or give the coordinates (lat, lng)', 'city');
    lat = place.lat;
    lng = place.lon;
    state ??= place.state;
  }
  const row = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertFeaturedLocation(trx, {
      name: input.kind === 'city' ? input.city : input.name,
      city: input.city,
      state: state ?? '',
      kind: input.kind,
      lat,
      lng,
      sortOrder: input.sortOrder ?? (await repo.nextFeaturedSortOrder(trx)),
      createdBy: actor.id,
    });
    await recordAudit(trx, actor.id, 'settings.location.add', 'featured_location', row.id, {
      name: row.name,
      city: row.city,
      kind: row.kind,
    });
    return row;
  });
  clearDiscoveryCache(deps.db);
  return { location: toFeaturedLocationWire(row) };
}

export async function removeFeatured(deps: AppDeps, actor: Actor, input: z.output<typeof removeFeaturedLocationInput>) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.deleteFeaturedLocation(trx, input.id);
    if (!row) throw notFound('Featured location');
    await recordAudit(trx, actor.id, 'settings.location.remove', 'featured_location', row.id, { name: row.name, city: row.city });
  });
  clearDiscoveryCache(deps.db);
  return { message: 'Location removed from the featured list' };
}

const placeKey = (l: { kind: string; name: string; city: string }) =>
  `${l.kind}|${l.name.trim().toLowerCase()}|${l.city.trim().toLowerCase()}`;
/** The same ids the ranked list gives its places (services/discovery/home.ts). */
const slug = (s: string) => normalizePlaceText(s).replace(/ /g, '-');

/**
 * The public Popular Locations list with the admin's featured places first, in the admin's
 * order; the ranked list follows, without repeats, and keeps its length. A featured place the
 * ranking did not count gets the number of published salons filed under it.
 */
export async function withFeaturedLocations(db: Executor, ranked: LocationWire[]): Promise<LocationWire[]> {
  const featured = await repo.listFeaturedLocations(db);
  if (featured.length === 0) return ranked;
  const byKey = new Map(ranked.map((l) => [placeKey(l), l]));
  const uncounted = featured.filter((f) => !byKey.has(placeKey(f)));
  const counts = await repo.countPublishedIn(db, uncounted);
  const countOf = new Map(uncounted.map((f, i) => [f.id, counts[i]]));
  const first: LocationWire[] = featured.map(
    (f) =>
      byKey.get(placeKey(f)) ?? {
        _id: f.kind === 'city' ? `city:${slug(f.city)}` : `locality:${slug(f.city)}:${slug(f.name)}`,
        name: f.name,
        city: f.city,
        state: f.state,
        kind: f.kind,
        count: countOf.get(f.id) ?? 0,
        lat: f.lat,
        lng: f.lng,
      },
  );
  const taken = new Set(first.map(placeKey));
  const rest = ranked.filter((l) => !taken.has(placeKey(l)));
  return [...first, ...rest].slice(0, Math.max(ranked.length, first.length));
}
