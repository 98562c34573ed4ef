import { formatClock } from '../../../shared/clock';
import { clockTime, dayMonth, longDate, monthYear } from '../../lib/dates';

export { formatINR } from '../../../shared/money';

/*
 * One way of writing dates and times across the admin area, the product's (shared/dates.ts):
 * "25 Nov 2026 · 10:00 AM", as the merchant panel writes them. Instants are read on India's clock, the platform's zone, unless the caller
 * passes a salon's zone (a booking's own timestamps); a bare 'YYYY-MM-DD' is a calendar day and
 * shows as that day whatever the zone.
 */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const count = new Intl.NumberFormat('en-IN');

/** Counts with Indian grouping (1,23,456). */
export function formatCount(n: number): string {
  return count.format(n);
}

/** '1 new account', '1,204 new accounts'. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(CALENDAR_DATE.test(value) ? `${value}T00:00:00Z` : value);
}

/** "25 Nov 2026"; '—' when missing, the raw text when it is not a date. */
export function formatDay(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '—';
  return longDate(value, timeZone) || String(value);
}

/** "25 Nov", for chart axes. Takes calendar days ('YYYY-MM-DD'). */
export function formatShortDay(value: string | Date): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? String(value) : dayMonth(d, 'UTC');
}

/** "November 2026" from 'YYYY-MM'. */
export function formatMonth(value: string): string {
  const d = /^\d{4}-\d{2}$/.test(value) ? new Date(`${value}-01T00:00:00Z`) : new Date(NaN);
  return Number.isNaN(d.getTime()) ? value : monthYear(d, 'UTC');
}

/** "24 Nov 2026 · 7:27 PM" for an instant; '—' when missing. */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '—';
  const at = toDate(value);
  if (Number.isNaN(at.getTime())) return String(value);
  return `${longDate(at, timeZone)} · ${clockTime(at, timeZone)}`;
}

/** A booking's salon-local day and time: "1 Dec 2026 · 5:00 PM". */
export function formatBookingWhen(date: string, time: string): string {
  return `${formatDay(date)} · ${formatClock(time)}`;
}

export function fullName(first: string, last: string): string {
  return [first, last].filter(Boolean).join(' ').trim() || '—';
}

/** Short rupee amounts for chart axes: ₹850, ₹12K, ₹1.5L, ₹2.3Cr (Indian lakh and crore). */
export function formatINRCompact(n: number): string {
  const abs = Math.abs(n);
  const trim = (v: number) => (v >= 100 ? Math.round(v).toString() : v.toFixed(1).replace(/\.0$/, ''));
  if (abs >= 1e7) return `₹${trim(n / 1e7)}Cr`;
  if (abs >= 1e5) return `₹${trim(n / 1e5)}L`;
  if (abs >= 1e3) return `₹${trim(n / 1e3)}K`;
  return `₹${Math.round(n)}`;
}
