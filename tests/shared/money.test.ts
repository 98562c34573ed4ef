import { describe, expect, it } from 'vitest';
import { formatINR, round2 } from '../../src/shared/money.js';

/* formatINR writes rupees by hand (no Intl at page load); it must match what Intl writes. */

const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const viaIntl = (n: number, paise = false) => {
  const v = round2(n);
  return paise || !Number.isInteger(v) ? withPaise.format(v) : whole.format(v);
};

describe('formatINR', () => {
  it('writes Indian grouping, the rupee sign without a space and paise only when there are some', () => {
    expect(formatINR(0)).toBe('₹0');
    expect(formatINR(199)).toBe('₹199');
    expect(formatINR(1649)).toBe('₹1,649');
    expect(formatINR(150000)).toBe('₹1,50,000');
    expect(formatINR(123456789)).toBe('₹12,34,56,789');
    expect(formatINR(279.2)).toBe('₹279.20');
    expect(formatINR(1.005)).toBe('₹1.01');
    expect(formatINR(500, { paise: true })).toBe('₹500.00');
    expect(formatINR(-1234.5)).toBe('-₹1,234.50');
  });

  it('matches Intl.NumberFormat en-IN over a spread of amounts', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const amounts = [0.01, 0.1, 0.5, 0.995, 9.99, 99.5, 999, 1000, 99999.99, 100000, 1e7, 9_87_65_432.1];
    for (let i = 0; i < 2000; i++) {
      const magnitude = 10 ** Math.floor(next() * 9);
      amounts.push(Math.round(next() * magnitude * 100) / (next() < 0.5 ? 100 : 1));
    }
    for (const a of amounts) {
      for (const n of [a, -a]) {
        expect(formatINR(n), String(n)).toBe(viaIntl(n));
        expect(formatINR(n, { paise: true }), String(n)).toBe(viaIntl(n, true));
      }
    }
  });
});
