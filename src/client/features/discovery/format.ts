import { formatINR } from '../../../shared/money';

/**
 * The one rupee style customer pages share with booking and wallet screens: whole rupees bare
 * (₹1,500), anything with paise to two decimals (₹279.20, never ₹279.2).
 */
export function rupees(amount: number): string {
  return formatINR(amount);
}

/** The card price line, spelled as the spec has it ("From ₹ 1,500"). */
export function fromPrice(lowest: number | null | undefined): string {
  return `From ₹ ${formatINR(lowest ?? 0).replace('₹', '')}`;
}

export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

export function formatDistance(km: number | null | undefined): string | null {
  if (km === null || km === undefined) return null;
  return km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(km < 10 ? 1 : 0)} km`;
}

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} hr ${m} min` : `${h} hr`;
}

/** Dates in long English form (spec point 1). */
export function longDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** 'HH:mm' → '9:00 AM'. */
export function time12h(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  if (!Number.isFinite(h) || !Number.isFinite(m)) return hhmm;
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
