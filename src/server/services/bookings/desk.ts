import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { isActiveBookingStatus } from '../../../shared/policy.js';
import type { answerDeskInviteInput, BookingWire, deskBookingInput, deskSlotsInput } from '../../../shared/schemas/bookings.js';
import { findAccountById, markEmailProven } from '../../db/repositories/accounts.js';
import { type DeskInviteRow, findDeskInvite, listPendingDeskInvites, updateBooking } from '../../db/repositories/bookings.js';
import { takeRateLimits } from '../../db/repositories/limits.js';
import { refreshMerchantStats } from '../../db/repositories/merchantStats.js';
import { insertNotification } from '../../db/repositories/notifications.js';
import { findShortestActiveService } from '../../db/repositories/shopCatalogue.js';
import type { DeskConfirmation } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { publishDeskChange } from '../../live/deskEvents.js';
import { queueMessage } from '../../messaging/index.js';
import { restoreBookingRedemptions } from '../packages/holdings.js';
import { shopOf } from '../scope.js';
import { getAvailableSlots } from './availability.js';
import { createBooking } from './create.js';
import { displayDate } from './notify.js';

/*
 * The desk's own bookings (merchants/getSlots, merchants/createSlot): a salon books a slot for a
 * customer on the phone or at the counter, through the same rules and the same exclusion
 * constraint as a customer's own booking.
 */

/** Free start times of a day as the desk sees them; without services, for the salon's shortest active one. */
export async function deskSlots(deps: AppDeps, actor: Actor, input: z.output<typeof deskSlotsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  let serviceIds = input.serviceIds;
  if (!serviceIds) {
    const shortest = await findShortestActiveService(deps.db, merchantId);
    if (!shortest) throw badRequest('serviceIds: the salon has no active service yet', 'serviceIds');
    serviceIds = [shortest.id];
  }
  return getAvailableSlots(deps.db, actor, { merchantId, date: input.date, serviceIds, staffId: input.staffId });
}

/** Confirmation e-mails one address gets from desk bookings in a day, from every salon together. */
export const MAX_DESK_REQUESTS_PER_ADDRESS_DAY = 3;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Books a slot from the desk (201; 409 when the time was just taken) for the person the salon typed
 * in. The booking is the salon's record of a contact: it carries what the salon typed and no
 * account, whatever account the e-mail may have (so the answer is the same for every address, and
 * the salon sees only what it typed). The person gets an e-mail asking them to confirm or decline
 * it (at most MAX_DESK_REQUESTS_PER_ADDRESS_DAY a day; beyond that the booking waits for them in the
 * app), never a "Booking confirmed".
 */
export async function deskBooking(deps: AppDeps, actor: Actor, input: z.output<typeof deskBookingInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const token = randomBytes(32).toString('base64url');
  const email = input.email.toLowerCase();
  const made = await createBooking(
    deps,
    actor,
    { merchantId, serviceIds: input.serviceIds, staffId: input.staffId, bookingDate: input.bookingDate, bookingTime: input.bookingTime },
    { contact: { name: input.name, email, phone: input.mobile, tokenHash: hashToken(token) } },
  );
  await requestConfirmation(deps, made.data.booking, email, token);
  return made;
}

async function requestConfirmation(deps: AppDeps, booking: BookingWire, email: string, token: string) {
  const link = `${deps.env.PUBLIC_URL}/desk-booking/${token}`;
  const services = booking.services.map((s) => s.serviceName).join(', ');
  try {
    await deps.db.transaction().execute(async (trx) => {
      await takeRateLimits(trx, [
        { scope: 'desk-confirmation:address', key: email, max: MAX_DESK_REQUESTS_PER_ADDRESS_DAY, windowSeconds: 86_400, message: 'limit' },
      ]);
      await queueMessage(trx, {
        channel: 'email',
        to: email,
        subject: `Please confirm: an appointment at ${booking.salonName}`,
        body: [
          `${booking.salonName} has put down an appointment for ${booking.userDetails.firstName} ${booking.userDetails.lastName}`.trim() +
            ` at this address:`,
          '',
          `${services}, ${displayDate(booking.bookingDate)} at ${booking.bookingTime}.`,
          '',
          'Is it yours? Confirm it, or decline it, here:',
          link,
          '',
          'If you did not expect it, choose decline: the salon is told and nothing else happens. GlowBook has not created an account for you.',
        ].join('\n'),
        meta: { purpose: 'desk_booking_confirmation', bookingId: booking._id },
      });
      await updateBooking(trx, booking._id, { confirmation_sent_at: new Date() });
    });
  } catch (err) {
    // Over the day's limit for this address: the booking stands and waits for them in the app.
    if (!(err instanceof AppError && err.code === 'TOO_MANY_REQUESTS')) throw err;
  }
}

const ANSWERED: Record<DeskConfirmation, string> = {
  pending: '',
  accepted: 'This booking has already been confirmed.',
  declined: 'This booking has already been declined.',
};

function inviteWire(r: DeskInviteRow) {
  return {
    bookingId: r.id,
    salonName: r.shop_name,
    services: r.services,
    bookingDate: r.booking_date,
    bookingTime: r.booking_time,
    name: r.contact_name ?? '',
    email: r.contact_email ?? '',
    status: r.status as BookingWire['status'],
    confirmation: r.confirmation!,
  };
}

/** bookings/getDeskInvite: what the e-mailed link shows (anyone with the link). */
export async function getDeskInvite(deps: AppDeps, token: string) {
  const row = await findDeskInvite(deps.db, { tokenHash: hashToken(token) });
  if (!row) throw notFound('Booking');
  return { invite: inviteWire(row) };
}

/**
 * Desk bookings waiting for the signed-in customer's answer: those the salons made for their
 * e-mail, once the address is verified (an unverified account may be someone else's claim to it).
 */
export async function pendingDeskInvites(deps: AppDeps, actor: Actor) {
  const account = await findAccountById(deps.db, actor.id);
  if (!account || account.role !== 'customer' || !account.email_verified_at) return { invites: [] };
  const rows = await listPendingDeskInvites(deps.db, account.email);
  return { invites: rows.map(inviteWire) };
}

/**
 * The person's answer, from the link (`token`) or in the app (`bookingId`, signed in with the
 * verified address). Declining cancels the booking and tells the salon. Confirming needs a customer
 * account with the booking's e-mail, signed in: the booking becomes theirs (and the link proves the
 * address, as a reset code would).
 */
export async function answerDeskInvite(deps: AppDeps, actor: Actor | null, input: z.output<typeof answerDeskInviteInput>) {
  const by = input.token ? { tokenHash: hashToken(input.token) } : { bookingId: input.bookingId! };
  const result = await deps.db.transaction().execute(async (trx) => {
    const row = await findDeskInvite(trx, by, { forUpdate: true });
    if (!row) throw notFound('Booking');
    const account = actor ? await findAccountById(trx, actor.id) : undefined;
    const itsOwner = Boolean(account && account.role === 'customer' && account.email === row.contact_email);
    if (!input.token && !(itsOwner && account!.email_verified_at)) throw notFound('Booking');
    if (row.confirmation !== 'pending') throw conflict(ANSWERED[row.confirmation!]);
    if (!isActiveBookingStatus(row.status)) throw conflict(`This booking is ${row.status} already: there is nothing to answer.`);
    const when = `${displayDate(row.booking_date)} at ${row.booking_time}`;
    const now = new Date();
    if (input.answer === 'decline') {
      await updateBooking(trx, row.id, {
        confirmation: 'declined',
        confirmation_answered_at: now,
        status: 'cancelled',
        cancelled_by: 'customer',
        cancelled_at: now,
        cancellation_reason: 'Declined by the person it was booked for',
        updated_at: now,
      });
      await restoreBookingRedemptions(trx, row.id, now);
      await refreshMerchantStats(trx, row.merchant_id);
      await insertNotification(trx, {
        accountId: row.merchant_id,
        type: 'booking',
        title: 'Desk booking declined',
        message: `${row.contact_name} declined the booking you made for ${when}; the time is free again.`,
        link: '/merchant/appointments',
      });
    } else {
      if (!actor) throw new AppError('UNAUTHORIZED', `Sign in (or register) with ${row.contact_email} to confirm this booking.`);
      if (!itsOwner) throw forbidden(`This booking was made for ${row.contact_email}: sign in with that customer account to confirm it.`);
      await updateBooking(trx, row.id, { user_id: actor.id, confirmation: 'accepted', confirmation_answered_at: now, updated_at: now });
      if (input.token) await markEmailProven(trx, actor.id);
      await insertNotification(trx, {
        accountId: actor.id,
        type: 'booking',
        title: 'Booking confirmed',
        message: `Your booking at ${row.shop_name} on ${when} is confirmed.`,
        link: '/bookings',
      });
      await insertNotification(trx, {
        accountId: row.merchant_id,
        type: 'booking',
        title: 'Desk booking confirmed',
        message: `${row.contact_name} confirmed the booking you made for ${when}.`,
        link: '/merchant/appointments',
      });
    }
    return row;
  });
  publishDeskChange(deps.db, result.merchant_id, [result.booking_date]);
  const row = await findDeskInvite(deps.db, { bookingId: result.id });
  return {
    invite: inviteWire(row!),
    message:
      input.answer === 'decline'
        ? 'Declined: the salon has been told and the time is free again.'
        : 'Confirmed: the booking is in your bookings.',
  };
}
