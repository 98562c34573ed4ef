/**
 * Rounds to paise. The tiny relative nudge makes values that binary floating point stores just
 * under a half (1.005 → 1.00499…) round the way a person doing the sum on paper expects.
 */
export function round2(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const r = Math.round(Math.abs(n) * 100 * (1 + Number.EPSILON)) / 100;
  return n < 0 ? -r : r;
}

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Rupees with Indian digit grouping (₹1,50,000). Whole amounts show no paise unless `paise` is
 * true; amounts with paise always show two decimals (₹1,234.50).
 */
export function formatINR(amount: number, opts: { paise?: boolean } = {}): string {
  const v = round2(amount);
  return opts.paise || !Number.isInteger(v) ? withPaise.format(v) : wholeRupees.format(v);
}
