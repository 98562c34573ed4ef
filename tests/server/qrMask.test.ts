import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { penalties, qrModules } from '../../src/server/services/bookings/qrMask.js';

const require = createRequire(import.meta.url);
type QrMatrix = { size: number; data: Uint8Array; get(r: number, c: number): number };
const MaskPattern = require('qrcode/lib/core/mask-pattern.js') as Record<`getPenaltyN${1 | 2 | 3 | 4}`, (m: QrMatrix) => number> & {
  applyMask(mask: number, m: unknown): void;
};

/** qrcode's own choice: its default create, which scores the eight masks itself. */
function qrcodeDefault(bytes: Buffer) {
  return QRCode.create([{ data: bytes, mode: 'byte' }], { errorCorrectionLevel: 'M' });
}

function expectSameAsQrcode(bytes: Buffer): number {
  const theirs = qrcodeDefault(bytes);
  const ours = qrModules(bytes);
  expect([bytes.length, ours.mask]).toEqual([bytes.length, theirs.maskPattern]);
  expect(ours.size).toBe(theirs.modules.size);
  expect(Buffer.from(ours.data).equals(Buffer.from(theirs.modules.data))).toBe(true);
  return ours.mask;
}

/** qrcode's penalty of one matrix: its four rules added up, as its getBestMask does. */
function qrcodePenalty(size: number, data: Uint8Array): number {
  const matrix = { size, data, get: (r: number, c: number) => data[r * size + c] };
  return (
    MaskPattern.getPenaltyN1(matrix) +
    MaskPattern.getPenaltyN2(matrix) +
    MaskPattern.getPenaltyN3(matrix) +
    MaskPattern.getPenaltyN4(matrix)
  );
}

/** Eight matrices as `penalties` takes them: bit p of byte i is module i of matrix p. */
function sliced(matrices: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(matrices[0].length);
  matrices.forEach((m, p) => m.forEach((v, i) => (out[i] |= v << p)));
  return out;
}

function expectPenaltiesOf(size: number, matrices: Uint8Array[]) {
  const ours = Array.from(penalties(sliced(matrices), size));
  expect(ours).toEqual(matrices.map((m) => qrcodePenalty(size, m)));
}

describe('QR mask choice (qrMask.ts)', () => {
  it('draws exactly what qrcode draws by itself, mask included, for booking payloads', () => {
    const masks = new Set<number>();
    for (let i = 0; i < 500; i++) {
      masks.add(
        expectSameAsQrcode(Buffer.from(JSON.stringify({ bookingId: randomUUID(), merchantId: randomUUID(), userId: randomUUID() }))),
      );
    }
    // The payloads led to more than one mask, so the choice itself was compared, not one constant.
    expect(masks.size).toBeGreaterThan(3);
  });

  it('matches qrcode for other sizes of payload (other versions and layouts, up to version 40)', () => {
    const sizes = new Set<number>();
    for (const length of [1, 7, 14, 20, 26, 42, 60, 84, 100, 122, 180, 250, 400, 600, 900, 1300, 1800, 2331]) {
      for (let i = 0; i < 6; i++) {
        const text = Buffer.from(Array.from({ length }, () => 32 + Math.floor(Math.random() * 90)));
        expectSameAsQrcode(text);
        expectSameAsQrcode(randomBytes(length));
        sizes.add(qrModules(text).size);
      }
    }
    expect(Math.min(...sizes)).toBe(21);
    expect(Math.max(...sizes)).toBe(177);
  });

  it("scores each of eight matrices as qrcode's four penalty rules add up", () => {
    for (const size of [21, 25, 49, 101, 177]) {
      for (const darkShare of [0.02, 0.1, 0.5, 0.9, 0.98]) {
        expectPenaltiesOf(
          size,
          Array.from({ length: 8 }, () => new Uint8Array(size * size).map(() => (Math.random() < darkShare ? 1 : 0))),
        );
      }
    }
  });

  it('scores regular matrices too: uniform, striped, and finder-like patterns packed tightly', () => {
    for (const size of [21, 177]) {
      const grid = (dark: (r: number, c: number) => boolean) =>
        new Uint8Array(size * size).map((_, i) => Number(dark(Math.floor(i / size), i % size)));
      // Rows (or columns) repeating a pattern of modules, shifted by `shift` from one to the next.
      const along = (pattern: string, shift: number) => (r: number, c: number) => pattern[(r * shift + c) % pattern.length] === '1';
      const finderThenLight = along('10111010000', 0);
      expectPenaltiesOf(size, [
        grid(() => false),
        grid(() => true),
        grid(finderThenLight),
        grid((r, c) => finderThenLight(c, r)),
        grid(along('00001011101', 1)),
        grid(along('1011101', 3)),
        grid(along('10', 0)),
        grid(along('0000011111', 1)),
      ]);
    }
  });

  it('scores the eight masked versions of a real symbol as qrcode does', () => {
    for (const length of [10, 134, 700]) {
      const modules = QRCode.create([{ data: randomBytes(length), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 0 })
        .modules as unknown as QrMatrix;
      const versions = Array.from({ length: 8 }, (_, mask) => {
        // Mask 0 is on: swap it for this one, keep a copy, and swap back.
        MaskPattern.applyMask(0, modules);
        MaskPattern.applyMask(mask, modules);
        const masked = new Uint8Array(modules.data);
        MaskPattern.applyMask(mask, modules);
        MaskPattern.applyMask(0, modules);
        return masked;
      });
      expectPenaltiesOf(modules.size, versions);
    }
  });
});
