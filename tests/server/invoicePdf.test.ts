import { describe, expect, it } from 'vitest';
import { recipientAddressLines, renderTaxDocumentPdf, type TaxDocument } from '../../src/server/services/billing/pdf.js';
import { pdfText } from '../helpers/pdfText.js';

/*
 * Issue 43.14: the tax invoice prints amounts with ₹ in a font that has the glyph (pdfkit's
 * standard fonts lack it), the salon's address with its city and PIN, the platform's full
 * address, and the billing period's dates as en-IN dates.
 */
const invoice: TaxDocument = {
  kind: 'invoice',
  number: 'GB/26-27/000012',
  issuedAt: new Date('2026-12-02T05:00:00Z'),
  description: 'Professional plan',
  base: 1499,
  cgst: 0,
  sgst: 0,
  igst: 269.82,
  total: 1768.82,
  sac: '998599',
  placeOfSupply: 'Maharashtra',
  supplier: { gstin: '29AAACG1234F1Z5', state: 'Karnataka' },
  recipient: {
    name: 'Glow Studio Pune',
    gstin: null,
    address: '12 FC Road, Shivajinagar',
    city: 'Pune',
    pin: '411004',
    state: 'Maharashtra',
    email: 'owner@glow.in',
  },
  period: { start: '2026-12-02', end: '2027-01-01' },
  payment: { status: 'paid', gateway: 'test', reference: 'pay_123' },
};

describe('the tax invoice PDF', () => {
  it('embeds a TrueType font with the rupee sign and prints amounts with ₹', async () => {
    const pdf = await renderTaxDocumentPdf(invoice);
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);
    expect(raw).not.toContain('/Helvetica');
    const text = pdfText(pdf);
    expect(text).toContain('₹1,768.82');
    expect(text).toContain('₹269.82');
    expect(text).not.toContain('Rs.');
  });

  it('names both parties with full addresses and dates the period in en-IN', async () => {
    const text = pdfText(await renderTaxDocumentPdf(invoice));
    expect(text).toContain('Billed to\nGlow Studio Pune\n12 FC Road, Shivajinagar\nPune 411004\nMaharashtra (27)\nowner@glow.in');
    expect(text).toContain(
      'GlowBook Technologies Pvt. Ltd.\n3rd Floor, 42 Residency Road, Shanthala Nagar\nBengaluru 560025\nKarnataka (29)',
    );
    expect(text).toContain('Billing period 2 Dec 2026 to 1 Jan 2027.');
    expect(text).toContain('Date 2 Dec 2026');
    expect(text).not.toContain('2026-12-02');
  });

  it('prints a supplier address it is given, and leaves out what the salon has not filled in', async () => {
    const text = pdfText(
      await renderTaxDocumentPdf({
        ...invoice,
        supplier: { gstin: '27AAACG1234F1Z1', state: 'Maharashtra', address: ['1 MG Road', 'Pune 411001'] },
      }),
    );
    expect(text).toContain('1 MG Road\nPune 411001\nMaharashtra (27)');
    expect(recipientAddressLines({ ...invoice.recipient, city: 'Pune', pin: null })).toEqual([
      '12 FC Road, Shivajinagar',
      'Pune',
      'Maharashtra (27)',
    ]);
    expect(recipientAddressLines({ ...invoice.recipient, address: '', city: null, pin: null })).toEqual(['-', 'Maharashtra (27)']);
  });
});
