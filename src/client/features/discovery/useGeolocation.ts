import { useState } from 'react';
import { STORAGE_KEYS, writeItem } from '../../state/storage';

export interface Located {
  lat: number;
  lng: number;
  /** The place name, or 'lat, lng' to 4 decimals when the address lookup failed. */
  label: string;
  /** True when `label` is a real place the search can use as a location. */
  isPlace: boolean;
}

export const GEO_UNSUPPORTED = 'Geolocation is not supported by your browser';
export const GEO_FAILED = 'Unable to retrieve your location';
export const GEO_REVERSE_FAILED = 'Failed to fetch address from coordinates';

export function coordinateLabel(lat: number, lng: number): string {
  return `${lat.toFixed(4)}, ${lng.toFixed(4)}`;
}

/** The location pin: browser position, stored for Nearby You, then a reverse lookup for the address. */
export function useGeolocation(onLocated: (place: Located) => void) {
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const locate = () => {
    setError(null);
    if (!('geolocation' in navigator)) {
      setError(GEO_UNSUPPORTED);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        const lat = position.coords.latitude;
        const lng = position.coords.longitude;
        writeItem(STORAGE_KEYS.userLatitude, String(lat));
        writeItem(STORAGE_KEYS.userLongitude, String(lng));
        try {
          // The tRPC client is the data layer's: loaded when someone asks for their position.
          const { trpcClient } = await import('../../trpc');
          const place = await trpcClient.geo.reverse.query({ lat, lon: lng });
          onLocated({ lat, lng, label: place.display_name, isPlace: true });
        } catch {
          setError(GEO_REVERSE_FAILED);
          onLocated({ lat, lng, label: coordinateLabel(lat, lng), isPlace: false });
        } finally {
          setLocating(false);
        }
      },
      () => {
        setLocating(false);
        setError(GEO_FAILED);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  };

  return { locate, locating, error, clearError: () => setError(null) };
}

/** The customer's stored position (set by the location pin), if any. */
export function storedPosition(): { lat: number; lng: number } | null {
  try {
    const lat = Number(window.localStorage.getItem(STORAGE_KEYS.userLatitude));
    const lng = Number(window.localStorage.getItem(STORAGE_KEYS.userLongitude));
    const present =
      window.localStorage.getItem(STORAGE_KEYS.userLatitude) !== null && window.localStorage.getItem(STORAGE_KEYS.userLongitude) !== null;
    return present && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
  } catch {
    return null;
  }
}
