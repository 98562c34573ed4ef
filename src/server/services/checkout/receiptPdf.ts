import { PAYMENT_LABELS } from '../../../shared/checkout.js';
import { longDateTime } from '../../../shared/dates.js';
import { indianNumber } from '../../../shared/gst.js';
import { gstStateCode } from '../../../shared/gstin.js';
import type { ReceiptWire } from '../../../shared/schemas/checkout.js';
import { FONT_FILES } from '../billing/pdf.js';

const PLUM = '#6d2353';
const INK = '#2b1a24';
const MUTED = '#7a6570';
const RULE = '#e9d6dd';

const withCode = (state: string) => {
  const code = gstStateCode(state);
  return code ? `${state} (${code})` : state;
};

/**
 * A visit's receipt as a PDF (A4, Noto Sans for ₹). A GST tax invoice of the salon (CGST Rules,
 * rule 46): its name, address and GSTIN, the number and date, the customer, HSN/SAC, taxable
 * value, rate and CGST/SGST per line, and the place of supply. Without a GSTIN, a bill of supply
 * with no tax. Tips and payments are printed below the total: they are not part of the supply.
 */
export async function renderReceiptPdf(r: ReceiptWire): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const taxInvoice = r.documentKind === 'tax_invoice';
  const title = taxInvoice ? 'TAX INVOICE' : 'BILL OF SUPPLY';
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${title} ${r.receiptNumber}`, Author: r.supplier.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('Body', FONT_FILES.body);
    doc.registerFont('Bold', FONT_FILES.bold);
    const money = (v: number) => `₹${indianNumber(v)}`;

    doc.fillColor(PLUM).font('Bold').fontSize(18).text(r.supplier.name, 40, 40, { width: 320 });
    doc.font('Body').fontSize(9).fillColor(MUTED);
    if (r.supplier.address) doc.text(r.supplier.address, { width: 320 });
    doc.text(withCode(r.supplier.state), { width: 320 });
    doc
      .fillColor(INK)
      .font('Bold')
      .text(r.supplier.gstin ? `GSTIN ${r.supplier.gstin}` : 'Not registered under GST', { width: 320 });
    const supplierEnd = doc.y;
    doc.fillColor(INK).font('Bold').fontSize(14).text(title, 360, 40, { width: 195, align: 'right' });
    doc.font('Body').fontSize(9).fillColor(MUTED);
    doc.text(`No. ${r.receiptNumber}`, 360, 62, { width: 195, align: 'right' });
    doc.text(longDateTime(r.issuedAt), 360, 75, { width: 195, align: 'right' });
    doc.text(`Place of supply: ${withCode(r.placeOfSupply)}`, 360, 88, { width: 195, align: 'right' });

    let y = Math.max(supplierEnd, 104) + 10;
    doc.moveTo(40, y).lineTo(555, y).strokeColor(RULE).stroke();
    y += 8;
    doc.fillColor(MUTED).text('Billed to', 40, y);
    doc
      .fillColor(INK)
      .font('Bold')
      .fontSize(10)
      .text(r.customer.name, 40, y + 12, { width: 300 });
    doc.font('Body').fontSize(9);
    const contact = [r.customer.phone, r.customer.email].filter(Boolean).join(' · ');
    if (contact) doc.text(contact, { width: 300 });
    y = doc.y + 14;

    // Columns: description, HSN/SAC, qty, rate, amount; a tax invoice adds discount, taxable value, GST.
    const cols = taxInvoice
      ? [
          { label: 'Item', x: 44, w: 150, align: 'left' as const },
          { label: 'HSN/SAC', x: 196, w: 48, align: 'left' as const },
          { label: 'Qty', x: 244, w: 26, align: 'right' as const },
          { label: 'Rate', x: 272, w: 56, align: 'right' as const },
          { label: 'Discount', x: 330, w: 52, align: 'right' as const },
          { label: 'Taxable', x: 384, w: 58, align: 'right' as const },
          { label: 'GST', x: 444, w: 48, align: 'right' as const },
          { label: 'Amount', x: 494, w: 58, align: 'right' as const },
        ]
      : [
          { label: 'Item', x: 44, w: 240, align: 'left' as const },
          { label: 'HSN/SAC', x: 288, w: 56, align: 'left' as const },
          { label: 'Qty', x: 344, w: 30, align: 'right' as const },
          { label: 'Rate', x: 376, w: 60, align: 'right' as const },
          { label: 'Discount', x: 438, w: 54, align: 'right' as const },
          { label: 'Amount', x: 494, w: 58, align: 'right' as const },
        ];
    doc.rect(40, y, 515, 20).fill('#f7eef1');
    doc.fillColor(INK).font('Bold').fontSize(8);
    for (const c of cols) doc.text(c.label, c.x, y + 6, { width: c.w, align: c.align });
    y += 26;
    doc.font('Body').fontSize(8);
    for (const l of r.lines) {
      const values: Record<string, string> = {
        Item: l.staffName ? `${l.name} (${l.staffName})` : l.name,
        'HSN/SAC': l.code,
        Qty: String(l.quantity),
        Rate: money(l.unitPrice),
        Discount: l.discount ? money(l.discount) : '-',
        Taxable: money(l.taxable),
        GST: `${l.gstRate}%`,
        Amount: money(l.total),
      };
      let rowEnd = y;
      for (const c of cols) {
        doc.text(values[c.label], c.x, y, { width: c.w, align: c.align });
        rowEnd = Math.max(rowEnd, doc.y);
      }
      y = rowEnd + 6;
    }
    doc.moveTo(300, y).lineTo(555, y).strokeColor(RULE).stroke();
    y += 8;
    const rows: [string, string][] = [['Gross', money(r.gross)]];
    if (r.discount > 0) rows.push([`Discount (${r.discountReason ?? ''})`, `-${money(r.discount)}`]);
    if (taxInvoice) {
      rows.push(['Taxable value', money(r.taxable)]);
      rows.push(['CGST', money(r.cgst)], ['SGST', money(r.sgst)]);
    }
    doc.fontSize(9);
    for (const [label, value] of rows) {
      doc.fillColor(MUTED).text(label, 300, y, { width: 170 }).fillColor(INK).text(value, 470, y, { width: 82, align: 'right' });
      y += 15;
    }
    doc.moveTo(300, y).lineTo(555, y).strokeColor(PLUM).stroke();
    y += 6;
    doc.font('Bold').fontSize(11).fillColor(PLUM).text('Total', 300, y).text(money(r.total), 440, y, { width: 112, align: 'right' });
    y += 22;
    doc.font('Body').fontSize(9).fillColor(INK);
    for (const t of r.tips) {
      doc.text(`Tip for ${t.staffName}`, 300, y, { width: 170 }).text(money(t.amount), 470, y, { width: 82, align: 'right' });
      y += 14;
    }
    if (r.tips.length) {
      doc.font('Bold').text('Amount paid', 300, y).text(money(r.amountDue), 470, y, { width: 82, align: 'right' });
      y += 16;
    }
    doc.font('Body').fillColor(MUTED);
    const paid = r.payments.map((p) => `${PAYMENT_LABELS[p.method]} ${money(p.amount)}${p.reference ? ` (ref ${p.reference})` : ''}`);
    doc.text(`Paid: ${paid.join(' · ') || 'nothing due'}`, 40, y + 6, { width: 515 });
    doc.text(
      taxInvoice
        ? 'Prices include GST. Tax is not payable on reverse charge. This is a computer-generated invoice and needs no signature.'
        : 'Bill of supply: the supplier is not registered under GST, so no tax is charged. Computer-generated; no signature needed.',
      40,
      780,
      { width: 515, align: 'center' },
    );
    doc.end();
  });
}
