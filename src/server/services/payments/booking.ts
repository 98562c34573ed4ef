import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { formatINR, round2 } from '../../../shared/money.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import {
  type BookingPaymentWire,
  PAYMENT_HOLD_MINUTES,
  type startBookingPaymentInput,
  TEST_UPI_FAILURE,
  type testCheckoutInput,
  type verifyBookingPaymentInput,
} from '../../../shared/schemas/payments.js';
import { TEST_CARD_APPROVED, testGatewayOrderId, testGatewayPayment } from '../../adapters/payments/index.js';
import type { Executor } from '../../db/executor.js';
import { findAccountById } from '../../db/repositories/accounts.js';
import { findBookingRow, listBookingServices } from '../../db/repositories/bookings.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import * as repo from '../../db/repositories/payments.js';
import { recordPaymentFee } from '../../db/repositories/settlements.js';
import { lockAccount, walletBalance } from '../../db/repositories/wallet.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { writeEffects } from '../../jobs/effects.js';
import { enqueueJob } from '../../jobs/queue.js';
import { publishDeskChange } from '../../live/deskEvents.js';
import { queueMessage } from '../../messaging/index.js';
import { placeBooking } from '../bookings/create.js';
import { bookingEventEffects } from '../bookings/notify.js';
import { loadBookingWire } from '../bookings/wire.js';
import { bookingChannel } from '../channels/links.js';
import { appendWallet } from '../wallet/ledger.js';
import { iso } from '../wire.js';
import { receiptNumber } from './receipt.js';
import { BOOKING_REFUND, refundNow } from './refunds.js';

/*
 * Pay now (docs/payments.md): the booking is placed pending and held, with its gateway order and
 * the wallet's share, in one transaction; the browser pays the order in the gateway's checkout; the
 * payment's signature is verified and the payment applied under its row lock, so the browser and
 * the webhook reporting the same payment apply it once. A payment that finds its booking no longer
 * held (the hold lapsed and the slot was released) is refunded in full, and the customer told.
 */

type PaymentRow = repo.BookingPaymentRow;
type PaymentWithRefunds = Awaited<ReturnType<typeof repo.paymentsOf>>['rows'][number];

export function paymentOptions(deps: AppDeps) {
  const g = deps.adapters.payments;
  return { data: { gateway: g.name, testMode: g.testMode, checkoutKey: g.checkoutKey, holdMinutes: PAYMENT_HOLD_MINUTES } };
}

const asDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

function paymentWire(p: PaymentRow | PaymentWithRefunds, holdExpiresAt: Date | null): BookingPaymentWire {
  const refunds = 'refunds' in p ? p.refunds : [];
  return {
    _id: p.id,
    bookingId: p.booking_id,
    gateway: p.gateway,
    orderId: p.order_id,
    amount: Number(p.amount),
    walletAmount: Number(p.wallet_amount),
    status: p.status,
    reference: p.reference,
    holdExpiresAt: p.status === 'created' && holdExpiresAt ? iso(holdExpiresAt) : null,
    paidAt: p.paid_at ? iso(p.paid_at) : null,
    deposit: p.deposit,
    receiptNumber: p.status === 'paid' && p.receipt_no != null ? receiptNumber(p.receipt_no) : null,
    refunds: refunds.map((r) => ({
      _id: r.id,
      amount: Number(r.amount),
      reason: r.reason,
      status: r.status,
      gatewayRefundId: r.gateway_refund_id,
      error: r.error,
      createdAt: iso(asDate(r.created_at)),
      updatedAt: iso(asDate(r.updated_at)),
    })),
    createdAt: iso(p.created_at),
  };
}

/** Pay now is a customer's own: an admin books for others with the pay-at-salon and wallet methods. */
function customerOnly(actor: Actor): string {
  if (actor.role !== 'customer') throw forbidden('Paying online is for the customer who books');
  return actor.id;
}

/** The gateway's checkout for a payment the browser is to pay (what PayNow opens). */
function checkoutOf(deps: AppDeps, payment: PaymentRow, salonName: string) {
  const gateway = deps.adapters.payments;
  return {
    gateway: gateway.name,
    testMode: gateway.testMode,
    checkoutKey: gateway.checkoutKey,
    orderId: payment.order_id,
    amount: Number(payment.amount),
    amountPaise: Math.round(Number(payment.amount) * 100),
    currency: 'INR' as const,
    description: `${payment.deposit ? 'Deposit for a booking' : 'Booking'} at ${salonName}`,
  };
}

/**
 * In the caller's transaction: the booking placed pending and held until `holdUntil`, the wallet's
 * share taken, the gateway order created (with our payment's id as its receipt) and recorded. The
 * checkout's pay now and a waitlist offer accepted to pay online both come here.
 */
export async function holdForPayment(
  trx: Executor,
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof startBookingPaymentInput>,
  o: { now: Date; holdUntil: Date; channel: 'direct' | 'marketplace'; acceptingOfferId?: string },
) {
  const userId = customerOnly(actor);
  const gateway = deps.adapters.payments;
  if (!gateway.createOrder && gateway.name !== 'test')
    throw badRequest(`paymentMethod: the ${gateway.name} gateway takes no online booking payments`, 'paymentMethod');
  const paymentId = randomUUID();
  const placed = await placeBooking(
    trx,
    actor,
    userId,
    { ...input, paymentMethod: 'pay_at_salon' },
    null,
    null,
    o.now,
    o.channel,
    undefined,
    o.holdUntil,
    o.acceptingOfferId,
  );
  if (placed.total < 1)
    throw badRequest('paymentMethod: this booking costs nothing to pay online; book it to pay at the salon', 'paymentMethod');
  // A deposit salon's booking pays its deposit now and the rest at the salon; any other pays it all.
  const deposit = placed.terms.kind === 'deposit';
  const due = deposit ? placed.terms.dueNow : placed.total;
  let walletAmount = 0;
  if (input.useWallet) {
    await lockAccount(trx, userId);
    // At least ₹1 is left to pay online (the gateway's smallest payment); a wallet that covers it all pays with the wallet method.
    walletAmount = Math.max(0, Math.min(await walletBalance(trx, userId), round2(due - 1)));
    if (walletAmount > 0)
      await appendWallet(
        trx,
        {
          accountId: userId,
          amount: -walletAmount,
          kind: 'booking_payment',
          bookingId: placed.id,
          description: `Booking at ${placed.salonName} (part paid online)`,
        },
        'useWallet',
      );
  }
  const amount = round2(due - walletAmount);
  // The gateway's order is made inside the transaction: if it cannot be made, no slot stays held for a payment that cannot happen.
  const orderId = gateway.createOrder ? await gateway.createOrder(amount, paymentId) : testGatewayOrderId(paymentId);
  const payment = await repo.insertBookingPayment(trx, {
    id: paymentId,
    booking_id: placed.id,
    user_id: userId,
    merchant_id: input.merchantId,
    gateway: gateway.name,
    order_id: orderId,
    amount,
    wallet_amount: walletAmount,
    deposit,
  });
  return {
    bookingId: placed.id,
    payment,
    salonName: placed.salonName,
    wire: paymentWire(payment, o.holdUntil),
    checkout: checkoutOf(deps, payment, placed.salonName),
  };
}

/**
 * Holds the slot and opens the gateway order, in one transaction (holdForPayment): the booking
 * (pending, held for PAYMENT_HOLD_MINUTES), the wallet's share, the gateway order. Should the
 * gateway not answer, nothing is held (503).
 */
export async function startBookingPayment(deps: AppDeps, actor: Actor, input: z.output<typeof startBookingPaymentInput>) {
  customerOnly(actor);
  const now = new Date();
  const holdUntil = new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000);
  // Paid online through the salon's own link, widget or poster: direct, as a booking paid at the salon is.
  const channel = bookingChannel(deps, input.merchantId, input.channelToken, now);
  const held = await deps.db.transaction().execute((trx) => holdForPayment(trx, deps, actor, input, { now, holdUntil, channel }));
  const booking = (await loadBookingWire(deps.db, held.bookingId))!;
  publishDeskChange(deps.db, booking.merchantId, [booking.bookingDate]);
  return { data: { booking, payment: held.wire, checkout: held.checkout } };
}

/**
 * The offline test gateway's checkout: pays an order with a test UPI id (Razorpay's: failure@razorpay
 * is declined, any other id is paid) or the test card, and hands back what Razorpay Checkout's handler
 * receives. Nothing is recorded here; verifyBookingPayment records it, as with Razorpay.
 */
export async function testCheckout(deps: AppDeps, actor: Actor, input: z.output<typeof testCheckoutInput>) {
  const gateway = deps.adapters.payments;
  if (gateway.name !== 'test') throw badRequest('method: this server takes real payments: pay in Razorpay Checkout', 'method');
  const payment = await repo.findBookingPayment(deps.db, input.paymentId, { userId: actor.id });
  if (!payment || payment.gateway !== 'test') throw notFound('Payment');
  const declined =
    input.method === 'upi'
      ? !/^[\w.-]{2,256}@[a-z]{2,64}$/i.test(input.upiId ?? '') || input.upiId?.toLowerCase() === TEST_UPI_FAILURE
      : input.cardNumber !== TEST_CARD_APPROVED;
  if (declined) {
    const why = input.method === 'upi' ? 'The UPI payment was declined (test mode).' : 'Your card was declined (test mode).';
    await repo.notePaymentError(deps.db, payment.order_id, why);
    throw new AppError(
      'BAD_REQUEST',
      `${input.method === 'upi' ? 'upiId' : 'cardNumber'}: ${why}`,
      input.method === 'upi' ? 'upiId' : 'cardNumber',
    );
  }
  const paid = testGatewayPayment(payment.order_id);
  return { data: { razorpay_order_id: payment.order_id, razorpay_payment_id: paid.paymentId, razorpay_signature: paid.signature } };
}

/** The outcome of applying a payment: its row after, and whether this call applied it. */
interface Applied {
  payment: PaymentRow;
  applied: boolean;
  refundId: string | null;
}

/**
 * Applies money the gateway took for one of our payments, once: under the payment's row lock (the
 * browser's verify and the webhook take turns), then the booking's. A booking still held is
 * confirmed (its hold may have lapsed: nobody took the slot, so it is still this customer's); one
 * released meanwhile keeps nothing: the payment is late and refunded in full.
 */
export async function applyPayment(
  deps: AppDeps,
  paymentId: string,
  { fee, ...paid }: { reference: string; last4: string | null; fee?: { fee: number; tax: number } | null },
): Promise<Applied> {
  const result = await deps.db.transaction().execute(async (trx): Promise<Applied> => {
    const p = await repo.findBookingPayment(trx, paymentId, { lock: true });
    if (!p) throw notFound('Payment');
    // The gateway's fee, for the salon's settlement statement (a later report fills in one not yet known).
    if (fee && (p.reference === null || p.reference === paid.reference)) await recordPaymentFee(trx, p.id, fee);
    if (p.status === 'paid' || p.status === 'late') return { payment: p, applied: false, refundId: null };
    const booking = await findBookingRow(trx, p.booking_id, { lock: true });
    const salon = await findMerchantById(trx, p.merchant_id);
    const salonName = salon?.shop_name ?? 'the salon';
    if (
      booking?.status === 'pending' &&
      (await repo.confirmHeldBooking(trx, booking.id, round2(Number(p.amount) + Number(p.wallet_amount))))
    ) {
      const updated = (await repo.markPaymentTaken(trx, p.id, { status: 'paid', ...paid }))!;
      const services = (await listBookingServices(trx, [booking.id])).map((s) => s.service_name);
      await writeEffects(
        trx,
        bookingEventEffects('made', {
          bookingId: booking.id,
          startsAt: new Date(booking.starts_at),
          userId: booking.user_id,
          merchantId: booking.merchant_id,
          salonName,
          bookingDate: booking.booking_date,
          bookingTime: booking.booking_time,
          services,
        }),
      );
      // The receipt, by e-mail: a link to the booking, where it downloads (the outbox takes no attachments).
      const account = await findAccountById(trx, p.user_id);
      if (account?.email) {
        const paidNow = formatINR(round2(Number(p.amount) + Number(p.wallet_amount)), { paise: true });
        const due = round2(Number(booking.total_price) - Number(p.amount) - Number(p.wallet_amount));
        await queueMessage(trx, {
          channel: 'email',
          to: account.email,
          accountId: p.user_id,
          subject: `Payment received: ${paidNow} for ${salonName} (receipt ${receiptNumber(updated.receipt_no!)})`,
          body: `Hi,

We received ${paidNow}${p.deposit ? ' as your deposit' : ''} for your booking at ${salonName} on ${booking.booking_date} at ${booking.booking_time} (${p.gateway} payment ${paid.reference}).${due > 0 ? ` ${formatINR(due, { paise: true })} is due at the salon.` : ''}

Download your receipt ${receiptNumber(updated.receipt_no!)} (PDF) from your booking: ${deps.env.PUBLIC_URL}/bookings/${booking.id}

GlowBook`,
          meta: { purpose: 'booking_payment_receipt', paymentId: p.id },
        });
      }
      return { payment: updated, applied: true, refundId: null };
    }
    const why = 'the payment arrived after the booking’s hold had lapsed and the slot was released';
    const late = (await repo.markPaymentTaken(trx, p.id, { status: 'late', ...paid, error: why }))!;
    const refund = await repo.insertRefund(trx, {
      payment_id: p.id,
      booking_id: p.booking_id,
      amount: Number(p.amount),
      reason: 'late_payment',
    });
    if (refund)
      await enqueueJob(trx, { kind: BOOKING_REFUND, payload: { refundId: refund.id }, ref: `booking_refund:${refund.id}`, maxAttempts: 6 });
    const amount = formatINR(Number(p.amount), { paise: true });
    const account = await findAccountById(trx, p.user_id);
    const text = `Your payment of ${amount} (${p.gateway} payment ${paid.reference}) for a booking at ${salonName} reached us after the 10-minute hold had lapsed and the time had been released, so the booking was not made. The ${amount} is being refunded in full to the card or UPI account you paid with; nothing is kept.`;
    await writeEffects(trx, {
      notifications: [{ accountId: p.user_id, title: 'Payment refunded', message: text, link: '/bookings', type: 'booking' }],
      jobs: [],
    });
    if (account?.email)
      await queueMessage(trx, {
        channel: 'email',
        to: account.email,
        accountId: p.user_id,
        subject: `Your payment of ${amount} is being refunded`,
        body: `Hi,\n\n${text}\n\nGlowBook`,
        meta: { purpose: 'booking_payment_refund', paymentId: p.id },
      });
    return { payment: late, applied: true, refundId: refund?.id ?? null };
  });
  if (result.refundId) await refundNow(deps, result.refundId);
  return result;
}

/**
 * The browser's proof that it paid: the order must be this payment's, and the signature the
 * gateway's. A replay of a proof already applied answers the same.
 */
export async function verifyBookingPayment(deps: AppDeps, actor: Actor, input: z.output<typeof verifyBookingPaymentInput>) {
  const gateway = deps.adapters.payments;
  const payment = await repo.findBookingPayment(deps.db, input.paymentId, { userId: actor.id });
  if (!payment) throw notFound('Payment');
  if (input.razorpay_order_id !== payment.order_id)
    throw badRequest('razorpay_order_id: this is not the order of this payment', 'razorpay_order_id');
  if (payment.gateway !== gateway.name)
    throw conflict(`paymentId: this payment was made through ${payment.gateway}, which this server is no longer connected to`);
  let current = payment;
  if (payment.status !== 'paid' && payment.status !== 'late') {
    const charge = await gateway.charge({
      amount: Number(payment.amount),
      description: 'GlowBook booking',
      receipt: payment.id,
      proof: { orderId: input.razorpay_order_id, paymentId: input.razorpay_payment_id, signature: input.razorpay_signature },
    });
    if (!charge.ok)
      throw badRequest(
        charge.error.startsWith('razorpay_signature') ? charge.error : `razorpay_signature: ${charge.error}`,
        'razorpay_signature',
      );
    current = (await applyPayment(deps, payment.id, { reference: charge.reference, last4: charge.last4, fee: charge.fee })).payment;
  } else if (payment.reference !== input.razorpay_payment_id) {
    throw conflict('razorpay_payment_id: this order was already paid by another payment');
  }
  const booking = (await loadBookingWire(deps.db, current.booking_id))!;
  const [withRefunds] = await repo
    .paymentsOf(deps.db, current.user_id, current.booking_id, { limit: 500, offset: 0 })
    .then(({ rows }) => rows.filter((r) => r.id === current.id));
  publishDeskChange(deps.db, booking.merchantId, [booking.bookingDate]);
  const wire = paymentWire(withRefunds ?? current, null);
  if (current.status === 'late') {
    throw new AppError(
      'CONFLICT',
      `paymentId: your payment of ${formatINR(Number(current.amount), { paise: true })} arrived after the 10-minute hold had lapsed and the slot was taken, so it is being refunded in full; please choose another time`,
      'paymentId',
    );
  }
  return {
    data: { booking, payment: wire },
    message: `Paid ${formatINR(Number(current.amount), { paise: true })}: your booking is confirmed.`,
  };
}

export async function myPayments(deps: AppDeps, actor: Actor, input: { bookingId?: string; page: number; limit: number }) {
  const { rows, total } = await repo.paymentsOf(deps.db, actor.id, input.bookingId, {
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return {
    data: {
      payments: rows.map((r) => paymentWire(r, r.hold_expires_at ? asDate(r.hold_expires_at) : null)),
      paging: pagingOf(input.page, input.limit, total),
    },
  };
}
