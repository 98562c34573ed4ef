import type { z } from 'zod';
import { bookingReferenceCode } from '../../../shared/bookingReference.js';
import { formatINR } from '../../../shared/money.js';
import { depositRefundPercent } from '../../../shared/paymentPolicy.js';
import {
  CUSTOMER_CHANGEABLE_STATUSES,
  canReschedule,
  NO_SHOW_DISPUTE_DAYS,
  RESCHEDULE_MIN_HOURS,
  refundAmountFor,
  refundPercentFor,
} from '../../../shared/policy.js';
import type {
  bookingByIdInput,
  cancelBookingInput,
  DuplicateBookingAnswer,
  disputeNoShowInput,
  duplicateBookingInput,
  rescheduleBookingAnswer,
  rescheduleBookingInput,
  userBookingsInput,
} from '../../../shared/schemas/bookings.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import { parseTimeToMinutes } from '../../../shared/validation.js';
import type { Executor } from '../../db/executor.js';
import { findAccountName } from '../../db/repositories/accounts.js';
import {
  bookingStatus,
  countBookingDetails,
  findBookingRow,
  listBookingServices,
  listLiveBookingsOn,
  loadSalonWithServices,
  NO_SHOW_DISPUTE,
  updateBookingIfStatus,
} from '../../db/repositories/bookings.js';
import { refreshMerchantStats } from '../../db/repositories/merchantStats.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import { insertSupportMessage } from '../../db/repositories/support.js';
import type { Booking } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { publishDeskChange } from '../../live/deskEvents.js';
import { queueMessage } from '../../messaging/index.js';
import { restoreBookingRedemptions } from '../packages/holdings.js';
import { isDepositBooking, refundNow, refundPrepayment } from '../payments/refunds.js';
import { waitlistTimeFreed } from '../waitlist/freed.js';
import { chooseSlot, holdSalonHours, type SalonContext, salonBasics, tryEachCandidate } from './availability.js';
import { checkCouponAfterMove, returnRewardCoupon } from './coupons.js';
import { displayDate, notifyBookingEvent } from './notify.js';
import { loadBookingWire, loadBookingWires } from './wire.js';

/** A customer sees their own bookings; an admin the named customer's (or any, by id). */
const ownerFilter = (actor: Actor, userId: string | undefined): string | undefined => (actor.role === 'admin' ? userId : actor.id);

export async function listMyBookings(deps: AppDeps, actor: Actor, input: z.output<typeof userBookingsInput>) {
  const userId = ownerFilter(actor, input.userId) ?? actor.id;
  const { page, limit } = input;
  const [bookings, total] = await Promise.all([
    loadBookingWires(deps.db, { userId, limit, offset: (page - 1) * limit }, { qr: true }),
    countBookingDetails(deps.db, { userId }),
  ]);
  return { data: { bookings, paging: pagingOf(page, limit, total) } };
}

export async function getMyBooking(deps: AppDeps, actor: Actor, input: z.output<typeof bookingByIdInput>) {
  const [booking] = await loadBookingWires(deps.db, { ids: [input.bookingId], userId: ownerFilter(actor, input.userId) }, { qr: true });
  if (!booking) throw notFound('Booking');
  return { data: { booking } };
}

/**
 * The caller's own live booking that the requested one would repeat: same salon, same date and
 * time, and at least one of the same services. Only the caller's bookings are looked at (an admin's
 * own, which are none), so the answer says nothing about anyone else's.
 */
export async function findDuplicateBooking(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof duplicateBookingInput>,
): Promise<DuplicateBookingAnswer> {
  const minutes = parseTimeToMinutes(input.bookingTime);
  const wanted = new Set(input.serviceIds);
  const rows = await listLiveBookingsOn(deps.db, { userId: actor.id, merchantId: input.merchantId, date: input.bookingDate });
  for (const row of rows) {
    if (parseTimeToMinutes(row.booking_time) !== minutes) continue;
    const same = row.services.filter((s) => s.service_id !== null && wanted.has(s.service_id));
    if (same.length === 0) continue;
    return {
      data: {
        duplicate: {
          bookingId: row.id,
          bookingDate: row.booking_date,
          bookingTime: row.booking_time,
          status: bookingStatus(row.status),
          services: same.map((s) => s.service_name),
        },
      },
    };
  }
  return { data: { duplicate: null } };
}

/** The caller's booking, locked for the transaction; someone else's is reported as unknown. */
async function lockOwnBooking(trx: Executor, actor: Actor, bookingId: string): Promise<Booking> {
  const row = await findBookingRow(trx, bookingId, { lock: true });
  if (!row || (actor.role !== 'admin' && row.user_id !== actor.id)) throw notFound('Booking');
  return row;
}

const isChangeable = (status: Booking['status']) => (CUSTOMER_CHANGEABLE_STATUSES as readonly string[]).includes(status);

/** Cancels with the refund tier of the time left before the start. */
export async function cancelMyBooking(
  deps: AppDeps,
  actor: Actor,
  // Callers inside the server may leave refundTo out: an online payment goes back where it came from.
  input: Omit<z.output<typeof cancelBookingInput>, 'refundTo'> & { refundTo?: 'original' | 'wallet' },
  opts: { now?: Date } = {},
) {
  const now = opts.now ?? new Date();
  const { row, walletCredit, refundId } = await deps.db.transaction().execute(async (trx) => {
    const booking = await lockOwnBooking(trx, actor, input.bookingId);
    if (!isChangeable(booking.status)) {
      throw badRequest(`bookingId: a ${booking.status} booking cannot be cancelled`, 'bookingId');
    }
    // Checked in and started: the visit is under way and ends completed (docs/money.md), not cancelled.
    if (booking.status === 'confirmed' && now.getTime() >= new Date(booking.starts_at).getTime()) {
      throw badRequest('bookingId: you were checked in and the appointment has started, so it can no longer be cancelled', 'bookingId');
    }
    // A deposit is refunded in full or kept (docs/payments.md: deposits); a full prepayment by the tiers.
    const tier = refundPercentFor(new Date(booking.starts_at), now);
    const refundPercent = (await isDepositBooking(trx, booking)) ? depositRefundPercent(tier) : tier;
    const updated = await updateBookingIfStatus(trx, booking.id, CUSTOMER_CHANGEABLE_STATUSES, {
      status: 'cancelled',
      cancellation_reason: input.reason ?? null,
      cancelled_by: actor.role === 'admin' ? 'admin' : 'customer',
      cancelled_at: now,
      refund_percent: refundPercent,
    });
    if (!updated) throw conflict('This booking has just been changed; please reload it');
    await returnRewardCoupon(trx, booking);
    await restoreBookingRedemptions(trx, booking.id, now);
    await refreshMerchantStats(trx, booking.merchant_id);
    const salon = await findMerchantById(trx, booking.merchant_id);
    // Wallet money back to the wallet; an online payment back to its card or UPI unless the customer chose the wallet.
    const { walletCredit, gatewayRefund, refundId } = await refundPrepayment(trx, booking, {
      percent: refundPercent,
      toWallet: input.refundTo === 'wallet',
      salonName: salon?.shop_name ?? 'the salon',
    });
    await notifyBookingEvent(
      trx,
      'cancelledByCustomer',
      {
        bookingId: booking.id,
        startsAt: new Date(booking.starts_at),
        userId: booking.user_id,
        merchantId: booking.merchant_id,
        salonName: salon?.shop_name ?? 'the salon',
        bookingDate: booking.booking_date,
        bookingTime: booking.booking_time,
        services: (await listBookingServices(trx, [booking.id])).map((l) => l.service_name),
      },
      { refundPercent, walletCredit, gatewayRefund, amountPaid: Number(booking.amount_paid) },
    );
    await waitlistTimeFreed(trx, booking.merchant_id, [booking.booking_date], now);
    return { row: updated, walletCredit, refundId };
  });
  if (refundId) await refundNow(deps, refundId);
  publishDeskChange(deps.db, row.merchant_id, [row.booking_date]);
  const refundPercent = row.refund_percent ?? 0;
  return {
    data: { success: true as const, refundPercent, refundAmount: refundAmountFor(Number(row.amount_paid), refundPercent), walletCredit },
  };
}

/** The booked services as the salon context for re-slotting: same services, same price. */
async function bookedContext(trx: Executor, booking: Booking): Promise<SalonContext> {
  const lines = await listBookingServices(trx, [booking.id]);
  const liveIds = lines.map((l) => l.service_id).filter((id): id is string => !!id);
  const rows = await loadSalonWithServices(trx, booking.merchant_id, liveIds);
  if (!rows[0]) throw notFound('Salon');
  // An unpublished salon takes no bookings online, moved ones included; the booking can still be cancelled.
  if (!rows[0].is_published)
    throw badRequest('bookingId: this salon is not taking online bookings right now; the booking can only be cancelled', 'bookingId');
  // Category names make a staff member with "Hair" skills eligible for a hair service; a service
  // deleted since the booking is matched by its booked name alone.
  const categoryOf = new Map(rows.filter((r) => r.service_id).map((r) => [r.service_id!, r.category_name]));
  return {
    ...salonBasics(rows[0]),
    services: lines.map((l) => ({
      id: l.service_id ?? '',
      name: l.service_name,
      categoryName: l.service_id ? (categoryOf.get(l.service_id) ?? null) : null,
      duration: l.duration_min,
      price: Number(l.price),
    })),
    totalDuration: booking.total_duration,
    subtotal: Number(booking.subtotal),
  };
}

/**
 * Moves an upcoming booking to another free slot, free of charge up to 4 hours before it. One
 * UPDATE of the same row in one transaction: if the new slot clashes, nothing changes and the
 * old slot stays held.
 */
export async function rescheduleMyBooking(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof rescheduleBookingInput>,
  opts: { now?: Date } = {},
): Promise<z.output<typeof rescheduleBookingAnswer>> {
  const now = opts.now ?? new Date();
  let movedFrom: string | undefined;
  // Who had it before the move, read before the transaction (for the answer only; the row is locked below).
  const before = await loadBookingWire(deps.db, input.bookingId, { qr: false });
  const id = await deps.db.transaction().execute(async (trx) => {
    const booking = await lockOwnBooking(trx, actor, input.bookingId);
    movedFrom = booking.booking_date;
    if (!isChangeable(booking.status)) {
      throw badRequest(`bookingId: a ${booking.status} booking cannot be rescheduled`, 'bookingId');
    }
    if (!canReschedule(new Date(booking.starts_at), now)) {
      throw badRequest(`bookingId: bookings can be rescheduled up to ${RESCHEDULE_MIN_HOURS} hours before the appointment`, 'bookingId');
    }
    await checkCouponAfterMove(trx, booking, input.bookingDate);
    const ctx = await bookedContext(trx, booking);
    // A booking made with a chosen professional stays with them unless the customer names another;
    // only one made with "Any professional" (and no professional named now) goes to whoever is free.
    const staffId = input.staffId ?? (booking.any_professional ? undefined : booking.staff_id);
    const slot = await chooseSlot(trx, ctx, {
      bookingDate: input.bookingDate,
      minutes: parseTimeToMinutes(input.bookingTime)!,
      staffId,
      preferStaffId: booking.staff_id,
      exceptBookingId: booking.id,
      now,
    });
    await holdSalonHours(trx, ctx);
    await tryEachCandidate(trx, slot.candidates, async (candidate) => {
      const moved = await updateBookingIfStatus(trx, booking.id, [booking.status], {
        staff_id: candidate,
        any_professional: staffId === undefined,
        starts_at: slot.startsAt,
        ends_at: slot.endsAt,
        booking_date: input.bookingDate,
        booking_time: slot.bookingTime,
      });
      if (!moved) throw conflict('This booking has just been changed; please reload it');
    });
    await notifyBookingEvent(trx, 'rescheduled', {
      bookingId: booking.id,
      startsAt: new Date(slot.startsAt),
      userId: booking.user_id,
      merchantId: booking.merchant_id,
      salonName: ctx.name,
      bookingDate: input.bookingDate,
      bookingTime: slot.bookingTime,
      services: ctx.services.map((s) => s.name),
      previous: { bookingDate: booking.booking_date, bookingTime: booking.booking_time },
    });
    await waitlistTimeFreed(trx, booking.merchant_id, [booking.booking_date], now);
    return booking.id;
  });
  const moved = (await loadBookingWire(deps.db, id))!;
  publishDeskChange(deps.db, moved.merchantId, [...new Set([movedFrom!, moved.bookingDate])]);
  const previous = before?.professional ?? moved.professional;
  return {
    data: {
      booking: moved,
      professionalChanged: previous._id !== moved.professional._id,
      previousProfessional: { _id: previous._id, name: previous.name },
    },
  };
}

const indiaTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/**
 * The customer says they did come: a support ticket (type "No-show dispute", linked to the booking)
 * that the admins answer under Feedback, with the booking's facts for them; acknowledged by e-mail.
 * Only the customer's own no-show, within NO_SHOW_DISPUTE_DAYS of its marking, once (a unique index
 * on the ticket's booking settles a double submit).
 */
export async function disputeNoShow(deps: AppDeps, actor: Actor, input: z.output<typeof disputeNoShowInput>, opts: { now?: Date } = {}) {
  const now = opts.now ?? new Date();
  const booking = await findBookingRow(deps.db, input.bookingId);
  if (!booking || (actor.role !== 'admin' && booking.user_id !== actor.id)) throw notFound('Booking');
  if (booking.status !== 'no_show') throw badRequest('bookingId: only a booking marked as a no-show can be disputed', 'bookingId');
  // A desk contact's booking (no account yet) has nobody to dispute it for; only an admin gets here with one.
  const customerId = booking.user_id;
  if (!customerId) throw badRequest('bookingId: this booking has no customer account to dispute it for', 'bookingId');
  const markedAt = booking.no_show_at ?? booking.updated_at;
  if (now.getTime() - new Date(markedAt).getTime() > NO_SHOW_DISPUTE_DAYS * 86_400_000) {
    throw badRequest(`bookingId: a no-show can be disputed within ${NO_SHOW_DISPUTE_DAYS} days of being marked`, 'bookingId');
  }
  const [salon, customer, lines] = await Promise.all([
    findMerchantById(deps.db, booking.merchant_id),
    findAccountName(deps.db, customerId),
    listBookingServices(deps.db, [booking.id]),
  ]);
  const ref = bookingReferenceCode(booking.id);
  const salonName = salon?.shop_name ?? 'the salon';
  const name = `${customer.first_name} ${customer.last_name}`.trim() || customer.email;
  const paid = Number(booking.amount_paid);
  const facts = [
    `Booking #${ref} at ${salonName} on ${displayDate(booking.booking_date)} at ${booking.booking_time}: ${lines.map((l) => l.service_name).join(', ')} (${formatINR(Number(booking.total_price))}).`,
    `Marked as a no-show by the salon on ${indiaTime.format(new Date(markedAt))} IST; ${paid > 0 ? `${formatINR(paid)} prepaid, kept by the salon` : 'nothing prepaid'}.`,
  ];
  return deps.db.transaction().execute(async (trx) => {
    const row = await insertSupportMessage(trx, {
      account_id: booking.user_id,
      merchant_id: booking.merchant_id,
      booking_id: booking.id,
      kind: 'ticket',
      type: NO_SHOW_DISPUTE,
      name,
      email: customer.email,
      subject: `No-show dispute: booking #${ref} at ${salonName}`,
      message: `${input.message}\n\n--\n${facts.join('\n')}`,
      category: 'billing',
      priority: 'high',
    });
    const ticket = row.id.slice(0, 8).toUpperCase();
    await queueMessage(trx, {
      channel: 'email',
      to: customer.email,
      accountId: booking.user_id,
      subject: `We received your dispute of booking #${ref} [#${ticket}]`,
      body: [
        `Hi ${customer.first_name || 'there'},`,
        '',
        `You told us you did come to ${salonName} on ${displayDate(booking.booking_date)} at ${booking.booking_time}. Our support team will check with the salon and answer within one working day (ticket #${ticket}).`,
        '',
        'GlowBook Support',
      ].join('\n'),
      meta: { purpose: 'support_ack', supportMessageId: row.id, bookingId: booking.id },
    });
    return { success: true as const, message: `Thanks. Your dispute #${ticket} is with our support team.` };
  });
}
