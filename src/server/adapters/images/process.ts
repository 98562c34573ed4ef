export type ImageFormat = 'jpeg' | 'png' | 'webp';

/**
 * The real type of the bytes, from their signature; a file's name and declared type are not
 * trusted. JPEG: FF D8 FF. PNG: 89 50 4E 47 0D 0A 1A 0A. WebP: "RIFF" size "WEBP".
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'png';
  if (
    b.length >= 12 &&
    b[0] === 0x52 &&
    b[1] === 0x49 &&
    b[2] === 0x46 &&
    b[3] === 0x46 &&
    b[8] === 0x57 &&
    b[9] === 0x45 &&
    b[10] === 0x42 &&
    b[11] === 0x50
  ) {
    return 'webp';
  }
  return null;
}

/** Decoding more pixels than this (a decompression bomb) is refused; 50 MP covers any phone camera. */
const MAX_INPUT_PIXELS = 50_000_000;

export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('The image could not be decoded');
    this.name = 'UnreadableImageError';
    this.cause = cause;
  }
}

/**
 * Re-encodes to WebP no larger than `maxSide` on either side, turned upright per its EXIF
 * orientation; re-encoding also drops the metadata (GPS position of a phone photo).
 */
export async function toWebp(bytes: Uint8Array, maxSide: number): Promise<{ bytes: Buffer; width: number; height: number }> {
  // Loaded on the first upload (libvips is a native library), not with the server.
  const { default: sharp } = await import('sharp');
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (err) {
    throw new UnreadableImageError(err);
  }
}
