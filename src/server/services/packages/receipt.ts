import { longDate } from '../../../shared/dates.js';
import { indianNumber } from '../../../shared/gst.js';
import { HOLDING_KIND_LABELS } from '../../../shared/packages.js';
import { holdingReceipt } from '../../db/repositories/packages.js';
import type { Actor, AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { receiptNumber, receiptPdf } from '../payments/receipt.js';

/*
 * The receipt of a package, membership or voucher bought online (docs/checkout-and-stock.md): a
 * GB-R- number from the same series as online booking payments' receipts, given when the sale is
 * paid, and a PDF for its buyer only. Anyone else (another customer, the salon, a guest's id
 * guess) gets 404, as for a holding that does not exist; a sale at the counter has the salon's own
 * bill instead (checkout receipts). A receipt of money received, not a tax invoice.
 */

export type HoldingReceipt = NonNullable<Awaited<ReturnType<typeof holdingReceipt>>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function holdingReceiptFor(deps: AppDeps, actor: Actor, holdingId: string): Promise<HoldingReceipt> {
  const r = UUID.test(holdingId) ? await holdingReceipt(deps.db, holdingId) : undefined;
  if (!r || r.account_id == null || r.account_id !== actor.id || r.receipt_no == null) throw notFound('Receipt');
  return r;
}

const METHODS: Record<string, string> = { wallet: 'GlowBook wallet', test_card: 'Test gateway card (no real money)' };

export function renderHoldingReceiptPdf(r: HoldingReceipt): Promise<Buffer> {
  const money = (paise: number) => `₹${indianNumber(paise / 100)}`;
  return receiptPdf(
    {
      number: receiptNumber(r.receipt_no!),
      salon: r,
      at: r.created_at,
      payer: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || (r.email ?? 'Customer'),
      contact: [r.phone, r.email].filter(Boolean).join(' · '),
    },
    (doc, { muted }) => {
      let y = doc.y + 14;
      doc.font('Bold').text('Item', 40, y).text('Price', 455, y, { width: 100, align: 'right' });
      doc.font('Body');
      y = doc.y + 4;
      doc
        .text(`${HOLDING_KIND_LABELS[r.kind]}: ${r.name}`, 40, y, { width: 400 })
        .text(money(r.price_paise), 455, y, { width: 100, align: 'right' });
      const what: string[] = [];
      if (r.sessions_total > 0) what.push(`${r.sessions_total} session${r.sessions_total === 1 ? '' : 's'}`);
      if (r.discount_percent > 0) what.push(`${r.discount_percent}% off services`);
      if (r.kind === 'voucher') what.push(`${money(r.value_paise)} to spend${r.code ? `, code ${r.code}` : ''}`);
      what.push(`valid until ${longDate(new Date(r.expires_at).toISOString().slice(0, 10))}`);
      doc.fillColor(muted).text(what.join(' · '), 40, doc.y + 2, { width: 400 });
      const lines: [string, string][] = [
        ['Paid online', money(r.price_paise)],
        ['Method', METHODS[r.payment_method ?? ''] ?? r.payment_method ?? ''],
      ];
      if (r.payment_reference) lines.push(['Payment reference', r.payment_reference]);
      return lines;
    },
    'A receipt of money received by GlowBook for the salon. It is not a tax invoice.',
  );
}
