import { formatINR, round2 } from './money.js';
import { FULL_REFUND_MIN_HOURS } from './policy.js';

/*
 * How a salon is paid (docs/payments.md, issue 38 item 5). Plain data and arithmetic, shared by the
 * server (which enforces it) and the client (which shows it); no zod here, so the first screen may
 * import it.
 */

export const PAYMENT_POLICIES = ['pay_at_salon', 'deposit', 'online'] as const;
export type PaymentPolicyKind = (typeof PAYMENT_POLICIES)[number];

export const PAYMENT_POLICY_LABELS: Record<PaymentPolicyKind, string> = {
  pay_at_salon: 'Pay at salon allowed',
  deposit: 'Deposit at booking',
  online: 'Online payment required',
};

/** A salon's policy, or a service's own (a service with kind null follows its salon). */
export interface PaymentPolicy {
  kind: PaymentPolicyKind;
  /** A deposit of this % of the price (1–100) … */
  depositPercent: number | null;
  /** … or of this many ₹ (for a salon: per booking; for a service: per service, at most its price). */
  depositFixed: number | null;
}

/** A deposit is kept when the booking is cancelled less than this many hours before it (or not turned up to). */
export const DEPOSIT_KEPT_WITHIN_HOURS = FULL_REFUND_MIN_HOURS;

/** A deposit comes back in full when cancelled in the full-refund tier, else it is kept. */
export function depositRefundPercent(tier: number): 0 | 100 {
  return tier >= 100 ? 100 : 0;
}

const STRICTNESS: Record<PaymentPolicyKind, number> = { pay_at_salon: 0, deposit: 1, online: 2 };

export interface BookingPaymentTerms {
  kind: PaymentPolicyKind;
  /** What must be paid online at booking (the total for online, the deposit for deposit, 0 otherwise). */
  dueNow: number;
  /** The rest, paid at the salon. */
  dueAtSalon: number;
}

/**
 * What a booking of these services must pay at booking: the strictest of the services' policies (a
 * service without its own follows the salon's). A deposit is the sum of each service's own deposit
 * (its % of its price, or its fixed ₹ up to its price) and the salon's for the services that follow
 * it (its % of their prices, or its fixed ₹ once), never more than the total after discounts.
 */
export function bookingPaymentTerms(
  salon: PaymentPolicy,
  services: readonly { price: number; policy: PaymentPolicy | null }[],
  total: number,
): BookingPaymentTerms {
  let kind: PaymentPolicyKind = 'pay_at_salon';
  let deposit = 0;
  let salonShare = 0;
  let followsSalonDeposit = false;
  for (const s of services) {
    const p = s.policy ?? salon;
    if (STRICTNESS[p.kind] > STRICTNESS[kind]) kind = p.kind;
    if (p.kind !== 'deposit') continue;
    if (s.policy)
      deposit += s.policy.depositPercent ? (s.price * s.policy.depositPercent) / 100 : Math.min(s.policy.depositFixed ?? 0, s.price);
    else {
      followsSalonDeposit = true;
      salonShare += s.price;
    }
  }
  if (followsSalonDeposit)
    deposit += salon.depositPercent ? (salonShare * salon.depositPercent) / 100 : Math.min(salon.depositFixed ?? 0, salonShare);
  const paidTotal = round2(Math.max(0, total));
  const dueNow = kind === 'online' ? paidTotal : kind === 'deposit' ? Math.min(paidTotal, round2(deposit)) : 0;
  // A deposit is paid online, and a gateway takes no payment under ₹1: a smaller one is none.
  if (kind === 'deposit' && dueNow < 1) return { kind: 'pay_at_salon', dueNow: 0, dueAtSalon: paidTotal };
  return { kind, dueNow, dueAtSalon: round2(paidTotal - dueNow) };
}

/** The policy as the checkout states it before the customer pays. */
export function paymentTermsText(t: BookingPaymentTerms): string {
  const within = `${DEPOSIT_KEPT_WITHIN_HOURS} h`;
  if (t.kind === 'deposit')
    return `${formatINR(t.dueNow)} deposit now, ${formatINR(t.dueAtSalon)} at the salon. The deposit is kept if you don't show up or cancel within ${within} of the appointment; cancel earlier and it is refunded in full.`;
  if (t.kind === 'online')
    return `This salon asks for payment online when you book. Cancel ${within} or more before for a full refund, 1–${within} before for 50 %; later, or a no-show, gets none.`;
  return 'Pay at the salon, or online now if you prefer.';
}

/** A policy's one-line summary (settings, service lists). */
export function policySummary(p: PaymentPolicy): string {
  if (p.kind !== 'deposit') return PAYMENT_POLICY_LABELS[p.kind];
  return p.depositPercent ? `Deposit ${p.depositPercent} %` : `Deposit ${formatINR(p.depositFixed ?? 0)}`;
}
