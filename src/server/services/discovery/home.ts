import { round2 } from '../../../shared/money.js';
import { offerDescription, offerHeadline, offerTitle } from '../../../shared/offers.js';
import {
  type CategoryListAnswer,
  CITY_RADIUS_KM,
  LOCALITY_RADIUS_KM,
  type LocationWire,
  type SpecialOffersAnswer,
  type TrendingServicesAnswer,
} from '../../../shared/schemas/discovery.js';
import { instantToZoned } from '../../../shared/slots.js';
import { distanceKm, gazetteerCity, gazetteerLocalities, normalizePlaceText, type Place } from '../../adapters/geocoding/index.js';
import type { Executor } from '../../db/executor.js';
import {
  activeOffers,
  categoriesWithCounts,
  EARTH_RADIUS_M,
  publishedCities,
  publishedSalonPlaces,
  publishedSalonsNear,
  trendingServices,
} from '../../db/repositories/discovery.js';
import { withFeaturedLocations } from '../admin/locations.js';
import { cached } from './cache.js';
import { areaOfPlace } from './search.js';
import { offerDate, offerTermsOf } from './wire.js';

const DAY_MS = 86_400_000;
const TRENDING_LIMIT = 10;
/** "This week" is the rolling last 7 days: the same for every salon, whatever its zone. */
const TRENDING_WINDOW_DAYS = 7;
const DEFAULT_SERVICE_DURATION = 60;
const OFFERS_LIMIT = 20;
const CATEGORY_SERVICE_NAMES = 10;
const POPULAR_LOCATIONS = 16;
/** Cities looked at for Popular Locations (their localities are counted too). */
const LOCATION_CITIES = 40;
/** Localities closer than this to one already listed are left out. */
const SAME_AREA_KM = LOCALITY_RADIUS_KM;

/** users/getTrendingServices: service names by bookings made in the last 7 days at published salons. */
export async function getTrendingServices(db: Executor, opts: { now?: Date } = {}): Promise<TrendingServicesAnswer> {
  const since = new Date((opts.now ?? new Date()).getTime() - TRENDING_WINDOW_DAYS * DAY_MS);
  const rows = await trendingServices(db, since, TRENDING_LIMIT);
  return {
    data: {
      // A name no published salon offers any more cannot be searched for; it is left out.
      services: rows
        .filter((r) => r.id !== null)
        .map((r) => ({
          _id: r.id!,
          serviceName: r.name ?? r.key,
          images: r.images ?? [],
          bookingCount: Number(r.booking_count),
          price: round2(Number(r.price ?? r.booked_price)),
          duration: r.duration ?? r.booked_duration ?? DEFAULT_SERVICE_DURATION,
        })),
    },
  };
}

/** users/getSpecialOffers: the coupons a customer can use today. */
export async function getSpecialOffers(db: Executor, opts: { now?: Date } = {}): Promise<SpecialOffersAnswer> {
  const today = instantToZoned(opts.now ?? new Date(), 'Asia/Kolkata').date;
  const rows = await activeOffers(db, today, OFFERS_LIMIT);
  return {
    data: {
      offers: rows.map((c) => {
        const terms = offerTermsOf(c);
        return {
          _id: c.id,
          code: c.code,
          title: offerTitle(terms, { salon: c.merchant_id ? c.shop_name : null }),
          description: c.description || offerDescription(terms),
          discount: offerHeadline(terms),
          discountType: terms.discountType,
          discountValue: terms.discountValue,
          minAmount: terms.minAmount,
          maxDiscount: terms.maxDiscount,
          offerText: c.valid_until ? `Use code ${c.code} · valid till ${offerDate(c.valid_until)}` : `Use code ${c.code}`,
          image: c.image,
          name: c.shop_name ?? 'All salons',
          location: c.merchant_id ? ([c.city, c.address].find((s) => s && s.trim()) ?? '') : 'All cities',
          merchantId: c.merchant_id,
          expiryDate: c.valid_until,
          buyOneGetOne: c.buy_one_get_one,
          weekendOnly: c.weekend_only,
          firstBookingOnly: c.first_booking_only,
          serviceCategory: c.service_category?.trim() || null,
        };
      }),
    },
  };
}

/**
 * GET /categories and /categories/getAllCategories: the catalogue with real salon counts. Cached
 * briefly: the counts read every active service.
 */
export function listCategories(db: Executor): Promise<CategoryListAnswer> {
  return cached(db, 'categories', () => computeCategories(db));
}

async function computeCategories(db: Executor): Promise<CategoryListAnswer> {
  const rows = await categoriesWithCounts(db, CATEGORY_SERVICE_NAMES);
  return rows.map((c) => ({
    _id: c.id,
    name: c.name,
    image: c.image,
    icon: c.icon,
    count: Number(c.salon_count),
    shopCategory: [c.shop_category],
    services: c.services ?? [],
  }));
}

const slug = (s: string) => normalizePlaceText(s).replace(/ /g, '-');

/** earthdistance's sphere, so a count here agrees with the distances of search. */
function metresBetween(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const r = Math.PI / 180;
  const x = Math.sin(((bLat - aLat) * r) / 2) ** 2 + Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLng - aLng) * r) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(x)));
}

interface Candidate {
  wire: Omit<LocationWire, 'count'>;
  area: { lat: number; lng: number; radiusM: number; cities: string[]; addressText: string | null };
}

/**
 * GET /locations: the cities with published salons and their gazetteer localities, each with the
 * number of salons a search for it lists (the same area test: the radius, or filed under the
 * city and, for a locality, naming it in the address); the 16 with most salons. Cached briefly:
 * it reads every published salon of those cities.
 */
export function listPopularLocations(db: Executor): Promise<LocationWire[]> {
  return cached(db, 'popular-locations', async () => withFeaturedLocations(db, await computePopularLocations(db)));
}

async function computePopularLocations(db: Executor): Promise<LocationWire[]> {
  const cities = (await publishedCities(db)).slice(0, LOCATION_CITIES);
  const candidates: Candidate[] = [];
  const cityKeys = new Map<string, string>();
  const areaOf = (place: Place): Candidate['area'] => {
    const a = areaOfPlace(place);
    return {
      lat: a.center.lat,
      lng: a.center.lng,
      radiusM: a.radiusM,
      cities: (a.cities ?? []).map((c) => c.toLowerCase()),
      addressText: place.kind === 'locality' ? place.name.toLowerCase() : null,
    };
  };
  for (const c of cities) {
    const place = gazetteerCity(c.city);
    for (const n of [c.city, ...(place ? [place.city, ...place.cityAliases] : [])]) cityKeys.set(normalizePlaceText(n), c.city);
    const lat = place?.lat ?? c.lat;
    const lng = place?.lon ?? c.lng;
    candidates.push({
      wire: {
        _id: `city:${slug(c.city)}`,
        name: c.city,
        city: c.city,
        state: place?.state ?? c.state,
        kind: 'city',
        lat: lat ?? 0,
        lng: lng ?? 0,
      },
      area: place
        ? areaOf(place)
        : {
            lat: lat ?? 0,
            lng: lng ?? 0,
            radiusM: lat == null ? 0 : CITY_RADIUS_KM * 1000,
            cities: [c.city.toLowerCase()],
            addressText: null,
          },
    });
  }
  for (const l of gazetteerLocalities()) {
    const city = [l.city, ...l.cityAliases].map((n) => cityKeys.get(normalizePlaceText(n))).find(Boolean);
    if (!city) continue;
    candidates.push({
      wire: { _id: `locality:${slug(city)}:${slug(l.name)}`, name: l.name, city, state: l.state, kind: 'locality', lat: l.lat, lng: l.lon },
      area: areaOf(l),
    });
  }

  const cityNames = [...new Set(candidates.flatMap((c) => c.area.cities))];
  const [filed, nearby] = await Promise.all([
    publishedSalonPlaces(db, cityNames),
    publishedSalonsNear(
      db,
      candidates.map((c) => ({ lat: c.area.lat, lng: c.area.lng, radiusM: c.area.radiusM })),
      cityNames,
    ),
  ]);
  const salons = [...filed, ...nearby].map((s) => ({ ...s, address: s.address.toLowerCase() }));
  const byLat = salons.filter((s) => s.latitude != null && s.longitude != null).sort((a, b) => a.latitude! - b.latitude!);
  const byCity = new Map<string, typeof salons>();
  for (const s of salons) byCity.set(s.city, [...(byCity.get(s.city) ?? []), s]);

  const counted = candidates.map((c) => {
    const matched = new Set<(typeof salons)[number]>();
    let named = 0;
    for (const city of c.area.cities) {
      for (const s of byCity.get(city) ?? []) {
        if (c.area.addressText === null || s.address.includes(c.area.addressText)) {
          matched.add(s);
          if (c.area.addressText !== null) named++;
        }
      }
    }
    // A latitude band first (binary search), then the exact distance.
    const band = c.area.radiusM / 111_000 + 0.01;
    let lo = 0;
    let hi = byLat.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (byLat[mid].latitude! < c.area.lat - band) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < byLat.length && byLat[i].latitude! <= c.area.lat + band; i++) {
      const s = byLat[i];
      if (metresBetween(c.area.lat, c.area.lng, s.latitude!, s.longitude!) <= c.area.radiusM) matched.add(s);
    }
    return { wire: { ...c.wire, count: matched.size }, named };
  });

  // Cities first at equal counts; among localities, those the salons' addresses name.
  const ranked = counted
    .filter((l) => l.wire.count > 0)
    .sort(
      (a, b) =>
        b.wire.count - a.wire.count ||
        (a.wire.kind === b.wire.kind ? 0 : a.wire.kind === 'city' ? -1 : 1) ||
        b.named - a.named ||
        a.wire.name.localeCompare(b.wire.name),
    )
    .map((l) => l.wire);
  // Neighbouring localities (Bandra, Bandra West, Khar) mostly list the same salons: keep the first.
  const kept: LocationWire[] = [];
  for (const l of ranked) {
    if (kept.length === POPULAR_LOCATIONS) break;
    const dup = l.kind === 'locality' && kept.some((k) => k.kind === 'locality' && distanceKm(k.lat, k.lng, l.lat, l.lng) < SAME_AREA_KM);
    if (!dup) kept.push(l);
  }
  return kept;
}
