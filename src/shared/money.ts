/**
 * Rounds to paise. The tiny relative nudge makes values that binary floating point stores just
 * under a half (1.005 → 1.00499…) round the way a person doing the sum on paper expects.
 */
export function round2(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const r = Math.round(Math.abs(n) * 100 * (1 + Number.EPSILON)) / 100;
  return n < 0 ? -r : r;
}

/** Indian digit grouping of a string of digits: the last three, then pairs (1,50,000; 12,34,56,789). */
function indianGroups(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * Rupees with Indian digit grouping (₹1,50,000). Whole amounts show no paise unless `paise` is
 * true; amounts with paise always show two decimals (₹1,234.50).
 */
export function formatINR(amount: number, opts: { paise?: boolean } = {}): string {
  const v = round2(amount);
  // Written out rather than with Intl.NumberFormat('en-IN', { currency: 'INR' }), whose two formatters
  // cost every page that shows a price a long task at load (ICU's locale and currency data); the
  // output is the same (tests/shared/money.test.ts compares them).
  const [whole, paise] = Math.abs(v)
    .toFixed(opts.paise || !Number.isInteger(v) ? 2 : 0)
    .split('.');
  return `${v < 0 ? '-' : ''}₹${indianGroups(whole)}${paise ? `.${paise}` : ''}`;
}
