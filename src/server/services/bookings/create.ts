import { createHash, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { round2 } from '../../../shared/money.js';
import type { BookingPaymentTerms } from '../../../shared/paymentPolicy.js';
import { REBOOK_ATTRIBUTION_DAYS } from '../../../shared/rebooking.js';
import type { BookingWire, createBookingInput } from '../../../shared/schemas/bookings.js';
import { instantToZoned } from '../../../shared/slots.js';
import { parseTimeToMinutes } from '../../../shared/validation.js';
import type { Executor } from '../../db/executor.js';
import {
  type BookingDetailRow,
  findBookingByIdempotencyKey,
  findCustomerAccount,
  insertBookingUnlessTaken,
} from '../../db/repositories/bookings.js';
import { holdOpeningHours } from '../../db/repositories/hoursCover.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, conflict, HOURS_CHANGED, SLOT_TAKEN } from '../../errors.js';
import { enqueueJobs } from '../../jobs/queue.js';
import { publishDeskChange } from '../../live/deskEvents.js';
import { bookingChannel } from '../channels/links.js';
import { priceWithHolding } from '../packages/booking.js';
import { redeem } from '../packages/holdings.js';
import { releaseHoldsOverlapping } from '../payments/holds.js';
import { bookingTermsFor, payAtSalonRefusal } from '../payments/policy.js';
import { offersTakenByBooking } from '../waitlist/freed.js';
import { payBookingFromWallet } from '../wallet/ledger.js';
import { chooseSlot, loadSalonDay } from './availability.js';
import { checkCouponCode, redeemCoupon } from './coupons.js';
import { bookingEventEffects } from './notify.js';
import { bookingWireOf, loadBookingWire } from './wire.js';

/** Whom a desk booking is for, as the salon typed it, and the hash of the token of their confirmation link. */
export interface DeskContact {
  name: string;
  email: string;
  phone: string;
  tokenHash: string;
}

// Callers inside the server may leave paymentMethod out: the booking is paid at the salon.
type Input = Omit<z.output<typeof createBookingInput>, 'paymentMethod'> & {
  paymentMethod?: z.output<typeof createBookingInput>['paymentMethod'];
};

/** Whom the booking is for: a customer books for themselves, an admin for the customer they name. */
export async function bookingCustomerId(db: Executor, actor: Actor, userId: string | undefined): Promise<string> {
  if (actor.role !== 'admin') return actor.id;
  if (!userId) throw badRequest('userId: choose the customer to book for', 'userId');
  const account = await findCustomerAccount(db, userId);
  if (!account || account.role !== 'customer') throw badRequest('userId: this is not a customer account', 'userId');
  return userId;
}

/** What makes two booking requests the same request: everything that decides the booking. */
function requestFingerprint(input: Input): string {
  const same = [
    input.merchantId,
    input.serviceIds,
    input.staffId ?? null,
    input.bookingDate,
    parseTimeToMinutes(input.bookingTime),
    input.couponCode?.trim().toUpperCase() || null,
    input.paymentMethod ?? 'pay_at_salon',
    input.holdingId ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(same)).digest('base64url');
}

/**
 * The booking this customer already made with the key. The same key with a different request is
 * refused (422, as the IETF Idempotency-Key draft asks): answering the earlier booking would tell
 * the client a booking it did not ask for was made.
 */
async function existingBooking(deps: AppDeps, userId: string, key: string, fingerprint: string): Promise<BookingWire | null> {
  const found = await findBookingByIdempotencyKey(deps.db, userId, key);
  if (!found) return null;
  if (found.idempotency_fingerprint && found.idempotency_fingerprint !== fingerprint) {
    throw new AppError(
      'UNPROCESSABLE_CONTENT',
      'Idempotency-Key: this key was already used for a different booking request; send a new key for a new booking',
    );
  }
  return loadBookingWire(deps.db, found.id);
}

/**
 * Books the chosen services back to back. Everything is re-checked inside one transaction and
 * the exclusion constraint has the last word, so racing requests can never double-book. The
 * same Idempotency-Key from the same customer always answers the same booking.
 */
export async function createBooking(
  deps: AppDeps,
  actor: Actor,
  input: Input,
  /** contact: a desk booking, for the person the salon typed in: no account until they confirm it. */
  opts: { idempotencyKey?: string | null; now?: Date; contact?: DeskContact } = {},
): Promise<{ data: { booking: BookingWire } }> {
  const userId = opts.contact ? null : await bookingCustomerId(deps.db, actor, input.userId);
  // An Idempotency-Key is a customer's own; a desk booking has no customer to scope it to.
  const key = userId ? (opts.idempotencyKey ?? null) : null;
  const fingerprint = key ? requestFingerprint(input) : null;
  if (key && userId) {
    const earlier = await existingBooking(deps, userId, key, fingerprint!);
    if (earlier) return { data: { booking: earlier } };
  }
  const now = opts.now ?? new Date();
  // The booking (with its services and notifications, one statement) and its jobs (sent through
  // pg-boss, a statement of its own) commit together or not at all, as do a coupon's redemption, a
  // wallet payment and an admin's audit entry: one transaction.
  // Direct only with proof of a visit to this salon's own link (a token the server signed for it).
  const channel = opts.contact ? 'marketplace' : bookingChannel(deps, input.merchantId, input.channelToken, now);
  let placed: Placed;
  try {
    placed = await deps.db
      .transaction()
      .execute((trx) => placeBooking(trx, actor, userId, input, key, fingerprint, now, channel, opts.contact));
  } catch (err) {
    // A request with the same key that committed first makes this one clash (on the key or on
    // the slot); the customer gets that booking, never a second one.
    if (key && userId) {
      const winner = await existingBooking(deps, userId, key, fingerprint!);
      if (winner) return { data: { booking: winner } };
    }
    throw err;
  }
  // The insert answered the booking as stored, unless a wallet payment changed it afterwards.
  const booking = placed.detail ? await bookingWireOf(placed.detail, { qr: true }) : await loadBookingWire(deps.db, placed.id);
  publishDeskChange(deps.db, booking!.merchantId, [booking!.bookingDate]);
  return { data: { booking: booking! } };
}

/**
 * Places the customer's own booking in the caller's transaction, through the same checks and the
 * same constrained insert as createBooking (a waitlist offer's acceptance commits with it). The
 * caller publishes the desk change after its commit. Answers the booking's id.
 */
export async function placeOwnBooking(trx: Executor, actor: Actor, input: Input, now: Date, acceptingOfferId?: string): Promise<string> {
  // The waitlist is the marketplace's: its bookings carry the marketplace commission.
  return (await placeBooking(trx, actor, actor.id, input, null, null, now, 'marketplace', undefined, undefined, acceptingOfferId)).id;
}

/** The booking placed, with its details as the insert answered them when nothing changed it since. */
interface Placed {
  id: string;
  detail: BookingDetailRow | null;
}

/**
 * Places the booking in the caller's transaction: the booking, its jobs and what goes with it.
 * `holdUntil`: a booking being paid online (services/payments), placed pending and held until then;
 * it is announced (notifications, e-mail) when its payment confirms it, not now.
 */
export async function placeBooking(
  db: Executor,
  actor: Actor,
  userId: string | null,
  input: Input,
  key: string | null,
  fingerprint: string | null,
  now: Date,
  channel: 'direct' | 'marketplace',
  contact?: DeskContact,
  holdUntil?: Date,
  /** The waitlist offer this booking accepts (its own offer is not withdrawn as taken). */
  acceptingOfferId?: string,
): Promise<Placed & { salonName: string; total: number; startsAt: Date; endsAt: Date; terms: BookingPaymentTerms }> {
  const { ctx, day } = await loadSalonDay(db, actor, input.merchantId, input.serviceIds, input.bookingDate, { forBooking: true });
  const minutes = parseTimeToMinutes(input.bookingTime)!;
  const coupon = input.couponCode
    ? await checkCouponCode(db, input.couponCode, {
        merchantId: ctx.id,
        subtotal: ctx.subtotal,
        today: instantToZoned(now, ctx.timeZone).date,
        userId,
        services: ctx.services,
        bookingDate: input.bookingDate,
      })
    : null;
  const slot = await chooseSlot(db, ctx, { bookingDate: input.bookingDate, minutes, staffId: input.staffId, now }, day);
  // A package session, voucher or membership the customer applies: priced here, taken after the insert.
  const held = input.holdingId
    ? await priceWithHolding(db, {
        holdingId: input.holdingId,
        merchantId: ctx.id,
        userId,
        services: ctx.services,
        due: round2(ctx.subtotal - (coupon?.discount ?? 0)),
        now,
        paidOnline: !!holdUntil,
      })
    : null;
  const discount = round2((coupon?.discount ?? 0) + (held?.discount ?? 0));
  // The salon's payment policy (docs/payments.md): a customer's booking paid at the salon is refused
  // where it asks for payment at booking; the salon's own desk bookings are its to collect.
  const terms = bookingTermsFor(ctx, round2(ctx.subtotal - discount));
  const refusal = contact || holdUntil || actor.role === 'merchant' || input.paymentMethod === 'wallet' ? null : payAtSalonRefusal(terms);
  if (refusal) throw badRequest(refusal, 'paymentMethod');
  const services = ctx.services.map((s, position) => ({
    position,
    service_id: s.id,
    service_name: s.name,
    duration_min: s.duration,
    price: s.price,
  }));
  const id = randomUUID();
  const effects = bookingEventEffects(
    'made',
    {
      bookingId: id,
      startsAt: slot.startsAt,
      userId,
      merchantId: ctx.id,
      salonName: ctx.name,
      bookingDate: input.bookingDate,
      bookingTime: slot.bookingTime,
      services: ctx.services.map((s) => s.name),
    },
    {},
  );
  // What the insert does when it makes the booking (bookingInsert): the waitlist offers of the time
  // it takes are withdrawn, except the one it accepts; a rebooking reminder it follows is marked.
  const follow = {
    exceptOfferId: acceptingOfferId ?? null,
    now,
    reminderSince: new Date(now.getTime() - REBOOK_ATTRIBUTION_DAYS * 86_400_000),
  };
  // Free staff in order of preference; the exclusion constraint has the last word for each.
  let made: Awaited<ReturnType<typeof insertBookingUnlessTaken>> = null;
  for (const staffId of slot.candidates) {
    const booking = {
      id,
      user_id: userId,
      merchant_id: ctx.id,
      staff_id: staffId,
      any_professional: !input.staffId,
      starts_at: slot.startsAt,
      ends_at: slot.endsAt,
      booking_date: input.bookingDate,
      booking_time: slot.bookingTime,
      status: holdUntil ? ('pending' as const) : ('upcoming' as const),
      ...(holdUntil ? { hold_expires_at: holdUntil } : {}),
      subtotal: ctx.subtotal,
      discount_amount: discount,
      total_price: round2(ctx.subtotal - discount),
      total_duration: ctx.totalDuration,
      coupon_id: coupon?.coupon.id ?? null,
      holding_id: input.holdingId ?? null,
      idempotency_key: key,
      idempotency_fingerprint: fingerprint,
      channel,
      ...(contact
        ? {
            contact_name: contact.name,
            contact_email: contact.email,
            contact_phone: contact.phone,
            confirmation: 'pending' as const,
            confirmation_token_hash: contact.tokenHash,
          }
        : {}),
    };
    const insert = () => insertBookingUnlessTaken(db, booking, services, holdUntil ? [] : effects.notifications, ctx.hoursAsRead, follow);
    if ((made = await insert())) break;
    // Holds whose payment lapsed still sit in the exclusion constraint (availability counts them
    // free): the booking that wants their time releases them, in its transaction, and tries again.
    // Only a refused insert looks, so a booking of free time costs no statement more.
    if ((await releaseHoldsOverlapping(db, now, { merchantId: ctx.id, from: slot.startsAt, to: slot.endsAt })) && (made = await insert()))
      break;
  }
  // Nothing inserted: every professional's time was taken, or the salon's hours changed since they
  // were read (the insert holds them: an hours change in flight wins, and this booking is refused).
  if (!made) throw conflict((await holdOpeningHours(db, ctx.id, ctx.hoursAsRead)) ? SLOT_TAKEN : HOURS_CHANGED);
  // The waitlist offers of this time its insert withdrew: their customers are told, the day matched again.
  const { waitlist_taken: taken, ...detail } = made;
  await offersTakenByBooking(db, taken, { merchantId: ctx.id, salonName: ctx.name, date: input.bookingDate, now });
  // Its jobs (the customer's e-mail and push) through pg-boss, in this transaction.
  if (!holdUntil) await enqueueJobs(db, effects.jobs);
  if (coupon) await redeemCoupon(db, coupon.coupon.id);
  if (held?.take) await redeem(db, { ...held.take, bookingId: id }, now);
  const total = round2(ctx.subtotal - discount);
  const placed = { salonName: ctx.name, total, startsAt: slot.startsAt, endsAt: slot.endsAt, terms };
  if (input.paymentMethod === 'wallet' && userId) {
    await payBookingFromWallet(db, { userId, bookingId: id, total, salonName: ctx.name });
    return { id, detail: null, ...placed };
  }
  return { id, detail, ...placed };
}
