import { randomBytes, randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type QrModules, qrModules, qrPng } from '../../src/server/services/bookings/qr.js';

/*
 * The scanlines as qr.ts drew them before they were written a module (nibble) at a time: pixel by
 * pixel. The picture must not change.
 */
function pixelByPixelScanlines(modules: QrModules): { size: number; raw: Buffer } {
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
  return { size, raw };
}

/** A PNG read back: its chunks in order (each CRC checked), the IHDR fields and the inflated image data. */
function readPng(png: Buffer) {
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  const types: string[] = [];
  const idat: Buffer[] = [];
  let ihdr: Buffer = Buffer.alloc(0);
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(zlib.crc32(data, zlib.crc32(type)));
    types.push(type.toString('ascii'));
    if (types.at(-1) === 'IHDR') ihdr = data;
    if (types.at(-1) === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  return {
    types,
    width: ihdr.readUInt32BE(0),
    height: ihdr.readUInt32BE(4),
    bitDepth: ihdr[8],
    colourType: ihdr[9],
    raw: zlib.inflateSync(Buffer.concat(idat)),
  };
}

describe('QR PNG (qr.ts)', () => {
  it('draws the same 1-bit greyscale picture as drawing pixel by pixel, for booking payloads and every size of symbol', () => {
    const texts = Array.from({ length: 100 }, () =>
      JSON.stringify({ bookingId: randomUUID(), merchantId: randomUUID(), userId: randomUUID() }),
    );
    // Hex text of many lengths: QR versions 1 to 40, sizes 21 to 177.
    for (let length = 1; length <= 2331; length += 23) texts.push(randomBytes(length).toString('hex').slice(0, length));
    const sizes = new Set<number>();
    for (const text of texts) {
      const modules = qrModules(Buffer.from(text));
      sizes.add(modules.size);
      const expected = pixelByPixelScanlines(modules);
      const png = readPng(qrPng(text));
      expect(png.types).toEqual(['IHDR', 'IDAT', 'IEND']);
      expect([png.width, png.height, png.bitDepth, png.colourType]).toEqual([expected.size, expected.size, 1, 0]);
      expect(png.raw.equals(expected.raw)).toBe(true);
    }
    expect(sizes.size).toBeGreaterThan(30);
  });
});
