import QRCode from 'qrcode';

export interface QrPayload {
  bookingId: string;
  merchantId: string;
  userId: string;
}

/*
 * A QR takes a few milliseconds of CPU to draw and never changes for a booking, so recently
 * drawn ones are kept (a small LRU: Map keeps insertion order).
 */
const CACHE_SIZE = 2000;
const cache = new Map<string, string>();

/** PNG data URL of the QR the salon scans at check-in: the JSON {"bookingId","merchantId","userId"}. */
export async function bookingQrDataUrl(p: QrPayload): Promise<string> {
  const text = JSON.stringify({ bookingId: p.bookingId, merchantId: p.merchantId, userId: p.userId });
  const hit = cache.get(text);
  if (hit) {
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const url = await QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, scale: 4 });
  cache.set(text, url);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return url;
}
