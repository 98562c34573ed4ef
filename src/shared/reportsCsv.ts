import type { ReportsWire } from './schemas/reports.js';

/*
 * The reports page's tables as CSV, one file per table: amounts in rupees with two decimals (no
 * currency sign), rates as percentages with two decimals, empty where there is nothing to divide by.
 */

/** A cell as text; text a spreadsheet would run as a formula (=, +, -, @ first) is quoted as text. */
function cell(v: string | number | null): string {
  if (v === null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const amount = (n: number) => n.toFixed(2);
const percent = (r: number | null) => (r === null ? null : (r * 100).toFixed(2));
const csv = (header: string[], rows: (string | number | null)[][]) => `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\n')}\n`;

export const REPORT_TABLES = ['services', 'professionals', 'payments', 'occupancy', 'clients', 'attendance'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export function reportCsv(table: ReportTable, r: ReportsWire): string {
  switch (table) {
    case 'services':
      return csv(
        ['Service', 'Times done', 'Sales before discounts (INR)'],
        [
          ...r.byService.map((s) => [s.service, s.count, amount(s.gross)]),
          ['Discounts', null, amount(-r.sales.discounts)],
          ['Net sales', r.sales.bookings, amount(r.sales.net)],
        ],
      );
    case 'professionals':
      return csv(
        ['Professional', 'Completed bookings', 'Sales (INR)'],
        r.byProfessional.map((p) => [p.name, p.bookings, amount(p.sales)]),
      );
    case 'payments':
      return csv(
        ['Payment method', 'Completed bookings', 'Sales (INR)'],
        r.byPaymentMethod.map((p) => [p.label, p.bookings, amount(p.sales)]),
      );
    case 'occupancy':
      return csv(
        ['Professional', 'Available hours', 'Blocked hours', 'Booked hours', 'Occupancy (%)'],
        r.occupancy.map((o) => [o.name, o.availableHours, o.blockedHours, o.bookedHours, percent(o.rate)]),
      );
    case 'clients':
      return csv(
        ['Clients who visited', 'New', 'Returning', 'Rebooked', 'Rebooking rate (%)'],
        [[r.clients.visited, r.clients.new, r.clients.returning, r.clients.rebooked, percent(r.clients.rebookingRate)]],
      );
    case 'attendance':
      return csv(
        [
          'Bookings',
          'No-shows',
          'No-show rate (%)',
          'Cancelled',
          `Cancelled by the client under ${r.attendance.lateCancelHours} h before`,
          'Late-cancel rate (%)',
        ],
        [
          [
            r.attendance.bookings,
            r.attendance.noShows,
            percent(r.attendance.noShowRate),
            r.attendance.cancelled,
            r.attendance.lateCancellations,
            percent(r.attendance.lateCancelRate),
          ],
        ],
      );
  }
}
