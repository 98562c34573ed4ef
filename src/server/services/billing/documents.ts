import * as repo from '../../db/repositories/billing.js';
import type { Actor, AppDeps } from '../../deps.js';
import { platformGst } from '../../env.js';
import { notFound } from '../../errors.js';
import { UUID_SHAPE } from './attempts.js';
import type { CreditNoteRow, InvoiceRow } from './invoices.js';
import type { TaxDocument } from './pdf.js';

/* Invoices and credit notes as printed (pdf.ts draws them), for their salon's owner or an admin. */

/** The invoice if the caller may see it: its salon's owner, or an admin. */
export async function invoiceFor(deps: AppDeps, actor: Actor, id: string): Promise<InvoiceRow> {
  const row = UUID_SHAPE.test(id) ? await repo.findInvoice(deps.db, id) : undefined;
  if (!row || (actor.role !== 'admin' && row.merchant_id !== actor.id)) throw notFound('Invoice');
  return row;
}

async function recipientOf(deps: AppDeps, merchantId: string) {
  const m = await repo.findSalonBilling(deps.db, merchantId);
  return {
    name: m.shop_name,
    address: m.address,
    city: m.city,
    pin: m.postal_code,
    state: m.state || deps.env.PLATFORM_STATE,
    email: m.email || m.account_email,
  };
}

const REASONS: Record<CreditNoteRow['reason'], string> = {
  proration: 'credit for the unused days of a plan on upgrade',
  refund: 'refund',
  cancellation: 'cancelled invoice',
};

/**
 * An invoice as printed: the GST facts it was issued with. Invoices from before GSTINs were kept
 * show the platform's GSTIN (the registration they were issued under) and no recipient GSTIN.
 */
export async function invoiceDocument(deps: AppDeps, actor: Actor, id: string): Promise<TaxDocument> {
  const inv = await invoiceFor(deps, actor, id);
  const salon = await recipientOf(deps, inv.merchant_id);
  const platform = platformGst(deps.env);
  return {
    kind: 'invoice',
    number: inv.number,
    issuedAt: inv.issued_at,
    description: inv.description,
    base: inv.base_amount,
    cgst: inv.cgst,
    sgst: inv.sgst,
    igst: inv.igst,
    total: inv.total,
    sac: inv.sac,
    placeOfSupply: inv.place_of_supply,
    supplier: { gstin: inv.supplier_gstin ?? platform.gstin, state: inv.supplier_state ?? platform.state },
    recipient: { ...salon, name: inv.recipient_name ?? salon.name, gstin: inv.recipient_gstin },
    period: { start: inv.period_start, end: inv.period_end },
    payment: { status: inv.status, gateway: inv.gateway, reference: inv.payment_reference },
  };
}

export async function creditNoteDocument(deps: AppDeps, actor: Actor, id: string): Promise<TaxDocument> {
  const row = UUID_SHAPE.test(id) ? await repo.findCreditNoteWithInvoice(deps.db, id) : undefined;
  if (!row || (actor.role !== 'admin' && row.merchant_id !== actor.id)) throw notFound('Credit note');
  const salon = await recipientOf(deps, row.merchant_id);
  return {
    kind: 'credit_note',
    number: row.number,
    issuedAt: row.issued_at,
    description: row.description,
    base: row.base_amount,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
    total: row.total,
    sac: row.sac,
    placeOfSupply: row.place_of_supply,
    supplier: { gstin: row.supplier_gstin, state: row.supplier_state },
    recipient: { ...salon, name: row.recipient_name, gstin: row.recipient_gstin },
    against: { number: row.invoice_number, issuedAt: row.invoice_issued_at, reason: REASONS[row.reason] },
  };
}
