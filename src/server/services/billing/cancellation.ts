import type { z } from 'zod';
import { formatINR, round2 } from '../../../shared/money.js';
import type { cancelInvoiceInput } from '../../../shared/schemas/billing.js';
import { findAccountById } from '../../db/repositories/accounts.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { creditedBase, lockCreditNoteForRefund, lockInvoice, settleRefund } from '../../db/repositories/billing.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import { insertNotification } from '../../db/repositories/notifications.js';
import type { Actor, AppDeps } from '../../deps.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { defineJob, enqueueJob, isPermanent } from '../../jobs/queue.js';
import { queueMessage } from '../../messaging/index.js';
import { issueCreditNote, toCreditNoteWire } from './invoices.js';

/**
 * An admin cancels a paid subscription invoice (issued in error, disputed). A GST invoice is never
 * deleted or edited: it is reduced by a credit note, here of reason 'cancellation', for the taxable
 * value no earlier credit note (an upgrade's proration) took off, numbered in the credit notes'
 * gap-free series, with the invoice's own parties and place of supply. The amount is refunded through
 * the gateway that took the payment, by a job (the call leaves the process), and the credit note
 * shows the refund as the gateway reported it. The salon's plan is not changed.
 *
 * The invoice row is locked first, and the database holds one cancellation per invoice, so a double
 * click or two admins at once issue one credit note and one refund.
 */
export const INVOICE_REFUND = 'invoice_refund';

export async function cancelInvoice(deps: AppDeps, actor: Actor, input: z.output<typeof cancelInvoiceInput>) {
  if (actor.role !== 'admin') throw forbidden();
  const note = await deps.db.transaction().execute(async (trx) => {
    const invoice = await lockInvoice(trx, input.invoiceId);
    if (!invoice) throw notFound('Invoice');
    if (invoice.status !== 'paid') throw conflict(`Invoice ${invoice.number} is ${invoice.status}: only a paid invoice can be cancelled`);
    const remaining = round2(Number(invoice.base_amount) - (await creditedBase(trx, invoice.id)));
    if (remaining <= 0) throw conflict(`Invoice ${invoice.number} is already fully credited`);
    const salon = await findMerchantById(trx, invoice.merchant_id);
    const platformState = invoice.supplier_state ?? deps.env.PLATFORM_STATE;
    const canRefund = invoice.gateway === deps.adapters.payments.name && !!deps.adapters.payments.refund;
    const issued = await issueCreditNote(trx, {
      platform: { state: platformState, gstin: invoice.supplier_gstin ?? deps.env.PLATFORM_GSTIN ?? '' },
      salon: { name: invoice.recipient_name ?? salon?.shop_name ?? '', state: invoice.place_of_supply, gstin: invoice.recipient_gstin },
      invoice,
      reason: 'cancellation',
      base: remaining,
      description: `Cancellation of invoice ${invoice.number}: ${input.reason}`,
      refundStatus: canRefund ? 'queued' : 'none',
    });
    const amount = formatINR(Number(issued.total), { paise: true });
    const refundText = canRefund
      ? `${amount} will be refunded to the card or account you paid with.`
      : `It was paid through ${invoice.gateway}, so the ${amount} is refunded outside GlowBook.`;
    if (canRefund)
      await enqueueJob(trx, {
        kind: INVOICE_REFUND,
        payload: { creditNoteId: issued.id },
        ref: `credit_note:${issued.id}`,
        maxAttempts: 6,
      });
    await insertNotification(trx, {
      accountId: invoice.merchant_id,
      title: 'Invoice cancelled',
      message: `GlowBook cancelled invoice ${invoice.number} (${input.reason}) with credit note ${issued.number}. ${refundText}`,
      link: '/merchant/subscription',
      type: 'system',
    });
    // The salon's billing e-mail, else its owner's sign-in e-mail (as the invoice e-mails do).
    const to = salon?.email || (await findAccountById(trx, invoice.merchant_id))?.email;
    if (to) {
      await queueMessage(trx, {
        channel: 'email',
        to,
        accountId: invoice.merchant_id,
        subject: `GlowBook credit note ${issued.number}: invoice ${invoice.number} cancelled`,
        body: `Hi,\n\nInvoice ${invoice.number} was cancelled: ${input.reason}.\nCredit note ${issued.number}: ${amount} including GST, against invoice ${invoice.number}.\n${refundText}\nDownload it from Subscription & Billing in your panel. Your plan is not changed.\n\nGlowBook`,
        meta: { purpose: 'invoice', invoiceId: invoice.id, creditNoteId: issued.id },
      });
    }
    await recordAudit(trx, actor.id, 'billing.cancel_invoice', 'merchant', invoice.merchant_id, {
      invoice: invoice.number,
      creditNote: issued.number,
      amount: Number(issued.total),
      refund: canRefund,
    });
    return { ...issued, invoice_number: invoice.number };
  });
  return {
    success: true as const,
    message: `Invoice ${note.invoice_number} cancelled with credit note ${note.number}.`,
    creditNote: toCreditNoteWire(note),
  };
}

/**
 * Refunds a cancellation's amount through the gateway. The credit note is locked, so one worker
 * hands it over at a time, and its id is the gateway's idempotency receipt, so a crash between the
 * call and the commit repeats the call, not the refund. A refusal is final; a network error retries.
 */
export const invoiceRefundJob = defineJob(
  INVOICE_REFUND,
  async (trx, payload: { creditNoteId: string }, ctx) => {
    const note = await lockCreditNoteForRefund(trx, payload.creditNoteId);
    if (!note || note.refund_status !== 'queued') return;
    const gateway = ctx.deps.adapters.payments;
    if (gateway.name !== note.gateway || !gateway.refund) {
      await settleRefund(trx, note.id, {
        refund_status: 'failed',
        refund_error: `The payment was taken through ${note.gateway}, which this server is not connected to.`,
      });
      return;
    }
    const r = await gateway.refund({ paymentReference: note.payment_reference, amount: Number(note.total), receipt: note.id });
    if (r.ok) {
      await settleRefund(trx, note.id, { refund_status: 'refunded', refund_reference: r.reference, refund_error: null });
      await insertNotification(trx, {
        accountId: note.merchant_id,
        title: 'Refund sent',
        message: `The refund of ${formatINR(Number(note.total), { paise: true })} for credit note ${note.number} (invoice ${note.invoice_number}) was accepted by the payment gateway (reference ${r.reference}).`,
        link: '/merchant/subscription',
        type: 'system',
      });
    } else {
      await settleRefund(trx, note.id, { refund_status: 'failed', refund_error: r.error });
    }
  },
  {
    alone: true,
    async onFailure(trx, payload: { creditNoteId: string }, failure) {
      if (failure.final || isPermanent(failure.error))
        await settleRefund(trx, payload.creditNoteId, { refund_status: 'failed', refund_error: failure.message });
    },
  },
);
