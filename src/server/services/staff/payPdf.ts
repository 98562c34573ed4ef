import { indianNumber } from '../../../shared/gst.js';
import type { PayStatement } from '../../../shared/schemas/staffPay.js';
import { FONT_FILES } from '../billing/pdf.js';

/** A pay statement as a PDF (A4, Noto Sans for ₹): the lines, tips and totals of payStatement. */
export async function renderPayStatementPdf(s: PayStatement): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 40,
      info: { Title: `Pay statement ${s.staffName} ${s.from} to ${s.to}`, Author: s.shopName },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('Body', FONT_FILES.body);
    doc.registerFont('Bold', FONT_FILES.bold);
    const money = (v: number) => `₹${indianNumber(v)}`;
    doc.font('Bold').fontSize(16).fillColor('#6d2353').text(s.shopName);
    doc.font('Body').fontSize(11).fillColor('#2b1a24').text(`Pay statement: ${s.staffName}`);
    doc.fontSize(9).fillColor('#7a6570').text(`${s.from} to ${s.to} (India time)`);
    doc.moveDown();
    const cols = [40, 100, 175, 330, 395, 440, 495];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc
        .font(bold ? 'Bold' : 'Body')
        .fontSize(8.5)
        .fillColor('#2b1a24');
      cells.forEach((c, i) => doc.text(c, cols[i], y, { width: (cols[i + 1] ?? 555) - cols[i] - 4, align: i >= 3 ? 'right' : 'left' }));
      doc.x = 40;
      doc.moveDown(0.3);
    };
    row(['Date', 'Receipt', 'Item', 'Charged', 'Rate', 'Qty', 'Commission'], true);
    for (const l of s.lines)
      row([
        l.date,
        l.receiptNumber,
        l.kind === 'product' ? `${l.name} (product)` : l.name,
        money(l.charged),
        `${l.rate}%`,
        String(l.quantity),
        money(l.commission),
      ]);
    for (const t of s.tips) row([t.date, t.receiptNumber, 'Tip', '', '', '', money(t.amount)]);
    doc.moveDown();
    const total = (label: string, v: number, bold = false) => row(['', '', label, '', '', '', money(v)], bold);
    total('Service commission', s.totals.serviceCommission);
    total('Product commission', s.totals.productCommission);
    total('Tips', s.totals.tips);
    total('Base for the period', s.totals.base);
    total('Total to pay', s.totals.total, true);
    doc.end();
  });
}
