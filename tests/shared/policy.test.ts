import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../../src/shared/constants.js';
import { formatINR, round2 } from '../../src/shared/money.js';
import {
  bookingCommission,
  canMerchantMove,
  canReschedule,
  commissionSplit,
  MERCHANT_TRANSITIONS,
  refundAmountFor,
  refundPercentFor,
  refundSummary,
  servicePrice,
} from '../../src/shared/policy.js';

const start = new Date('2030-01-07T10:00:00Z');
const minutesBefore = (minutes: number) => new Date(start.getTime() - minutes * 60_000);

describe('refund tiers', () => {
  it('refunds 100% from 2 hours before, 50% from 1 to 2 hours, nothing under 1 hour', () => {
    expect(refundPercentFor(start, minutesBefore(24 * 60))).toBe(100);
    expect(refundPercentFor(start, minutesBefore(120))).toBe(100);
    expect(refundPercentFor(start, minutesBefore(119))).toBe(50);
    expect(refundPercentFor(start, minutesBefore(60))).toBe(50);
    expect(refundPercentFor(start, minutesBefore(59))).toBe(0);
    expect(refundPercentFor(start, minutesBefore(-30))).toBe(0);
  });

  it('derives the refund amount from what was prepaid', () => {
    expect(refundAmountFor(999, 50)).toBe(499.5);
    expect(refundAmountFor(1000, 0)).toBe(0);
    expect(refundAmountFor(0, 100)).toBe(0);
  });

  it('states a cancelled booking’s refund from what was prepaid, never from the price', () => {
    expect(refundSummary(0, 100)).toBe('No payment was taken');
    expect(refundSummary(0, null)).toBe('No payment was taken');
    expect(refundSummary(1000, 100)).toBe(`Refund 100% · ${formatINR(1000)} to your wallet`);
    expect(refundSummary(999, 50)).toBe(`Refund 50% · ${formatINR(499.5)} to your wallet`);
    expect(refundSummary(500, 0)).toBe(`No refund (0% of ${formatINR(500)} paid)`);
  });
});

describe('reschedule window', () => {
  it('is free up to 4 hours before the start', () => {
    expect(canReschedule(start, minutesBefore(240))).toBe(true);
    expect(canReschedule(start, minutesBefore(239))).toBe(false);
  });
});

describe('commission', () => {
  it('takes 10% and leaves the rest to the merchant, adding up exactly', () => {
    expect(commissionSplit(1000)).toEqual({ commission: 100, merchantEarning: 900 });
    expect(commissionSplit(999.99)).toEqual({ commission: 100, merchantEarning: 899.99 });
    expect(commissionSplit(0.05)).toEqual({ commission: 0.01, merchantEarning: 0.04 });
    const { commission, merchantEarning } = commissionSplit(1234.56);
    expect(round2(commission + merchantEarning)).toBe(1234.56);
  });

  it('takes nothing on a direct booking (the salon link, widget or poster) and 10% on a marketplace one', () => {
    expect(commissionSplit(764.15, 'direct')).toEqual({ commission: 0, merchantEarning: 764.15 });
    expect(bookingCommission(764.15, 'direct')).toEqual({ commission: 0, merchantEarning: 764.15 });
    expect(bookingCommission(764.15, 'marketplace')).toEqual(bookingCommission(764.15));
    expect(bookingCommission(764.15)).toEqual({ commission: 76.42, merchantEarning: 687.74 });
  });

  it('rounds each of a booking’s figures half up on its own, in exact paise (api contract)', () => {
    // 687.735 and 917.235: float arithmetic lands just under the half (764.15 × 0.9 = 687.7349…).
    expect(bookingCommission(764.15)).toEqual({ commission: 76.42, merchantEarning: 687.74 });
    expect(bookingCommission(1019.15)).toEqual({ commission: 101.92, merchantEarning: 917.24 });
    expect(bookingCommission(1234.56)).toEqual({ commission: 123.46, merchantEarning: 1111.1 });
    expect(bookingCommission(1000)).toEqual({ commission: 100, merchantEarning: 900 });
    expect(bookingCommission(0.05)).toEqual({ commission: 0.01, merchantEarning: 0.05 });
    expect(bookingCommission(0)).toEqual({ commission: 0, merchantEarning: 0 });
    // Every total up to ₹100 in paise steps: each figure is its product rounded half up.
    for (let paise = 0; paise <= 10_000; paise++) {
      const { commission, merchantEarning } = bookingCommission(paise / 100);
      expect(Math.round(commission * 100)).toBe(Math.floor((paise * 10 + 50) / 100));
      expect(Math.round(merchantEarning * 100)).toBe(Math.floor((paise * 90 + 50) / 100));
    }
  });

  it('balances the ledger to the paisa with the booking’s commission', () => {
    expect(commissionSplit(764.15)).toEqual({ commission: 76.42, merchantEarning: 687.73 });
    expect(commissionSplit(1019.15)).toEqual({ commission: 101.92, merchantEarning: 917.23 });
    for (const total of [764.15, 1019.15, 0.05, 999.99, 1234.56]) {
      const split = commissionSplit(total);
      expect(split.commission).toBe(bookingCommission(total).commission);
      expect(Math.round(split.commission * 100) + Math.round(split.merchantEarning * 100)).toBe(Math.round(total * 100));
    }
  });
});

describe('merchant transitions', () => {
  const all: BookingStatus[] = ['pending', 'upcoming', 'confirmed', 'completed', 'cancelled'];
  it('allows exactly upcoming→confirmed|cancelled and confirmed→completed|cancelled', () => {
    const allowed = all.flatMap((from) => all.filter((to) => canMerchantMove(from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(['confirmed→cancelled', 'confirmed→completed', 'upcoming→cancelled', 'upcoming→confirmed']);
    expect(MERCHANT_TRANSITIONS.completed).toEqual([]);
  });
});

describe('money', () => {
  it('rounds to paise the way people expect', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(10)).toBe(10);
    expect(round2(Number.NaN)).toBe(0);
  });

  it('formats rupees with Indian grouping', () => {
    expect(formatINR(150000)).toBe('₹1,50,000');
    expect(formatINR(1234.5)).toBe('₹1,234.50');
    expect(formatINR(500, { paise: true })).toBe('₹500.00');
  });

  it('prices a service with its active discount only', () => {
    const base = { price: 1000, discountType: 'percentage' as const, discountValue: 15, discountActive: true };
    expect(servicePrice(base)).toBe(850);
    expect(servicePrice({ ...base, discountActive: false })).toBe(1000);
    expect(servicePrice({ ...base, discountType: 'flat', discountValue: 250 })).toBe(750);
    expect(servicePrice({ ...base, discountType: 'flat', discountValue: 2000 })).toBe(0);
    expect(servicePrice({ price: 333, discountType: 'percentage', discountValue: 33.33, discountActive: true })).toBe(222.01);
  });
});
