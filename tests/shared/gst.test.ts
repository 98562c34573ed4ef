import { describe, expect, it } from 'vitest';
import { creditNoteNumber, financialYear, gstBreakdown, indianNumber, invoiceNumber, PLANS } from '../../src/shared/gst';

describe('GST', () => {
  it('splits 18% into CGST 9% + SGST 9% inside the state and charges IGST 18% across states', () => {
    expect(gstBreakdown(3999, 'Karnataka', 'karnataka ')).toEqual({
      base: 3999,
      cgst: 359.91,
      sgst: 359.91,
      igst: 0,
      total: 4718.82,
      intraState: true,
    });
    expect(gstBreakdown(3999, 'Karnataka', 'Maharashtra')).toEqual({
      base: 3999,
      cgst: 0,
      sgst: 0,
      igst: 719.82,
      total: 4718.82,
      intraState: false,
    });
    expect(gstBreakdown(1499, 'Karnataka', 'Delhi').total).toBe(1768.82);
    expect(gstBreakdown(7999, 'Karnataka', 'Delhi').total).toBe(9438.82);
  });

  it('rounds each tax to the paisa, once', () => {
    expect(gstBreakdown(10.05, 'A', 'A')).toMatchObject({ cgst: 0.9, sgst: 0.9, total: 11.85 });
    expect(gstBreakdown(10.05, 'A', 'B')).toMatchObject({ igst: 1.81, total: 11.86 });
  });

  it('the plans of the spec', () => {
    expect(PLANS.map((p) => [p.name, p.price])).toEqual([
      ['Basic', 1499],
      ['Professional', 3999],
      ['Enterprise', 7999],
    ]);
  });

  it('numbers invoices per Indian financial year and formats rupees the Indian way', () => {
    expect(financialYear(new Date('2026-03-31T18:00:00Z'))).toBe('2025-26');
    expect(financialYear(new Date('2026-03-31T18:31:00Z'))).toBe('2026-27');
    expect(invoiceNumber('2026-27', 42)).toBe('GB/26-27/000042');
    expect(creditNoteNumber('2026-27', 7)).toBe('CN/26-27/000007');
    // GST: at most 16 characters, letters, digits, '/' and '-' only, up to the ten-millionth of a year.
    for (const n of [invoiceNumber('2026-27', 1), invoiceNumber('2099-00', 9_999_999), creditNoteNumber('2026-27', 1_234_567)]) {
      expect(n.length).toBeLessThanOrEqual(16);
      expect(n).toMatch(/^[A-Z0-9/-]+$/);
    }
    expect(indianNumber(123456.5)).toBe('1,23,456.50');
    expect(indianNumber(4718.82)).toBe('4,718.82');
  });
});
