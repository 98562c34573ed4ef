import { round2 } from './money.js';

/** One month of a salon's commission statement (docs/money.md). */
export interface CommissionMonth {
  /** 'YYYY-MM', by the appointments' dates. */
  month: string;
  completedBookings: number;
  /** Of the completed bookings, those made through the salon's own link, widget or poster: 0 % commission. */
  directBookings: number;
  noShows: number;
  /** What the salon took: completed bookings' totals plus prepayments kept on no-shows. */
  gross: number;
  commission: number;
  /** Gross less commission. */
  net: number;
  /** Commission already with the platform: deducted from online prepayments, plus payments recorded. */
  paid: number;
  outstanding: number;
}

/**
 * A month's figures from its sums: commission the platform already holds (deducted from what
 * customers prepaid through it) and payments the salon made count as paid, up to the commission.
 */
export function commissionMonth(m: {
  month: string;
  completedBookings: number;
  directBookings: number;
  noShows: number;
  gross: number;
  commission: number;
  deducted: number;
  payments: number;
}): CommissionMonth {
  const commission = round2(m.commission);
  const paid = round2(Math.min(commission, m.deducted + m.payments));
  return {
    month: m.month,
    completedBookings: m.completedBookings,
    directBookings: m.directBookings,
    noShows: m.noShows,
    gross: round2(m.gross),
    commission,
    net: round2(m.gross - commission),
    paid,
    outstanding: round2(commission - paid),
  };
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** '2026-03' → 'March 2026'. */
export function monthLabel(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

const csvCell = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const amount = (n: number) => n.toFixed(2);

/** The statement as CSV (amounts in rupees with two decimals, no currency sign), newest month first, with a total row. */
export function commissionCsv(months: CommissionMonth[]): string {
  const header = [
    'Month',
    'Completed bookings',
    'Direct bookings (0% commission)',
    'No-shows',
    'Gross (INR)',
    'Commission (INR)',
    'Net (INR)',
    'Paid (INR)',
    'Outstanding (INR)',
  ];
  const sum = (k: keyof CommissionMonth) => round2(months.reduce((n, m) => n + (m[k] as number), 0));
  const rows = months.map((m) => [
    m.month,
    m.completedBookings,
    m.directBookings,
    m.noShows,
    amount(m.gross),
    amount(m.commission),
    amount(m.net),
    amount(m.paid),
    amount(m.outstanding),
  ]);
  rows.push([
    'Total',
    sum('completedBookings'),
    sum('directBookings'),
    sum('noShows'),
    amount(sum('gross')),
    amount(sum('commission')),
    amount(sum('net')),
    amount(sum('paid')),
    amount(sum('outstanding')),
  ]);
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
