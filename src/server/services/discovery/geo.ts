import type { z } from 'zod';
import type { geoReverseInput, geoSearchInput } from '../../../shared/schemas/discovery.js';
import type { Geocoder } from '../../adapters/geocoding/index.js';
import { notFound } from '../../errors.js';
import { toGeoPlaceWire } from './wire.js';

const DEFAULT_SUGGESTIONS = 5;

/** GET /geo/search: place suggestions for the location box. */
export async function geoSearch(geocoder: Geocoder, input: z.output<typeof geoSearchInput>) {
  return (await geocoder.search(input.q, input.limit ?? DEFAULT_SUGGESTIONS)).map(toGeoPlaceWire);
}

/** GET /geo/reverse: the nearest known place to the customer's position. */
export async function geoReverse(geocoder: Geocoder, input: z.output<typeof geoReverseInput>) {
  const place = await geocoder.reverse(input.lat, input.lon);
  if (!place) throw notFound('Place near these coordinates');
  return toGeoPlaceWire(place);
}
