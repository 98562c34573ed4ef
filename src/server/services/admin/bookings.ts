import type { z } from 'zod';
import type { adminBookingByIdInput, adminBookingsInput } from '../../../shared/schemas/admin.js';
import { legacyPageOf } from '../../../shared/schemas/paging.js';
import { listAllBookings } from '../../db/repositories/admin/bookings.js';
import { bookingStatus } from '../../db/repositories/bookings.js';
import type { AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import { loadBookingWire } from '../bookings/wire.js';
import { iso } from '../wire.js';
import { pageOf } from './wire.js';

export async function listBookings(deps: AppDeps, input: z.output<typeof adminBookingsInput>) {
  if (input.from && input.to && input.from > input.to) throw badRequest('to: the end date is before the start date', 'to');
  const { rows, total } = await listAllBookings(deps.db, {
    status: input.status,
    merchantId: input.merchantId,
    city: input.city,
    from: input.from,
    to: input.to,
    search: input.search,
    ...pageOf(input.page, input.limit),
  });
  return {
    bookings: rows.map((r) => ({
      _id: r.id,
      bookingDate: r.booking_date,
      bookingTime: r.booking_time,
      status: bookingStatus(r.status),
      totalPrice: Number(r.total_price),
      commission: r.commission == null ? null : Number(r.commission),
      services: r.services ?? [],
      salon: { _id: r.merchant_id, name: r.shop_name, city: r.city },
      // A desk booking shows what the salon typed (its contact), whether or not the person confirmed it.
      customer: r.contact_email
        ? { _id: r.user_id, name: r.contact_name ?? '', email: r.contact_email, phone: r.contact_phone }
        : { _id: r.user_id, name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(), email: r.email ?? '', phone: r.phone },
      createdAt: iso(r.created_at),
    })),
    ...legacyPageOf(input.page, input.limit, total),
  };
}

/** The full booking, as its customer and salon see it (the booking domain's wire shape). */
export async function getBooking(deps: AppDeps, input: z.output<typeof adminBookingByIdInput>) {
  const booking = await loadBookingWire(deps.db, input.id, { qr: false });
  if (!booking) throw notFound('Booking');
  return { booking };
}
