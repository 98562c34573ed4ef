import { longDateTime } from '../../../shared/dates.js';
import { indianNumber } from '../../../shared/gst.js';
import { receiptOfPayment } from '../../db/repositories/payments.js';
import type { Actor, AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { FONT_FILES } from '../billing/pdf.js';

/*
 * The receipt of an online booking payment (docs/payments.md: receipts): a PDF for the customer who
 * paid, the salon paid and the admins (anyone else: 404, as for a payment that does not exist). A
 * receipt of money received, not a tax invoice: the visit's own bill (checkout) is the salon's GST
 * document.
 */

export type PaymentReceipt = NonNullable<Awaited<ReturnType<typeof receiptOfPayment>>>;

/** The receipt's printed number: GB-R- and the payment's place in the sequence of receipts. */
export const receiptNumber = (no: string | number) => `GB-R-${String(no).padStart(6, '0')}`;

export async function paymentReceiptFor(deps: AppDeps, actor: Actor, paymentId: string): Promise<PaymentReceipt> {
  const r = /^[0-9a-f-]{36}$/i.test(paymentId) ? await receiptOfPayment(deps.db, paymentId) : undefined;
  const mine = r && (actor.role === 'admin' || r.user_id === actor.id || r.merchant_id === actor.id);
  // Only a paid payment has a receipt; a late one (refunded in full) keeps its refund's record.
  if (!r || !mine || r.status !== 'paid' || r.receipt_no == null) throw notFound('Receipt');
  return r;
}

const PLUM = '#6d2353';
const INK = '#2b1a24';
const MUTED = '#7a6570';

/** What heads every GlowBook receipt of money received: the salon, the number and time, who paid. */
export interface ReceiptHead {
  number: string;
  salon: { shop_name: string; address: string | null; city: string | null; state: string | null; gstin: string | null };
  at: Date | string | null;
  payer: string;
  contact: string;
}

/**
 * A receipt of money received as a PDF (online booking payments, packages sold online): the
 * salon's name, address and GSTIN, the number and time, who paid; then what `body` writes (it
 * answers the label and amount lines that close the receipt); then `footnote`.
 */
export async function receiptPdf(
  head: ReceiptHead,
  body: (doc: PDFKit.PDFDocument, colours: { ink: string; muted: string }) => [string, string][],
  footnote: string,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Receipt ${head.number}`, Author: 'GlowBook' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('Body', FONT_FILES.body);
    doc.registerFont('Bold', FONT_FILES.bold);
    const salon = head.salon;
    doc.fillColor(PLUM).font('Bold').fontSize(18).text(salon.shop_name, 40, 40, { width: 330 });
    doc.font('Body').fontSize(9).fillColor(MUTED);
    const address = [salon.address, salon.city, salon.state].filter(Boolean).join(', ');
    if (address) doc.text(address, { width: 330 });
    if (salon.gstin) doc.fillColor(INK).font('Bold').text(`GSTIN ${salon.gstin}`, { width: 330 });
    doc.fillColor(INK).font('Bold').fontSize(14).text('PAYMENT RECEIPT', 360, 40, { width: 195, align: 'right' });
    doc.font('Body').fontSize(9).fillColor(MUTED);
    doc.text(`No. ${head.number}`, 360, 62, { width: 195, align: 'right' });
    if (head.at) doc.text(longDateTime(new Date(head.at).toISOString()), 360, 75, { width: 195, align: 'right' });
    let y = Math.max(doc.y, 110) + 14;
    doc.fillColor(MUTED).text('Received from', 40, y);
    doc
      .fillColor(INK)
      .font('Bold')
      .fontSize(10)
      .text(head.payer, 40, y + 12);
    doc.font('Body').fontSize(9).text(head.contact);
    const lines = body(doc, { ink: INK, muted: MUTED });
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
      .text(footnote, 40, y + 16, { width: 515 });
    doc.end();
  });
}

export function renderPaymentReceiptPdf(r: PaymentReceipt): Promise<Buffer> {
  const money = (v: number | string) => `₹${indianNumber(Number(v))}`;
  return receiptPdf(
    {
      number: receiptNumber(r.receipt_no!),
      salon: r,
      at: r.paid_at,
      payer: `${r.first_name} ${r.last_name}`.trim() || r.email,
      contact: [r.phone, r.email].filter(Boolean).join(' · '),
    },
    (doc) => {
      doc.text(`Booking on ${String(r.booking_date).slice(0, 10)} at ${r.booking_time}`);
      const y = doc.y + 14;
      doc.font('Bold').text('Service', 40, y).text('Price', 455, y, { width: 100, align: 'right' });
      doc.font('Body');
      for (const s of r.services) {
        const row = doc.y + 4;
        doc.text(s.service_name, 40, row, { width: 400 }).text(money(s.price), 455, row, { width: 100, align: 'right' });
      }
      const lines: [string, string][] = [
        ['Booking total', money(r.total_price)],
        [r.deposit ? 'Deposit paid online' : 'Paid online', money(r.amount)],
      ];
      if (Number(r.wallet_amount) > 0) lines.push(['Paid from GlowBook wallet', money(r.wallet_amount)]);
      const due = Math.max(0, Number(r.total_price) - Number(r.amount_paid));
      if (due > 0) lines.push(['Due at the salon', money(due)]);
      lines.push([
        'Method',
        `${r.gateway === 'test' ? 'Test gateway (no real money)' : r.gateway}${r.last4 ? ` · card ending ${r.last4}` : ''}`,
      ]);
      lines.push(['Gateway payment id', r.reference ?? '']);
      for (const f of r.refunds) lines.push([`Refund (${f.reason.replace(/_/g, ' ')}), ${f.status}`, `−${money(f.amount)}`]);
      return lines;
    },
    'A receipt of money received by GlowBook for the salon. The salon’s bill for the visit is its tax document.',
  );
}
