import { formatINR } from '../../../shared/money';

export { formatINR };

/** The card price line in the app's one rupee format ("From ₹1,500"); a salon with no priced service says so. */
export function fromPrice(lowest: number | null | undefined): string {
  return lowest == null ? 'No prices listed yet' : `From ${formatINR(lowest)}`;
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

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
