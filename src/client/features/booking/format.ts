import { instantToZoned } from '../../../shared/slots';
import { parseTimeToMinutes } from '../../../shared/validation';

import { formatINR } from '../../../shared/money';

export { formatINR };

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const longDateWithDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A 'YYYY-MM-DD' calendar date read as that date everywhere, never shifted by the browser's zone. */
function calendarDate(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

/** The spec's en-US long form ("March 5, 2026"); "Invalid Date" for anything unreadable. */
export function formatLongDate(value: string | null | undefined, opts: { weekday?: boolean } = {}): string {
  if (!value) return 'Invalid Date';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = calendarDate(value);
    if (Number.isNaN(d.getTime())) return 'Invalid Date';
    return (opts.weekday ? longDateWithDay : longDate).format(d);
  }
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'Invalid Date';
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(d);
}

export function formatShortDay(value: string): { weekday: string; day: string; month: string } {
  const d = calendarDate(value);
  return {
    weekday: d.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' }),
    day: String(d.getUTCDate()),
    month: d.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' }),
  };
}

/** Today's date on the salon's own clock. */
export function salonToday(timeZone: string, now: Date = new Date()): string {
  try {
    return instantToZoned(now, timeZone).date;
  } catch {
    return instantToZoned(now, 'Asia/Kolkata').date;
  }
}

export type DayPart = 'morning' | 'afternoon' | 'evening';
export const DAY_PARTS: { id: DayPart; label: string }[] = [
  { id: 'morning', label: 'Morning' },
  { id: 'afternoon', label: 'Afternoon' },
  { id: 'evening', label: 'Evening' },
];

/** Morning before noon, afternoon until 5 PM, evening after (the home page's time windows). */
export function dayPartOf(time: string): DayPart {
  const m = parseTimeToMinutes(time) ?? 0;
  if (m < 12 * 60) return 'morning';
  if (m < 17 * 60) return 'afternoon';
  return 'evening';
}

export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h && m) return `${h} hr ${m} min`;
  if (h) return `${h} hr`;
  return `${m} min`;
}

/**
 * The Apply box's success line. The server's message already names the saving ("Coupon applied: you
 * save ₹259.80"), so it is shown as one sentence; the code and amount only stand in when it has none.
 */
export function couponAppliedText(coupon: { code: string; amount: number; message?: string | null }): string {
  const text = coupon.message?.trim() || `${coupon.code} applied: you save ${formatINR(coupon.amount)}`;
  return /[.!]$/.test(text) ? text : `${text}.`;
}
