import { longDate } from '../../../shared/dates.js';
import { indianNumber } from '../../../shared/gst.js';
import { gstStateCode } from '../../../shared/gstin.js';

const PLUM = '#6d2353';
const INK = '#2b1a24';
const MUTED = '#7a6570';

/** A tax invoice or a credit note, with the GST facts it was issued with. */
export interface TaxDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date;
  description: string;
  base: number | string;
  cgst: number | string;
  sgst: number | string;
  igst: number | string;
  total: number | string;
  sac: string;
  placeOfSupply: string;
  supplier: { gstin: string; state: string };
  recipient: { name: string; gstin: string | null; address: string; state: string; email: string };
  /** A credit note: the invoice it reduces, and why. */
  against?: { number: string; issuedAt: Date; reason: string };
  /** An invoice: its billing period and payment. */
  period?: { start: string; end: string };
  payment?: { status: string; gateway: string; reference: string };
}

const day = (d: Date) => longDate(d);
const withCode = (state: string) => {
  const code = gstStateCode(state);
  return code ? `${state} (${code})` : state;
};

/**
 * A GST tax invoice or credit note as a PDF (A4), built with pdfkit's standard fonts ("Rs." as
 * they lack ₹): both parties' GSTINs, the SAC, the place of supply, and the tax split as issued.
 * pdfkit (with its font engine) is loaded on the first document, not with the server: it was a
 * tenth of a second of every start.
 */
export async function renderTaxDocumentPdf(d: TaxDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const title = d.kind === 'invoice' ? 'TAX INVOICE' : 'CREDIT NOTE';
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${title} ${d.number}`, Author: 'GlowBook' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const money = (n: number | string) => `Rs. ${indianNumber(Number(n))}`;

    doc.fillColor(PLUM).fontSize(22).font('Helvetica-Bold').text('GlowBook', 50, 50);
    doc.fillColor(MUTED).fontSize(9).font('Helvetica').text(`GlowBook Technologies Pvt. Ltd., Bengaluru, ${d.supplier.state}`, 50, 76);
    doc.fillColor(INK).font('Helvetica-Bold').text(`GSTIN ${d.supplier.gstin}`, 50, 89);
    doc.fillColor(INK).fontSize(16).font('Helvetica-Bold').text(title, 330, 50, { width: 215, align: 'right' });
    doc
      .fontSize(9)
      .font('Helvetica')
      .fillColor(MUTED)
      .text(`${d.kind === 'invoice' ? 'Invoice' : 'Credit note'} no. ${d.number}`, 330, 72, { width: 215, align: 'right' });
    doc.text(`Date ${day(d.issuedAt)}`, 330, 85, { width: 215, align: 'right' });
    if (d.against) doc.text(`Against invoice ${d.against.number} of ${day(d.against.issuedAt)}`, 330, 98, { width: 215, align: 'right' });

    doc.moveTo(50, 118).lineTo(545, 118).strokeColor('#e9d6dd').stroke();
    doc
      .fillColor(MUTED)
      .fontSize(9)
      .text(d.kind === 'invoice' ? 'Billed to' : 'Issued to', 50, 130);
    doc.fillColor(INK).fontSize(11).font('Helvetica-Bold').text(d.recipient.name, 50, 144, { width: 280 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(INK)
      .text(d.recipient.address || '-', { width: 280 });
    doc.text(`${d.recipient.state} · ${d.recipient.email}`, { width: 280 });
    doc
      .font('Helvetica-Bold')
      .text(d.recipient.gstin ? `GSTIN ${d.recipient.gstin}` : 'GSTIN: not registered (unregistered recipient)', { width: 280 });
    doc.font('Helvetica').fillColor(MUTED).text('Place of supply', 350, 130, { width: 195, align: 'right' });
    doc.fillColor(INK).text(withCode(d.placeOfSupply), 350, 143, { width: 195, align: 'right' });
    doc.fillColor(MUTED).text('Supply type', 350, 160, { width: 195, align: 'right' });
    doc
      .fillColor(INK)
      .text(Number(d.igst) > 0 ? 'Inter-state (IGST)' : 'Intra-state (CGST + SGST)', 350, 173, { width: 195, align: 'right' });

    let y = 230;
    doc.rect(50, y, 495, 22).fill('#f7eef1');
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(9)
      .text('Description', 58, y + 7)
      .text('SAC', 340, y + 7)
      .text('Taxable value', 420, y + 7, { width: 117, align: 'right' });
    y += 30;
    doc.font('Helvetica').text(d.description, 58, y, { width: 270 });
    const descEnd = doc.y;
    doc.text(d.sac, 340, y).text(money(d.base), 420, y, { width: 117, align: 'right' });
    y = Math.max(y + 30, descEnd + 12);
    const rows: [string, number | string][] = [['Taxable value', d.base]];
    if (Number(d.igst) > 0) rows.push(['IGST @ 18%', d.igst]);
    else rows.push(['CGST @ 9%', d.cgst], ['SGST @ 9%', d.sgst]);
    doc.moveTo(300, y).lineTo(545, y).strokeColor('#e9d6dd').stroke();
    y += 8;
    for (const [label, value] of rows) {
      doc.fillColor(MUTED).text(label, 300, y).fillColor(INK).text(money(value), 420, y, { width: 117, align: 'right' });
      y += 16;
    }
    doc.moveTo(300, y).lineTo(545, y).strokeColor(PLUM).stroke();
    y += 8;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(PLUM)
      .text(d.kind === 'invoice' ? 'Total' : 'Total credited', 300, y)
      .text(money(d.total), 420, y, { width: 117, align: 'right' });
    y += 40;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    if (d.payment) {
      doc.text(
        `Status: ${d.payment.status.toUpperCase()} · Paid via ${d.payment.gateway === 'test' ? 'test gateway (TEST MODE, no money moved)' : d.payment.gateway} · Ref ${d.payment.reference}`,
        50,
        y,
        { width: 495 },
      );
      y += 14;
    }
    if (d.period) doc.text(`Billing period ${d.period.start} to ${d.period.end}.`, 50, y, { width: 495 });
    if (d.against)
      doc.text(`Reason: ${d.against.reason}. This credit note reduces the taxable value and GST of invoice ${d.against.number}.`, 50, y, {
        width: 495,
      });
    doc.text('Tax is not payable on reverse charge. This is a computer-generated document and needs no signature.', 50, 770, {
      width: 495,
      align: 'center',
    });
    doc.end();
  });
}
