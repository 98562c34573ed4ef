import { round2 } from './money.js';

/*
 * Settlement statements (docs/payments.md "Settlement"): what the platform collected online for a
 * salon, less the commission, the gateway's fees and refunds, is what it owes the salon.
 */

/**
 * The payment gateway's fee: a share of each payment taken, plus GST on that fee. Razorpay's
 * standard rate for domestic cards, UPI and net banking; a payment whose gateway reported its own
 * fee is settled at that figure, this rate only estimates one it did not report.
 */
export const GATEWAY_FEE = { rate: 0.02, gstRate: 0.18 } as const;

/** The fee and the GST on it for a payment of `amount` rupees, each rounded to the paisa. */
export function gatewayFee(amount: number): { fee: number; tax: number } {
  const fee = round2(amount * GATEWAY_FEE.rate);
  return { fee, tax: round2(fee * GATEWAY_FEE.gstRate) };
}

/** Where a payment's booking stands for settlement. */
export type SettlementState = 'payable' | 'held' | 'refunded';

/**
 * One payment's line: collected less fees, refunds and commission. Its net is payable once the
 * booking is settled (completed, no-show or cancelled: the commission and the refund are then
 * known); until the appointment it is held.
 */
export function settlementLine(v: {
  collected: number;
  fee: number;
  feeTax: number;
  refunded: number;
  commission: number;
  bookingStatus: string;
}): { fees: number; net: number; state: SettlementState } {
  const fees = round2(v.fee + v.feeTax);
  const net = round2(v.collected - fees - v.refunded - v.commission);
  const settled = ['completed', 'no_show', 'cancelled'].includes(v.bookingStatus);
  const state: SettlementState = !settled ? 'held' : v.refunded >= v.collected ? 'refunded' : 'payable';
  return { fees, net, state };
}

export const SETTLEMENT_STATE_LABELS: Record<SettlementState, string> = {
  payable: 'Payable',
  held: 'Held until the appointment',
  refunded: 'Refunded',
};
