import { longDate, longDateTime } from '../../../shared/dates.js';
import { indianNumber } from '../../../shared/gst.js';
import { HOLDING_KIND_LABELS } from '../../../shared/packages.js';
import { holdingReceipt } from '../../db/repositories/packages.js';
import type { Actor, AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { FONT_FILES } from '../billing/pdf.js';
import { receiptNumber } from '../payments/receipt.js';

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

const PLUM = '#6d2353';
const INK = '#2b1a24';
const MUTED = '#7a6570';

const METHODS: Record<string, string> = { wallet: 'GlowBook wallet', test_card: 'Test gateway card (no real money)' };

export async function renderHoldingReceiptPdf(r: HoldingReceipt): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const number = receiptNumber(r.receipt_no!);
  const money = (paise: number) => `₹${indianNumber(paise / 100)}`;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Receipt ${number}`, Author: 'GlowBook' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('Body', FONT_FILES.body);
    doc.registerFont('Bold', FONT_FILES.bold);
    doc.fillColor(PLUM).font('Bold').fontSize(18).text(r.shop_name, 40, 40, { width: 330 });
    doc.font('Body').fontSize(9).fillColor(MUTED);
    const address = [r.address, r.city, r.state].filter(Boolean).join(', ');
    if (address) doc.text(address, { width: 330 });
    if (r.gstin) doc.fillColor(INK).font('Bold').text(`GSTIN ${r.gstin}`, { width: 330 });
    doc.fillColor(INK).font('Bold').fontSize(14).text('PAYMENT RECEIPT', 360, 40, { width: 195, align: 'right' });
    doc.font('Body').fontSize(9).fillColor(MUTED);
    doc.text(`No. ${number}`, 360, 62, { width: 195, align: 'right' });
    doc.text(longDateTime(new Date(r.created_at).toISOString()), 360, 75, { width: 195, align: 'right' });
    let y = Math.max(doc.y, 110) + 14;
    doc.fillColor(MUTED).text('Received from', 40, y);
    doc
      .fillColor(INK)
      .font('Bold')
      .fontSize(10)
      .text(`${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || (r.email ?? 'Customer'), 40, y + 12);
    doc.font('Body').fontSize(9).text([r.phone, r.email].filter(Boolean).join(' · '));
    y = doc.y + 14;
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
    doc.fillColor(MUTED).text(what.join(' · '), 40, doc.y + 2, { width: 400 });
    const lines: [string, string][] = [
      ['Paid online', money(r.price_paise)],
      ['Method', METHODS[r.payment_method ?? ''] ?? r.payment_method ?? ''],
    ];
    if (r.payment_reference) lines.push(['Payment reference', r.payment_reference]);
    y = doc.y + 16;
    for (const [label, value] of lines) {
      doc.fillColor(MUTED).font('Body').text(label, 40, y, { width: 300 });
      doc.fillColor(INK).font('Bold').text(value, 305, y, { width: 250, align: 'right' });
      y = doc.y + 4;
    }
    doc
      .fillColor(MUTED)
      .font('Body')
      .fontSize(8)
      .text('A receipt of money received by GlowBook for the salon. It is not a tax invoice.', 40, y + 16, { width: 515 });
    doc.end();
  });
}
