import type { Insertable } from 'kysely';
import { round2 } from '../../../shared/money.js';
import { bookingCommission, commissionSplit } from '../../../shared/policy.js';
import { addDays, salonWindow, zonedTimeToInstant } from '../../../shared/slots.js';
import { formatMinutes12h } from '../../../shared/validation.js';
import type { Database } from '../../db/types.js';
import { CANCEL_REASONS } from '../salons.js';
import type { DemoCoupons } from './coupons.js';
import {
  ago,
  bookingNotices,
  DAY,
  type DemoBuild,
  demoSalonOf,
  displayDate,
  earliest,
  HOUR,
  MINUTE,
  type PlannedBooking,
  type SeedCustomer,
  type SeedSalon,
  TIME_ZONE,
} from './kit.js';

/**
 * The planned bookings as rows, in order of start: each with its services, its outcome's
 * figures (a completed one its commission ledger entry, a cancelled one its reason), and the
 * notifications the demo customer and the demo salon got about it. Counts each coupon's uses.
 */
export function addBookings(
  build: DemoBuild,
  byTime: PlannedBooking[],
  salons: SeedSalon[],
  customers: SeedCustomer[],
  coupons: DemoCoupons,
): void {
  const { data, rng, now } = build;
  const priya = customers[0];
  const merchantSalon = demoSalonOf(salons);
  const couponIds = coupons.ids;
  const couponDiscount = coupons.discount;
  const { customerNotice, salonNotice } = bookingNotices(data);

  const usedCoupons = new Map<string, number>();
  let merchantBookings = 0;
  for (const b of byTime) {
    const when = `${displayDate(b.date)} at ${formatMinutes12h(b.minutes)}`;
    const discount = b.couponCode ? couponDiscount(b.couponCode, b.subtotal) : 0;
    if (discount > 0) usedCoupons.set(b.couponCode!, (usedCoupons.get(b.couponCode!) ?? 0) + 1);
    const total = round2(b.subtotal - discount);
    // Every third of the demo salon's bookings came through its own link (no commission on those).
    const channel = b.salon === merchantSalon && merchantBookings++ % 3 === 0 ? 'direct' : 'marketplace';
    const row: Insertable<Database['bookings']> = {
      id: b.id,
      channel,
      user_id: b.customer.id,
      merchant_id: b.salon.id,
      staff_id: b.staff.id,
      starts_at: b.startsAt,
      ends_at: b.endsAt,
      booking_date: b.date,
      booking_time: formatMinutes12h(b.minutes),
      status: b.status,
      subtotal: b.subtotal,
      discount_amount: discount,
      total_price: total,
      total_duration: Math.round((b.endsAt.getTime() - b.startsAt.getTime()) / MINUTE),
      coupon_id: discount > 0 ? couponIds.get(b.couponCode!)! : null,
    };
    if (b.status === 'confirmed') {
      row.created_at = ago(b.startsAt, rng.int(6, 72) * HOUR);
      Object.assign(row, { updated_at: ago(b.startsAt, 5 * MINUTE), scanned: true, scanned_at: ago(b.startsAt, 5 * MINUTE) });
    } else if (b.status === 'upcoming') {
      row.created_at = earliest(ago(now, rng.int(20, 72 * 60) * MINUTE), ago(b.startsAt, 3 * HOUR));
      row.updated_at = row.created_at;
      if (b.salon === merchantSalon) {
        salonNotice(
          b,
          'New booking',
          `${b.customer.name} booked ${b.services.map((s) => s.name).join(' + ')} on ${when}.`,
          row.created_at as Date,
          rng.chance(0.4),
        );
      }
    } else if (b.status === 'completed') {
      const completedAt = new Date(b.endsAt.getTime() + rng.int(5, 20) * MINUTE);
      // The booking carries the contract's figures, the ledger its balanced split (src/shared/policy.ts).
      const shares = bookingCommission(total, channel);
      const split = commissionSplit(total, channel);
      Object.assign(row, {
        created_at: ago(b.startsAt, rng.int(6, 240) * HOUR),
        updated_at: completedAt,
        scanned: true,
        scanned_at: ago(b.startsAt, rng.int(0, 10) * MINUTE),
        payment_received: true,
        completed_at: completedAt,
        commission: shares.commission,
        merchant_earning: shares.merchantEarning,
      });
      data.commission_ledger.push({
        booking_id: b.id,
        merchant_id: b.salon.id,
        gross_amount: total,
        commission: split.commission,
        merchant_earning: split.merchantEarning,
        created_at: completedAt,
      });
    } else {
      const bySalon = b.customer !== priya && rng.chance(0.2);
      const cancelledAt = ago(b.startsAt, rng.int(3, 48) * HOUR);
      Object.assign(row, {
        created_at: ago(cancelledAt, rng.int(1, 5) * DAY),
        updated_at: cancelledAt,
        cancelled_by: bySalon ? 'merchant' : 'customer',
        cancellation_reason: rng.pick(bySalon ? CANCEL_REASONS.merchant : CANCEL_REASONS.customer),
        cancelled_at: cancelledAt,
        refund_percent: 100,
      });
      if (b.customer === priya) {
        customerNotice(
          b,
          'Booking cancelled',
          `Your booking at ${b.salon.def.name} on ${when} was cancelled. Refund: 100%.`,
          cancelledAt,
          true,
        );
      }
      if (b.salon === merchantSalon && !bySalon && now.getTime() - cancelledAt.getTime() < 14 * DAY) {
        salonNotice(b, 'Booking cancelled', `${b.customer.name} cancelled the booking on ${when}.`, cancelledAt, true);
      }
    }
    data.bookings.push(row);
    b.services.forEach((s, position) =>
      data.booking_services.push({
        booking_id: b.id,
        position,
        service_id: s.id,
        service_name: s.name,
        duration_min: s.duration,
        price: s.price,
      }),
    );
    if (b.customer === priya && b.status === 'upcoming') {
      customerNotice(b, 'Booking confirmed', `Your booking at ${b.salon.def.name} on ${when} is confirmed.`, row.created_at as Date, false);
    }
    if (b.customer === priya && b.status === 'completed' && (b.review === 'no' || now.getTime() - b.startsAt.getTime() < 30 * DAY)) {
      customerNotice(
        b,
        'Booking completed',
        `Thanks for visiting ${b.salon.def.name}. How was it? Leave a review from your bookings.`,
        row.completed_at as Date,
        b.review === 'yes',
      );
    }
  }
  for (const c of data.coupons) c.used_count = usedCoupons.get(c.code) ?? 0;
}

/**
 * Walk-ins the demo salon noted by hand: each on an earlier day the salon was open, at a time
 * within its opening hours (a visit's time, noted at the counter as it happened).
 */
export function addWalkIns(build: DemoBuild, salons: SeedSalon[]): void {
  const { data, rng, today } = build;
  const merchantSalon = demoSalonOf(salons);
  const walkIns = [
    { name: 'Sakshi Kulkarni', mobile: '9765432109', email: 'sakshi.k@demo.in', status: 'confirmed' as const },
    { name: 'Omkar Pawar', mobile: '9881234567', email: 'omkar.pawar@demo.in', status: 'confirmed' as const },
    { name: 'Ruchi Agarwal', mobile: '9702345678', email: 'ruchi.agarwal@demo.in', status: 'completed' as const },
    { name: 'Harsh Vardhan', mobile: '8806543210', email: 'harsh.vardhan@demo.in', status: 'confirmed' as const },
  ];
  let daysBack = 0;
  for (const w of walkIns) {
    // The next earlier day the salon is open, two days on from the last walk-in's.
    let date = '';
    let hours: { start: number; end: number } | null = null;
    for (let tries = 0; tries < 7 && !hours; tries++) {
      daysBack += tries === 0 ? 2 : 1;
      date = addDays(today, -daysBack + 1);
      hours = salonWindow(merchantSalon.hours, date);
    }
    if (!hours) continue;
    // On the half hour, with at least an hour of the day left for the visit.
    const latest = Math.max(hours.start, hours.end - 60);
    const minutes = Math.ceil(hours.start / 30) * 30 + 30 * rng.int(0, Math.max(0, Math.floor((latest - hours.start) / 30) - 1));
    const visitedAt = zonedTimeToInstant(date, Math.min(minutes, latest), TIME_ZONE);
    data.manual_bookings.push({ merchant_id: merchantSalon.id, ...w, visited_at: visitedAt, created_at: visitedAt });
  }
}
