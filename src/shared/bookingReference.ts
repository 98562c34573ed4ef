/**
 * A booking's reference, the one form customers, e-mails and the salon's desk all show: `#` and the
 * first eight characters of its id in capitals (#44947DD4). The desk's Booking ID field takes it back
 * (features/bookingDesk/desk.ts); the API's `_id` fields stay the full id.
 */
export const BOOKING_REFERENCE_LENGTH = 8;

/** The reference without its `#` (44947DD4), for sentences that put the `#` themselves. */
export function bookingReferenceCode(id: string): string {
  return id.slice(0, BOOKING_REFERENCE_LENGTH).toUpperCase();
}

/** The booking reference as shown: `#44947DD4`. */
export function bookingReference(id: string): string {
  return `#${bookingReferenceCode(id)}`;
}
