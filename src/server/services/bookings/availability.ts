import type { z } from 'zod';
import { round2 } from '../../../shared/money.js';
import type { PaymentPolicy } from '../../../shared/paymentPolicy.js';
import { BOOKING_HORIZON_DAYS, SLOT_STEP_MINUTES, servicePrice } from '../../../shared/policy.js';
import type { AvailableSlotsAnswer, availableSlotsInput } from '../../../shared/schemas/bookings.js';
import {
  addDays,
  type BusyInterval,
  canPerformAll,
  computeSlots,
  instantToZoned,
  isValidTimeZone,
  localTimeExists,
  type SalonDayHours,
  type SlotService,
  type SlotStaff,
  zonedDayBounds,
  zonedTimeToInstant,
} from '../../../shared/slots.js';
import { formatMinutes12h } from '../../../shared/validation.js';
import type { Executor } from '../../db/executor.js';
import {
  findBookingRow,
  loadSalonWithServices,
  loadSlotDay,
  releaseAttemptSavepoint,
  rollbackAttemptSavepoint,
  setAttemptSavepoint,
} from '../../db/repositories/bookings.js';
import { holdOpeningHours } from '../../db/repositories/hoursCover.js';
import type { Actor } from '../../deps.js';
import { badRequest, conflict, HOURS_CHANGED, notFound, SLOT_TAKEN } from '../../errors.js';
import { PAY_AT_SALON, policyOf } from '../payments/policy.js';
import { managesSalon } from '../scope.js';

const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

export interface SalonContext {
  id: string;
  name: string;
  timeZone: string;
  openingHours: SalonDayHours[];
  /** merchants.opening_hours as read: what a write holds the hours to (holdOpeningHours, the booking insert). */
  hoursAsRead: unknown;
  /** The chosen services in the order the customer chose them, priced with their own discounts, with their own payment policy. */
  services: { id: string; name: string; categoryName: string | null; duration: number; price: number; policy?: PaymentPolicy | null }[];
  /** The salon's payment policy (docs/payments.md), read with the services: a booking's terms need no read of their own. */
  paymentPolicy: PaymentPolicy;
  totalDuration: number;
  subtotal: number;
}

type SalonRow = Awaited<ReturnType<typeof loadSalonWithServices>>[number];

export function salonBasics(
  row: SalonRow,
): Pick<SalonContext, 'id' | 'name' | 'timeZone' | 'openingHours' | 'hoursAsRead' | 'paymentPolicy'> {
  return {
    paymentPolicy: policyOf(row) ?? PAY_AT_SALON,
    id: row.merchant_id,
    name: row.shop_name,
    timeZone: isValidTimeZone(row.time_zone) ? row.time_zone : DEFAULT_TIME_ZONE,
    openingHours: Array.isArray(row.opening_hours) ? row.opening_hours : [],
    hoursAsRead: row.opening_hours,
  };
}

/**
 * For a move inside a transaction: holds the salon's opening hours the new time was judged by
 * until the commit (FOR KEY SHARE; an hours change in flight is waited for), or refuses (409)
 * when they changed meanwhile, so a booking cannot be moved into hours that are being closed.
 */
export async function holdSalonHours(trx: Executor, ctx: Pick<SalonContext, 'id' | 'hoursAsRead'>): Promise<void> {
  if (!(await holdOpeningHours(trx, ctx.id, ctx.hoursAsRead))) throw conflict(HOURS_CHANGED);
}

/**
 * The salon and the chosen services (one query). An unpublished salon is invisible except to its
 * owner and admins; every service must be an active one of this salon.
 */
export async function loadSalonContext(
  db: Executor,
  actor: Actor | null,
  merchantId: string,
  serviceIds: string[],
  opts: { requirePublished?: boolean } = {},
): Promise<SalonContext> {
  const ids = [...new Set(serviceIds)];
  return salonContextOf(await loadSalonWithServices(db, merchantId, ids), actor, merchantId, ids, opts);
}

function salonContextOf(
  rows: SalonRow[],
  actor: Actor | null,
  merchantId: string,
  ids: string[],
  opts: { requirePublished?: boolean } = {},
): SalonContext {
  const salon = rows[0];
  if (!salon) throw notFound('Salon');
  if ((opts.requirePublished ?? true) && !salon.is_published && !managesSalon(actor, merchantId)) throw notFound('Salon');
  const found = new Map(rows.filter((r) => r.service_id && r.active).map((r) => [r.service_id!, r]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    throw badRequest(
      missing.length === 1
        ? 'serviceIds: this service is not offered by this salon'
        : 'serviceIds: some of these services are not offered by this salon',
      'serviceIds',
    );
  }
  const services = ids.map((id) => {
    const r = found.get(id)!;
    return {
      id,
      name: r.service_name!,
      categoryName: r.category_name,
      duration: r.duration_min!,
      price: servicePrice({
        price: Number(r.price),
        discountType: r.discount_type,
        discountValue: Number(r.discount_value),
        discountActive: !!r.discount_active,
      }),
      policy: policyOf({
        payment_policy: r.service_payment_policy,
        deposit_percent: r.service_deposit_percent,
        deposit_fixed: r.service_deposit_fixed,
      }),
    };
  });
  return {
    ...salonBasics(salon),
    services,
    totalDuration: services.reduce((n, s) => n + s.duration, 0),
    subtotal: round2(services.reduce((n, s) => n + s.price, 0)),
  };
}

type SlotDayRows = NonNullable<Awaited<ReturnType<typeof loadSlotDay>>>;

function toSlotStaff(r: SlotDayRows['staff'][number]): SlotStaff {
  return {
    id: r.id,
    workingHours: Array.isArray(r.working_hours) ? r.working_hours : [],
    daysOff: r.days_off ?? [],
    specializations: r.specializations ?? [],
    status: r.status,
  };
}

const slotServices = (ctx: SalonContext): SlotService[] => ctx.services.map((s) => ({ name: s.name, categoryName: s.categoryName }));

/** A salon-local day's staff and the active bookings that overlap it. */
export interface SalonDay {
  staff: SlotStaff[];
  busy: (BusyInterval & { bookingId: string })[];
}

function salonDayOf(rows: SlotDayRows, date: string, timeZone: string): SalonDay {
  const bounds = zonedDayBounds(date, timeZone);
  const [dayStart, dayEnd] = [bounds.start.getTime(), bounds.end.getTime()];
  const busy: SalonDay['busy'] = [];
  for (const b of rows.busy) {
    if (b.starts_ms < dayEnd && b.ends_ms > dayStart)
      busy.push({ bookingId: b.id, staffId: b.staff_id, start: b.starts_ms, end: b.ends_ms });
  }
  return { staff: rows.staff.map(toSlotStaff), busy };
}

/** A salon-local day's staff and bookings alone (the salon is known). */
async function readSalonDay(db: Executor, merchantId: string, date: string, timeZone: string): Promise<SalonDay> {
  const rows = await loadSlotDay(db, merchantId, [], date);
  if (!rows) throw notFound('Salon');
  return salonDayOf(rows, date, timeZone);
}

/**
 * The salon with the chosen services and the day's staff and bookings, in one query: what the
 * free times of a day (getAvailableSlots) and placing a booking (createBooking) read.
 */
export async function loadSalonDay(
  db: Executor,
  actor: Actor | null,
  merchantId: string,
  serviceIds: string[],
  date: string,
  /** The read of a booking being placed (loadSlotDay's forBooking). */
  opts: { forBooking?: boolean } = {},
): Promise<{ ctx: SalonContext; day: SalonDay }> {
  const ids = [...new Set(serviceIds)];
  const rows = await loadSlotDay(db, merchantId, ids, date, opts);
  if (!rows) throw notFound('Salon');
  const ctx = salonContextOf(rows.salon, actor, merchantId, ids);
  return { ctx, day: salonDayOf(rows, date, ctx.timeZone) };
}

/** The last salon-local date that can be booked: today plus the booking horizon. */
function lastBookableDate(timeZone: string, now: Date): string {
  return addDays(instantToZoned(now, timeZone).date, BOOKING_HORIZON_DAYS);
}

/**
 * Free start times of a salon-local day for the chosen services. One query whatever the number
 * of staff or bookings: salon + services, staff and the day's active bookings together.
 */
export async function getAvailableSlots(
  db: Executor,
  actor: Actor | null,
  input: z.output<typeof availableSlotsInput>,
  opts: { now?: Date } = {},
): Promise<AvailableSlotsAnswer> {
  const now = opts.now ?? new Date();
  const { ctx, day } = await loadSalonDay(db, actor, input.merchantId, input.serviceIds, input.date);
  if (input.date > lastBookableDate(ctx.timeZone, now)) {
    throw badRequest(`date: bookings open up to ${BOOKING_HORIZON_DAYS} days ahead`, 'date');
  }
  let staff = day.staff;
  if (input.staffId) {
    staff = day.staff.filter((s) => s.id === input.staffId);
    if (!staff.length) throw badRequest('staffId: this professional does not work at this salon', 'staffId');
  }
  const answer = { date: input.date, timeZone: ctx.timeZone, totalDuration: ctx.totalDuration, totalPrice: ctx.subtotal };
  if (input.date < instantToZoned(now, ctx.timeZone).date) return { data: { ...answer, slots: [] } };
  let busy = day.busy;
  if (input.exceptBookingId) {
    // Only a booking the caller may move frees its time: their own, or one of the salon's for its owner.
    const moving = await findBookingRow(db, input.exceptBookingId);
    const mayMove = moving && moving.merchant_id === ctx.id && (moving.user_id === actor?.id || managesSalon(actor, ctx.id));
    if (!mayMove) throw notFound('Booking');
    busy = busy.filter((b) => b.bookingId !== moving.id);
  }
  const slots = computeSlots({
    date: input.date,
    timeZone: ctx.timeZone,
    openingHours: ctx.openingHours,
    staff,
    services: slotServices(ctx),
    busy,
    durationMinutes: ctx.totalDuration,
    now,
  });
  return { data: { ...answer, slots: slots.map((s) => ({ time: s.time, staffIds: s.staffIds })) } };
}

export interface SlotChoice {
  startsAt: Date;
  endsAt: Date;
  bookingTime: string;
  /** Staff to try in order: free ones only, the preferred one first, then the least booked that day. */
  candidates: string[];
}

/**
 * Checks a requested salon-local date and time for the chosen services and lists the staff who
 * could take it, with 400s that name what is wrong. Being free is only a pre-check: the
 * exclusion constraint decides when requests race. `day`: that date's staff and bookings when
 * already loaded (loadSalonDay); otherwise they are read here.
 */
export async function chooseSlot(
  db: Executor,
  ctx: SalonContext,
  req: {
    bookingDate: string;
    minutes: number;
    staffId?: string;
    preferStaffId?: string;
    exceptBookingId?: string;
    now: Date;
  },
  day?: SalonDay,
): Promise<SlotChoice> {
  const { bookingDate: date, minutes, now } = req;
  const tz = ctx.timeZone;
  if (date > lastBookableDate(tz, now)) {
    throw badRequest(`bookingDate: bookings open up to ${BOOKING_HORIZON_DAYS} days ahead`, 'bookingDate');
  }
  if (minutes % SLOT_STEP_MINUTES !== 0) {
    throw badRequest(`bookingTime: choose a time on the ${SLOT_STEP_MINUTES}-minute grid`, 'bookingTime');
  }
  if (!localTimeExists(date, minutes, tz)) {
    throw badRequest('bookingTime: this time does not exist on that day because the clocks change', 'bookingTime');
  }
  if (date < instantToZoned(now, tz).date) throw badRequest('bookingDate: this date has already passed', 'bookingDate');
  const startsAt = zonedTimeToInstant(date, minutes, tz);
  if (startsAt.getTime() <= now.getTime()) throw badRequest('bookingTime: this time has already passed', 'bookingTime');
  const endsAt = new Date(startsAt.getTime() + ctx.totalDuration * 60_000);

  const services = slotServices(ctx);
  const base = { date, timeZone: tz, openingHours: ctx.openingHours, services, busy: [], durationMinutes: ctx.totalDuration, now };
  const at = (staff: SlotStaff[]) => computeSlots({ ...base, staff, at: minutes })[0]?.staffIds ?? [];

  const wholeSalon: SlotStaff = { id: 'salon', workingHours: [], daysOff: [], specializations: [] };
  if (!at([wholeSalon]).length) {
    throw badRequest('bookingTime: the salon is not open for the whole appointment at this time', 'bookingTime');
  }

  const { staff: all, busy: dayBusy } = day ?? (await readSalonDay(db, ctx.id, date, tz));
  let pool = all;
  if (req.staffId) {
    pool = all.filter((s) => s.id === req.staffId);
    if (!pool.length) throw badRequest('staffId: this professional does not work at this salon', 'staffId');
  }
  const eligible = at(pool);
  if (!eligible.length) {
    if (req.staffId) {
      if (pool[0].status !== 'Active') throw badRequest('staffId: this professional is not taking bookings', 'staffId');
      if (!canPerformAll(pool[0].specializations, services)) {
        throw badRequest('staffId: this professional does not offer the chosen services', 'staffId');
      }
      throw badRequest('bookingTime: this professional is not working at this time', 'bookingTime');
    }
    if (!all.some((s) => s.status === 'Active' && canPerformAll(s.specializations, services))) {
      throw badRequest('serviceIds: no professional at this salon offers all the chosen services', 'serviceIds');
    }
    throw badRequest('bookingTime: no professional is working at this time', 'bookingTime');
  }

  const busy = dayBusy.filter((b) => b.bookingId !== req.exceptBookingId);
  const load = new Map<string, number>();
  for (const b of busy) load.set(b.staffId, (load.get(b.staffId) ?? 0) + 1);
  const free = eligible.filter((id) => !busy.some((b) => b.staffId === id && b.start < endsAt.getTime() && b.end > startsAt.getTime()));
  if (!free.length) throw conflict(SLOT_TAKEN);
  const order = (id: string) => (id === req.preferStaffId ? -1 : (load.get(id) ?? 0));
  const candidates = free
    .map((id, i) => ({ id, i }))
    .sort((a, b) => order(a.id) - order(b.id) || a.i - b.i)
    .map((c) => c.id);
  return { startsAt, endsAt, bookingTime: formatMinutes12h(minutes), candidates };
}

const isExclusionViolation = (err: unknown) => !!err && typeof err === 'object' && (err as { code?: unknown }).code === '23P01';

/**
 * Runs `attempt` for each candidate in turn. Every candidate but the last gets its own savepoint,
 * so a clash with that staff member's booking (the exclusion constraint) moves on to the next;
 * the last one's clash, like any other error, ends the transaction and becomes the 409.
 */
export async function tryEachCandidate<T>(trx: Executor, candidates: string[], attempt: (staffId: string) => Promise<T>): Promise<T> {
  for (const [i, staffId] of candidates.entries()) {
    if (i === candidates.length - 1) return attempt(staffId);
    await setAttemptSavepoint(trx);
    try {
      const result = await attempt(staffId);
      await releaseAttemptSavepoint(trx);
      return result;
    } catch (err) {
      if (!isExclusionViolation(err)) throw err;
      await rollbackAttemptSavepoint(trx);
    }
  }
  throw conflict(SLOT_TAKEN);
}
