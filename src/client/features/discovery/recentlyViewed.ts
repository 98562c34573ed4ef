import { useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../../state/storage';
import { RECENTLY_VIEWED_MAX } from './constants';

/** The stored shape (customer doc point 3): newest first, at most 10. */
export interface RecentlyViewedSalon {
  id: string;
  name: string;
  image: string | null;
  price: number;
  rating: number;
  location: string;
  services: string[];
  lastVisited: string;
}

const CHANGED = 'recentlyViewedChanged';

function isEntry(v: unknown): v is RecentlyViewedSalon {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as RecentlyViewedSalon).id === 'string' &&
    typeof (v as RecentlyViewedSalon).name === 'string'
  );
}

export function readRecentlyViewed(): RecentlyViewedSalon[] {
  const raw = readJson<unknown>(STORAGE_KEYS.recentlyViewedSalons, []);
  return Array.isArray(raw) ? raw.filter(isEntry).slice(0, RECENTLY_VIEWED_MAX) : [];
}

export function recordRecentlyViewed(entry: Omit<RecentlyViewedSalon, 'lastVisited'>): void {
  const rest = readRecentlyViewed().filter((s) => s.id !== entry.id);
  const next = [{ ...entry, lastVisited: new Date().toISOString() }, ...rest].slice(0, RECENTLY_VIEWED_MAX);
  writeJson(STORAGE_KEYS.recentlyViewedSalons, next);
  window.dispatchEvent(new Event(CHANGED));
}

let cache: { raw: string | null; list: RecentlyViewedSalon[] } = { raw: null, list: [] };

function snapshot(): RecentlyViewedSalon[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEYS.recentlyViewedSalons);
  } catch {
    raw = null;
  }
  if (raw !== cache.raw) cache = { raw, list: readRecentlyViewed() };
  return cache.list;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useRecentlyViewed(): RecentlyViewedSalon[] {
  return useSyncExternalStore(subscribe, snapshot, () => []);
}
