import type { HoursClash } from '../../../shared/schemas/shop.js';
import { instantToZoned, type SalonDayHours, type StaffWorkingDay, salonWindow, staffWindow } from '../../../shared/slots.js';
import type { Executor } from '../../db/executor.js';
import { type UpcomingBookingRow, upcomingActiveBookings } from '../../db/repositories/hoursCover.js';

/*
 * Which upcoming bookings a change of hours leaves uncovered: one judge for a professional's hours
 * (staff.ts) and the salon's opening hours (settings.ts). A booking is covered exactly when the
 * availability engine would still offer its time: salon window ∩ the professional's window on its
 * salon-local date (staffWindow), the whole appointment inside it.
 */

interface StaffHours {
  workingHours: StaffWorkingDay[];
  daysOff: string[];
}

const asArray = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** The booking's salon-local date and its start and end in minutes of that date. */
function placeOf(r: UpcomingBookingRow): { date: string; start: number; end: number } {
  const startsMs = new Date(r.starts_at).getTime();
  const { date, minutes } = instantToZoned(startsMs, r.time_zone);
  return { date, start: minutes, end: minutes + (new Date(r.ends_at).getTime() - startsMs) / 60_000 };
}

function covered(place: { date: string; start: number; end: number }, openingHours: SalonDayHours[], staff: StaffHours): boolean {
  const window = staffWindow(salonWindow(openingHours, place.date), staff, place.date);
  return !!window && place.start >= window.start && place.end <= window.end;
}

const ownHours = (r: UpcomingBookingRow): StaffHours => ({ workingHours: asArray(r.working_hours), daysOff: r.days_off ?? [] });

function clashOf(r: UpcomingBookingRow, reason: HoursClash['reason']): HoursClash {
  return {
    bookingId: r.id,
    bookingDate: r.booking_date,
    bookingTime: r.booking_time,
    status: r.status as HoursClash['status'],
    customerName: `${r.first_name} ${r.last_name}`.trim(),
    services: r.services ?? [],
    reason,
  };
}

/**
 * The professional's active bookings still to start that their hours as saved leave uncovered,
 * soonest first (on a day off, outside their hours that day, or outside the salon's for someone who
 * works the shop's hours). Their status is not judged here (it is not an hours change). One query.
 */
export async function staffHoursClashes(
  db: Executor,
  merchantId: string,
  staff: { _id: string } & StaffHours,
  now: Date,
): Promise<HoursClash[]> {
  const rows = await upcomingActiveBookings(db, merchantId, now, { staffId: staff._id });
  const hours = { workingHours: staff.workingHours, daysOff: staff.daysOff };
  return rows.flatMap((r) => {
    const place = placeOf(r);
    if (covered(place, asArray(r.opening_hours), hours)) return [];
    return [clashOf(r, staff.daysOff.includes(place.date) || staff.daysOff.includes(r.booking_date) ? 'dayOff' : 'outsideHours')];
  });
}

/**
 * The salon's active bookings still to start that moving its opening hours from `before` to
 * `after` leaves uncovered: covered by the engine's rule under `before`, no longer under `after`
 * (a booking the hours already left uncovered, say one kept at the last change or on its
 * professional's day off, is not this change's doing). `salonClosed` when the salon no longer
 * opens that day, else `outsideHours`. One query.
 */
export async function salonHoursClashes(
  db: Executor,
  merchantId: string,
  before: SalonDayHours[],
  after: SalonDayHours[],
  now: Date,
): Promise<HoursClash[]> {
  const rows = await upcomingActiveBookings(db, merchantId, now);
  return rows.flatMap((r) => {
    const place = placeOf(r);
    const staff = ownHours(r);
    if (!covered(place, before, staff) || covered(place, after, staff)) return [];
    return [clashOf(r, salonWindow(after, place.date) ? 'outsideHours' : 'salonClosed')];
  });
}
