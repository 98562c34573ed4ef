import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { qrModules } from './qrMask.js';

export interface QrPayload {
  bookingId: string;
  merchantId: string;
  userId: string;
}

/** Pixels per module and quiet-zone modules: the 244 px image the confirmation screen shows. */
const SCALE = 4;
const MARGIN = 2;

/*
 * The qrcode library lays out the code (error correction; the best of the 8 masks is scored in
 * qrMask.ts) from one byte-mode segment (the JSON payload; letting it search for a cheaper mix of
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

/** The code as a PNG: black modules on white, SCALE px each, a MARGIN-module quiet zone. */
export function qrPng(text: string): Buffer {
  const modules = qrModules(Buffer.from(text, 'utf8'));
  const n = modules.size;
  const size = (n + 2 * MARGIN) * SCALE;
  const rowBytes = Math.ceil(size / 8);
  // Each scanline: filter byte 0, then 1 bit per pixel (1 = white).
  const raw = Buffer.alloc((rowBytes + 1) * size, 0xff);
  for (let y = 0; y < size; y++) raw[y * (rowBytes + 1)] = 0;
  for (let r = 0; r < n; r++) {
    const first = (r + MARGIN) * SCALE;
    const line = first * (rowBytes + 1) + 1;
    for (let c = 0; c < n; c++) {
      if (!modules.data[r * n + c]) continue;
      for (let x = (c + MARGIN) * SCALE, end = x + SCALE; x < end; x++) raw[line + (x >> 3)] &= ~(0x80 >> (x & 7));
    }
    for (let k = 1; k < SCALE; k++) raw.copy(raw, line - 1 + k * (rowBytes + 1), line - 1, line + rowBytes);
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
