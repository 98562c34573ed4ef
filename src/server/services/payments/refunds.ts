import { formatINR, round2 } from '../../../shared/money.js';
import { refundAmountFor } from '../../../shared/policy.js';
import type { Executor } from '../../db/executor.js';
import { findAccountById } from '../../db/repositories/accounts.js';
import * as repo from '../../db/repositories/payments.js';
import type { Booking } from '../../db/types.js';
import type { AppDeps } from '../../deps.js';
import { defineJob, enqueueJob, isPermanent } from '../../jobs/queue.js';
import { queueMessage } from '../../messaging/index.js';
import { refundBookingToWallet } from '../wallet/ledger.js';

/*
 * Refunds of online booking payments go back through the gateway that took them (docs/payments.md):
 * a row per payment and reason (the database holds one), handed to the gateway by a job (the call
 * leaves the process; it is also tried at once after the commit), with our refund's id as the
 * gateway's idempotency receipt, so a retry after a lost answer is one refund. The row shows what
 * the gateway reported: initiated, processed (Razorpay says so by webhook; the test gateway at once)
 * or failed.
 */

export const BOOKING_REFUND = 'booking_refund';

/** Our refund's id as the gateway's receipt (≤ 40 characters, as Razorpay allows). */
export const refundReceipt = (refundId: string) => `brf_${refundId.replace(/-/g, '')}`;

/** The refund a receipt names (a webhook's refund entity carries it), or null for one not ours. */
export function refundIdOfReceipt(receipt: unknown): string | null {
  const m = typeof receipt === 'string' ? /^brf_([0-9a-f]{32})$/.exec(receipt) : null;
  if (!m) return null;
  const h = m[1];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Hands a refund to the gateway, under its row lock; throws on a network error (the job retries). */
async function handOver(trx: Executor, deps: AppDeps, refundId: string): Promise<void> {
  const refund = await repo.lockRefund(trx, refundId);
  if (!refund || refund.status !== 'initiated' || refund.gateway_refund_id) return;
  const payment = (await repo.findBookingPayment(trx, refund.payment_id))!;
  const gateway = deps.adapters.payments;
  if (gateway.name !== payment.gateway || !gateway.refund || !payment.reference) {
    await repo.settleRefund(
      trx,
      { id: refund.id },
      { status: 'failed', error: `${payment.gateway} cannot refund it from here: GlowBook's team refunds it by hand` },
    );
    return;
  }
  const r = await gateway.refund({ paymentReference: payment.reference, amount: Number(refund.amount), receipt: refundReceipt(refund.id) });
  if (!r.ok) {
    await repo.settleRefund(trx, { id: refund.id }, { status: 'failed', error: r.error });
    await mailRefund(trx, payment, refund, 'failed');
    return;
  }
  // The test gateway refunds on the spot; Razorpay reports processed later (refund.processed).
  const processed = gateway.name === 'test';
  await repo.settleRefund(trx, { id: refund.id }, { status: processed ? 'processed' : 'initiated', gatewayRefundId: r.reference });
  await mailRefund(trx, payment, refund, processed ? 'processed' : 'initiated');
}

/** Tells the customer where a refund stands, by e-mail. */
export async function mailRefund(
  db: Executor,
  payment: repo.BookingPaymentRow,
  refund: repo.BookingRefundRow,
  state: repo.BookingRefundRow['status'],
): Promise<void> {
  const account = await findAccountById(db, payment.user_id);
  if (!account?.email) return;
  const amount = formatINR(Number(refund.amount), { paise: true });
  const text =
    state === 'processed'
      ? `The refund of ${amount} to the card or UPI account you paid with has been processed (payment ${payment.reference}). Banks take up to 5–7 working days to show it.`
      : state === 'initiated'
        ? `The refund of ${amount} to the card or UPI account you paid with has been started (payment ${payment.reference}); we will tell you when the gateway has processed it.`
        : `The refund of ${amount} (payment ${payment.reference}) could not be made automatically, so GlowBook's team will refund it to you by hand.`;
  await queueMessage(db, {
    channel: 'email',
    to: account.email,
    accountId: payment.user_id,
    subject: `Refund ${state}: ${amount}`,
    body: `Hi,\n\n${text}\nSee it on your booking under My Bookings.\n\nGlowBook`,
    meta: { purpose: 'booking_refund', refundId: refund.id, state },
  });
}

/** Tries a refund now (after the commit that made it); the queued job stays to retry a gateway that did not answer. */
export async function refundNow(deps: AppDeps, refundId: string): Promise<void> {
  try {
    await deps.db.transaction().execute((trx) => handOver(trx, deps, refundId));
  } catch {
    // A network error: the queued refund job retries it.
  }
}

export const bookingRefundJob = defineJob(BOOKING_REFUND, async (trx, payload, ctx) => handOver(trx, ctx.deps, payload.refundId), {
  alone: true,
  async onFailure(trx, payload, failure) {
    if (failure.final || isPermanent(failure.error))
      await repo.settleRefund(trx, { id: payload.refundId }, { status: 'failed', error: failure.message });
  },
});

/** Whether the booking was paid online by a deposit (the rest at the salon). */
export async function isDepositBooking(trx: Executor, booking: Booking): Promise<boolean> {
  if (booking.payment_method !== 'online') return false;
  return (await repo.paidPaymentOfBooking(trx, booking.id))?.deposit ?? false;
}

/** What a cancellation gives back of a prepaid booking. */
export interface PrepaymentRefund {
  /** Credited to the wallet now. */
  walletCredit: number;
  /** Going back to the card or UPI account it came from, through the gateway. */
  gatewayRefund: number;
  /** The gateway refund's id, to hand over after the commit. */
  refundId: string | null;
}

/**
 * Refunds a cancelled booking's prepayment at `percent`, in the cancellation's transaction: what the
 * wallet paid goes back to the wallet; what was paid online goes back through the gateway, unless
 * the customer chose the wallet (then at once, with the rest).
 */
export async function refundPrepayment(
  trx: Executor,
  booking: Booking,
  v: { percent: number; toWallet: boolean; salonName: string; reason?: 'cancellation' | 'no_show_dispute' },
): Promise<PrepaymentRefund> {
  if (!booking.user_id) return { walletCredit: 0, gatewayRefund: 0, refundId: null };
  const base = { userId: booking.user_id, bookingId: booking.id, refundPercent: v.percent, salonName: v.salonName };
  const paid = booking.payment_method === 'online' ? await repo.paidPaymentOfBooking(trx, booking.id) : undefined;
  if (!paid) {
    const walletCredit = await refundBookingToWallet(trx, { ...base, amountPaid: Number(booking.amount_paid) });
    return { walletCredit, gatewayRefund: 0, refundId: null };
  }
  const online = Number(paid.amount);
  const wallet = Number(paid.wallet_amount);
  if (v.toWallet) {
    const walletCredit = await refundBookingToWallet(trx, { ...base, amountPaid: round2(online + wallet) });
    return { walletCredit, gatewayRefund: 0, refundId: null };
  }
  const walletCredit = wallet > 0 ? await refundBookingToWallet(trx, { ...base, amountPaid: wallet }) : 0;
  const gatewayRefund = refundAmountFor(online, v.percent);
  if (gatewayRefund <= 0) return { walletCredit, gatewayRefund: 0, refundId: null };
  const refund = await repo.insertRefund(trx, {
    payment_id: paid.id,
    booking_id: booking.id,
    amount: gatewayRefund,
    reason: v.reason ?? 'cancellation',
  });
  if (refund)
    await enqueueJob(trx, { kind: BOOKING_REFUND, payload: { refundId: refund.id }, ref: `booking_refund:${refund.id}`, maxAttempts: 6 });
  return { walletCredit, gatewayRefund, refundId: refund?.id ?? null };
}
