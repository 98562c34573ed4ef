import type { Executor } from '../../db/executor.js';

/*
 * Home-page aggregates (category and location counts) read the whole catalogue; a few seconds'
 * staleness is fine for them, so each process keeps them briefly, per database.
 */

export const DISCOVERY_CACHE_MS = 30_000;

const store = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

export function cached<T>(db: Executor, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  let entries = store.get(db);
  if (!entries) {
    entries = new Map();
    store.set(db, entries);
  }
  const hit = entries.get(key);
  if (hit && now - hit.at < DISCOVERY_CACHE_MS) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { at: now, value });
  // A failed load is not kept.
  value.catch(() => entries.delete(key));
  return value;
}

/** Forgets everything kept for this database (after changes that must show at once, e.g. in tests). */
export function clearDiscoveryCache(db: Executor): void {
  store.delete(db);
}
