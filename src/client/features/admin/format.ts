export { formatINR } from '../../../shared/money';

const count = new Intl.NumberFormat('en-IN');
const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const shortDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' });
const dayTime = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Counts with Indian grouping (1,23,456). */
export function formatCount(n: number): string {
  return count.format(n);
}

/** '1 new account', '1,204 new accounts'. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** 'YYYY-MM-DD' is a calendar day, read as local midnight so it never shifts a day across time zones. */
function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
}

export function formatDay(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? String(value) : day.format(d);
}

export function formatShortDay(value: string | Date): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? String(value) : shortDay.format(d);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? String(value) : dayTime.format(d);
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
