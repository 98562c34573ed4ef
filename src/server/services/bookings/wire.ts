import { isActiveBookingStatus, refundAmountFor } from '../../../shared/policy.js';
import type { BookingWire } from '../../../shared/schemas/bookings.js';
import type { Executor } from '../../db/executor.js';
import { nameColumns } from '../../db/repositories/accounts.js';
import { type BookingDetailRow, type BookingFilter, bookingStatus, findBookingDetails } from '../../db/repositories/bookings.js';
import { iso } from '../wire.js';
import { bookingQrDataUrl } from './qr.js';

const isoOrNull = (d: Date | string | null) => (d == null ? null : iso(d));

/** A typed full name as first name and the rest. */
function contactName(full: string) {
  const { first_name, last_name } = nameColumns(full);
  return { firstName: first_name ?? '', lastName: last_name };
}

/** The salon's street address followed by the city and state unless it already names them. */
function fullAddress(r: BookingDetailRow): string {
  const parts = [r.shop_address.trim()];
  for (const extra of [r.shop_city, r.shop_state]) {
    const e = extra.trim();
    if (e && !parts.some((p) => p.toLowerCase().includes(e.toLowerCase()))) parts.push(e);
  }
  return parts.filter(Boolean).join(', ');
}

/** The one place a booking row becomes its wire shape. */
export function toBookingWire(r: BookingDetailRow, qrCodeImage: string | null): BookingWire {
  return {
    _id: r.id,
    userId: r.user_id,
    merchantId: r.merchant_id,
    staffId: r.staff_id,
    salonName: r.shop_name,
    salonBookable: r.shop_is_published,
    salonImage: r.shop_images[0] ?? null,
    shop_Images: r.shop_images,
    address: fullAddress(r),
    timeZone: r.time_zone,
    bookingDate: r.booking_date,
    bookingTime: r.booking_time,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    status: bookingStatus(r.status),
    subtotal: Number(r.subtotal),
    discount: Number(r.discount_amount),
    totalPrice: Number(r.total_price),
    totalDuration: r.total_duration,
    couponCode: r.coupon_code ?? null,
    professional: {
      _id: r.staff_id,
      name: r.staff_name,
      role: r.staff_role,
      image: r.staff_avatar,
      specialization: r.staff_specializations,
    },
    anyProfessional: r.any_professional,
    services: r.services.map((s) => ({ _id: s.service_id, serviceName: s.service_name, duration: s.duration_min, price: Number(s.price) })),
    userDetails: r.contact_email
      ? { ...contactName(r.contact_name ?? ''), email: r.contact_email, phone: r.contact_phone, profileImage: null }
      : {
          firstName: r.first_name ?? '',
          lastName: r.last_name ?? '',
          email: r.user_email ?? '',
          phone: r.user_phone,
          profileImage: r.user_avatar,
        },
    deskConfirmation: r.confirmation,
    qrCodeImage,
    scanned: r.scanned,
    scannedAt: isoOrNull(r.scanned_at),
    paymentReceived: r.payment_received,
    paymentMethod: r.payment_method,
    amountPaid: Number(r.amount_paid),
    cancellationReason: r.cancellation_reason,
    cancelledBy: r.cancelled_by,
    cancelledAt: isoOrNull(r.cancelled_at),
    refundPercent: r.refund_percent,
    refundAmount: r.refund_percent == null ? null : refundAmountFor(Number(r.amount_paid), r.refund_percent),
    completedAt: isoOrNull(r.completed_at),
    noShowAt: isoOrNull(r.no_show_at),
    noShowDispute: r.dispute_status,
    commission: r.commission == null ? null : Number(r.commission),
    merchantEarning: r.merchant_earning == null ? null : Number(r.merchant_earning),
    rating: Number(r.rating_avg),
    reviewCount: r.review_count,
    reviewed: r.reviewed,
    review: r.review ? { _id: r.review.id, rating: r.review.rating, comment: r.review.comment } : null,
    createdAt: iso(r.created_at),
  };
}

/**
 * Bookings in their wire shape with one query however many there are. `qr` draws the
 * check-in QR; the merchant desk's lists leave it out (the desk scans QRs, it does not show them).
 */
export async function loadBookingWires(db: Executor, filter: BookingFilter, opts: { qr: boolean }): Promise<BookingWire[]> {
  const rows = await findBookingDetails(db, filter);
  return Promise.all(rows.map((r) => bookingWireOf(r, opts)));
}

/**
 * A booking's wire shape from its details row (findBookingDetails, or the row a booking insert answers).
 * Only a booking that still holds its time has a check-in QR: a cancelled or completed one has nothing to show at the desk.
 */
export async function bookingWireOf(r: BookingDetailRow, opts: { qr: boolean }): Promise<BookingWire> {
  // Only a customer's booking has a check-in QR (it names them); a desk contact has nobody to show it.
  const qr =
    opts.qr && r.user_id && isActiveBookingStatus(r.status)
      ? await bookingQrDataUrl({ bookingId: r.id, merchantId: r.merchant_id, userId: r.user_id })
      : null;
  return toBookingWire(r, qr);
}

export async function loadBookingWire(db: Executor, id: string, opts: { qr: boolean } = { qr: true }): Promise<BookingWire | null> {
  const [w] = await loadBookingWires(db, { ids: [id] }, opts);
  return w ?? null;
}
