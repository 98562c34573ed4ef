import type { z } from 'zod';
import { WEEKDAYS } from '../../../shared/hours.js';
import type { StaffAnalyticsAnswer, staffAnalyticsInput } from '../../../shared/schemas/staff.js';
import { addDays, instantToZoned, isValidTimeZone, weekdayOf } from '../../../shared/slots.js';
import { findShop } from '../../db/repositories/shopProfile.js';
import { findStaff, staffBookingsBetween } from '../../db/repositories/shopStaff.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import { requireFeature } from '../billing/entitlements.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';
import { wholeRupees } from './wire.js';

const MAX_CUSTOM_DAYS = 366;
const RECENT_LIMIT = 20;

type Period = z.output<typeof staffAnalyticsInput>['period'];

/** The salon-local dates a period covers, inclusive; weeks run Monday to Sunday. */
export function periodRange(period: Period, today: string, custom: { startDate?: string; endDate?: string }): { from: string; to: string } {
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'tomorrow': {
      const d = addDays(today, 1);
      return { from: d, to: d };
    }
    case 'week': {
      const from = addDays(today, -WEEKDAYS.indexOf(weekdayOf(today)));
      return { from, to: addDays(from, 6) };
    }
    case 'month': {
      const from = `${today.slice(0, 8)}01`;
      const [y, m] = today.split('-').map(Number);
      const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
      return { from, to: addDays(nextMonth, -1) };
    }
    case 'custom':
      return { from: custom.startDate!, to: custom.endDate! };
  }
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A staff member's figures over a period, from their real bookings. Earnings follow the
 * "Rate (per service)" column: rate × services performed, counted for completed bookings
 * (an upcoming booking's line shows what it is expected to earn). Hours worked are the
 * completed bookings' durations. Cancelled bookings are only counted (cancelledBookings): the
 * list holds the bookings Total Bookings counts, so the modal's table and cards cover the same
 * rows.
 */
export async function staffAnalytics(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof staffAnalyticsInput>,
  opts: { now?: Date } = {},
): Promise<StaffAnalyticsAnswer> {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  await requireFeature(deps.db, merchantId, 'staffAnalytics');
  const [shop, member] = await Promise.all([findShop(deps.db, merchantId), findStaff(deps.db, merchantId, input.staffId)]);
  if (!shop || !member) throw notFound('Staff member');
  const timeZone = isValidTimeZone(shop.time_zone) ? shop.time_zone : 'Asia/Kolkata';
  const today = instantToZoned(opts.now ?? new Date(), timeZone).date;
  const { from, to } = periodRange(input.period, today, input);
  if (daysBetween(from, to) >= MAX_CUSTOM_DAYS) {
    throw badRequest(`endDate: choose a range of at most ${MAX_CUSTOM_DAYS} days`, 'endDate');
  }
  const rate = Number(member.rate);
  const rows = await staffBookingsBetween(deps.db, input.staffId, from, to);
  const counted = rows.filter((b) => b.status !== 'cancelled');
  let totalBookings = 0;
  let completedBookings = 0;
  let cancelledBookings = 0;
  let completedMinutes = 0;
  let completedLines = 0;
  for (const b of rows) {
    if (b.status === 'cancelled') {
      cancelledBookings++;
      continue;
    }
    totalBookings++;
    if (b.status === 'completed') {
      completedBookings++;
      completedMinutes += b.total_duration;
      completedLines += Number(b.lines);
    }
  }
  return {
    staffId: member.id,
    period: input.period,
    startDate: from,
    endDate: to,
    totalBookings,
    completedBookings,
    cancelledBookings,
    hoursWorked: round1(completedMinutes / 60),
    totalEarnings: wholeRupees(rate * completedLines),
    recentBookings: counted.slice(0, RECENT_LIMIT).map((b) => ({
      id: b.id,
      dateTime: iso(b.starts_at),
      bookingDate: b.booking_date,
      bookingTime: b.booking_time,
      serviceName: b.service_names,
      duration: b.total_duration,
      earnings: wholeRupees(rate * Number(b.lines)),
      status: b.status === 'completed' ? 'Completed' : 'Upcoming',
    })),
  };
}
