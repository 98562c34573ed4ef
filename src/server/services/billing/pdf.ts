import type { Selectable } from 'kysely';
import { indianNumber } from '../../../shared/gst.js';
import type { InvoicesTable } from '../../db/schema/billing.js';

const PLUM = '#6d2353';
const INK = '#2b1a24';
const MUTED = '#7a6570';

/**
 * A GST tax invoice as a PDF (A4), built with pdfkit's standard fonts ("Rs." as they lack ₹).
 * pdfkit (with its font engine) is loaded on the first invoice, not with the server: it was a
 * tenth of a second of every start.
 */
export async function renderInvoicePdf(inv: Selectable<InvoicesTable>, salon: { name: string; address: string; state: string; email: string }, platformState: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${inv.number}`, Author: 'GlowBook' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const money = (n: number | string) => `Rs. ${indianNumber(Number(n))}`;

    doc.fillColor(PLUM).fontSize(22).font('Helvetica-Bold').text('GlowBook', 50, 50);
    doc.fillColor(MUTED).fontSize(9).font('Helvetica').text(`GlowBook Technologies Pvt. Ltd., Bengaluru, ${platformState}`, 50, 76);
    doc.fillColor(INK).fontSize(16).font('Helvetica-Bold').text('TAX INVOICE', 350, 50, { align: 'right' });
    doc.fontSize(9).font('Helvetica').fillColor(MUTED).text(`Invoice no. ${inv.number}`, 350, 72, { align: 'right' });
    doc.text(`Date ${new Date(inv.issued_at).toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' })}`, { align: 'right' });

    doc.moveTo(50, 110).lineTo(545, 110).strokeColor('#e9d6dd').stroke();
    doc.fillColor(MUTED).fontSize(9).text('Billed to', 50, 125);
    doc.fillColor(INK).fontSize(11).font('Helvetica-Bold').text(salon.name, 50, 139);
    doc.font('Helvetica').fontSize(9).fillColor(INK).text(salon.address || '-', 50, 155, { width: 260 });
    doc.text(`${salon.state} · ${salon.email}`);
    doc.fillColor(MUTED).text('Place of supply', 350, 125, { align: 'right' });
    doc.fillColor(INK).text(inv.place_of_supply, { align: 'right' });

    let y = 220;
    doc.rect(50, y, 495, 22).fill('#f7eef1');
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(9).text('Description', 58, y + 7).text('SAC', 330, y + 7).text('Amount', 440, y + 7, { width: 97, align: 'right' });
    y += 30;
    doc.font('Helvetica').text(inv.description, 58, y, { width: 260 }).text('998599', 330, y).text(money(inv.base_amount), 440, y, { width: 97, align: 'right' });
    y += 34;
    const rows: [string, number | string][] = [['Taxable value', inv.base_amount]];
    if (Number(inv.igst) > 0) rows.push(['IGST @ 18%', inv.igst]);
    else rows.push(['CGST @ 9%', inv.cgst], ['SGST @ 9%', inv.sgst]);
    doc.moveTo(300, y).lineTo(545, y).strokeColor('#e9d6dd').stroke();
    y += 8;
    for (const [label, value] of rows) {
      doc.fillColor(MUTED).text(label, 300, y).fillColor(INK).text(money(value), 440, y, { width: 97, align: 'right' });
      y += 16;
    }
    doc.moveTo(300, y).lineTo(545, y).strokeColor(PLUM).stroke();
    y += 8;
    doc.font('Helvetica-Bold').fontSize(11).fillColor(PLUM).text('Total', 300, y).text(money(inv.total), 420, y, { width: 117, align: 'right' });
    y += 40;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`Status: ${inv.status.toUpperCase()} · Paid via ${inv.gateway === 'test' ? 'test gateway (TEST MODE, no money moved)' : inv.gateway} · Ref ${inv.payment_reference}`, 50, y, { width: 495 });
    doc.text(`Billing period ${inv.period_start} to ${inv.period_end}.`, 50, y + 14);
    doc.text('This is a computer-generated invoice and needs no signature.', 50, 770, { width: 495, align: 'center' });
    doc.end();
  });
}
