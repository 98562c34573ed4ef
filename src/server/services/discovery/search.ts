import type { z } from 'zod';
import { containsPattern } from '../../../shared/constants.js';
import { WEEKDAYS } from '../../../shared/hours.js';
import {
  CITY_RADIUS_KM,
  DEFAULT_PAGE_SIZE,
  EXPERIENCE_YEARS,
  type getMerchantsInput,
  LOCALITY_RADIUS_KM,
  MERCHANTS_LIST_SIZE,
  type MerchantsAnswer,
  type nearbyInput,
  parsePriceFilter,
  type recommendedInput,
  type SearchAnswer,
  type SearchInput,
  type SponsoredAnswer,
  type sponsoredInput,
  TIME_WINDOWS,
} from '../../../shared/schemas/discovery.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import { addDays, instantToZoned, weekdayOf } from '../../../shared/slots.js';
import type { Geocoder, Place } from '../../adapters/geocoding/index.js';
import type { Executor } from '../../db/executor.js';
import {
  type AreaFilter,
  type CardRow,
  type DiscoveryQuery,
  findCategoryIds,
  findMerchantCards,
  findTermIds,
  type Point,
} from '../../db/repositories/discovery.js';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { CARD_IMAGES, CARD_SERVICES, toCardWire } from './wire.js';

type Deps = Pick<AppDeps, 'db'> & { adapters: { geocoder: Geocoder } };

/** The zone whose "today" a time window without a date refers to (the marketplace's). */
const MARKET_TIME_ZONE = 'Asia/Kolkata';
/** "Nearby You" with coordinates only lists salons this close. */
const NEARBY_RADIUS_KM = 25;

function originOf(lat: number | undefined, lng: number | undefined): Point | undefined {
  if (lat === undefined && lng === undefined) return undefined;
  if (lat === undefined) throw badRequest('lat: send lat and lng together', 'lat');
  if (lng === undefined) throw badRequest('lng: send lat and lng together', 'lng');
  return { lat, lng };
}

/**
 * The area a place stands for: its radius (a city's 15 km, a locality's 3 km) or the salons filed
 * under its city (and, for a locality, with it in their address). An explicit maxDistance is a
 * pure radius.
 */
export function areaOfPlace(place: Place, maxDistanceKm?: number): AreaFilter {
  const center = { lat: place.lat, lng: place.lon };
  if (maxDistanceKm !== undefined) return { center, radiusM: maxDistanceKm * 1000 };
  const cities = [...new Set([place.city, ...place.cityAliases])];
  return place.kind === 'city'
    ? { center, radiusM: CITY_RADIUS_KM * 1000, cities }
    : { center, radiusM: LOCALITY_RADIUS_KM * 1000, cities, addressPattern: containsPattern(place.name) };
}

/**
 * The days a salon must have a free slot on: the date sent; else the availability range in the
 * marketplace's time (this week runs to Sunday, next week Monday to Sunday); else today when only
 * a time window was sent; else none (no filter).
 */
export function availabilityDays(input: Pick<SearchInput, 'date' | 'time' | 'availability'>, now: Date): string[] {
  if (input.date) return [input.date];
  const today = instantToZoned(now, MARKET_TIME_ZONE).date;
  const span = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, i));
  const daysLeftInWeek = 7 - WEEKDAYS.indexOf(weekdayOf(today));
  switch (input.availability) {
    case 'today':
      return [today];
    case 'tomorrow':
      return [addDays(today, 1)];
    case 'week':
      return span(today, daysLeftInWeek);
    case 'next_week':
      return span(addDays(today, daysLeftInWeek), 7);
    default:
      return input.time ? [today] : [];
  }
}

/** Text patterns whose dictionary ids a process keeps, per database. */
const KEPT_PATTERNS = 500;
const keptTermIds = new WeakMap<object, Map<string, number[]>>();

/**
 * The names a text matches, looked up in the dictionary and kept: a repeated text (most searches
 * are a few common words) is searched with the kept ids and the search statement checks them
 * (DiscoveryQuery.checkTermIds), which saves the lookup's round trip. No match is not kept.
 */
async function lookUpTermIds(db: Executor, pattern: string): Promise<number[]> {
  const ids = await findTermIds(db, pattern);
  let kept = keptTermIds.get(db);
  if (!kept) keptTermIds.set(db, (kept = new Map()));
  kept.delete(pattern);
  if (ids.length) {
    kept.set(pattern, ids);
    if (kept.size > KEPT_PATTERNS) kept.delete(kept.keys().next().value!);
  }
  return ids;
}

/** Turns the wire filters into one repository query; categories and places are looked up first. */
async function buildQuery(deps: Deps, input: SearchInput, now: Date): Promise<DiscoveryQuery | null> {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const page = input.page ?? 1;
  const q: DiscoveryQuery = {
    sort: input.sortBy ?? 'recommended',
    limit,
    offset: (page - 1) * limit,
    withTotal: true,
    minRating: input.ratings,
    gender: input.gender === 'any' ? undefined : input.gender,
    experience: input.experience && input.experience !== 'all' ? EXPERIENCE_YEARS[input.experience] : undefined,
    amenities: input.amenities,
  };

  const service = input.service?.trim();
  if (service) {
    q.textPattern = containsPattern(service);
    const kept = keptTermIds.get(deps.db)?.get(q.textPattern);
    if (kept) {
      q.termIds = kept;
      q.checkTermIds = true;
    } else {
      q.termIds = await lookUpTermIds(deps.db, q.textPattern);
      // No salon, service or category name holds the text.
      if (!q.termIds.length) return null;
    }
  }
  if (input.categories?.length) {
    const ids = await findCategoryIds(deps.db, input.categories);
    // Naming only unknown categories matches nothing, not everything.
    if (!ids.length) return null;
    q.categoryIds = ids;
  }

  const userOrigin = originOf(input.lat, input.lng);
  const location = input.location?.trim();
  if (location) {
    const [place] = await deps.adapters.geocoder.search(location, 1);
    if (place) {
      q.area = areaOfPlace(place, input.maxDistance);
      q.origin = q.area.center;
    } else {
      q.placePattern = containsPattern(location.split(',')[0].trim());
      q.origin = userOrigin;
      if (userOrigin && input.maxDistance !== undefined) q.area = { center: userOrigin, radiusM: input.maxDistance * 1000 };
    }
  } else if (userOrigin) {
    q.origin = userOrigin;
    if (input.maxDistance !== undefined) q.area = { center: userOrigin, radiusM: input.maxDistance * 1000 };
  }

  if (input.prices) q.price = parsePriceFilter(input.prices) ?? undefined;

  const days = availabilityDays(input, now);
  if (days.length) {
    const window = input.time ? TIME_WINDOWS[input.time] : { start: 0, end: 24 * 60 };
    q.availability = {
      days: days.map((date) => ({ date, weekdayIndex: WEEKDAYS.indexOf(weekdayOf(date)) })),
      start: window.start,
      end: window.end,
      now,
    };
  }
  return q;
}

const CARD_SIZE = { cardImages: CARD_IMAGES, cardServices: CARD_SERVICES };

const answerOf = (rows: CardRow[]) => ({
  merchants: rows.map(toCardWire),
  total: rows.length ? Number(rows[0].total ?? rows.length) : 0,
});

/** The paging of a query's page (docs/api-clients.md "Paging"). */
const pagingOfQuery = (q: DiscoveryQuery, total: number) => pagingOf(q.offset / q.limit + 1, q.limit, total);

/** A page past the end still reports how many there are: the total is read from the first row. */
async function cardsPage(db: Executor, q: DiscoveryQuery, rows?: CardRow[]) {
  const { merchants, total } = answerOf(rows ?? (await findMerchantCards(db, q, CARD_SIZE)));
  if (merchants.length || q.offset === 0) return { merchants, total, paging: pagingOfQuery(q, total) };
  const first = await findMerchantCards(db, { ...q, offset: 0, limit: 1 }, CARD_SIZE);
  const all = first.length ? Number(first[0].total) : 0;
  return { merchants, total: all, paging: pagingOfQuery(q, all) };
}

/**
 * The search's rows. With kept term ids, rows whose statement found the ids no longer current
 * (a new name matches the text) are read again with the ids looked up afresh; an empty page
 * tells nothing, so then the ids are looked up to compare. Null: the text matches no name now.
 */
async function searchRows(db: Executor, q: DiscoveryQuery): Promise<CardRow[] | null> {
  const rows = await findMerchantCards(db, q, CARD_SIZE);
  if (!q.checkTermIds) return rows;
  q.checkTermIds = false;
  if (rows.length && rows[0].terms_current) return rows;
  const kept = q.termIds!;
  q.termIds = await lookUpTermIds(db, q.textPattern!);
  if (!q.termIds.length) return null;
  const same = q.termIds.length === kept.length && q.termIds.every((id, i) => id === kept[i]);
  return rows.length === 0 && same ? rows : findMerchantCards(db, q, CARD_SIZE);
}

/** merchants/search and users/getShopByFilter. */
export async function searchMerchants(deps: Deps, input: SearchInput, opts: { now?: Date } = {}): Promise<SearchAnswer> {
  const q = await buildQuery(deps, input, opts.now ?? new Date());
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const none = { data: { merchants: [], total: 0, paging: pagingOf(input.page ?? 1, limit, 0) } };
  if (!q) return none;
  const rows = await searchRows(deps.db, q);
  if (!rows) return none;
  return { data: await cardsPage(deps.db, q, rows) };
}

/** A home-page list's query: one page of `limit` (page from 1), with the total for its paging. */
const listQuery = (
  page: { page?: number; limit?: number },
  over: Partial<DiscoveryQuery>,
  defaultLimit = DEFAULT_PAGE_SIZE,
): DiscoveryQuery => {
  const limit = page.limit ?? defaultLimit;
  return { sort: 'recommended', limit, offset: ((page.page ?? 1) - 1) * limit, withTotal: true, ...over };
};

/** merchants/getMerchants: nearest first with coordinates, else by recommended score. */
export async function getMerchants(deps: Deps, input: z.output<typeof getMerchantsInput>): Promise<MerchantsAnswer> {
  const origin = originOf(input.lat, input.lng);
  const q = listQuery(input, { origin, sort: origin ? 'distance' : 'recommended' }, MERCHANTS_LIST_SIZE);
  return { data: await cardsPage(deps.db, q) };
}

/** users/getRecommended: 0.7 × rating + 0.3 × reviews / 1000, best first. */
export async function getRecommended(deps: Deps, input: z.output<typeof recommendedInput>): Promise<MerchantsAnswer> {
  const q = listQuery(input, {});
  return { data: await cardsPage(deps.db, q) };
}

/** users/getSponsoredShops: promoted salons, nearest first when the customer's position is known. */
export async function getSponsoredShops(deps: Deps, input: z.output<typeof sponsoredInput>): Promise<SponsoredAnswer> {
  const origin = originOf(input.lat, input.lng);
  const q = listQuery(input, { sponsoredOnly: true, origin, sort: origin ? 'distance' : 'recommended' });
  const { merchants, total, paging } = await cardsPage(deps.db, q);
  return { data: { sponsoredShops: merchants, total, paging } };
}

/**
 * users/getNearby: salons within 25 km of the customer, nearest first; without coordinates, the
 * salons of the chosen city (nearest its centre first). Neither: an empty list.
 */
export async function getNearby(deps: Deps, input: z.output<typeof nearbyInput>): Promise<MerchantsAnswer> {
  const origin = originOf(input.lat, input.lng);
  if (origin) {
    const q = listQuery(input, { origin, area: { center: origin, radiusM: NEARBY_RADIUS_KM * 1000 }, sort: 'distance' });
    return { data: await cardsPage(deps.db, q) };
  }
  const city = input.city?.trim();
  if (!city) return { data: { merchants: [], total: 0, paging: pagingOf(input.page ?? 1, input.limit ?? DEFAULT_PAGE_SIZE, 0) } };
  const [place] = await deps.adapters.geocoder.search(city, 1);
  const q = place
    ? listQuery(input, { area: areaOfPlace(place), origin: { lat: place.lat, lng: place.lon }, sort: 'distance' })
    : listQuery(input, { placePattern: containsPattern(city.split(',')[0].trim()) });
  return { data: await cardsPage(deps.db, q) };
}
