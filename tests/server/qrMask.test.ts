import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { penaltyOf, qrModules } from '../../src/server/services/bookings/qrMask.js';

const require = createRequire(import.meta.url);
const MaskPattern = require('qrcode/lib/core/mask-pattern.js') as Record<`getPenaltyN${1 | 2 | 3 | 4}`, (m: unknown) => number>;

/** qrcode's own choice: its default create, which scores the eight masks itself. */
function qrcodeDefault(bytes: Buffer) {
  return QRCode.create([{ data: bytes, mode: 'byte' }], { errorCorrectionLevel: 'M' });
}

describe('QR mask choice (qrMask.ts)', () => {
  it('draws exactly what qrcode draws by itself, mask included, for booking payloads', () => {
    const masks = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const bytes = Buffer.from(JSON.stringify({ bookingId: randomUUID(), merchantId: randomUUID(), userId: randomUUID() }));
      const theirs = qrcodeDefault(bytes);
      const ours = qrModules(bytes);
      expect(ours.mask).toBe(theirs.maskPattern);
      expect(ours.size).toBe(theirs.modules.size);
      expect(Buffer.from(ours.data).equals(Buffer.from(theirs.modules.data))).toBe(true);
      masks.add(ours.mask);
    }
    // The payloads led to more than one mask, so the choice itself was compared, not one constant.
    expect(masks.size).toBeGreaterThan(3);
  });

  it('matches qrcode for other sizes of payload (other versions and layouts)', () => {
    for (const length of [1, 7, 20, 60, 100, 250, 400]) {
      for (let i = 0; i < 15; i++) {
        const bytes = Buffer.from(Array.from({ length }, () => 32 + Math.floor(Math.random() * 90)));
        const theirs = qrcodeDefault(bytes);
        const ours = qrModules(bytes);
        expect([length, ours.mask]).toEqual([length, theirs.maskPattern]);
        expect(Buffer.from(ours.data).equals(Buffer.from(theirs.modules.data))).toBe(true);
      }
    }
  });

  it("scores a matrix as qrcode's four penalty rules add up", () => {
    for (const size of [21, 25, 49]) {
      for (const darkShare of [0.1, 0.5, 0.9]) {
        const data = new Uint8Array(size * size).map(() => (Math.random() < darkShare ? 1 : 0));
        const matrix = { size, data, get: (r: number, c: number) => data[r * size + c] };
        const theirs = MaskPattern.getPenaltyN1(matrix) + MaskPattern.getPenaltyN2(matrix) + MaskPattern.getPenaltyN3(matrix) + MaskPattern.getPenaltyN4(matrix);
        expect(penaltyOf(data, size)).toBe(theirs);
      }
    }
  });
});
