import { createRequire } from 'node:module';
import QRCode, { type QRCodeMaskPattern } from 'qrcode';

/*
 * The QR standard has the encoder try all eight data masks and keep the one whose symbol scores
 * the lowest penalty (long runs, 2×2 blocks, finder-like 1:1:3:1:1 patterns, dark/light balance),
 * which keeps the code easy to scan. qrcode does exactly that, but its scoring walks the matrix
 * through method calls and branches on every module: about 0.4 ms per booking's code, ten times
 * the rest of laying it out. `qrModules` lets qrcode lay the data out once and scores the same
 * eight candidates with qrcode's own rules and format information over plain byte arrays, without
 * a branch per module: the modules come out exactly as qrcode draws them by itself, mask included
 * (tests/server/qrMask.test.ts compares both on random booking payloads).
 */

const require = createRequire(import.meta.url);
// qrcode's own format-information encoder (the BCH code of error level and mask) and mask formulas.
const FormatInfo = require('qrcode/lib/core/format-info.js') as { getEncodedBits(level: unknown, mask: number): number };
const MaskPattern = require('qrcode/lib/core/mask-pattern.js') as {
  applyMask(mask: number, matrix: { size: number; isReserved(r: number, c: number): unknown; xor(r: number, c: number, v: unknown): void }): void;
};

interface Matrix {
  size: number;
  data: Uint8Array;
  reservedBit: Uint8Array;
}

interface Layout {
  /** Per mask: 1 where it flips a module (outside the function patterns). */
  flips: Uint8Array[];
  /** Where format bit k goes: cells[2k] (the copy by the left finders) and cells[2k + 1] (the other). */
  formatCells: Int32Array;
}

/** The layout depends only on the symbol's version (its size and reserved modules): kept per size. */
const layouts = new Map<number, Layout>();

function layoutOf(m: Matrix): Layout {
  const known = layouts.get(m.size);
  if (known) return known;
  const n = m.size;
  // qrcode applies each mask to an empty matrix with the symbol's function patterns: what it flips.
  const flips = Array.from({ length: 8 }, (_, mask) => {
    const f = new Uint8Array(n * n);
    MaskPattern.applyMask(mask, {
      size: n,
      isReserved: (r, c) => m.reservedBit[r * n + c],
      xor: (r, c, v) => {
        f[r * n + c] ^= v ? 1 : 0;
      },
    });
    return f;
  });
  // The places qrcode's setupFormatInfo writes bit k to.
  const formatCells = new Int32Array(30);
  for (let k = 0; k < 15; k++) {
    const vRow = k < 6 ? k : k < 8 ? k + 1 : n - 15 + k;
    const hCol = k < 8 ? n - k - 1 : k < 9 ? 15 - k : 15 - k - 1;
    formatCells[2 * k] = vRow * n + 8;
    formatCells[2 * k + 1] = 8 * n + hCol;
  }
  const layout = { flips, formatCells };
  layouts.set(n, layout);
  return layout;
}

/*
 * qrcode's penalty of a candidate symbol: N1 runs, N2 blocks, N3 finder-like patterns, N4 balance.
 * A QR's modules are close to random, so the scoring is written without data-dependent branches
 * (a mispredicted branch per module cost more than the arithmetic). A run of L >= 5 scores
 * 3 + (L - 5) = (L - 4) + 2: one point for each module at which a run has reached 5 or more, and
 * two more where it reaches exactly 5.
 */
export function penaltyOf(d: Uint8Array, n: number): number {
  let atLeast5 = 0;
  let exactly5 = 0;
  let finders = 0;
  for (let a = 0; a < n; a++) {
    // Row a and column a together, as qrcode walks them.
    let rowLast = 2;
    let rowRun = 0;
    let colLast = 2;
    let colRun = 0;
    let rowBits = 0;
    let colBits = 0;
    for (let b = 0; b < n; b++) {
      const x = d[a * n + b];
      const y = d[b * n + a];
      // (v - 1) >>> 31 is 1 when v is 0, else 0 (v small and not negative).
      rowRun = rowRun * (((x ^ rowLast) - 1) >>> 31) + 1;
      colRun = colRun * (((y ^ colLast) - 1) >>> 31) + 1;
      rowLast = x;
      colLast = y;
      atLeast5 += ((4 - rowRun) >>> 31) + ((4 - colRun) >>> 31);
      exactly5 += (((rowRun ^ 5) - 1) >>> 31) + (((colRun ^ 5) - 1) >>> 31);
      // The last 11 modules read dark-light-dark-dark-dark-light-dark with 4 light ones before or after.
      rowBits = ((rowBits << 1) & 0x7ff) | x;
      colBits = ((colBits << 1) & 0x7ff) | y;
      if (b >= 10) {
        if (rowBits === 0x5d0 || rowBits === 0x05d) finders++;
        if (colBits === 0x5d0 || colBits === 0x05d) finders++;
      }
    }
  }
  let blocks = 0;
  for (let r = 0; r < n - 1; r++) {
    const top = r * n;
    const bottom = top + n;
    for (let c = 0; c < n - 1; c++) {
      // All four alike: a sum of 0 or 4.
      blocks += (((d[top + c] + d[top + c + 1] + d[bottom + c] + d[bottom + c + 1]) & 3) - 1) >>> 31;
    }
  }
  let dark = 0;
  for (let i = 0; i < d.length; i++) dark += d[i];
  const balance = Math.abs(Math.ceil((dark * 100) / d.length / 5) - 10);
  return atLeast5 + 2 * exactly5 + blocks * 3 + finders * 40 + balance * 10;
}

/** A drawn symbol: `size` × `size` modules, row by row, 1 = dark. */
export interface QrModules {
  size: number;
  data: Uint8Array;
  mask: QRCodeMaskPattern;
}

/**
 * The modules qrcode draws for these bytes at level M, with the mask it would choose. qrcode lays
 * the data out once (with mask 0); each mask's candidate is that layout with the mask swapped and
 * its format information written, scored, and the lowest score wins (the first of equals), as in
 * qrcode's own choice.
 */
export function qrModules(bytes: Buffer): QrModules {
  const withMask0 = QRCode.create([{ data: bytes, mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 0 });
  const m = withMask0.modules as unknown as Matrix;
  const n = m.size;
  const { flips, formatCells } = layoutOf(m);
  const unmasked = new Uint8Array(m.data.length);
  const flip0 = flips[0];
  for (let i = 0; i < unmasked.length; i++) unmasked[i] = m.data[i] ^ flip0[i];
  let candidate = new Uint8Array(m.data.length);
  let best = new Uint8Array(m.data.length);
  let bestMask: QRCodeMaskPattern = 0;
  let lowest = Infinity;
  for (let p = 0; p < 8; p++) {
    const flip = flips[p];
    for (let i = 0; i < candidate.length; i++) candidate[i] = unmasked[i] ^ flip[i];
    const bits = FormatInfo.getEncodedBits(withMask0.errorCorrectionLevel, p);
    for (let k = 0; k < 15; k++) {
      const bit = (bits >> k) & 1;
      candidate[formatCells[2 * k]] = bit;
      candidate[formatCells[2 * k + 1]] = bit;
    }
    const penalty = penaltyOf(candidate, n);
    if (penalty < lowest) {
      lowest = penalty;
      bestMask = p as QRCodeMaskPattern;
      [best, candidate] = [candidate, best];
    }
  }
  return { size: n, data: best, mask: bestMask };
}
