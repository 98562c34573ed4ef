import { describe, expect, it } from 'vitest';
import { addMonth, upgradeQuote } from '../../src/shared/gst';
import { demoGstin, gstinCheckChar, gstinProblem, gstinSchema, gstinStateProblem, gstStateCode } from '../../src/shared/gstin';
import { featureRefusal, staffLimitRefusal } from '../../src/shared/plans';

describe('GSTIN', () => {
  it('computes the check character of published GSTINs', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckChar('29AAGCB7383J1Z')).toBe('4');
  });

  it('names what is wrong: shape, state code, check character', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/^a GSTIN is 15 characters/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe('99 is not a GST state code');
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/^the check character/);
  });

  it('matches the salon’s state', () => {
    expect(gstStateCode(' maharashtra ')).toBe('27');
    expect(gstStateCode('Orissa')).toBe('21');
    expect(gstinStateProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    expect(gstinStateProblem('27AAPFU0939F1ZV', 'Karnataka')).toBe(
      'this GSTIN is registered in Maharashtra (27), but your salon is in Karnataka (29)',
    );
    expect(gstinProblem(demoGstin('Karnataka'))).toBeNull();
  });

  it('the shared schema upper-cases, drops spaces, allows blank and names the field', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(gstinSchema.parse('')).toBe('');
    const bad = gstinSchema.safeParse('27AAPFU0939F1ZW');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toMatch(/^gstin: the check character/);
  });
});

describe('plans and proration (pure)', () => {
  it('anchors monthly periods to the month’s last day when the next month is shorter', () => {
    expect(addMonth('2026-01-31')).toBe('2026-02-28');
    expect(addMonth('2028-01-31')).toBe('2028-02-29');
    expect(addMonth('2026-12-15')).toBe('2027-01-15');
  });

  it('credits the unused days (capped at the invoice) and charges the new plan for the same days', () => {
    const q = upgradeQuote({
      fromPrice: 1499,
      toPrice: 3999,
      periodStart: '2026-11-01',
      periodEnd: '2026-12-01',
      from: '2026-11-11',
      supplierState: 'Karnataka',
      recipientState: 'Karnataka',
      creditable: 1499,
    });
    expect(q).toMatchObject({ days: 20, periodDays: 30, credit: { base: 999.33 }, charge: { base: 2666 } });
    expect(q.due).toBe(Math.round((q.charge.total - q.credit!.total) * 100) / 100);
    expect(
      upgradeQuote({
        fromPrice: 1499,
        toPrice: 3999,
        periodStart: '2026-11-01',
        periodEnd: '2026-12-01',
        from: '2026-11-11',
        supplierState: 'A',
        recipientState: 'B',
        creditable: 500,
      }).credit!.base,
    ).toBe(500);
    expect(
      upgradeQuote({
        fromPrice: 1499,
        toPrice: 3999,
        periodStart: '2026-11-01',
        periodEnd: '2026-12-01',
        from: '2026-11-11',
        supplierState: 'A',
        recipientState: 'B',
        creditable: 0,
      }).credit,
    ).toBeNull();
  });

  it('words refusals with the plan and its limit', () => {
    expect(featureRefusal('basic', 'coupons')).toBe(
      'Coupons is not included in your Basic plan: choose Professional or higher under Subscription & Billing.',
    );
    expect(featureRefusal('professional', 'coupons')).toBeNull();
    expect(featureRefusal('professional', 'sponsoredListing')).toMatch(/choose Enterprise/);
    expect(staffLimitRefusal('professional', 14)).toBeNull();
    expect(staffLimitRefusal('professional', 15)).toMatch(
      /^staff: your Professional plan allows up to 15 staff members and 15 are on your team; choose Enterprise for unlimited staff/,
    );
    expect(staffLimitRefusal('enterprise', 500)).toBeNull();
  });
});
