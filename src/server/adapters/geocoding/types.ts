import type { PlaceKind } from '../../../shared/constants.js';

/** A named place with a point: a city or town, or a locality inside one. */
export interface Place {
  name: string;
  /** "Bandra West, Mumbai, Maharashtra" */
  displayName: string;
  /** The city the place is in (the place itself for a city). */
  city: string;
  state: string;
  lat: number;
  lon: number;
  kind: PlaceKind;
  /** 0 when unknown (localities). */
  population: number;
  /** Other names the city goes by (Bangalore for Bengaluru), so salons filed under either match. */
  cityAliases: string[];
}

export interface Geocoder {
  /** Places matching free text, best first. */
  search(q: string, limit: number): Promise<Place[]>;
  /** The nearest known place to a point, or null when none is near. */
  reverse(lat: number, lon: number): Promise<Place | null>;
}
