import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { addMonth, creditNoteNumber, financialYear, gstBreakdown, invoiceNumber, PLANS, type PlanId } from '../../../shared/gst.js';
import { gstinStateProblem, PLATFORM_SAC } from '../../../shared/gstin.js';
import type { updateGstinInput } from '../../../shared/schemas/billing.js';
import type { Executor } from '../../db/executor.js';
import { recordAudit } from '../../db/repositories/audit.js';
import * as repo from '../../db/repositories/billing.js';
import type { CreditNotesTable, InvoicesTable } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { platformGst } from '../../env.js';
import { badRequest } from '../../errors.js';
import { displayDate } from '../bookings/notify.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';

/*
 * Tax invoices and credit notes: issued (numbered in their series, with the GST facts of both
 * parties kept as issued), read as wire rows, and the salon's GSTIN they carry.
 */

export type InvoiceRow = Selectable<InvoicesTable>;
export type CreditNoteRow = Selectable<CreditNotesTable>;

export function toInvoiceWire(i: InvoiceRow) {
  return {
    _id: i.id,
    number: i.number,
    date: iso(i.issued_at),
    description: i.description,
    plan: i.plan,
    periodStart: i.period_start,
    periodEnd: i.period_end,
    baseAmount: Number(i.base_amount),
    cgst: Number(i.cgst),
    sgst: Number(i.sgst),
    igst: Number(i.igst),
    amount: Number(i.total),
    status: i.status,
    gateway: i.gateway,
    sac: i.sac,
    placeOfSupply: i.place_of_supply,
    supplierGstin: i.supplier_gstin,
    recipientGstin: i.recipient_gstin,
  };
}

export function toCreditNoteWire(c: CreditNoteRow & { invoice_number: string }) {
  return {
    _id: c.id,
    number: c.number,
    date: iso(c.issued_at),
    invoiceNumber: c.invoice_number,
    reason: c.reason,
    description: c.description,
    baseAmount: Number(c.base_amount),
    cgst: Number(c.cgst),
    sgst: Number(c.sgst),
    igst: Number(c.igst),
    amount: Number(c.total),
    refund: { status: c.refund_status, reference: c.refund_reference, error: c.refund_error },
  };
}

/** The invoice that put the current plan in place for this period, and what it has left to credit. */
export async function periodInvoice(db: Executor, merchantId: string, plan: PlanId, periodEnd: string, opts: { lock?: boolean } = {}) {
  const found = await repo.findPaidPeriodInvoice(db, merchantId, plan, periodEnd);
  // Before a credit note is issued against it, the invoice is locked and what it still has to credit is
  // read after the lock: a cancellation committing meanwhile (which locks it too) is then counted, and
  // the two credit notes never add up to more than the invoice.
  const inv = found && opts.lock ? await repo.lockInvoice(db, found.id) : found;
  if (!inv || inv.status !== 'paid') return null;
  const credited = await repo.creditedBase(db, inv.id);
  return { invoice: inv, creditable: Math.round((Number(inv.base_amount) - credited) * 100) / 100 };
}

/**
 * The next number of the financial year in a series (repositories/billing.ts nextDocumentNumber:
 * in order, no gaps, never reused, as long as the issuing transaction holds the counter's lock).
 */
async function nextNumber(trx: Executor, series: 'invoice' | 'credit_note', at: Date): Promise<string> {
  const fy = financialYear(at);
  const n = await repo.nextDocumentNumber(trx, series, fy);
  return series === 'invoice' ? invoiceNumber(fy, n) : creditNoteNumber(fy, n);
}

/** Who a tax document is between: the platform (supplier) and the salon (recipient). */
export interface GstParties {
  platform: { state: string; gstin: string };
  salon: { name: string; state: string; gstin: string | null };
}

/**
 * Issues a paid tax invoice for a plan: a month from periodStart, or (an upgrade's prorated days)
 * the given period, taxable value and description. The GSTINs, SAC and place of supply are kept
 * as issued. Used by plan changes, upgrades, renewals and the demo data.
 */
export async function issueInvoice(
  trx: Executor,
  v: GstParties & {
    merchantId: string;
    plan: PlanId;
    periodStart: string;
    periodEnd?: string;
    base?: number;
    description?: string;
    gateway: string;
    reference: string;
    at?: Date;
    paymentAttemptId?: string;
  },
): Promise<InvoiceRow> {
  const plan = PLANS.find((p) => p.id === v.plan)!;
  const tax = gstBreakdown(v.base ?? plan.price, v.platform.state, v.salon.state);
  const at = v.at ?? new Date();
  const end = v.periodEnd ?? addMonth(v.periodStart);
  return repo.insertInvoice(trx, {
    number: await nextNumber(trx, 'invoice', at),
    merchant_id: v.merchantId,
    plan: plan.id,
    description: v.description ?? `${plan.name} plan, ${displayDate(v.periodStart)} to ${displayDate(end)}`,
    period_start: v.periodStart,
    period_end: end,
    base_amount: tax.base,
    cgst: tax.cgst,
    sgst: tax.sgst,
    igst: tax.igst,
    total: tax.total,
    place_of_supply: v.salon.state,
    gateway: v.gateway,
    payment_reference: v.reference,
    issued_at: at,
    payment_attempt_id: v.paymentAttemptId ?? null,
    supplier_gstin: v.platform.gstin,
    supplier_state: v.platform.state,
    recipient_gstin: v.salon.gstin,
    recipient_name: v.salon.name,
    sac: PLATFORM_SAC,
  });
}

/** A credit note against an invoice (a proration credit, a refund, a cancelled invoice), numbered in its own series. */
export async function issueCreditNote(
  trx: Executor,
  v: GstParties & {
    invoice: InvoiceRow;
    reason: CreditNoteRow['reason'];
    base: number;
    description: string;
    at?: Date;
    paymentAttemptId?: string;
    refundStatus?: CreditNoteRow['refund_status'];
  },
): Promise<CreditNoteRow> {
  const tax = gstBreakdown(v.base, v.platform.state, v.salon.state);
  const at = v.at ?? new Date();
  return repo.insertCreditNote(trx, {
    number: await nextNumber(trx, 'credit_note', at),
    invoice_id: v.invoice.id,
    merchant_id: v.invoice.merchant_id,
    reason: v.reason,
    description: v.description,
    base_amount: tax.base,
    cgst: tax.cgst,
    sgst: tax.sgst,
    igst: tax.igst,
    total: tax.total,
    place_of_supply: v.salon.state,
    supplier_gstin: v.platform.gstin,
    supplier_state: v.platform.state,
    recipient_gstin: v.salon.gstin,
    recipient_name: v.salon.name,
    sac: v.invoice.sac,
    issued_at: at,
    payment_attempt_id: v.paymentAttemptId ?? null,
    refund_status: v.refundStatus ?? 'none',
  });
}

export function partiesOf(deps: AppDeps, merchant: Awaited<ReturnType<typeof repo.findSalonBilling>>): GstParties {
  return {
    platform: platformGst(deps.env),
    salon: { name: merchant.shop_name, state: merchant.state || deps.env.PLATFORM_STATE, gstin: merchant.gstin },
  };
}

/**
 * The salon's GSTIN, or none: its state code must be the salon's state (a GSTIN is registered per
 * state). Invoices issued from now on carry it; earlier ones keep what they were issued with.
 */
export async function updateGstin(deps: AppDeps, actor: Actor, input: z.output<typeof updateGstinInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  return deps.db.transaction().execute(async (trx) => {
    const m = await repo.lockSalonState(trx, shop);
    const gstin = input.gstin === '' ? null : input.gstin;
    const state = m.state || deps.env.PLATFORM_STATE;
    const clash = gstin ? gstinStateProblem(gstin, state) : null;
    if (clash) throw badRequest(`gstin: ${clash}`, 'gstin');
    await repo.setSalonGstin(trx, shop, gstin);
    if (actor.role === 'admin') await recordAudit(trx, actor.id, 'billing.update_gstin', 'merchant', shop, { gstin });
    return { success: true as const, message: gstin ? 'GSTIN saved. Your next invoices will show it.' : 'GSTIN removed.', gstin, state };
  });
}
