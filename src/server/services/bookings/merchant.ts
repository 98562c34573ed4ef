import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { BookingStatus } from '../../../shared/constants.js';
import { round2 } from '../../../shared/money.js';
import { bookingCommission, commissionSplit, merchantMoveRefusal, noShowCommissionBase } from '../../../shared/policy.js';
import type {
  DashboardAnswer,
  dashboardInput,
  manualBookingInput,
  manualBookingsInput,
  merchantBookingsInput,
  scanQrInput,
  updateBookingStatusInput,
} from '../../../shared/schemas/bookings.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import type { Executor } from '../../db/executor.js';
import {
  completedCommission,
  countBookingDetails,
  countManualBookings,
  findBookingRow,
  insertCommissionLedger,
  insertManualBooking,
  listManualBookings,
  listRecentReviews,
  merchantBookingStats,
  reviewSummary,
  updateBookingIfStatus,
} from '../../db/repositories/bookings.js';
import { refreshMerchantStats } from '../../db/repositories/merchantStats.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import { bookingEarnsPoints } from '../../db/repositories/wallet.js';
import type { Booking, BookingsTable } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { publishDeskChange } from '../../live/deskEvents.js';
import { restoreBookingRedemptions } from '../packages/holdings.js';
import { refundPrepayment } from '../payments/refunds.js';
import { shopOf } from '../scope.js';
import { waitlistTimeFreed } from '../waitlist/freed.js';
import { awardBookingPoints } from '../wallet/ledger.js';
import { iso } from '../wire.js';
import { returnRewardCoupon } from './coupons.js';
import { notifyBookingEvent } from './notify.js';
import { loadBookingWire, loadBookingWires } from './wire.js';

export async function merchantBookings(deps: AppDeps, actor: Actor, input: z.output<typeof merchantBookingsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const { page, limit } = input;
  // The desk's list shows the newest bookings a page at a time; older ones are reached by page, date or search.
  const filter = { merchantId, status: input.status, date: input.date, search: input.searchQuery };
  const [bookings, total, stats] = await Promise.all([
    loadBookingWires(deps.db, { ...filter, limit, offset: (page - 1) * limit }, { qr: false }),
    countBookingDetails(deps.db, filter),
    merchantBookingStats(deps.db, merchantId, deps.now()),
  ]);
  return { bookings, stats, paging: pagingOf(page, limit, total) };
}

type StatusInput = z.output<typeof updateBookingStatusInput>;

/** A cancellation by the salon (or an admin for it): the reason, who and when, a full refund. */
function salonCancelValues(actor: Actor, reason: string, now: Date): Updateable<BookingsTable> {
  return {
    status: 'cancelled',
    cancellation_reason: reason,
    cancelled_by: actor.role === 'admin' ? 'admin' : 'merchant',
    cancelled_at: now,
    refund_percent: 100,
  };
}

/**
 * What follows a cancellation by the salon, in its transaction: a reward coupon it used comes back,
 * whatever was prepaid goes back in full (to the wallet, or an online payment to its card or UPI), and the customer is told with the salon's
 * reason (in the app; e-mail and push through the outbox job); its reminders are dropped.
 */
async function afterSalonCancel(trx: Executor, updated: Booking, merchantId: string, salonName: string): Promise<void> {
  await returnRewardCoupon(trx, updated);
  await restoreBookingRedemptions(trx, updated.id, new Date());
  const userId = updated.user_id;
  // An online payment goes back to where it came from (its refund job hands it to the gateway).
  const { walletCredit, gatewayRefund } = await refundPrepayment(trx, updated, {
    percent: updated.refund_percent ?? 100,
    toWallet: false,
    salonName,
  });
  await notifyBookingEvent(
    trx,
    'cancelledBySalon',
    {
      bookingId: updated.id,
      startsAt: new Date(updated.starts_at),
      userId,
      merchantId,
      salonName,
      bookingDate: updated.booking_date,
      bookingTime: updated.booking_time,
      reason: updated.cancellation_reason,
    },
    { walletCredit, gatewayRefund, amountPaid: Number(updated.amount_paid) },
  );
  await waitlistTimeFreed(trx, merchantId, [updated.booking_date]);
}

/**
 * Cancels bookings of the salon as the desk's Cancel does (full refund, the customer told with
 * `reason`), in the caller's transaction. Each only while still in the status it was read in: one
 * another request changed meanwhile is left as it now is. Answers the bookings cancelled; the
 * caller refreshes the salon's figures and publishes the desk change after its commit.
 */
export async function cancelBookingsBySalon(
  trx: Executor,
  actor: Actor,
  salon: { id: string; name: string },
  bookings: { id: string; status: BookingStatus }[],
  reason: string,
  now: Date,
): Promise<Booking[]> {
  const cancelled: Booking[] = [];
  for (const b of bookings) {
    const updated = await updateBookingIfStatus(trx, b.id, [b.status], salonCancelValues(actor, reason, now));
    if (!updated || updated.merchant_id !== salon.id) continue;
    await afterSalonCancel(trx, updated, salon.id, salon.name);
    cancelled.push(updated);
  }
  return cancelled;
}

/** A completed booking's columns: its commission is 10% of its total (docs/money.md). */
export function completionValues(booking: Booking, now: Date, paymentReceived: boolean): Updateable<BookingsTable> {
  const split = bookingCommission(Number(booking.total_price), booking.channel);
  return {
    status: 'completed',
    payment_received: paymentReceived,
    completed_at: now,
    commission: split.commission,
    merchant_earning: split.merchantEarning,
  };
}

/** The columns a desk move writes, after its own rule (reason to cancel, payment to complete). */
function moveValues(actor: Actor, booking: Booking, input: StatusInput, now: Date): Updateable<BookingsTable> {
  switch (input.status) {
    case 'confirmed':
      return { status: 'confirmed', scanned: true, scanned_at: now };
    case 'cancelled':
      if (!input.cancellationReason) {
        throw badRequest('cancellationReason: please provide a reason for cancellation', 'cancellationReason');
      }
      return salonCancelValues(actor, input.cancellationReason, now);
    case 'completed': {
      if (input.paymentReceived !== true) {
        throw badRequest('paymentReceived: please confirm that you have received the payment', 'paymentReceived');
      }
      return completionValues(booking, now, true);
    }
    case 'no_show': {
      // Nothing is refunded: the salon keeps what was prepaid and owes commission on that (docs/money.md).
      const base = noShowCommissionBase(Number(booking.amount_paid));
      const split = base > 0 ? bookingCommission(base, booking.channel) : null;
      return {
        status: 'no_show',
        no_show_at: now,
        commission: split?.commission ?? null,
        merchant_earning: split?.merchantEarning ?? null,
      };
    }
    default:
      throw badRequest(`status: a booking cannot be set to ${input.status}`, 'status');
  }
}

/**
 * What a move leaves behind, in its transaction: the commission ledger of a completed booking (or
 * a no-show's kept prepayment), the salon's figures, the refund of a cancelled one, the customer's
 * points and notices. `autoCompleted`: the system completed it (tells the salon why).
 */
export async function afterMove(trx: Executor, updated: Booking, merchantId: string, opts: { autoCompleted?: boolean } = {}) {
  const commissionBase =
    updated.status === 'completed'
      ? Number(updated.total_price)
      : updated.status === 'no_show'
        ? noShowCommissionBase(Number(updated.amount_paid))
        : 0;
  if (commissionBase > 0 || updated.status === 'completed') {
    // The ledger must balance (its CHECK: commission + merchant_earning = gross_amount), so its
    // merchant share is the remainder, a paisa under the booking's on a half-paisa total.
    const ledger = commissionSplit(commissionBase, updated.channel);
    await insertCommissionLedger(trx, {
      booking_id: updated.id,
      merchant_id: merchantId,
      gross_amount: commissionBase,
      commission: ledger.commission,
      merchant_earning: ledger.merchantEarning,
    });
  }
  if (updated.status !== 'confirmed') await refreshMerchantStats(trx, merchantId);
  const salon = await findMerchantById(trx, merchantId);
  if (updated.status === 'cancelled') {
    await afterSalonCancel(trx, updated, merchantId, salon?.shop_name ?? 'The salon');
    return;
  }
  const money = { userId: updated.user_id, bookingId: updated.id, salonName: salon?.shop_name ?? 'the salon' };
  const userId = updated.user_id;
  if (userId && updated.status === 'completed' && (await bookingEarnsPoints(trx, updated.id)))
    await awardBookingPoints(trx, { ...money, userId, total: Number(updated.total_price) });
  const event = opts.autoCompleted
    ? 'autoCompleted'
    : ({ confirmed: 'confirmed', completed: 'completed', no_show: 'noShow' } as const)[
        updated.status as 'confirmed' | 'completed' | 'no_show'
      ];
  await notifyBookingEvent(
    trx,
    event,
    {
      bookingId: updated.id,
      startsAt: new Date(updated.starts_at),
      userId: updated.user_id,
      merchantId,
      salonName: salon?.shop_name ?? 'The salon',
      bookingDate: updated.booking_date,
      bookingTime: updated.booking_time,
      reason: updated.cancellation_reason,
    },
    { amountPaid: Number(updated.amount_paid) },
  );
}

/**
 * The desk's moves: upcoming → confirmed (checked in), upcoming or confirmed → cancelled (with a
 * reason, full refund; a checked-in booking only before its start), confirmed → completed (payment
 * received, not before the start; commission recorded), upcoming → no_show (the grace period after
 * the start has passed; commission on a kept prepayment). The UPDATE only applies while the
 * booking is still in the status it was read in, so two racing moves cannot both apply.
 */
export async function updateBookingStatus(deps: AppDeps, actor: Actor, input: StatusInput, opts: { now?: Date } = {}) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const now = opts.now ?? new Date();
  await deps.db.transaction().execute(async (trx) => {
    const booking = await findBookingRow(trx, input.bookingId);
    if (!booking || booking.merchant_id !== merchantId) throw notFound('Booking');
    // A professional moves only their own bookings, and only to checked in or completed.
    const member = actor.member;
    if (member?.role === 'professional') {
      if (booking.staff_id !== member.staffId) throw notFound('Booking');
      if (input.status !== 'confirmed' && input.status !== 'completed')
        throw forbidden('status: a professional can check in and complete their own bookings; the desk cancels and marks no-shows');
    }
    const refusal = merchantMoveRefusal(booking.status, input.status, new Date(booking.starts_at), now);
    if (refusal) throw badRequest(refusal, 'status');
    const updated = await updateBookingIfStatus(trx, booking.id, [booking.status], moveValues(actor, booking, input, now));
    if (!updated) throw conflict('This booking has just been changed; please reload it');
    await afterMove(trx, updated, merchantId);
  });
  const booking = (await loadBookingWire(deps.db, input.bookingId))!;
  publishDeskChange(deps.db, merchantId, [booking.bookingDate]);
  return { booking };
}

/** Finds the booking a scanned QR names; it does not change it (the Confirm step does). */
export async function scanQrForBooking(deps: AppDeps, actor: Actor, input: z.output<typeof scanQrInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const [booking] = await loadBookingWires(deps.db, { ids: [input.bookingId], merchantId }, { qr: false });
  if (!booking) throw notFound('Booking');
  if (booking.userId !== input.userId) throw badRequest('userId: this QR code does not belong to this booking', 'userId');
  if (booking.status === 'cancelled') {
    const by = booking.cancelledBy ? ` by the ${booking.cancelledBy}` : '';
    throw conflict(
      `This booking was cancelled${by}${booking.cancellationReason ? ` (${booking.cancellationReason})` : ''}: it cannot be checked in`,
    );
  }
  if (booking.status === 'completed') throw conflict('This booking is already completed: it cannot be checked in again');
  return { booking };
}

type ManualRow = Awaited<ReturnType<typeof listManualBookings>>[number];
const toManualWire = (r: ManualRow) => ({
  _id: r.id,
  name: r.name,
  mobile: r.mobile,
  email: r.email,
  status: r.status,
  visitedAt: iso(r.visited_at),
  createdAt: iso(r.created_at),
});

export async function createManualBooking(deps: AppDeps, actor: Actor, input: z.output<typeof manualBookingInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  await insertManualBooking(deps.db, { merchant_id: merchantId, name: input.name, mobile: input.mobile, email: input.email });
  return { message: 'Booking created successfully' };
}

export async function getManualBookings(deps: AppDeps, actor: Actor, input: z.output<typeof manualBookingsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const [rows, total] = await Promise.all([
    listManualBookings(deps.db, merchantId, input.limit, (input.page - 1) * input.limit),
    countManualBookings(deps.db, merchantId),
  ]);
  return { bookings: rows.map(toManualWire), paging: pagingOf(input.page, input.limit, total) };
}

/** The dashboard's cards and recent lists, all from the salon's real rows. */
export async function getDashboard(deps: AppDeps, actor: Actor, input: z.output<typeof dashboardInput>): Promise<DashboardAnswer> {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const [stats, commission, rating, recentBookings, manual, reviews] = await Promise.all([
    merchantBookingStats(deps.db, merchantId, deps.now()),
    completedCommission(deps.db, merchantId),
    reviewSummary(deps.db, merchantId),
    loadBookingWires(deps.db, { merchantId, limit: 5 }, { qr: false }),
    listManualBookings(deps.db, merchantId, 5),
    listRecentReviews(deps.db, merchantId, 3),
  ]);
  return {
    stats: {
      ...stats,
      customerRating: rating.average,
      reviewCount: rating.count,
      commission,
      netRevenue: round2(stats.totalRevenue - commission),
    },
    recentBookings,
    recentManualBookings: manual.map(toManualWire),
    recentReviews: reviews.map((r) => ({
      _id: r.id,
      userName: `${r.first_name} ${r.last_name}`.trim(),
      rating: r.rating,
      comment: r.comment,
      createdAt: iso(r.created_at),
    })),
  };
}
