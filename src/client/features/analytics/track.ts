/**
 * A tiny client-side analytics helper: events go to `window.dataLayer` (where a tag manager
 * would pick them up) and the most recent ones are kept in sessionStorage, so a tag-less build
 * and the browser tests can still see what fired.
 */

export const ANALYTICS_STORAGE_KEY = 'analyticsEvents';
const KEEP_LAST = 50;

export interface AnalyticsEvent {
  event: string;
  at: string;
  [key: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function recentEvents(): AnalyticsEvent[] {
  try {
    const raw = window.sessionStorage.getItem(ANALYTICS_STORAGE_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? (list as AnalyticsEvent[]) : [];
  } catch {
    return [];
  }
}

export function track(event: string, payload: Record<string, unknown> = {}): void {
  const entry: AnalyticsEvent = { ...payload, event, at: new Date().toISOString() };
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
  try {
    window.sessionStorage.setItem(ANALYTICS_STORAGE_KEY, JSON.stringify([...recentEvents(), entry].slice(-KEEP_LAST)));
  } catch {
    /* storage full or blocked: dataLayer still has the event */
  }
}
