import type { Geocoder, Place } from './types.js';

/*
 * A Nominatim-compatible geocoding service (GEOCODER_URL). Look-ups it cannot answer in time, or
 * answers with an error, fall back to the offline gazetteer so search keeps working.
 */

const TIMEOUT_MS = 3000;
const LOCALITY_TYPES = new Set(['suburb', 'neighbourhood', 'quarter', 'city_district', 'borough', 'residential']);

interface NominatimResult {
  lat: string;
  lon: string;
  name?: string;
  display_name: string;
  addresstype?: string;
  address?: Record<string, string | undefined>;
}

function toPlace(r: NominatimResult): Place | null {
  const lat = Number(r.lat);
  const lon = Number(r.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  const a = r.address ?? {};
  const name = r.name || r.display_name.split(',')[0].trim();
  const kind = r.addresstype && LOCALITY_TYPES.has(r.addresstype) ? 'locality' : 'city';
  return {
    name,
    displayName: r.display_name,
    city: a.city ?? a.town ?? a.village ?? a.municipality ?? a.county ?? name,
    state: a.state ?? '',
    lat,
    lon,
    kind,
    population: 0,
    cityAliases: [],
  };
}

export function createNominatimGeocoder(baseUrl: string, fallback: Geocoder, userAgent = 'GlowBook/1.0'): Geocoder {
  const base = baseUrl.replace(/\/$/, '');
  async function get(pathAndQuery: string): Promise<unknown> {
    const res = await fetch(`${base}${pathAndQuery}`, {
      headers: { accept: 'application/json', 'user-agent': userAgent },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    return res.json();
  }
  return {
    async search(q, limit) {
      try {
        const params = new URLSearchParams({ q, format: 'jsonv2', addressdetails: '1', countrycodes: 'in', limit: String(limit) });
        const rows = (await get(`/search?${params}`)) as NominatimResult[];
        return Array.isArray(rows) ? rows.map(toPlace).filter((p): p is Place => p !== null) : [];
      } catch {
        return fallback.search(q, limit);
      }
    },
    async reverse(lat, lon) {
      try {
        const params = new URLSearchParams({ lat: String(lat), lon: String(lon), format: 'jsonv2', addressdetails: '1' });
        const row = (await get(`/reverse?${params}`)) as NominatimResult & { error?: string };
        return row && !row.error ? toPlace(row) : null;
      } catch {
        return fallback.reverse(lat, lon);
      }
    },
  };
}
