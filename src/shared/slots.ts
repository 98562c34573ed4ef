import { formatMinutes12h, parseTimeToMinutes } from './clock.js';
import { WEEKDAYS } from './hours.js';
import { SLOT_STEP_MINUTES } from './policy.js';

/*
 * Salon-local time without a time-zone library: Intl tells the wall clock of an instant in a
 * zone, and everything else is arithmetic on that. A salon's day is computed in its own zone,
 * so a clock change (Europe/London 2026-03-29 and 2026-10-25) shifts the instants, not the
 * wall-clock slots.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/*
 * Intl's formatToParts is the slow step (tens of microseconds), and the same few instants (the
 * ends of the days being booked) are asked about again and again, so answers are remembered; the
 * memo is emptied when it grows past a bound.
 */
const wallClocks = new Map<string, number>();
const WALL_CLOCK_MEMO = 4096;

/*
 * India's clock has been UTC+05:30 with no change since 15 Oct 1945 (tz database): for the zone most
 * salons are in, the wall clock is arithmetic. This also spares a page that only asks for "now" (the
 * salon page's open/closed line) Intl's first DateTimeFormat, tens of milliseconds of start-up on a
 * phone.
 */
const INDIA_ZONES = new Set(['Asia/Kolkata', 'Asia/Calcutta']);
const INDIA_OFFSET_MS = 330 * MINUTE_MS;
const INDIA_FIXED_SINCE_MS = Date.UTC(1945, 9, 15);

/** The wall clock in `timeZone` at an instant, as milliseconds of a fake UTC date. */
function wallClockMs(instantMs: number, timeZone: string): number {
  if (INDIA_ZONES.has(timeZone) && instantMs >= INDIA_FIXED_SINCE_MS) return instantMs + INDIA_OFFSET_MS;
  const key = `${timeZone} ${instantMs}`;
  const known = wallClocks.get(key);
  if (known !== undefined) return known;
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  if (wallClocks.size >= WALL_CLOCK_MEMO) wallClocks.clear();
  wallClocks.set(key, wall);
  return wall;
}

/** The zone's offset from UTC at an instant, in minutes (Asia/Kolkata: 330). */
export function offsetMinutesAt(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const whole = ms - (((ms % 1000) + 1000) % 1000);
  return Math.round((wallClockMs(whole, timeZone) - whole) / MINUTE_MS);
}

function dateToUtcMs(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

function msToDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The instant of a salon-local wall-clock time. A time that happens twice (clocks going back)
 * gives the earlier instant; a time that never happens (clocks going forward) is read with the
 * offset before the change, i.e. it lands after the gap (Temporal's "compatible").
 */
export function zonedTimeToInstant(date: string, minutes: number, timeZone: string): Date {
  const local = dateToUtcMs(date) + minutes * MINUTE_MS;
  const before = offsetMinutesAt(local - DAY_MS, timeZone);
  const after = offsetMinutesAt(local + DAY_MS, timeZone);
  const candidates = [...new Set([before, after])]
    .map((off) => local - off * MINUTE_MS)
    .filter((t) => offsetMinutesAt(t, timeZone) === (local - t) / MINUTE_MS)
    .sort((a, b) => a - b);
  return new Date(candidates.length ? candidates[0] : local - before * MINUTE_MS);
}

/** The salon-local date and minutes after midnight of an instant. */
export function instantToZoned(instant: Date | number, timeZone: string): { date: string; minutes: number } {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const wall = wallClockMs(ms - (((ms % 1000) + 1000) % 1000), timeZone);
  const dayStart = Math.floor(wall / DAY_MS) * DAY_MS;
  return { date: msToDate(dayStart), minutes: Math.round((wall - dayStart) / MINUTE_MS) };
}

/** False for wall-clock times skipped by a clock change. */
export function localTimeExists(date: string, minutes: number, timeZone: string): boolean {
  const back = instantToZoned(zonedTimeToInstant(date, minutes, timeZone), timeZone);
  return back.date === date && back.minutes === minutes;
}

/** Adds days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  return msToDate(dateToUtcMs(date) + days * DAY_MS);
}

/** Monday-first weekday name of a 'YYYY-MM-DD' date. */
export function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[(new Date(dateToUtcMs(date)).getUTCDay() + 6) % 7];
}

/** The salon's 'YYYY-MM-DD' day `[start, end)` as instants (25 or 23 hours on a clock-change day). */
export function zonedDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: zonedTimeToInstant(date, 0, timeZone), end: zonedTimeToInstant(addDays(date, 1), 0, timeZone) };
}

/**
 * The instant (ms) of each wall-clock minute 0..1440 of a salon-local day (1440: the day's end);
 * null for a minute the clocks skip. On a day without a clock change (its length is 24 h and the offset the same at both
 * ends: every day of Indian time) that is plain arithmetic from the day's start; Intl is asked
 * per minute only on the rare day the clocks change.
 */
export function zonedDayClock(date: string, timeZone: string): (minutes: number) => number | null {
  const { start, end } = zonedDayBounds(date, timeZone);
  const startMs = start.getTime();
  const uniform =
    end.getTime() - startMs === DAY_MS &&
    offsetMinutesAt(startMs, timeZone) === offsetMinutesAt(end.getTime() - MINUTE_MS, timeZone) &&
    offsetMinutesAt(startMs + DAY_MS / 2, timeZone) === offsetMinutesAt(startMs, timeZone);
  if (uniform) return (m) => startMs + m * MINUTE_MS;
  const memo = new Map<number, number | null>();
  return (m) => {
    if (m === 1440) return end.getTime();
    if (!memo.has(m)) memo.set(m, localTimeExists(date, m, timeZone) ? zonedTimeToInstant(date, m, timeZone).getTime() : null);
    return memo.get(m)!;
  };
}

export interface SalonDayHours {
  name: string;
  enabled: boolean;
  openTime: string;
  closeTime: string;
}

export interface StaffWorkingDay {
  day: string;
  enabled: boolean;
  start: string;
  end: string;
}

export interface SlotStaff {
  id: string;
  /** Empty: works the salon's opening hours. */
  workingHours: StaffWorkingDay[];
  /** 'YYYY-MM-DD' salon-local dates. */
  daysOff: string[];
  /** Service or category names; empty: performs every service. */
  specializations: string[];
  status?: string;
}

export interface SlotService {
  name: string;
  categoryName?: string | null;
}

/** A staff member's booked time, as epoch milliseconds `[start, end)`. */
export interface BusyInterval {
  staffId: string;
  start: number;
  end: number;
}

export interface Slot {
  /** 'h:mm AM/PM', salon-local. */
  time: string;
  /** Salon-local minutes after midnight. */
  minutes: number;
  startsAt: Date;
  endsAt: Date;
  staffIds: string[];
}

export interface SlotQuery {
  date: string;
  timeZone: string;
  openingHours: SalonDayHours[];
  staff: SlotStaff[];
  services: SlotService[];
  busy: BusyInterval[];
  durationMinutes: number;
  now: Date;
  step?: number;
  /**
   * Only this start (salon-local minutes): the answer is the slot at that time if it is free, as
   * in the whole day's list, without working out every other start of the day.
   */
  at?: number;
}

/** 'HH:mm' → minutes; a closing time of 00:00 or 24:00 means midnight at the end of the day. */
function closingMinutes(value: string): number | null {
  if (value.trim() === '24:00') return 1440;
  const m = parseTimeToMinutes(value);
  return m === 0 ? 1440 : m;
}

/** The salon's opening window of a day in local minutes, or null when it is closed. */
export function salonWindow(openingHours: SalonDayHours[], date: string): { start: number; end: number } | null {
  const name = weekdayOf(date).toLowerCase();
  const day = openingHours.find((d) => d.name?.toLowerCase() === name);
  if (!day || !day.enabled) return null;
  const start = parseTimeToMinutes(day.openTime);
  const end = closingMinutes(day.closeTime);
  if (start === null || end === null || end <= start) return null;
  return { start, end };
}

/** A staff member's bookable window of a day: salon hours ∩ their own hours, none on a day off. */
export function staffWindow(
  salon: { start: number; end: number } | null,
  staff: Pick<SlotStaff, 'workingHours' | 'daysOff' | 'status'>,
  date: string,
): { start: number; end: number } | null {
  if (!salon) return null;
  if (staff.status !== undefined && staff.status !== 'Active') return null;
  if (staff.daysOff.includes(date)) return null;
  if (staff.workingHours.length === 0) return salon;
  const name = weekdayOf(date).toLowerCase();
  const day = staff.workingHours.find((d) => d.day?.toLowerCase() === name);
  if (!day || !day.enabled) return null;
  const s = parseTimeToMinutes(day.start);
  const e = closingMinutes(day.end);
  if (s === null || e === null) return null;
  const start = Math.max(salon.start, s);
  const end = Math.min(salon.end, e);
  return end > start ? { start, end } : null;
}

/** Whether a staff member performs every one of the services (by service or category name). */
export function canPerformAll(specializations: string[], services: SlotService[]): boolean {
  if (specializations.length === 0) return true;
  const skills = new Set(specializations.map((s) => s.trim().toLowerCase()));
  return services.every(
    (svc) => skills.has(svc.name.trim().toLowerCase()) || (!!svc.categoryName && skills.has(svc.categoryName.trim().toLowerCase())),
  );
}

const NONE_BUSY: number[] = [];

/** Whether `[start, end)` overlaps any interval of a flat [start, end, ...] list. */
function overlapsAny(busy: number[], start: number, end: number): boolean {
  for (let i = 0; i < busy.length; i += 2) if (busy[i] < end && busy[i + 1] > start) return true;
  return false;
}

/**
 * The bookable start times of a salon-local day: every step on the wall clock where some
 * capable staff member works, the salon is open, and the member is free for the whole duration.
 * Pure; `now` is injected so past times can be tested.
 */
export function computeSlots(q: SlotQuery): Slot[] {
  const step = q.step ?? SLOT_STEP_MINUTES;
  const salon = salonWindow(q.openingHours, q.date);
  if (!salon || q.durationMinutes <= 0) return [];
  // Each member's booked times as flat [start, end, start, end, ...] epoch milliseconds.
  const busyByStaff = new Map<string, number[]>();
  for (const b of q.busy) {
    let list = busyByStaff.get(b.staffId);
    if (!list) busyByStaff.set(b.staffId, (list = []));
    list.push(b.start, b.end);
  }
  const durationMs = q.durationMinutes * MINUTE_MS;
  const nowMs = q.now.getTime();
  const instantOf = zonedDayClock(q.date, q.timeZone);
  const slots = new Map<number, Slot>();
  for (const member of q.staff) {
    if (!canPerformAll(member.specializations, q.services)) continue;
    const window = staffWindow(salon, member, q.date);
    if (!window) continue;
    // A window ending in skipped time ends where the clock resumes.
    const windowEnd = instantOf(window.end) ?? zonedTimeToInstant(q.date, window.end, q.timeZone).getTime();
    const busy = busyByStaff.get(member.id) ?? NONE_BUSY;
    const first = Math.ceil(window.start / step) * step;
    // With `at`, the one start the day's loop would reach only when it is on the grid and in the window.
    const [from, to] =
      q.at === undefined ? [first, window.end] : q.at % step === 0 && q.at >= first ? [q.at, Math.min(window.end, q.at + 1)] : [0, 0];
    for (let m = from; m < to; m += step) {
      const start = instantOf(m);
      if (start === null || start <= nowMs) continue;
      const end = start + durationMs;
      if (end > windowEnd) continue;
      if (overlapsAny(busy, start, end)) continue;
      let slot = slots.get(m);
      if (!slot) {
        slot = { time: formatMinutes12h(m), minutes: m, startsAt: new Date(start), endsAt: new Date(end), staffIds: [] };
        slots.set(m, slot);
      }
      slot.staffIds.push(member.id);
    }
  }
  return [...slots.values()].sort((a, b) => a.minutes - b.minutes);
}
