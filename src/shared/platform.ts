import { addDays, instantToZoned } from './slots.js';

/** The marketplace's own calendar: admin reports and the dashboard count days as they are in India. */
export const PLATFORM_TIME_ZONE = 'Asia/Kolkata';

/** Today in India as 'YYYY-MM-DD', whatever zone the server or the admin's browser is in. */
export const platformToday = (now: Date = new Date()) => instantToZoned(now, PLATFORM_TIME_ZONE).date;

/** The `days` days up to and including today in India. */
export function platformLastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = platformToday(now);
  return { from: addDays(to, -(days - 1)), to };
}
