import { createRequire } from 'node:module';
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
  /** The platform; its address is its registered office's unless given. */
  supplier: { gstin: string; state: string; address?: string[] };
  recipient: {
    name: string;
    gstin: string | null;
    address: string;
    city?: string | null;
    pin?: string | null;
    state: string;
    email: string;
  };
  /** A credit note: the invoice it reduces, and why. */
  against?: { number: string; issuedAt: Date; reason: string };
  /** An invoice: its billing period and payment. */
  period?: { start: string; end: string };
  payment?: { status: string; gateway: string; reference: string };
}

/** en-IN dates ("26 Nov 2026"), for the issue date and the billing period's 'YYYY-MM-DD' days alike. */
const day = (d: Date | string) => longDate(d) || String(d);
const withCode = (state: string) => {
  const code = gstStateCode(state);
  return code ? `${state} (${code})` : state;
};

/** The platform's registered office, printed as the supplier's address when it is in that state. */
export const REGISTERED_OFFICE = {
  name: 'GlowBook Technologies Pvt. Ltd.',
  lines: ['3rd Floor, 42 Residency Road, Shanthala Nagar', 'Bengaluru 560025'],
  state: 'Karnataka',
};

/**
 * Noto Sans (regular and bold) from the npm package @expo-google-fonts/noto-sans: TrueType files
 * that have the rupee sign (U+20B9), which pdfkit's standard fonts lack; pdfkit embeds the subset used.
 */
const require = createRequire(import.meta.url);
export const FONT_FILES = {
  body: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

/** The recipient's address as printed: street, then city and PIN, then the state with its GST code. */
export function recipientAddressLines(r: TaxDocument['recipient']): string[] {
  const cityPin = [r.city?.trim(), r.pin?.trim()].filter(Boolean).join(' ');
  return [r.address.trim() || '-', cityPin, withCode(r.state)].filter(Boolean);
}

/**
 * A GST tax invoice or credit note as a PDF (A4), in Noto Sans (amounts with ₹): both parties'
 * names, full addresses and GSTINs, the SAC, the place of supply, and the tax split as issued.
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
    doc.registerFont('Body', FONT_FILES.body);
    doc.registerFont('Bold', FONT_FILES.bold);
    const money = (n: number | string) => `₹${indianNumber(Number(n))}`;
    const supplierLines =
      d.supplier.address ??
      (d.supplier.state.trim().toLowerCase() === REGISTERED_OFFICE.state.toLowerCase() ? REGISTERED_OFFICE.lines : []);

    doc.fillColor(PLUM).fontSize(22).font('Bold').text('GlowBook', 50, 44);
    doc.fillColor(INK).fontSize(9).font('Bold').text(REGISTERED_OFFICE.name, 50, 74, { width: 270 });
    doc.font('Body').fillColor(MUTED);
    for (const line of [...supplierLines, withCode(d.supplier.state)]) doc.text(line, { width: 270 });
    doc.fillColor(INK).font('Bold').text(`GSTIN ${d.supplier.gstin}`, { width: 270 });
    const supplierEnd = doc.y;
    doc.fillColor(INK).fontSize(16).font('Bold').text(title, 330, 44, { width: 215, align: 'right' });
    doc
      .fontSize(9)
      .font('Body')
      .fillColor(MUTED)
      .text(`${d.kind === 'invoice' ? 'Invoice' : 'Credit note'} no. ${d.number}`, 330, 70, { width: 215, align: 'right' });
    doc.text(`Date ${day(d.issuedAt)}`, 330, 83, { width: 215, align: 'right' });
    if (d.against) doc.text(`Against invoice ${d.against.number} of ${day(d.against.issuedAt)}`, 330, 96, { width: 215, align: 'right' });

    const rule = Math.max(130, supplierEnd + 10);
    doc.moveTo(50, rule).lineTo(545, rule).strokeColor('#e9d6dd').stroke();
    const top = rule + 12;
    doc
      .fillColor(MUTED)
      .fontSize(9)
      .text(d.kind === 'invoice' ? 'Billed to' : 'Issued to', 50, top);
    doc
      .fillColor(INK)
      .fontSize(11)
      .font('Bold')
      .text(d.recipient.name, 50, top + 14, { width: 280 });
    doc.font('Body').fontSize(9).fillColor(INK);
    for (const line of recipientAddressLines(d.recipient)) doc.text(line, { width: 280 });
    doc.text(d.recipient.email, { width: 280 });
    doc
      .font('Bold')
      .text(d.recipient.gstin ? `GSTIN ${d.recipient.gstin}` : 'GSTIN: not registered (unregistered recipient)', { width: 280 });
    const recipientEnd = doc.y;
    doc.font('Body').fillColor(MUTED).text('Place of supply', 350, top, { width: 195, align: 'right' });
    doc.fillColor(INK).text(withCode(d.placeOfSupply), 350, top + 13, { width: 195, align: 'right' });
    doc.fillColor(MUTED).text('Supply type', 350, top + 30, { width: 195, align: 'right' });
    doc
      .fillColor(INK)
      .text(Number(d.igst) > 0 ? 'Inter-state (IGST)' : 'Intra-state (CGST + SGST)', 350, top + 43, { width: 195, align: 'right' });

    let y = Math.max(recipientEnd + 24, top + 90);
    doc.rect(50, y, 495, 22).fill('#f7eef1');
    doc
      .fillColor(INK)
      .font('Bold')
      .fontSize(9)
      .text('Description', 58, y + 6)
      .text('SAC', 340, y + 6)
      .text('Taxable value', 420, y + 6, { width: 117, align: 'right' });
    y += 30;
    doc.font('Body').text(d.description, 58, y, { width: 270 });
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
      .font('Bold')
      .fontSize(11)
      .fillColor(PLUM)
      .text(d.kind === 'invoice' ? 'Total' : 'Total credited', 300, y)
      .text(money(d.total), 420, y, { width: 117, align: 'right' });
    y += 40;
    doc.font('Body').fontSize(9).fillColor(MUTED);
    if (d.payment) {
      doc.text(
        `Status: ${d.payment.status.toUpperCase()} · Paid via ${d.payment.gateway === 'test' ? 'test gateway (TEST MODE, no money moved)' : d.payment.gateway} · Ref ${d.payment.reference}`,
        50,
        y,
        { width: 495 },
      );
      y += 14;
    }
    if (d.period) doc.text(`Billing period ${day(d.period.start)} to ${day(d.period.end)}.`, 50, y, { width: 495 });
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
