import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { bookingReferenceCode } from '../../../shared/bookingReference.js';
import { BOOKING_HORIZON_DAYS, isActiveBookingStatus } from '../../../shared/policy.js';
import type {
  CalendarAnswer,
  calendarInput,
  createBlockInput,
  deleteBlockInput,
  moveBookingInput,
} from '../../../shared/schemas/calendar.js';
import { MOVE_UNDO_SECONDS } from '../../../shared/schemas/calendar.js';
import {
  addDays,
  instantToZoned,
  isValidTimeZone,
  type SalonDayHours,
  salonWindow,
  staffWindow,
  zonedTimeToInstant,
} from '../../../shared/slots.js';
import { formatMinutes12h, parseTimeToMinutes } from '../../../shared/validation.js';
import type { Executor } from '../../db/executor.js';
import {
  bookingStatus,
  findBookingRow,
  listBookingServices,
  loadSalonWithServices,
  updateBookingIfStatus,
} from '../../db/repositories/bookings.js';
import {
  bookingsInTheWay,
  deleteBlockIfEmpty,
  deleteOccurrence,
  endBlockFrom,
  findMovedBooking,
  findOccurrence,
  findSalonStaffMember,
  findSalonTimeZone,
  insertBlock,
  loadCalendar,
  type Occurrence,
  placeOccurrences,
  setMaterialisedUntil,
  weeklyBlocksToTopUp,
} from '../../db/repositories/calendar.js';
import { insertNotification } from '../../db/repositories/notifications.js';
import type { Database } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, conflict, notFound, SLOT_TAKEN } from '../../errors.js';
import { defineJob, enqueueJob, sendOrPutOff } from '../../jobs/queue.js';
import { publishDeskChange } from '../../live/deskEvents.js';
import { chooseSlot, holdSalonHours, type SalonContext, salonBasics, tryEachCandidate } from '../bookings/availability.js';
import { checkCouponAfterMove } from '../bookings/coupons.js';
import { BOOKING_EVENT_MESSAGES, type BookingMessagesPayload, displayDate } from '../bookings/notify.js';
import { loadBookingWire } from '../bookings/wire.js';
import { shopOf } from '../scope.js';
import { ownStaffId } from '../staff/members.js';
import { waitlistTimeFreed } from '../waitlist/freed.js';
import { iso } from '../wire.js';

const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
const DAY_MS = 86_400_000;
/**
 * Weekly blocks exist as rows this far ahead: past the last bookable date, so a customer can never
 * book a time a weekly block will cover (the daily top-up keeps the lead).
 */
export const BLOCK_HORIZON_DAYS = BOOKING_HORIZON_DAYS + 14;

const reference = bookingReferenceCode;
const zoneOf = (tz: string | null | undefined) => (tz && isValidTimeZone(tz) ? tz : DEFAULT_TIME_ZONE);

// ---------------------------------------------------------------- the calendar

/**
 * A day or a week of the salon's calendar: per professional their hours, bookings (every status)
 * and blocked time, placed in salon-local minutes. One statement (repositories/calendar.ts); the
 * UTC window [date - 1 day, last date + 2 days) holds the local days in any zone and is cut to
 * them here.
 */
export async function getCalendar(deps: AppDeps, actor: Actor, input: z.output<typeof calendarInput>): Promise<CalendarAnswer> {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const days = input.days;
  const dates = Array.from({ length: days }, (_, i) => addDays(input.date, i));
  const midnight = Date.parse(`${input.date}T00:00:00Z`);
  const rows = await loadCalendar(deps.db, merchantId, new Date(midnight - DAY_MS), new Date(midnight + (days + 1) * DAY_MS));
  if (!rows) throw notFound('Salon');
  const tz = zoneOf(rows.time_zone);
  const shown = new Set(dates);
  const place = (startsMs: number, endsMs: number) => {
    const local = instantToZoned(startsMs, tz);
    return { date: local.date, start: local.minutes, end: local.minutes + Math.round((endsMs - startsMs) / 60_000) };
  };

  const bookings = rows.bookings.flatMap((b) => {
    const at = place(b.starts_ms, b.ends_ms);
    if (!shown.has(at.date)) return [];
    return [
      {
        _id: b.id,
        reference: reference(b.id),
        staffId: b.staff_id,
        bookingDate: b.booking_date,
        bookingTime: b.booking_time,
        start: at.start,
        end: at.end,
        startsAt: new Date(b.starts_ms).toISOString(),
        endsAt: new Date(b.ends_ms).toISOString(),
        status: bookingStatus(b.status),
        customerName: `${b.first_name} ${b.last_name}`.trim() || 'Customer',
        customerPhone: b.phone,
        services: b.services.map((s) => ({
          _id: s.service_id,
          serviceName: s.service_name,
          duration: s.duration_min,
          price: Number(s.price),
        })),
        totalPrice: Number(b.total_price),
        totalDuration: b.total_duration,
      },
    ];
  });
  const blocks = rows.blocks.flatMap((o) => {
    const at = place(o.starts_ms, o.ends_ms);
    if (!shown.has(at.date)) return [];
    return [
      {
        _id: o.id,
        blockId: o.block_id!,
        staffId: o.staff_id,
        date: at.date,
        start: at.start,
        end: at.end,
        kind: o.kind,
        reason: o.reason,
        repeatWeekly: o.repeat_weekly,
        untilDate: o.until_date,
        days: o.days,
      },
    ];
  });

  const openingHours: SalonDayHours[] = Array.isArray(rows.opening_hours) ? rows.opening_hours : [];
  const salonHours = dates.map((date) => ({ date, span: salonWindow(openingHours, date) }));
  // Everyone who takes bookings, and anyone else who holds a booking or a block in view.
  const inView = new Set([...bookings.map((b) => b.staffId), ...blocks.map((b) => b.staffId)]);
  let staff = rows.staff.filter((s) => (s.archived_at === null && s.status !== 'Inactive') || inView.has(s.id));
  // A professional sees only their own column (naming another professional is 403).
  const onlyStaff = ownStaffId(actor, input.staffId);
  if (onlyStaff) {
    staff = rows.staff.filter((s) => s.id === onlyStaff);
    if (!staff.length) throw badRequest('staffId: this professional does not work at this salon', 'staffId');
  }
  const ids = new Set(staff.map((s) => s.id));
  return {
    timeZone: tz,
    dates,
    salonHours,
    professionals: staff.map((s) => ({
      _id: s.id,
      name: s.name,
      role: s.role,
      image: s.avatar_url,
      specializations: s.specializations ?? [],
      hours: salonHours.map(({ date, span }) => ({
        date,
        span: staffWindow(
          span,
          { workingHours: Array.isArray(s.working_hours) ? s.working_hours : [], daysOff: s.days_off ?? [], status: s.status },
          date,
        ),
      })),
    })),
    bookings: bookings.filter((b) => ids.has(b.staffId)),
    blocks: blocks.filter((b) => ids.has(b.staffId)),
  };
}

// ---------------------------------------------------------------- blocked time

async function salonZone(db: Executor, merchantId: string): Promise<string> {
  const row = await findSalonTimeZone(db, merchantId);
  if (!row) throw notFound('Salon');
  return zoneOf(row.time_zone);
}

function occurrenceOn(date: string, startMinute: number, endMinute: number, tz: string): Occurrence {
  const startsAt = zonedTimeToInstant(date, startMinute, tz);
  const endsAt = endMinute >= 1440 ? zonedTimeToInstant(addDays(date, 1), 0, tz) : zonedTimeToInstant(date, endMinute, tz);
  return { date, startsAt, endsAt, bookingTime: formatMinutes12h(startMinute) };
}

/** Every date from `first` to `last`, inclusive. */
function everyDay(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The weekly dates from `first` (or the first one after `after`) up to `last`, inclusive. */
function weeklyDates(first: string, after: string | null, last: string): string[] {
  const out: string[] = [];
  let d = first;
  if (after) while (d <= after) d = addDays(d, 7);
  for (; d <= last; d = addDays(d, 7)) out.push(d);
  return out;
}

const today = (tz: string, now: Date) => instantToZoned(now, tz).date;

/**
 * Blocks a professional's time, once or every week. The occurrences are rows the exclusion
 * constraint sees: one over a booking is refused by the database. When bookings are in the way the
 * answer is a 409 that lists them; a weekly block can then be made without those dates
 * (skipConflicts), a one-off one cannot be placed until they are moved.
 */
export async function createBlock(deps: AppDeps, actor: Actor, input: z.output<typeof createBlockInput>, opts: { now?: Date } = {}) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const now = opts.now ?? new Date();
  const member = await findSalonStaffMember(deps.db, merchantId, input.staffId);
  if (!member || member.archived_at) throw badRequest('staffId: this professional does not work at this salon', 'staffId');
  const tz = await salonZone(deps.db, merchantId);
  if (input.date < today(tz, now)) throw badRequest('date: this date has passed', 'date');
  const horizon = addDays(today(tz, now), BLOCK_HORIZON_DAYS);
  const lastDate = input.repeatWeekly
    ? input.untilDate && input.untilDate < horizon
      ? input.untilDate
      : horizon
    : (input.endDate ?? input.date);
  const dates = input.repeatWeekly ? weeklyDates(input.date, null, lastDate) : everyDay(input.date, lastDate);
  const occurrences = dates.map((d) => occurrenceOn(d, input.startTime, input.endTime, tz));

  const result = await deps.db.transaction().execute(async (trx) => {
    const inTheWay = await bookingsInTheWay(trx, input.staffId, occurrences);
    if (inTheWay.length && (!input.skipConflicts || !input.repeatWeekly)) {
      const list = inTheWay
        .slice(0, 10)
        .map(
          (b) => `${`${b.first_name} ${b.last_name}`.trim()} on ${displayDate(b.booking_date)} at ${b.booking_time} (#${reference(b.id)})`,
        )
        .join('; ');
      const more = inTheWay.length > 10 ? ` and ${inTheWay.length - 10} more` : '';
      throw conflict(
        `${inTheWay.length === 1 ? 'A booking is' : `${inTheWay.length} bookings are`} in the way: ${list}${more}. ` +
          (input.repeatWeekly ? 'Move them first, or block the other weeks and leave those dates out.' : 'Move or cancel them first.'),
      );
    }
    const block = await insertBlock(trx, {
      merchant_id: merchantId,
      staff_id: input.staffId,
      kind: input.kind,
      reason: input.reason,
      first_date: input.date,
      start_minute: input.startTime,
      end_minute: input.endTime,
      repeat_weekly: input.repeatWeekly,
      until_date: input.untilDate ?? null,
      materialised_until: input.repeatWeekly ? lastDate : null,
    });
    const placed = await placeOccurrences(trx, block, occurrences);
    // A one-off block (one day or a range) is placed whole; a booking or a block that slipped in since the look above loses nothing.
    if (!input.repeatWeekly && placed.length < dates.length) throw conflict('This time was just booked or blocked; reload the calendar');
    const placedSet = new Set(placed);
    return { blockId: block.id, placed: placed.length, skipped: dates.filter((d) => !placedSet.has(d)) };
  });
  publishDeskChange(deps.db, merchantId, dates);
  return result;
}

/** Removes one occurrence of blocked time, or the block from that occurrence on (`series`: later weeks, or later days of a range). */
export async function deleteBlock(deps: AppDeps, actor: Actor, input: z.output<typeof deleteBlockInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const occurrence = await findOccurrence(deps.db, input.occurrenceId);
  if (!occurrence || occurrence.merchant_id !== merchantId) throw notFound('Blocked time');
  const removed = await deps.db.transaction().execute(async (trx) => {
    const n = input.series
      ? await endBlockFrom(trx, occurrence.block_id, occurrence.booking_date, addDays(occurrence.booking_date, -1))
      : await deleteOccurrence(trx, occurrence.id).then(async (n) => {
          // A one-off block goes with its last day (a weekly one keeps its rule for the weeks ahead).
          if (!occurrence.repeat_weekly) await deleteBlockIfEmpty(trx, occurrence.block_id);
          return n;
        });
    // The freed time goes to the waitlist: that day, or (a series) every day from it on.
    await waitlistTimeFreed(trx, merchantId, input.series ? null : [occurrence.booking_date]);
    return n;
  });
  publishDeskChange(deps.db, merchantId, [occurrence.booking_date]);
  return { removed };
}

/** The daily job: weekly blocks get their occurrences up to the horizon again. */
export const BLOCK_TOP_UP = 'calendar_block_top_up';

export async function topUpWeeklyBlocks(trx: Executor, now = new Date()): Promise<number> {
  // The horizon is counted in India's day here; a salon elsewhere is at most a day off, well within the lead.
  const horizon = addDays(today(DEFAULT_TIME_ZONE, now), BLOCK_HORIZON_DAYS);
  let placed = 0;
  for (const k of await weeklyBlocksToTopUp(trx, horizon, 500)) {
    const tz = zoneOf(k.time_zone);
    const last = k.until_date && k.until_date < horizon ? k.until_date : horizon;
    const dates = weeklyDates(k.first_date, k.materialised_until, last);
    // A date a booking already holds stays free of the block (the booking came first).
    placed += (
      await placeOccurrences(
        trx,
        k,
        dates.map((d) => occurrenceOn(d, k.start_minute, k.end_minute, tz)),
      )
    ).length;
    await setMaterialisedUntil(trx, k.id, last);
  }
  return placed;
}

/** Queues today's top-up unless it is queued (or done) already; every job runner calls it hourly. */
export async function scheduleBlockTopUp(db: Executor, now = new Date()): Promise<void> {
  const day = today(DEFAULT_TIME_ZONE, now);
  await enqueueJob(db, { kind: BLOCK_TOP_UP, payload: {}, dedupeKey: `${BLOCK_TOP_UP}:${day}`, maxAttempts: 5 });
}

export const blockTopUpJob = defineJob(BLOCK_TOP_UP, async (trx) => {
  await topUpWeeklyBlocks(trx);
});

// ---------------------------------------------------------------- moving a booking

/** The booking's own services and price, as the salon context the slot rules check against. */
async function bookedServices(
  trx: Executor,
  booking: { id: string; merchant_id: string; total_duration: number; subtotal: number | string },
): Promise<SalonContext> {
  const lines = await listBookingServices(trx, [booking.id]);
  const liveIds = lines.map((l) => l.service_id).filter((id): id is string => !!id);
  const rows = await loadSalonWithServices(trx, booking.merchant_id, liveIds);
  if (!rows[0]) throw notFound('Salon');
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

/** The job that tells the customer of a desk move once the Undo window has passed. */
export const DESK_MOVE_MESSAGE = 'desk_move_message';
interface MovePayload {
  bookingId: string;
  /** Where the customer last knew the booking to be. */
  from: { bookingDate: string; bookingTime: string; staffId: string };
}

/**
 * The desk moves a booking to another time and/or professional. The price stays what it was, and
 * a coupon it used must allow the new day (400 naming couponCode); the
 * professional must offer the booked services and work then (400s naming the field), and the
 * exclusion constraint decides whether the time is free (409 when another booking or a block took
 * it meanwhile). The customer is told (in the app, by e-mail and push) once the desk's Undo
 * window has passed, of where it went from where they last knew it; moved back in time, nothing.
 */
export async function moveBooking(deps: AppDeps, actor: Actor, input: z.output<typeof moveBookingInput>, opts: { now?: Date } = {}) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const now = opts.now ?? new Date();
  const tellAt = new Date(now.getTime() + MOVE_UNDO_SECONDS * 1000 + 2000);
  const previous = await deps.db.transaction().execute(async (trx) => {
    const booking = await findBookingRow(trx, input.bookingId, { lock: true });
    if (!booking || booking.merchant_id !== merchantId) throw notFound('Booking');
    if (!isActiveBookingStatus(booking.status)) throw badRequest(`bookingId: a ${booking.status} booking cannot be moved`, 'bookingId');
    const minutes = parseTimeToMinutes(input.bookingTime)!;
    const ctx = await bookedServices(trx, booking);
    const here = instantToZoned(new Date(booking.starts_at), ctx.timeZone);
    if (booking.staff_id === input.staffId && here.date === input.bookingDate && here.minutes === minutes) {
      throw badRequest('bookingTime: the booking is already at this time with this professional', 'bookingTime');
    }
    // The price stays, so the coupon that made it must still apply on the new day (as in a customer's reschedule).
    await checkCouponAfterMove(trx, booking, input.bookingDate);
    try {
      const slot = await chooseSlot(trx, ctx, {
        bookingDate: input.bookingDate,
        minutes,
        staffId: input.staffId,
        exceptBookingId: booking.id,
        now,
      });
      await holdSalonHours(trx, ctx);
      await tryEachCandidate(trx, slot.candidates, async (staffId) => {
        const moved = await updateBookingIfStatus(trx, booking.id, [booking.status], {
          staff_id: staffId,
          starts_at: slot.startsAt,
          ends_at: slot.endsAt,
          booking_date: input.bookingDate,
          booking_time: slot.bookingTime,
        });
        if (!moved) throw conflict('This booking has just been changed; please reload it');
      });
    } catch (err) {
      const stays = `the booking stays at ${booking.booking_time} on ${displayDate(booking.booking_date)}`;
      // The pre-check's 409: the time was occupied when the move was asked for (another booking or
      // a block the desk could have seen), so nothing was "just" taken; it names the time field.
      if (err instanceof AppError && err.message === SLOT_TAKEN)
        throw new AppError(
          'CONFLICT',
          `bookingTime: ${formatMinutes12h(minutes)} on ${displayDate(input.bookingDate)} is already taken (another booking or blocked time); choose another time, ${stays}`,
          'bookingTime',
        );
      // The constraint's (23P01): the pre-check found the time free, and another booking or a block
      // got there between that read and this write: a true race.
      if ((err as { code?: string })?.code === '23P01')
        throw conflict(`This time was just taken (another booking or blocked time); ${stays}`);
      throw err;
    }
    // One message per burst of moves: a move within the window of the last one only delays it,
    // and it still starts from where the customer last knew the booking to be. (Reminders follow
    // the new start by themselves: the sweep reads it.)
    const payload: MovePayload = {
      bookingId: booking.id,
      from: { bookingDate: booking.booking_date, bookingTime: booking.booking_time, staffId: booking.staff_id },
    };
    await sendOrPutOff(
      trx,
      { kind: DESK_MOVE_MESSAGE, payload: { ...payload }, runAt: tellAt, key: booking.id, ref: `booking:${booking.id}`, maxAttempts: 5 },
      (waiting, next) => ({ ...next, from: waiting.from }),
    );
    await waitlistTimeFreed(trx, merchantId, [booking.booking_date], now);
    return { staffId: booking.staff_id, bookingDate: booking.booking_date, bookingTime: booking.booking_time };
  });
  publishDeskChange(deps.db, merchantId, [...new Set([previous.bookingDate, input.bookingDate])]);
  const booking = (await loadBookingWire(deps.db, input.bookingId))!;
  return { booking, previous, customerToldAt: iso(tellAt) };
}

async function tellCustomerOfMove(trx: Transaction<Database>, p: MovePayload): Promise<void> {
  const row = await findMovedBooking(trx, p.bookingId, p.from.staffId);
  if (!row || !isActiveBookingStatus(row.status)) return;
  const sameTime = row.booking_date === p.from.bookingDate && row.booking_time === p.from.bookingTime;
  const samePro = row.staff_id === p.from.staffId;
  // A desk contact's booking nobody has confirmed: nobody to tell.
  if ((sameTime && samePro) || !row.user_id) return;
  const what = row.services ? `${row.services} booking` : 'booking';
  const before = `${displayDate(p.from.bookingDate)} at ${p.from.bookingTime}${row.from_staff_name ? ` with ${row.from_staff_name}` : ''}`;
  const after = sameTime ? `with ${row.staff_name}` : `${displayDate(row.booking_date)} at ${row.booking_time} with ${row.staff_name}`;
  const title = sameTime ? 'Booking reassigned' : 'Booking moved';
  const message = `${row.shop_name} moved your ${what} from ${before} to ${after}.`;
  const link = '/bookings';
  const accountId = row.user_id;
  await insertNotification(trx, { accountId, title, message, link });
  const payload: BookingMessagesPayload = {
    accountId,
    bookingId: row.id,
    event: 'rescheduled',
    salonName: row.shop_name,
    title,
    message,
    link,
  };
  await enqueueJob(trx, { kind: BOOKING_EVENT_MESSAGES, payload: { ...payload }, ref: `booking:${row.id}`, maxAttempts: 3 });
}

export const deskMoveMessageJob = defineJob(DESK_MOVE_MESSAGE, (trx, payload) => tellCustomerOfMove(trx, payload));
