import type { z } from 'zod';
import type { reportsInput } from '../../../shared/schemas/admin.js';
import { addDays, instantToZoned } from '../../../shared/slots.js';
import { badRequest } from '../../errors.js';
import * as repo from '../../db/repositories/admin.js';
import type { AppDeps } from '../../trpc/context.js';
import { toCsv } from './csv.js';

/*
 * Dashboard figures and reports. Periods are salon-local booking dates (what bookings.booking_date
 * holds); "today" is the platform's day in India. GBV leaves out cancelled bookings; commission is
 * what the ledger recorded for completed ones.
 */

export const PLATFORM_TIME_ZONE = 'Asia/Kolkata';
const TREND_DAYS = 30;
const DEFAULT_REPORT_DAYS = 30;
/** A daily report over years would be thousands of rows; months and cities stay small anyway. */
const MAX_DAILY_REPORT_DAYS = 366;

export const platformToday = (now: Date) => instantToZoned(now, PLATFORM_TIME_ZONE).date;

export async function getDashboard(deps: AppDeps, opts: { now?: Date } = {}) {
  const today = platformToday(opts.now ?? new Date());
  const [t, trend, cities] = await Promise.all([
    repo.platformTotals(deps.db),
    repo.dailyTrend(deps.db, addDays(today, -(TREND_DAYS - 1)), today),
    repo.topCities(deps.db, 5),
  ]);
  return {
    totals: {
      customers: t.customers,
      merchants: t.merchants,
      publishedSalons: t.published,
      bookings: t.bookings,
      grossBookingValue: t.gbv,
      commissionEarned: t.commission,
      pendingPublishRequests: t.pending,
    },
    trend,
    topCities: cities,
  };
}

export async function getUserBase(deps: AppDeps) {
  const t = await repo.platformTotals(deps.db);
  return {
    totalUsers: t.customers + t.merchants + t.admins,
    customers: t.customers,
    merchants: t.merchants,
    admins: t.admins,
    blocked: t.blocked,
    newLast30Days: t.new30d,
  };
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function reportPeriod(input: z.output<typeof reportsInput>, now: Date) {
  const to = input.to ?? platformToday(now);
  const from = input.from ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
  if (from > to) throw badRequest('to: the end date is before the start date', 'to');
  if (input.groupBy === 'day' && daysBetween(from, to) >= MAX_DAILY_REPORT_DAYS) {
    throw badRequest(`from: a daily report covers at most ${MAX_DAILY_REPORT_DAYS} days; group by month instead`, 'from');
  }
  return { from, to };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function getReport(deps: AppDeps, input: z.output<typeof reportsInput>, opts: { now?: Date } = {}) {
  const { from, to } = reportPeriod(input, opts.now ?? new Date());
  const rows = await repo.bookingReport(deps.db, input.groupBy, from, to);
  const totals = rows.reduce(
    (s, r) => ({
      bookings: s.bookings + r.bookings,
      completed: s.completed + r.completed,
      cancelled: s.cancelled + r.cancelled,
      gbv: round2(s.gbv + r.gbv),
      commission: round2(s.commission + r.commission),
    }),
    { bookings: 0, completed: 0, cancelled: 0, gbv: 0, commission: 0 },
  );
  return { groupBy: input.groupBy, from, to, rows, totals };
}

export async function getReportCsv(deps: AppDeps, input: z.output<typeof reportsInput>, opts: { now?: Date } = {}) {
  const r = await getReport(deps, input, opts);
  const header = [r.groupBy === 'city' ? 'City' : r.groupBy === 'month' ? 'Month' : 'Date', 'Bookings', 'Completed', 'Cancelled', 'GBV (INR)', 'Commission (INR)'];
  const body = r.rows.map((x) => [x.key, x.bookings, x.completed, x.cancelled, x.gbv.toFixed(2), x.commission.toFixed(2)]);
  const total = ['Total', r.totals.bookings, r.totals.completed, r.totals.cancelled, r.totals.gbv.toFixed(2), r.totals.commission.toFixed(2)];
  return { filename: `glowbook-report-${r.groupBy}-${r.from}-to-${r.to}.csv`, csv: toCsv(header, [...body, total]) };
}
