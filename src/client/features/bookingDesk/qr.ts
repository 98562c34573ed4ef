/** What a booking QR holds (customer doc, Entities: QR payload). */
export interface QrPayload {
  bookingId: string;
  merchantId: string;
  userId: string;
}

export const QR_MESSAGES = {
  noneInImage: 'No QR code found in the image. Please try another image.',
  invalidInImage: 'Invalid QR code format in image',
  invalid: 'Invalid QR code format',
} as const;

export function parseQrPayload(text: string): QrPayload | null {
  try {
    const value = JSON.parse(text) as Partial<Record<keyof QrPayload, unknown>> | null;
    if (!value || typeof value !== 'object') return null;
    const { bookingId, merchantId, userId } = value;
    if (typeof bookingId !== 'string' || !bookingId || typeof userId !== 'string' || !userId) return null;
    return { bookingId, merchantId: typeof merchantId === 'string' ? merchantId : '', userId };
  } catch {
    return null;
  }
}

/** qr-scanner is heavy, so it loads only when the merchant actually scans. */
export function loadQrScanner() {
  return import('qr-scanner').then((m) => m.default);
}

export class QrImageError extends Error {}

/** Reads the booking QR in an uploaded image. */
export async function scanQrImage(file: File): Promise<QrPayload> {
  const QrScanner = await loadQrScanner();
  let text: string;
  try {
    text = (await QrScanner.scanImage(file, { returnDetailedScanResult: true, alsoTryWithoutScanRegion: true })).data;
  } catch {
    throw new QrImageError(QR_MESSAGES.noneInImage);
  }
  const payload = parseQrPayload(text);
  if (!payload) throw new QrImageError(QR_MESSAGES.invalidInImage);
  return payload;
}

/** The merchant doc's camera alerts, by the browser's error name. */
export function cameraErrorMessage(error: unknown): string {
  const name =
    error instanceof Error || (typeof error === 'object' && error && 'name' in error) ? String((error as { name: unknown }).name) : '';
  const text = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') {
    return 'Camera access denied. Please allow camera access to scan QR codes.';
  }
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || /camera not found/i.test(text)) {
    return 'No camera found on this device.';
  }
  if (name === 'NotReadableError' || name === 'TrackStartError') return 'Camera is already in use by another application.';
  if (name === 'OverconstrainedError' || name === 'ConstraintNotSatisfiedError') {
    return 'Camera does not support the requested constraints.';
  }
  return 'Camera access is not supported by your browser.';
}

export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}
