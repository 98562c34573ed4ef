import { randomBytes, randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { qrPng } from '../../src/server/services/bookings/qr.js';
import { qrModules, type QrModules } from '../../src/server/services/bookings/qrMask.js';

/*
 * qr.ts as it drew the PNG before its scanlines were written a module (nibble) at a time: pixel by
 * pixel, with the same chunks and deflate options. The picture and its bytes must not change.
 */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

function pixelByPixelPng(modules: QrModules): Buffer {
  const SCALE = 4;
  const MARGIN = 2;
  const n = modules.size;
  const size = (n + 2 * MARGIN) * SCALE;
  const rowBytes = Math.ceil(size / 8);
  const raw = Buffer.alloc((rowBytes + 1) * size, 0xff);
  for (let y = 0; y < size; y++) raw[y * (rowBytes + 1)] = 0;
  for (let r = 0; r < n; r++) {
    const line = (r + MARGIN) * SCALE * (rowBytes + 1) + 1;
    for (let c = 0; c < n; c++) {
      if (!modules.data[r * n + c]) continue;
      for (let x = (c + MARGIN) * SCALE, end = x + SCALE; x < end; x++) raw[line + (x >> 3)] &= ~(0x80 >> (x & 7));
    }
    for (let k = 1; k < SCALE; k++) raw.copy(raw, line - 1 + k * (rowBytes + 1), line - 1, line + rowBytes);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1;
  header[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9, windowBits: 10, memLevel: 3 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('QR PNG (qr.ts)', () => {
  it('writes the same bytes as drawing pixel by pixel, for booking payloads and every size of symbol', () => {
    const texts = Array.from({ length: 100 }, () => JSON.stringify({ bookingId: randomUUID(), merchantId: randomUUID(), userId: randomUUID() }));
    // Hex text of many lengths: QR versions 1 to 40, sizes 21 to 177.
    for (let length = 1; length <= 2331; length += 23) texts.push(randomBytes(length).toString('hex').slice(0, length));
    const sizes = new Set<number>();
    for (const text of texts) {
      const modules = qrModules(Buffer.from(text));
      sizes.add(modules.size);
      expect(qrPng(text).equals(pixelByPixelPng(modules))).toBe(true);
    }
    expect(sizes.size).toBeGreaterThan(30);
  });
});
