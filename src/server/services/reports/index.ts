import type { z } from 'zod';
import { FULL_REFUND_MIN_HOURS } from '../../../shared/policy.js';
import { PAYMENT_METHOD_LABELS, type reportsInput } from '../../../shared/schemas/reports.js';
import { addDays, type SalonDayHours, type StaffWorkingDay, salonWindow, staffWindow } from '../../../shared/slots.js';
import * as repo from '../../db/repositories/reports.js';
import type { Actor, AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { shopOf } from '../scope.js';

const rupees = (v: string | number) => Math.round(Number(v) * 100) / 100;
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
/** A share to four places (0.1234 = 12.34%); null when there is nothing to divide by. */
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
const asArray = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

function* days(from: string, to: string) {
  for (let d = from; d <= to; d = addDays(d, 1)) yield d;
}

/**
 * Occupancy per professional: booked ÷ available hours, available being each day's working
 * window (the salon's opening hours ∩ the professional's own, none on a day off or while not
 * Active) less the blocked time of that day (at most the window).
 */
function occupancy(
  range: repo.Range,
  openingHours: SalonDayHours[],
  staff: Awaited<ReturnType<typeof repo.reportStaff>>,
  minutes: Awaited<ReturnType<typeof repo.minutesByStaffDay>>,
) {
  const of = new Map<string, number>();
  for (const m of minutes) of.set(`${m.staff_id} ${m.day} ${m.blocked}`, m.minutes);
  return staff.map((s) => {
    const who = { workingHours: asArray<StaffWorkingDay>(s.working_hours), daysOff: s.days_off ?? [], status: s.status };
    let available = 0;
    let blocked = 0;
    let booked = 0;
    for (const day of days(range.from, range.to)) {
      const w = staffWindow(salonWindow(openingHours, day), who, day);
      const window = w ? w.end - w.start : 0;
      const block = Math.min(window, of.get(`${s.id} ${day} true`) ?? 0);
      available += window - block;
      blocked += block;
      booked += of.get(`${s.id} ${day} false`) ?? 0;
    }
    return {
      staffId: s.id,
      name: s.name,
      availableHours: hours(available),
      blockedHours: hours(blocked),
      bookedHours: hours(booked),
      rate: share(booked, available),
    };
  });
}

export async function getReports(deps: AppDeps, actor: Actor, input: z.output<typeof reportsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const range = { merchantId, from: input.from, to: input.to };
  const salon = await repo.salonHours(deps.db, merchantId);
  if (!salon) throw notFound('Salon');
  const [totals, byService, byProfessional, byPayment, staff, minutes, clients, attendance] = await Promise.all([
    repo.salesTotals(deps.db, range),
    repo.salesByService(deps.db, range),
    repo.salesByProfessional(deps.db, range),
    repo.salesByPaymentMethod(deps.db, range, salon.time_zone ?? 'Asia/Kolkata'),
    repo.reportStaff(deps.db, range),
    repo.minutesByStaffDay(deps.db, range),
    repo.clientCounts(deps.db, range),
    repo.attendanceCounts(deps.db, range, FULL_REFUND_MIN_HOURS),
  ]);
  const net = rupees(totals.net);
  const discounts = rupees(totals.discounts);
  return {
    data: {
      from: input.from,
      to: input.to,
      sales: { bookings: totals.bookings, gross: rupees(net + discounts), discounts, net },
      byService: byService.map((r) => ({ service: r.service, count: r.count, gross: rupees(r.gross) })),
      byProfessional: byProfessional.map((r) => ({ staffId: r.staff_id, name: r.name, bookings: r.bookings, sales: rupees(r.sales) })),
      byPaymentMethod: byPayment.map((r) => ({
        method: r.method,
        label: PAYMENT_METHOD_LABELS[r.method] ?? r.method,
        bookings: r.visits,
        sales: rupees(r.sales),
      })),
      occupancy: occupancy(range, asArray<SalonDayHours>(salon.opening_hours), staff, minutes),
      clients: { ...clients, rebookingRate: share(clients.rebooked, clients.visited) },
      attendance: {
        bookings: attendance.bookings,
        noShows: attendance.no_shows,
        noShowRate: share(attendance.no_shows, attendance.bookings),
        cancelled: attendance.cancelled,
        lateCancellations: attendance.late,
        lateCancelRate: share(attendance.late, attendance.bookings),
        lateCancelHours: FULL_REFUND_MIN_HOURS,
      },
    },
  };
}
