/*
 * A visit's bill, in paise so every split rounds once. Prices a salon shows are what the customer
 * pays (GST included, as retail MRP must be), so the tax is taken out of each line, not added on.
 * The desk's screen shows these figures as it is filled in; the server computes them again from
 * its own prices and stores them.
 */

/** SAC of beauty and physical well-being services (GST heading 9997, "other services"). */
export const SALON_SERVICES_SAC = '9997';
/** GST on salon services. */
export const SALON_SERVICES_GST_RATE = 18;
/** The GST rates a product may carry. */
export const PRODUCT_GST_RATES = [0, 5, 12, 18, 28] as const;
/** How the desk takes payment; `voucher` is the salon's own gift voucher (by its code), not a GlowBook gift card. */
export const PAYMENT_METHODS = ['cash', 'upi', 'card', 'wallet', 'voucher'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const toPaise = (rupees: number) => Math.round(rupees * 100);
export const toRupees = (paise: number) => paise / 100;

export interface BillLineIn {
  unitPrice: number;
  quantity: number;
  gstRate: number;
}

export interface BillLine {
  gross: number;
  discount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  /** gross − discount: what the line is charged, tax included. */
  total: number;
}

export interface Bill {
  lines: BillLine[];
  gross: number;
  discount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  total: number;
  tips: number;
  /** total + tips: what the payments must add up to. */
  amountDue: number;
}

/**
 * The bill of a visit (rupees in and out). The discount is shared over the lines in proportion to
 * their value (largest remainders take the odd paise, so the shares add up to it exactly); with
 * `gstRegistered`, each line's tax is taken out of its discounted value and split into CGST and
 * SGST (an over-the-counter supply is always intra-state). Without it, a bill of supply: no tax.
 */
export function computeBill(lines: BillLineIn[], discountRupees: number, tipsRupees: number, gstRegistered: boolean): Bill {
  const gross = lines.map((l) => toPaise(l.unitPrice) * l.quantity);
  const sum = gross.reduce((a, b) => a + b, 0);
  const discount = Math.min(toPaise(discountRupees), sum);
  const exact = gross.map((g) => (sum ? (discount * g) / sum : 0));
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  const out = lines.map((l, i) => {
    const net = gross[i] - shares[i];
    // CGST and SGST are equal halves, each rounded once; the taxable value takes the odd paisa.
    const half = gstRegistered ? Math.round((net * l.gstRate) / 2 / (100 + l.gstRate)) : 0;
    return { gross: gross[i], discount: shares[i], taxable: net - 2 * half, cgst: half, sgst: half, total: net };
  });
  const add = (k: keyof BillLine) => out.reduce((a, l) => a + l[k], 0);
  const tips = toPaise(tipsRupees);
  const r = (p: number) => toRupees(p);
  return {
    lines: out.map((l) => ({
      gross: r(l.gross),
      discount: r(l.discount),
      taxable: r(l.taxable),
      cgst: r(l.cgst),
      sgst: r(l.sgst),
      total: r(l.total),
    })),
    gross: r(sum),
    discount: r(discount),
    taxable: r(add('taxable')),
    cgst: r(add('cgst')),
    sgst: r(add('sgst')),
    total: r(sum - discount),
    tips: r(tips),
    amountDue: r(sum - discount + tips),
  };
}

/** A receipt's number in its salon's series: 'TI/26-27/000042' (tax invoice) or 'BS/…' (bill of supply); 15 characters. */
export function receiptNumber(kind: 'tax_invoice' | 'bill_of_supply', financialYear: string, sequence: number): string {
  return `${kind === 'tax_invoice' ? 'TI' : 'BS'}/${financialYear.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

export const PAYMENT_LABELS: Record<PaymentMethod | 'prepaid', string> = {
  cash: 'Cash',
  upi: 'UPI',
  card: 'Card',
  wallet: 'GlowBook wallet',
  voucher: 'Salon voucher',
  prepaid: 'Prepaid online',
};
