import { platformToday } from './platform.js';

export { PLAN_IDS, PLANS, type PlanId } from './plans.js';

export const GST_RATE = 0.18;

const paise = (n: number) => Math.round(n * 100);
const rupees = (p: number) => p / 100;

export interface GstBreakdown {
  base: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  /** Inside the platform's state: CGST 9% + SGST 9%; otherwise IGST 18%. */
  intraState: boolean;
}

/**
 * 18% GST on a taxable amount, in paise so halves round once: an intra-state supply splits it into
 * equal CGST and SGST (each rounded, so CGST + SGST may differ from IGST by a paisa at most).
 */
export function gstBreakdown(base: number, supplierState: string, customerState: string): GstBreakdown {
  const b = paise(base);
  const intraState = supplierState.trim().toLowerCase() === customerState.trim().toLowerCase();
  if (intraState) {
    const half = Math.round((b * GST_RATE) / 2);
    return { base: rupees(b), cgst: rupees(half), sgst: rupees(half), igst: 0, total: rupees(b + 2 * half), intraState };
  }
  const igst = Math.round(b * GST_RATE);
  return { base: rupees(b), cgst: 0, sgst: 0, igst: rupees(igst), total: rupees(b + igst), intraState };
}

/** The Indian financial year of a date, as '2026-27' (April to March, in IST). */
export function financialYear(d: Date): string {
  const [y, month] = platformToday(d).split('-').map(Number);
  const start = month >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * A document number of a financial year ('2026-27') in a series: at most 16 characters of letters,
 * digits, '/' and '-', as GST invoice rules (CGST Rules, rule 46(b)) require: 'GB/26-27/000042'
 * (15; 16 from the millionth document of a year).
 */
function documentNumber(prefix: 'GB' | 'CN', fy: string, sequence: number): string {
  return `${prefix}/${fy.slice(2)}/${String(sequence).padStart(6, '0')}`;
}

/** 'GB/26-27/000042': gapless per financial year. */
export function invoiceNumber(fy: string, sequence: number): string {
  return documentNumber('GB', fy, sequence);
}

/** 123456.5 → '1,23,456.50' (Indian grouping). */
export function indianNumber(n: number, decimals = 2): string {
  return n.toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Whole days from one 'YYYY-MM-DD' to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A month of billing from a day: the same day next month, or that month's last day when it has
 * none (31 January → 28/29 February), as Stripe and Razorpay anchor monthly plans.
 */
export function addMonth(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
}

export interface UpgradeQuote {
  /** Days of the paid period the new plan serves (from the upgrade to the period's end) and the period's days. */
  days: number;
  periodDays: number;
  /** The credit note for the old plan's unused days (capped at what its invoice has left to credit). */
  credit: GstBreakdown | null;
  /** The invoice for the new plan over the same days. */
  charge: GstBreakdown;
  /** What is charged now: the invoice less the credit, GST included. */
  due: number;
}

/**
 * An upgrade inside a paid period, as Stripe and Razorpay prorate: the unused days of the old plan
 * are credited and the new plan is invoiced for the same days; the difference is charged now and
 * the period (and the next billing date) stays.
 */
export function upgradeQuote(v: {
  fromPrice: number;
  toPrice: number;
  periodStart: string;
  periodEnd: string;
  from: string;
  supplierState: string;
  recipientState: string;
  /** What the period's invoice still has to credit (its taxable value less earlier credit notes). */
  creditable: number;
}): UpgradeQuote {
  const periodDays = Math.max(1, daysBetween(v.periodStart, v.periodEnd));
  const days = Math.min(periodDays, Math.max(0, daysBetween(v.from, v.periodEnd)));
  const share = (price: number) => Math.round((price * 100 * days) / periodDays) / 100;
  const creditBase = Math.min(share(v.fromPrice), Math.max(0, v.creditable));
  const credit = creditBase > 0 ? gstBreakdown(creditBase, v.supplierState, v.recipientState) : null;
  const charge = gstBreakdown(share(v.toPrice), v.supplierState, v.recipientState);
  return { days, periodDays, credit, charge, due: Math.round((charge.total - (credit?.total ?? 0)) * 100) / 100 };
}

/** 'CN/26-27/000007': credit notes, gapless per financial year in their own series. */
export function creditNoteNumber(fy: string, sequence: number): string {
  return documentNumber('CN', fy, sequence);
}
