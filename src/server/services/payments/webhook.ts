import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { notePlanAttemptError } from '../../db/repositories/paymentMethods.js';
import * as repo from '../../db/repositories/payments.js';
import type { AppDeps } from '../../deps.js';
import { planPaymentTaken } from '../billing/webhook.js';
import { applyPayment } from './booking.js';
import { mailRefund, refundIdOfReceipt } from './refunds.js';

/*
 * Razorpay's webhooks (docs/payments.md): the gateway's own word on a payment whose browser never
 * came back, and on refunds. Each is authenticated by X-Razorpay-Signature (HMAC-SHA256 of the raw
 * body with RAZORPAY_WEBHOOK_SECRET) and applies through the same idempotent steps as the browser
 * (applyPayment under the payment's row lock; a refund moves only out of "initiated"), so a replay,
 * a duplicate or an event arriving out of order changes nothing twice.
 */

export interface WebhookAnswer {
  status: number;
  body: { message: string; code?: string };
}

/** HMAC-SHA256 of the raw body, hex, compared in constant time. */
export function webhookSignatureValid(secret: string, raw: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface PaymentEntity {
  id?: string;
  order_id?: string;
  amount?: number;
  /** Razorpay's fee on the payment, GST included, and that GST (paise). */
  fee?: number | null;
  tax?: number | null;
  card?: { last4?: string } | null;
  error_description?: string | null;
}
interface RefundEntity {
  id?: string;
  payment_id?: string;
  receipt?: string | null;
}
interface WebhookBody {
  event?: string;
  payload?: { payment?: { entity?: PaymentEntity }; refund?: { entity?: RefundEntity }; order?: { entity?: { id?: string } } };
}

const ok = (message: string): WebhookAnswer => ({ status: 200, body: { message } });

async function paymentTaken(deps: AppDeps, p: PaymentEntity): Promise<WebhookAnswer> {
  if (!p.id || !p.order_id) return ok('ignored: no payment or order id');
  const payment = await repo.findPaymentByOrderId(deps.db, p.order_id);
  if (!payment) {
    // A plan's order (Subscription & Billing): applied as the reconcile job would.
    const plan =
      typeof p.amount === 'number'
        ? await planPaymentTaken(deps, p.order_id, { id: p.id, amountPaise: p.amount, last4: p.card?.last4 ?? null })
        : null;
    return ok(plan ?? 'ignored: not an order of a booking or a plan');
  }
  // The order's amount is ours: a payment for another amount is not applied (it is reconciled by hand).
  if (typeof p.amount !== 'number' || p.amount !== Math.round(Number(payment.amount) * 100)) {
    await repo.notePaymentError(
      deps.db,
      p.order_id,
      `The gateway reported a payment of ${p.amount} paise for this order; it was not applied`,
    );
    return ok('ignored: amount does not match the order');
  }
  const fee =
    typeof p.fee === 'number' && p.fee >= 0 ? { fee: Math.max(0, p.fee - (p.tax ?? 0)) / 100, tax: Math.max(0, p.tax ?? 0) / 100 } : null;
  const r = await applyPayment(deps, payment.id, { reference: p.id, last4: p.card?.last4 ?? null, fee });
  return ok(r.applied ? `applied: payment ${r.payment.status}` : 'already applied');
}

async function refundSettled(deps: AppDeps, r: RefundEntity, status: 'processed' | 'failed'): Promise<WebhookAnswer> {
  if (!r.id) return ok('ignored: no refund id');
  const ourId = refundIdOfReceipt(r.receipt) ?? (await repo.findRefundByGatewayId(deps.db, r.id))?.id;
  if (!ourId) return ok('ignored: not a refund of a booking');
  const done = await deps.db.transaction().execute(async (trx) => {
    const refund = await repo.lockRefund(trx, ourId);
    if (!refund || refund.status !== 'initiated') return null;
    const settled = await repo.settleRefund(
      trx,
      { id: refund.id },
      {
        status,
        gatewayRefundId: r.id,
        error: status === 'failed' ? 'The gateway reported the refund failed' : null,
      },
    );
    const payment = await repo.findBookingPayment(trx, refund.payment_id);
    if (settled && payment) await mailRefund(trx, payment, settled, status);
    return settled;
  });
  return ok(done ? `refund ${status}` : 'already settled');
}

/** One webhook delivery: verified, recorded once, applied. */
export async function razorpayWebhook(
  deps: AppDeps,
  raw: Buffer,
  headers: { signature?: string; eventId?: string },
): Promise<WebhookAnswer> {
  const secret = deps.env.RAZORPAY_WEBHOOK_SECRET;
  if (!secret) return { status: 412, body: { message: 'RAZORPAY_WEBHOOK_SECRET is not set on this server', code: 'PRECONDITION_FAILED' } };
  if (!webhookSignatureValid(secret, raw, headers.signature))
    return { status: 400, body: { message: 'X-Razorpay-Signature: the signature does not match the body', code: 'BAD_REQUEST' } };
  let body: WebhookBody;
  try {
    body = JSON.parse(raw.toString('utf8')) as WebhookBody;
  } catch {
    return { status: 400, body: { message: 'The body is not JSON', code: 'BAD_REQUEST' } };
  }
  const event = typeof body.event === 'string' ? body.event : '';
  // Razorpay names each event (X-Razorpay-Event-Id), the same on every retry of it; the body's hash stands in without one.
  const eventId = headers.eventId?.slice(0, 200) || `sha256:${createHash('sha256').update(raw).digest('hex')}`;
  if (await repo.hasWebhookEvent(deps.db, eventId)) return ok('already received');
  let answer: WebhookAnswer;
  switch (event) {
    case 'payment.captured':
    case 'order.paid':
      answer = await paymentTaken(deps, body.payload?.payment?.entity ?? {});
      break;
    case 'payment.failed': {
      const p = body.payload?.payment?.entity;
      if (p?.order_id) {
        await repo.notePaymentError(deps.db, p.order_id, p.error_description ?? 'The payment failed');
        await notePlanAttemptError(deps.db, p.order_id, p.error_description ?? 'The payment failed');
      }
      answer = ok('noted');
      break;
    }
    case 'refund.processed':
      answer = await refundSettled(deps, body.payload?.refund?.entity ?? {}, 'processed');
      break;
    case 'refund.failed':
      answer = await refundSettled(deps, body.payload?.refund?.entity ?? {}, 'failed');
      break;
    default:
      answer = ok(`ignored: event ${event || '(none)'}`);
  }
  await repo.recordWebhookEvent(deps.db, eventId, event);
  return answer;
}
