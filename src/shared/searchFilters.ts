// Zod-free imports only: the home route's first chunk reads the search URL too.
import { type GenderServed, SORT_OPTIONS, type SortOption } from './constants.js';

/*
 * The salon search as its URL says it: read by the client (the home search row, the filter panel, the
 * results page) and by the server, which answers a results page's first search with the page itself.
 */

export const AVAILABILITY_VALUES = ['today', 'tomorrow', 'week', 'next_week', 'custom'] as const;
export type Availability = (typeof AVAILABILITY_VALUES)[number];
/** The panel's choices: a salon for men or for women (unisex ones too), or any. */
export const GENDER_VALUES = ['any', 'male', 'female'] as const satisfies readonly ('any' | GenderServed)[];
export type GenderChoice = (typeof GENDER_VALUES)[number];
export const EXPERIENCE_VALUES = ['all', 'junior', 'senior', 'master'] as const;
export type Experience = (typeof EXPERIENCE_VALUES)[number];
const TIME_WINDOWS = ['morning', 'afternoon', 'evening'] as const;

/** Salons per results page. */
export const LIST_PAGE_SIZE = 12;

/** Everything the home search row, the filter panel and SalonList share; mirrors SalonList's query string. */
export interface SearchFilters {
  service: string;
  location: string;
  date: string;
  time: string;
  /** Catalogue category names from the panel's Services multi-select. */
  categories: string[];
  availability: Availability | '';
  gender: GenderChoice;
  experience: Experience;
  amenities: string[];
  /** A price tier '$'..'$$$$' or a rupee range '500-1500'. */
  prices: string;
  ratings: string;
  /**
   * A limit in km once the slider was moved or the URL names one; null is no limit. The slider's resting
   * position (DEFAULT_DISTANCE_KM) is not a sentinel, so 10 km can be chosen like any other distance.
   */
  maxDistance: number | null;
  sortBy: SortOption;
  /** The customer's position once the location pin was used. */
  lat: number | null;
  lng: number | null;
}

export const EMPTY_FILTERS: SearchFilters = {
  service: '',
  location: '',
  date: '',
  time: '',
  categories: [],
  availability: '',
  gender: 'any',
  experience: 'all',
  amenities: [],
  prices: '',
  ratings: '',
  maxDistance: null,
  sortBy: 'recommended',
  lat: null,
  lng: null,
};

/** The panel's filters only (the search row's fields are not counted). */
export function countActiveFilters(f: SearchFilters): number {
  return [
    f.categories.length > 0,
    f.availability !== '',
    f.gender !== 'any',
    f.experience !== 'all',
    f.amenities.length > 0,
    f.maxDistance !== null,
    f.prices !== '',
    f.ratings !== '',
  ].filter(Boolean).length;
}

/** The panel's Reset: back to defaults, keeping what was typed in the search row. */
export function resetPanelFilters(f: SearchFilters): SearchFilters {
  return {
    ...EMPTY_FILTERS,
    service: f.service,
    location: f.location,
    date: f.availability === 'custom' || f.availability === '' ? f.date : '',
    time: f.time,
    sortBy: f.sortBy,
    lat: f.lat,
    lng: f.lng,
  };
}

/** 'YYYY-MM-DD' of the browser's day, `plusDays` ahead. */
export function localIsoDate(plusDays = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + plusDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The single day an availability choice stands for; week ranges have none. */
export function dateForAvailability(availability: SearchFilters['availability'], customDate: string): string {
  if (availability === 'today') return localIsoDate(0);
  if (availability === 'tomorrow') return localIsoDate(1);
  if (availability === 'week' || availability === 'next_week') return '';
  return customDate;
}

const SORTS = new Set<string>(SORT_OPTIONS);

export function filtersToQuery(f: SearchFilters, page = 1): string {
  const p = new URLSearchParams();
  const set = (key: string, value: string | number | null | undefined) => {
    if (value === null || value === undefined) return;
    const text = String(value).trim();
    if (text) p.set(key, text);
  };
  set('service', f.service);
  set('location', f.location);
  set('date', f.date);
  set('time', f.time);
  set('prices', f.prices);
  set('ratings', f.ratings);
  set('maxDistance', f.maxDistance);
  if (f.sortBy !== 'recommended') set('sortBy', f.sortBy);
  if (f.gender !== 'any') set('gender', f.gender);
  if (f.amenities.length) set('amenities', f.amenities.join(','));
  if (f.categories.length) set('categories', f.categories.join(','));
  set('availability', f.availability);
  if (f.experience !== 'all') set('experience', f.experience);
  if (f.lat !== null && f.lng !== null) {
    set('lat', f.lat.toFixed(5));
    set('lng', f.lng.toFixed(5));
  }
  if (page > 1) set('page', page);
  return p.toString();
}

function numberOrNull(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

const list = (raw: string | null) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function pick<T extends string, F extends string>(raw: string | null, allowed: readonly T[], fallback: F): T | F {
  const v = (raw ?? '').trim().toLowerCase();
  return (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
}

export function queryToFilters(search: string): { filters: SearchFilters; page: number } {
  const p = new URLSearchParams(search);
  const sort = (p.get('sortBy') ?? '').trim();
  const distance = numberOrNull(p.get('maxDistance'));
  const lat = numberOrNull(p.get('lat'));
  const lng = numberOrNull(p.get('lng'));
  const page = Math.max(1, Math.floor(numberOrNull(p.get('page')) ?? 1));
  return {
    page,
    filters: {
      service: p.get('service') ?? '',
      location: p.get('location') ?? '',
      date: p.get('date') ?? '',
      time: pick(p.get('time'), TIME_WINDOWS, ''),
      categories: list(p.get('categories')),
      availability: pick(p.get('availability'), AVAILABILITY_VALUES, ''),
      gender: pick(p.get('gender'), GENDER_VALUES, 'any'),
      experience: pick(p.get('experience'), EXPERIENCE_VALUES, 'all'),
      amenities: list(p.get('amenities')),
      prices: p.get('prices') ?? '',
      ratings: p.get('ratings') ?? '',
      maxDistance: distance !== null && distance > 0 ? distance : null,
      sortBy: SORTS.has(sort) ? (sort as SortOption) : 'recommended',
      lat: lat !== null && lng !== null ? lat : null,
      lng: lat !== null && lng !== null ? lng : null,
    },
  };
}

/** 'lat, lng' as the location pin writes it when the address lookup failed. */
const COORDINATES_RE = /^\s*-?\d{1,3}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/;

/**
 * The merchants.search payload. Coordinates typed into the location box travel as lat/lng, not as a
 * place name. Week-long availability has no server filter yet and stays in the URL only.
 */
export function toSearchInput(f: SearchFilters, page: number, limit: number, fallbackPosition: { lat: number; lng: number } | null) {
  const isCoordinates = COORDINATES_RE.test(f.location);
  const position = f.lat !== null && f.lng !== null ? { lat: f.lat, lng: f.lng } : fallbackPosition;
  return {
    service: f.service.trim() || undefined,
    location: isCoordinates ? undefined : f.location.trim() || undefined,
    date: f.date || undefined,
    // Today and tomorrow travel as their date; a week as the range, which the server resolves in India time.
    availability: !f.date && (f.availability === 'week' || f.availability === 'next_week') ? f.availability : undefined,
    time: (f.time || undefined) as 'morning' | 'afternoon' | 'evening' | undefined,
    prices: f.prices || undefined,
    ratings: f.ratings ? Number(f.ratings) : undefined,
    maxDistance: f.maxDistance ?? undefined,
    sortBy: f.sortBy,
    lat: position?.lat,
    lng: position?.lng,
    gender: f.gender === 'any' ? undefined : f.gender,
    experience: f.experience === 'all' ? undefined : f.experience,
    amenities: f.amenities.length ? f.amenities : undefined,
    categories: f.categories.length ? f.categories : undefined,
    page,
    limit,
  };
}
