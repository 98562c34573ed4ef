import { createRequire } from 'node:module';
import QRCode, { type QRCodeMaskPattern } from 'qrcode';

/*
 * The QR standard has the encoder try all eight data masks and keep the one whose symbol scores
 * the lowest penalty (long runs, 2×2 blocks, finder-like 1:1:3:1:1 patterns, dark/light balance),
 * which keeps the code easy to scan. qrcode does exactly that, but its scoring walks the matrix
 * through method calls and branches on every module: about 0.4 ms per booking's code, ten times
 * the rest of laying it out. `qrModules` lets qrcode lay the data out once and scores the same
 * eight candidates with qrcode's own rules and format information, all eight in one walk over the
 * modules: the modules come out exactly as qrcode draws them by itself, mask included
 * (tests/server/qrMask.test.ts compares both on random payloads of several sizes).
 */

const require = createRequire(import.meta.url);
// qrcode's own format-information encoder (the BCH code of error level and mask) and mask formulas.
const FormatInfo = require('qrcode/lib/core/format-info.js') as { getEncodedBits(level: unknown, mask: number): number };
const MaskPattern = require('qrcode/lib/core/mask-pattern.js') as {
  applyMask(
    mask: number,
    matrix: { size: number; isReserved(r: number, c: number): unknown; xor(r: number, c: number, v: unknown): void },
  ): void;
};

interface Matrix {
  size: number;
  data: Uint8Array;
  reservedBit: Uint8Array;
}

/**
 * Per module, bit p set where mask p's candidate differs from the symbol qrcode draws with mask 0:
 * the modules mask p flips and mask 0 does not (or the other way round), and the format bits that
 * differ between the two masks. It depends only on the symbol's version (its size and reserved
 * modules) and the error level, always M here: kept per size.
 */
const fromMask0 = new Map<number, Uint8Array>();

function fromMask0Of(m: Matrix, level: unknown): Uint8Array {
  const known = fromMask0.get(m.size);
  if (known) return known;
  const n = m.size;
  const diff = new Uint8Array(n * n);
  // qrcode applies each mask to an empty matrix with the symbol's function patterns: what it flips.
  // Mask 0's flips go to the other seven bits (and cancel out in bit 0).
  for (let mask = 0; mask < 8; mask++) {
    const bits = mask === 0 ? 0xfe : 1 << mask;
    MaskPattern.applyMask(mask, {
      size: n,
      isReserved: (r, c) => m.reservedBit[r * n + c],
      xor: (r, c, v) => {
        if (v) diff[r * n + c] ^= bits;
      },
    });
  }
  // The places qrcode's setupFormatInfo writes format bit k to: by the left finders and the other copy.
  const bits0 = FormatInfo.getEncodedBits(level, 0);
  for (let mask = 1; mask < 8; mask++) {
    const changed = FormatInfo.getEncodedBits(level, mask) ^ bits0;
    for (let k = 0; k < 15; k++) {
      if (!((changed >> k) & 1)) continue;
      const vRow = k < 6 ? k : k < 8 ? k + 1 : n - 15 + k;
      const hCol = k < 8 ? n - k - 1 : k < 9 ? 15 - k : 15 - k - 1;
      diff[vRow * n + 8] |= 1 << mask;
      diff[8 * n + hCol] |= 1 << mask;
    }
  }
  fromMask0.set(n, diff);
  return diff;
}

/*
 * The eight candidates are scored together, bit-sliced: one byte per module whose bit p is the
 * module under mask p. Every rule is then a few byte-wide boolean operations per module that
 * answer for all eight masks at once, so the eight cost little more than one did.
 *
 * The per-mask counts are kept in nibbles: SPREAD[b] moves bit p of b to bit 4p, so adding
 * SPREAD[b] to a 32-bit word counts b's bits mask by mask. Nibbles hold 15, so a line is walked in
 * stretches of at most 15 modules (each adding at most 1 per nibble and count), after which the
 * nibbles move to byte counters (the even masks' nibbles into one word, the odd masks' into
 * another). A byte holds 255 and no count of one line exceeds its length, 177 modules at most
 * (N1 gives a run of L modules L - 2 points), so the bytes are added to the totals line by line.
 */
const SPREAD = new Uint32Array(256);
for (let b = 0; b < 256; b++) for (let p = 0; p < 8; p++) SPREAD[b] |= ((b >> p) & 1) << (4 * p);

/** The even masks' nibbles of a SPREAD sum, one per byte (`>>> 4` first for the odd masks'). */
const NIBBLES = 0x0f0f0f0f;

/** A stretch of a line short enough for nibble counters (see SPREAD). */
const STRETCH = 15;

/**
 * qrcode's penalty of each of eight n × n candidates, bit-sliced (bit p of byte i is module i of
 * candidate p, row by row): N1 runs, N2 blocks, N3 finder-like patterns and N4 balance, as
 * MaskPattern.getPenaltyN1..N4 add them up.
 */
export function penalties(sliced: Uint8Array, n: number): Int32Array {
  const score = new Int32Array(8);
  const dark = new Int32Array(8);
  scoreLines(sliced, n, n, 1, score, dark);
  scoreLines(sliced, n, 1, n, score, null);
  for (let p = 0; p < 8; p++) score[p] += 10 * Math.abs(Math.ceil((dark[p] * 100) / (n * n) / 5) - 10);
  return score;
}

/**
 * Adds N1 and N3 along the n lines (line a starts at module a * lineStep and goes on by step) to
 * score; with dark, the lines are the rows, and their N2 blocks and dark modules are counted too.
 */
function scoreLines(s: Uint8Array, n: number, lineStep: number, step: number, score: Int32Array, dark: Int32Array | null): void {
  for (let a = 0; a < n; a++) {
    // Blocks pair row a with the row below it, which the last row does not have.
    const blocks = dark !== null && a < n - 1;
    let i = a * lineStep;
    // As if a module unlike the first preceded the line, so no run or pattern reaches back before it.
    let prev = s[i] ^ 0xff;
    // Byte k: the masks with a change among the last k + 1 pairs of neighbours (all, at the start).
    let changes = -1;
    // Bitap over the finder's core dark-light-dark-dark-dark-light-dark: byte k of core4 holds the
    // masks whose last k + 1 modules read as the core's first k + 1, byte k of core7 (k < 3) those
    // whose last k + 5 read as its first k + 5, and core7's byte 2 has the whole core ending here.
    // Both take the module as dark, light, dark, dark byte by byte (the core's modules 1-4, and
    // 5-7 read the same); core7's byte 3 is never read and shifts out.
    let core4 = 0;
    let core7 = 0;
    let downPrev = 0xff;
    // Byte counters of the line (see SPREAD): N1 points, N2 blocks, N3 patterns, N4 dark modules.
    let runsEven = 0;
    let runsOdd = 0;
    let blocksEven = 0;
    let blocksOdd = 0;
    let findersEven = 0;
    let findersOdd = 0;
    let darkEven = 0;
    let darkOdd = 0;
    for (let b = 0; b < n; ) {
      const end = Math.min(b + STRETCH, n);
      let long = 0;
      let reached5 = 0;
      let square = 0;
      let darkHere = 0;
      for (; b < end; b++, i += step) {
        const x = s[i];
        const light = x ^ 0xff;
        const change = x ^ prev;
        prev = x;
        // N1: a run of L >= 5 scores 3 + (L - 5) = (L - 4) + 2: one point at each module where the
        // last 5 are alike, and two more where the run has just reached 5 (a change among the 5
        // modules before this one).
        const before = changes >>> 24;
        changes = (changes << 8) | Math.imul(change, 0x01010101);
        const alike5 = (changes >>> 24) ^ 0xff;
        long += SPREAD[alike5];
        reached5 += SPREAD[alike5 & before];
        // N3: the core here, with 4 light modules after it or before it (qrcode's 11-module
        // windows 0x5d0 and 0x05d, each counted once). Cores are a few percent of modules, and
        // those 4 neighbours are read only then.
        const fits = Math.imul(x, 0x01010001) | (light << 8);
        core7 = ((core7 << 8) | (core4 >>> 24)) & fits;
        core4 = ((core4 << 8) | 0xff) & fits;
        const core = (core7 >>> 16) & 0xff;
        if (core !== 0) {
          let found = 0;
          if (b + 4 < n) found += SPREAD[core & ~(s[i + step] | s[i + 2 * step] | s[i + 3 * step] | s[i + 4 * step])];
          if (b >= 10) found += SPREAD[core & ~(s[i - 7 * step] | s[i - 8 * step] | s[i - 9 * step] | s[i - 10 * step])];
          findersEven += found & NIBBLES;
          findersOdd += (found >>> 4) & NIBBLES;
        }
        if (blocks) {
          // N2: this module, the one before it and the two below them all alike.
          const down = x ^ s[i + n];
          square += SPREAD[(down | downPrev | change) ^ 0xff];
          downPrev = down;
        }
        if (dark) darkHere += SPREAD[x];
      }
      runsEven += (long & NIBBLES) + ((reached5 & NIBBLES) << 1);
      runsOdd += ((long >>> 4) & NIBBLES) + (((reached5 >>> 4) & NIBBLES) << 1);
      blocksEven += square & NIBBLES;
      blocksOdd += (square >>> 4) & NIBBLES;
      darkEven += darkHere & NIBBLES;
      darkOdd += (darkHere >>> 4) & NIBBLES;
    }
    for (let k = 0; k < 4; k++) {
      const at = 8 * k;
      score[2 * k] += ((runsEven >>> at) & 0xff) + 3 * ((blocksEven >>> at) & 0xff) + 40 * ((findersEven >>> at) & 0xff);
      score[2 * k + 1] += ((runsOdd >>> at) & 0xff) + 3 * ((blocksOdd >>> at) & 0xff) + 40 * ((findersOdd >>> at) & 0xff);
      if (dark) {
        dark[2 * k] += (darkEven >>> at) & 0xff;
        dark[2 * k + 1] += (darkOdd >>> at) & 0xff;
      }
    }
  }
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
 * its format information written (all eight sliced together), and the lowest penalty wins (the
 * first of equals), as in qrcode's own choice. The winner is then written over qrcode's matrix.
 */
export function qrModules(bytes: Buffer): QrModules {
  const withMask0 = QRCode.create([{ data: bytes, mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 0 });
  const m = withMask0.modules as unknown as Matrix;
  const n = m.size;
  const data = m.data;
  const diff = fromMask0Of(m, withMask0.errorCorrectionLevel);
  const sliced = new Uint8Array(n * n);
  for (let i = 0; i < sliced.length; i++) sliced[i] = (0xff * data[i]) ^ diff[i];
  const score = penalties(sliced, n);
  let mask = 0;
  for (let p = 1; p < 8; p++) if (score[p] < score[mask]) mask = p;
  for (let i = 0; i < data.length; i++) data[i] ^= (diff[i] >> mask) & 1;
  return { size: n, data, mask: mask as QRCodeMaskPattern };
}
