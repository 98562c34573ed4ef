export { formatINR } from '../../../shared/money';

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Dates in the spec's en-US long form ("March 5, 2026"); '' when the value is not a date. */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(d.getTime()) ? 'Invalid Date' : longDate.format(d);
}
