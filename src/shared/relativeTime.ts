/*
 * Relative-time labels of in-app notifications (customer spec, "In-app notifications"): under one
 * minute 'Just now', then minutes, then hours up to 24 h, then the date in the product's style (26 Nov 2026).
 */

import { longDate } from './dates.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * `date` relative to `now`. A time slightly in the future (clocks of server and browser differ)
 * reads as 'Just now'. `timeZone` fixes the calendar date shown after 24 h; the browser's own
 * zone when omitted.
 */
export function relativeTime(date: Date | string, now: Date = new Date(), timeZone?: string): string {
  const at = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(at.getTime())) return '';
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  return longDate(at, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}
