import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import QRCode, { type QRCodeMaskPattern } from 'qrcode';

export interface QrPayload {
  bookingId: string;
  merchantId: string;
  userId: string;
}

/** Pixels per module and quiet-zone modules: the 244 px image the confirmation screen shows. */
const SCALE = 4;
const MARGIN = 2;

/** A drawn symbol: `size` × `size` modules, row by row, 1 = dark. */
export interface QrModules {
  size: number;
  data: Uint8Array;
  mask: QRCodeMaskPattern | undefined;
}

/**
 * The modules qrcode lays out for these bytes at level M, through its public `create`: the error
 * correction and the standard's choice of the best of the eight masks are qrcode's own.
 */
export function qrModules(bytes: Buffer): QrModules {
  const qr = QRCode.create([{ data: bytes, mode: 'byte' }], { errorCorrectionLevel: 'M' });
  return { size: qr.modules.size, data: qr.modules.data, mask: qr.maskPattern };
}

/*
 * The qrcode library lays out the code (error correction, the best of the 8 masks) from one
 * byte-mode segment (the JSON payload; letting it search for a cheaper mix of
 * segments costs more time than it saves space, the code comes out the same size); the picture
 * is written here as a 1-bit greyscale PNG. qrcode's own PNG renderer paints 32-bit
 * pixels and lets pngjs try five row filters per row in JavaScript: about 3 ms of CPU per booking,
 * more than everything else createBooking does in Node. This writes the same picture in a few
 * hundredths of a millisecond with Node's zlib (deflate and crc32).
 */

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/*
 * An image is under 6 KB of scanlines whose repeats sit one or a few rows (28 bytes each) apart:
 * a 1 KB window and a small hash find them all, and set up and run faster than the defaults'
 * 32 KB window (smaller output too, about 560 bytes against 585).
 */
const DEFLATE: zlib.ZlibOptions = { level: 9, windowBits: 10, memLevel: 3 };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/*
 * With SCALE 4 and MARGIN 2 a module is exactly one nibble of a scanline: module c (counted from
 * the symbol's left edge) is the high nibble of byte (c + 2) >> 1 when c + 2 is even, else the low
 * nibble. So a module row is written a byte (two modules) at a time, its first pixel row only: the
 * other three are copies. Bytes of the quiet zone keep the 0xff (white) the image starts with.
 * TWO_MODULES[(left << 1) | right] is the byte of two modules side by side (1 = dark).
 */
const TWO_MODULES = Uint8Array.from([0xff, 0xf0, 0x0f, 0x00]);

/** The code as a PNG: black modules on white, SCALE px each, a MARGIN-module quiet zone. */
export function qrPng(text: string): Buffer {
  const modules = qrModules(Buffer.from(text, 'utf8'));
  const n = modules.size;
  const data = modules.data;
  const size = (n + 2 * MARGIN) * SCALE;
  // Each scanline: filter byte 0, then 1 bit per pixel (1 = white).
  const line = Math.ceil(size / 8) + 1;
  const raw = Buffer.alloc(line * size, 0xff);
  for (let y = 0; y < size; y++) raw[y * line] = 0;
  for (let r = 0; r < n; r++) {
    const start = (r + MARGIN) * SCALE * line;
    // Columns c and c + 1 (c even) go to byte c / 2 + 1 after the filter byte. A QR's
    // size is odd: the last column pairs with the quiet zone.
    let at = start + 2;
    let i = r * n;
    for (const last = i + n - 1; i < last; i += 2) raw[at++] = TWO_MODULES[(data[i] << 1) | data[i + 1]];
    raw[at] = TWO_MODULES[data[i] << 1];
    // The pixel row to the next one, then those two to the two after.
    raw.copyWithin(start + line, start, start + line);
    raw.copyWithin(start + 2 * line, start, start + 2 * line);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, DEFLATE)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A QR never changes for a booking, so recently drawn ones are kept. */
const cache = new LRUCache<string, string>({ max: 2000 });

/** PNG data URL of the QR the salon scans at check-in: the JSON {"bookingId","merchantId","userId"}. */
export async function bookingQrDataUrl(p: QrPayload): Promise<string> {
  const text = JSON.stringify({ bookingId: p.bookingId, merchantId: p.merchantId, userId: p.userId });
  const hit = cache.get(text);
  if (hit) return hit;
  const url = `data:image/png;base64,${qrPng(text).toString('base64')}`;
  cache.set(text, url);
  return url;
}
