import type { z } from 'zod';
import { BOOKING_HORIZON_DAYS } from '../../../shared/policy.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import { PAYMENT_HOLD_MINUTES } from '../../../shared/schemas/payments.js';
import type {
  acceptWaitlistOfferAnswer,
  acceptWaitlistOfferInput,
  joinWaitlistInput,
  MerchantWaitlistAnswer,
  merchantWaitlistInput,
  WaitlistEntryWire,
  waitlistEntryIdInput,
} from '../../../shared/schemas/waitlist.js';
import { MY_WAITLIST_PAGE } from '../../../shared/schemas/waitlist.js';
import { addDays, instantToZoned, isValidTimeZone } from '../../../shared/slots.js';
import { formatMinutes12h } from '../../../shared/validation.js';
import { MAX_WAITING_ENTRIES, type WaitlistEntryStatus, type WaitlistOfferStatus } from '../../../shared/waitlist.js';
import {
  cancelWaitingEntry,
  findCustomerEntry,
  insertWaitlistEntry,
  type LatestOffer,
  listCustomerEntries,
  lockCustomerOffer,
  lockWaitingCustomer,
  markOfferAccepted,
  markOfferTaken,
  salonEntriesOfDay,
  staffOfSalon,
  type WaitlistEntryRow,
  waitingEntriesOfCustomer,
  waitlistSalon,
} from '../../db/repositories/waitlist.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { publishDeskChange } from '../../live/deskEvents.js';
import { loadSalonContext } from '../bookings/availability.js';
import { placeOwnBooking } from '../bookings/create.js';
import { holdForPayment } from '../payments/booking.js';

type Held = Awaited<ReturnType<typeof holdForPayment>>;

import { shopOf } from '../scope.js';
import { iso, publicName } from '../wire.js';
import { waitlistTimeFreed } from './freed.js';

const DAY_MS = 86_400_000;
/** A customer's ended entries stay in their list this long. */
const ENDED_SHOWN_DAYS = 30;

function offerWire(o: LatestOffer | null) {
  if (!o) return null;
  return {
    _id: o.id,
    status: o.status as WaitlistOfferStatus,
    bookingDate: String(o.booking_date).slice(0, 10),
    bookingTime: o.booking_time,
    startsAt: iso(o.starts_at),
    expiresAt: iso(o.expires_at),
    professional: o.staff_name,
    bookingId: o.booking_id,
  };
}

function entryWire(r: WaitlistEntryRow): WaitlistEntryWire {
  return {
    _id: r.id,
    status: r.status as WaitlistEntryStatus,
    merchantId: r.merchant_id,
    salonName: r.shop_name,
    timeZone: isValidTimeZone(r.time_zone) ? r.time_zone : 'Asia/Kolkata',
    date: r.wait_date,
    fromTime: formatMinutes12h(r.window_start),
    toTime: formatMinutes12h(r.window_end),
    services: r.services.map((s) => ({ _id: s.id, name: s.name })),
    professional: r.staff_id && r.staff_name ? { _id: r.staff_id, name: r.staff_name } : null,
    createdAt: iso(r.created_at),
    bookingId: r.booking_id,
    // Only a live offer is the customer's to act on; an ended one shows as what happened to it.
    offer: offerWire(r.offer),
  };
}

const sameServices = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Joins the waitlist of a published salon for a salon-local date and window of start times. The
 * date is judged in the salon's zone (not past, within the booking horizon, a window not yet over),
 * the services must be the salon's, the professional one of its team. At most MAX_WAITING_ENTRIES
 * entries wait per customer, and not two for the same salon, day, services and overlapping window:
 * both counted under a lock of the customer's account, so parallel joins cannot pass the cap. A
 * matching run is queued at once: a time already free in the window is offered straight away.
 */
export async function joinWaitlist(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof joinWaitlistInput>,
  opts: { now?: Date } = {},
): Promise<{ data: { entry: WaitlistEntryWire } }> {
  const now = opts.now ?? deps.now();
  const salon = await waitlistSalon(deps.db, input.merchantId);
  if (!salon || !salon.is_published) throw notFound('Salon');
  const tz = isValidTimeZone(salon.time_zone) ? salon.time_zone : 'Asia/Kolkata';
  const here = instantToZoned(now, tz);
  if (input.date < here.date) throw badRequest('date: this date has already passed', 'date');
  if (input.date > addDays(here.date, BOOKING_HORIZON_DAYS)) {
    throw badRequest(`date: bookings open up to ${BOOKING_HORIZON_DAYS} days ahead`, 'date');
  }
  if (input.date === here.date && input.toTime <= here.minutes) throw badRequest('toTime: this window has already passed today', 'toTime');
  if (input.staffId && !(await staffOfSalon(deps.db, input.merchantId, input.staffId))) {
    throw badRequest('staffId: this professional does not work at this salon', 'staffId');
  }
  const serviceIds = [...new Set(input.serviceIds)];
  await loadSalonContext(deps.db, actor, input.merchantId, serviceIds);
  const id = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockWaitingCustomer(trx, actor.id))) throw notFound('Account');
    const waiting = await waitingEntriesOfCustomer(trx, actor.id);
    const same = waiting.find(
      (w) =>
        w.merchant_id === input.merchantId &&
        w.wait_date === input.date &&
        sameServices(w.service_ids, serviceIds) &&
        w.window_start < input.toTime &&
        input.fromTime < w.window_end,
    );
    if (same) throw conflict('You are already on this waitlist for that day and time; see your waitlist under Bookings');
    if (waiting.length >= MAX_WAITING_ENTRIES) {
      throw conflict(`You can wait for at most ${MAX_WAITING_ENTRIES} times at once; leave one of your waitlists to join another`);
    }
    const entryId = await insertWaitlistEntry(trx, {
      user_id: actor.id,
      merchant_id: input.merchantId,
      staff_id: input.staffId ?? null,
      service_ids: serviceIds,
      wait_date: input.date,
      window_start: input.fromTime,
      window_end: input.toTime,
    });
    await waitlistTimeFreed(trx, input.merchantId, [input.date], now);
    return entryId;
  });
  const row = await findCustomerEntry(deps.db, id, actor.id);
  return { data: { entry: entryWire(row!) } };
}

/** The customer's waitlist: entries still waiting (with any open offer), then the last month's others. */
export async function getMyWaitlist(deps: AppDeps, actor: Actor, input?: { page: number; limit: number }, opts: { now?: Date } = {}) {
  const now = opts.now ?? deps.now();
  const page = input?.page ?? 1;
  const limit = input?.limit ?? MY_WAITLIST_PAGE.default;
  const { rows, total } = await listCustomerEntries(deps.db, actor.id, new Date(now.getTime() - ENDED_SHOWN_DAYS * DAY_MS), {
    limit,
    offset: (page - 1) * limit,
  });
  return { data: { entries: rows.map(entryWire), paging: pagingOf(page, limit, total) } };
}

/** Leaves the waitlist; an open offer is withdrawn, and its time goes to the next in line. */
export async function cancelWaitlistEntry(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof waitlistEntryIdInput>,
  opts: { now?: Date } = {},
): Promise<{ data: { entry: WaitlistEntryWire } }> {
  const now = opts.now ?? deps.now();
  const before = await findCustomerEntry(deps.db, input.entryId, actor.id);
  if (!before) throw notFound('Waitlist entry');
  await deps.db.transaction().execute(async (trx) => {
    if (!(await cancelWaitingEntry(trx, input.entryId, actor.id, now))) {
      throw badRequest(`entryId: this entry is ${before.status}, no longer waiting`, 'entryId');
    }
    await waitlistTimeFreed(trx, before.merchant_id, [before.wait_date], now);
  });
  const row = await findCustomerEntry(deps.db, input.entryId, actor.id);
  return { data: { entry: entryWire(row!) } };
}

const OFFER_ENDED: Record<Exclude<WaitlistOfferStatus, 'open'>, string> = {
  accepted: 'offerId: this offer was already accepted',
  expired: 'offerId: this offer has expired and went to the next person waiting; you are still on the waitlist',
  taken: 'offerId: this time was booked by someone else first; you are still on the waitlist',
  withdrawn: 'offerId: this offer was withdrawn when you left the waitlist',
};

/**
 * Books the offered time for the customer whose offer it is (another customer's offer is a 404).
 * The offer row is locked, so accepting twice at once books once (the second answers the same
 * booking). The booking goes through the normal path: chooseSlot's checks and the constrained insert
 * (bookings_no_overlap decides; nothing is checked and then inserted on trust). When the time was
 * booked first by someone else the answer is 409, the offer is marked taken, the entry keeps
 * waiting and the day is matched again (another time in the window may be free).
 */
export async function acceptWaitlistOffer(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof acceptWaitlistOfferInput>,
  opts: { now?: Date } = {},
): Promise<z.output<typeof acceptWaitlistOfferAnswer>> {
  const now = opts.now ?? deps.now();
  let placed: { bookingId: string; merchantId: string; date: string; fresh: boolean; payment?: Held['wire']; checkout?: Held['checkout'] };
  try {
    placed = await deps.db.transaction().execute(async (trx) => {
      const offer = await lockCustomerOffer(trx, input.offerId, actor.id);
      if (!offer) throw notFound('Waitlist offer');
      const base = { merchantId: offer.merchant_id, date: String(offer.booking_date).slice(0, 10) };
      if (offer.status === 'accepted' && offer.booking_id) return { ...base, bookingId: offer.booking_id, fresh: false };
      if (offer.status !== 'open') throw conflict(OFFER_ENDED[offer.status]);
      if (new Date(offer.expires_at).getTime() <= now.getTime()) throw conflict(OFFER_ENDED.expired);
      if (offer.entry_status !== 'waiting') throw conflict(`offerId: this waitlist entry is ${offer.entry_status}`);
      const booking = {
        merchantId: offer.merchant_id,
        serviceIds: offer.service_ids,
        staffId: offer.staff_id ?? undefined,
        bookingDate: base.date,
        bookingTime: offer.booking_time,
      };
      if (input.paymentMethod === 'online') {
        // As the checkout's pay now: held pending while the customer pays (the same hold and order).
        const holdUntil = new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000);
        const held = await holdForPayment(
          trx,
          deps,
          actor,
          { ...booking, useWallet: input.useWallet },
          { now, holdUntil, channel: 'marketplace', acceptingOfferId: offer.id },
        );
        await markOfferAccepted(trx, { id: offer.id, entryId: offer.entry_id }, held.bookingId, now);
        return { ...base, bookingId: held.bookingId, fresh: true, payment: held.wire, checkout: held.checkout };
      }
      const bookingId = await placeOwnBooking(trx, actor, { ...booking, paymentMethod: input.paymentMethod }, now, offer.id);
      await markOfferAccepted(trx, { id: offer.id, entryId: offer.entry_id }, bookingId, now);
      return { ...base, bookingId, fresh: true };
    });
  } catch (err) {
    if (!lostTheTime(err)) throw err;
    // The booking rolled back; the offer ends as taken in a transaction of its own, and the day is
    // matched again for this entry and the others.
    await deps.db.transaction().execute(async (trx) => {
      const taken = await markOfferTaken(trx, input.offerId, now);
      if (taken) await waitlistTimeFreed(trx, taken.merchant_id, [String(taken.booking_date).slice(0, 10)], now);
    });
    throw conflict('This time was just booked by someone else; you are still on the waitlist');
  }
  if (placed.fresh) publishDeskChange(deps.db, placed.merchantId, [placed.date]);
  return { data: { bookingId: placed.bookingId, payment: placed.payment ?? null, checkout: placed.checkout ?? null } };
}

/**
 * The offered time can no longer be booked: someone else's booking or blocked time holds it (the
 * constraint's 409), or it stopped being bookable (the salon closed it, the professional left: a
 * 400 about the time or the professional).
 */
function lostTheTime(err: unknown): boolean {
  if ((err as { code?: unknown })?.code === '23P01') return true;
  if (!(err instanceof AppError)) return false;
  if (err.code === 'CONFLICT') return !err.message.startsWith('offerId:');
  return err.code === 'BAD_REQUEST' && ['bookingTime', 'staffId'].includes(err.field ?? '');
}

/** A salon's waitlist for one of its days, in the order of joining, with each entry's latest offer. */
export async function getSalonWaitlist(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof merchantWaitlistInput>,
): Promise<MerchantWaitlistAnswer> {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const { rows, total } = await salonEntriesOfDay(deps.db, merchantId, input.date, {
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return {
    data: {
      date: input.date,
      paging: pagingOf(input.page, input.limit, total),
      entries: rows.map((r) => ({
        _id: r.id,
        position: r.position,
        status: r.status as WaitlistEntryStatus,
        customer: { name: publicName(r.first_name, r.last_name) || 'Customer', phone: r.phone },
        services: r.services.map((s) => s.name),
        professional: r.staff_name,
        fromTime: formatMinutes12h(r.window_start),
        toTime: formatMinutes12h(r.window_end),
        createdAt: iso(r.created_at),
        offer: offerWire(r.offer),
      })),
    },
  };
}
