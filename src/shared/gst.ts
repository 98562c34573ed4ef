/** Subscription plans, per month, exclusive of GST. */
export const PLANS = [
  { id: 'basic', name: 'Basic', price: 1499, description: 'For a single-chair or small salon getting started online.', features: ['Online bookings and calendar', 'Up to 3 staff', 'QR check-in', 'Customer list'] },
  { id: 'professional', name: 'Professional', price: 3999, description: 'For busy salons that want more repeat customers.', features: ['Everything in Basic', 'Up to 15 staff', 'E-mail, SMS and WhatsApp messages', 'Coupons and staff analytics'] },
  { id: 'enterprise', name: 'Enterprise', price: 7999, description: 'For multi-chair studios and spas.', features: ['Everything in Professional', 'Unlimited staff', 'Sponsored listing eligibility', 'Priority support'] },
] as const;
export type PlanId = (typeof PLANS)[number]['id'];
export const PLAN_IDS = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

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
  const ist = new Date(d.getTime() + 330 * 60_000);
  const y = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** 'GB/2026-27/000042': gapless per financial year. */
export function invoiceNumber(fy: string, sequence: number): string {
  return `GB/${fy}/${String(sequence).padStart(6, '0')}`;
}

/** 123456.5 → '1,23,456.50' (Indian grouping). */
export function indianNumber(n: number, decimals = 2): string {
  return n.toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
