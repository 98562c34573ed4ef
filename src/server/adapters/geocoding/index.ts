import { createGazetteerGeocoder } from './gazetteer.js';
import { createNominatimGeocoder } from './nominatim.js';
import type { Geocoder } from './types.js';

export { createGazetteerGeocoder, distanceKm, gazetteerCity, gazetteerLocalities, normalizePlaceText } from './gazetteer.js';
export { createNominatimGeocoder } from './nominatim.js';
export type { Geocoder, Place } from './types.js';

/** The public service when GEOCODER_URL is set, the embedded gazetteer otherwise. */
export function createGeocoder(url: string | undefined): Geocoder {
  const offline = createGazetteerGeocoder();
  return url ? createNominatimGeocoder(url, offline) : offline;
}
