import type { z } from 'zod';
import { PLATFORM_TIME_ZONE, platformToday } from '../../../shared/platform.js';
import type { reportsInput } from '../../../shared/schemas/admin.js';
import { addDays } from '../../../shared/slots.js';
import * as repo from '../../db/repositories/admin/reports.js';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { toCsv } from './csv.js';

/*
 * Dashboard figures and reports. Periods are salon-local booking dates (what bookings.booking_date
 * holds); "today" is the platform's day in India. GBV leaves out cancelled bookings; commission is
 * what the ledger recorded for completed ones; subscription revenue is what salons paid for their
 * plans (paid invoices before GST), dated by the day in India they paid.
 */

const TREND_DAYS = 30;
const DEFAULT_REPORT_DAYS = 30;
/** A daily report over years would be thousands of rows; months and cities stay small anyway. */
const MAX_DAILY_REPORT_DAYS = 366;

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

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

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
  const [rows, cities] = await Promise.all([
    repo.bookingReport(deps.db, { groupBy: input.groupBy, from, to, city: input.city, timeZone: PLATFORM_TIME_ZONE }),
    repo.reportCities(deps.db),
  ]);
  const city = input.city ? (cities.find((c) => c.toLowerCase() === input.city!.toLowerCase()) ?? input.city) : null;
  const totals = rows.reduce(
    (s, r) => ({
      bookings: s.bookings + r.bookings,
      completed: s.completed + r.completed,
      cancelled: s.cancelled + r.cancelled,
      gbv: round2(s.gbv + r.gbv),
      commission: round2(s.commission + r.commission),
      subscriptions: round2(s.subscriptions + r.subscriptions),
    }),
    { bookings: 0, completed: 0, cancelled: 0, gbv: 0, commission: 0, subscriptions: 0 },
  );
  return { groupBy: input.groupBy, from, to, city, rows, totals, cities };
}

const fileSlug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'city';

export async function getReportCsv(deps: AppDeps, input: z.output<typeof reportsInput>, opts: { now?: Date } = {}) {
  const r = await getReport(deps, input, opts);
  const money = (n: number) => n.toFixed(2);
  const header = [
    r.groupBy === 'city' ? 'City' : r.groupBy === 'month' ? 'Month' : 'Date',
    'Bookings',
    'Completed',
    'Cancelled',
    'GBV (INR)',
    'Commission (INR)',
    'Subscriptions excl. GST (INR)',
  ];
  const line = (key: string, x: Omit<(typeof r.rows)[number], 'key'>) => [
    key,
    x.bookings,
    x.completed,
    x.cancelled,
    money(x.gbv),
    money(x.commission),
    money(x.subscriptions),
  ];
  const body = r.rows.map((x) => line(x.key, x));
  const total = line(r.city ? `Total (${r.city})` : 'Total', r.totals);
  const scope = r.city ? `-${fileSlug(r.city)}` : '';
  return { filename: `glowbook-report-${r.groupBy}${scope}-${r.from}-to-${r.to}.csv`, csv: toCsv(header, [...body, total]) };
}
