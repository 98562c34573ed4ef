import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';

/*
 * The pictures of a salon's link (docs/channels.md): the link preview image (og:image, a PNG:
 * WhatsApp and Instagram show no SVG) and the QR poster for the front desk, as an A4 PDF and a PNG.
 * Text is set in Noto Sans Devanagari, which has Latin letters, the rupee sign and Devanagari: the
 * poster's Hindi lines and a salon named in Hindi come out shaped (conjuncts, matras), by Pango
 * through sharp for the PNGs and by pdfkit's font engine for the PDF.
 */

const require = createRequire(import.meta.url);
const FONT = {
  regular: require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
};
const PLUM = '#6d2353';
const INK = '#2b1a24';
const MUTED = '#7a6570';
const CREAM = '#fdf8f4';

/** The poster's instructions: short, in English and in Hindi. */
export const POSTER_TEXT = {
  en: ['Book your next visit online', 'Scan the code with your phone camera, choose a service and a time.'],
  hi: ['अपनी अगली बुकिंग ऑनलाइन करें', 'फ़ोन के कैमरे से कोड स्कैन करें, सेवा और समय चुनें।'],
};

const pangoEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A line (or a wrapped paragraph `width` wide) of text as a transparent PNG. */
async function textImage(text: string, opts: { size: number; color: string; bold?: boolean; width?: number; align?: 'left' | 'centre' }) {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${opts.color}">${pangoEscape(text)}</span>`,
      font: `Noto Sans Devanagari ${opts.bold ? 'Bold ' : ''}${opts.size}`,
      fontfile: opts.bold ? FONT.bold : FONT.regular,
      rgba: true,
      dpi: 72,
      width: opts.width,
      align: opts.align === 'centre' ? 'centre' : 'left',
      wrap: 'word',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

/** Shortens a name to `max` characters with an ellipsis: a preview card has one line for it. */
const clipText = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/** The link preview: 1200 × 630, the salon's name, where it is, and the link. */
export async function linkPreviewPng(p: { name: string; place: string; link: string; services: string[] }): Promise<Buffer> {
  const [title, place, services, link, brand] = await Promise.all([
    textImage(clipText(p.name, 40), { size: 64, color: INK, bold: true, width: 1040 }),
    textImage(clipText(p.place, 80), { size: 30, color: MUTED, width: 1040 }),
    textImage(clipText(p.services.slice(0, 4).join(' · '), 70), { size: 30, color: INK, width: 1040 }),
    textImage(p.link.replace(/^https?:\/\//, ''), { size: 28, color: '#ffffff', bold: true }),
    textImage('Book online · GlowBook', { size: 28, color: PLUM, bold: true }),
  ]);
  const layers: OverlayOptions[] = [
    {
      input: Buffer.from(`<svg width="1200" height="630"><rect x="0" y="0" width="1200" height="18" fill="${PLUM}"/></svg>`),
      top: 0,
      left: 0,
    },
    { input: brand.input, top: 70, left: 80 },
    { input: title.input, top: 130, left: 80 },
  ];
  let y = 130 + title.height + 20;
  layers.push({ input: place.input, top: y, left: 80 });
  y += place.height + 16;
  if (p.services.length) layers.push({ input: services.input, top: y, left: 80 });
  const pillWidth = Math.min(1040, link.width + 64);
  layers.push(
    {
      input: Buffer.from(`<svg width="${pillWidth}" height="76"><rect width="${pillWidth}" height="76" rx="38" fill="${PLUM}"/></svg>`),
      top: 480,
      left: 80,
    },
    { input: link.input, top: 480 + Math.round((76 - link.height) / 2), left: 112 },
  );
  return sharp({ create: { width: 1200, height: 630, channels: 3, background: CREAM } })
    .composite(layers)
    .png({ compressionLevel: 8 })
    .toBuffer();
}

/** The QR code of the link as a PNG, `px` wide, with its quiet zone. */
function qrPng(link: string, px: number): Promise<Buffer> {
  return QRCode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: px, color: { dark: INK, light: '#ffffff' } });
}

/** The A4 poster as a PNG (1240 × 1754: A4 at 150 dpi). */
export async function posterPng(p: { name: string; link: string }): Promise<Buffer> {
  const W = 1240;
  const H = 1754;
  const textWidth = W - 200;
  const [title, enHead, enBody, hiHead, hiBody, link, qr] = await Promise.all([
    textImage(clipText(p.name, 60), { size: 72, color: INK, bold: true, width: textWidth, align: 'centre' }),
    textImage(POSTER_TEXT.en[0], { size: 44, color: PLUM, bold: true, width: textWidth, align: 'centre' }),
    textImage(POSTER_TEXT.en[1], { size: 32, color: INK, width: textWidth, align: 'centre' }),
    textImage(POSTER_TEXT.hi[0], { size: 44, color: PLUM, bold: true, width: textWidth, align: 'centre' }),
    textImage(POSTER_TEXT.hi[1], { size: 32, color: INK, width: textWidth, align: 'centre' }),
    textImage(p.link.replace(/^https?:\/\//, ''), { size: 32, color: MUTED, width: textWidth, align: 'centre' }),
    qrPng(p.link, 640),
  ]);
  const centre = (w: number) => Math.round((W - w) / 2);
  const layers: OverlayOptions[] = [
    { input: Buffer.from(`<svg width="${W}" height="36"><rect width="${W}" height="36" fill="${PLUM}"/></svg>`), top: 0, left: 0 },
  ];
  let y = 130;
  for (const [img, gap] of [
    [title, 50],
    [enHead, 12],
    [enBody, 40],
  ] as const) {
    layers.push({ input: img.input, top: y, left: centre(img.width) });
    y += img.height + gap;
  }
  layers.push({ input: qr, top: y, left: centre(640) });
  y += 640 + 20;
  layers.push({ input: link.input, top: y, left: centre(link.width) });
  y += link.height + 50;
  for (const [img, gap] of [
    [hiHead, 12],
    [hiBody, 0],
  ] as const) {
    layers.push({ input: img.input, top: y, left: centre(img.width) });
    y += img.height + gap;
  }
  return sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .png({ compressionLevel: 8 })
    .toBuffer();
}

/** The A4 poster as a PDF: the QR code drawn as vector squares (sharp at any print size). */
export async function posterPdf(p: { name: string; link: string }): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const qr = QRCode.create(p.link, { errorCorrectionLevel: 'M' });
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Book at ${p.name}`, Author: 'GlowBook' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('Body', FONT.regular);
    doc.registerFont('Bold', FONT.bold);
    const width = doc.page.width - 112;
    doc.rect(0, 0, doc.page.width, 14).fill(PLUM);
    doc.fillColor(INK).font('Bold').fontSize(30).text(p.name, 56, 70, { width, align: 'center' });
    doc.moveDown(0.6);
    doc.fillColor(PLUM).font('Bold').fontSize(18).text(POSTER_TEXT.en[0], { width, align: 'center' });
    doc.fillColor(INK).font('Body').fontSize(13).text(POSTER_TEXT.en[1], { width, align: 'center' });
    // The code: 260 pt square with its quiet zone, centred.
    const size = qr.modules.size;
    const side = 260;
    const cell = side / (size + 4);
    const left = (doc.page.width - side) / 2;
    const top = doc.y + 24;
    doc.rect(left, top, side, side).fill('#ffffff');
    for (let r = 0; r < size; r++)
      for (let c = 0; c < size; c++)
        if (qr.modules.data[r * size + c]) doc.rect(left + (c + 2) * cell, top + (r + 2) * cell, cell + 0.05, cell + 0.05);
    doc.fill(INK);
    doc.y = top + side + 14;
    doc.fillColor(MUTED).font('Body').fontSize(12).text(p.link, 56, doc.y, { width, align: 'center', link: p.link });
    doc.moveDown(1.4);
    doc.fillColor(PLUM).font('Bold').fontSize(18).text(POSTER_TEXT.hi[0], { width, align: 'center' });
    doc.fillColor(INK).font('Body').fontSize(13).text(POSTER_TEXT.hi[1], { width, align: 'center' });
    doc.end();
  });
}
