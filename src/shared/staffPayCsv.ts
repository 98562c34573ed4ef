import type { PayStatement } from './schemas/staffPay.js';

/*
 * A pay statement as CSV (RFC 4180; a cell a spreadsheet would run as a formula gets a leading
 * apostrophe): one row per line, per tip, then the totals. Types only from the schemas, so the
 * merchant panel builds it without zod.
 */
type Cell = string | number;
const FORMULA_START = /^[=+\-@\t\r]/;
const field = (v: Cell) => {
  if (typeof v === 'number') return String(v);
  const t = FORMULA_START.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};

export function payStatementCsv(s: PayStatement): string {
  const rows: Cell[][] = [
    ['date', 'receipt', 'kind', 'item', 'category', 'quantity', 'charged (₹, without GST)', 'rate (%)', 'commission (₹)'],
  ];
  for (const l of s.lines)
    rows.push([l.date, l.receiptNumber, l.kind, l.name, l.category ?? '', l.quantity, l.charged, l.rate, l.commission]);
  for (const t of s.tips) rows.push([t.date, t.receiptNumber, 'tip', 'Tip', '', 1, '', '', t.amount]);
  rows.push(['', '', 'total', 'Service commission', '', '', s.totals.services, '', s.totals.serviceCommission]);
  rows.push(['', '', 'total', 'Product commission', '', '', s.totals.products, '', s.totals.productCommission]);
  rows.push(['', '', 'total', 'Tips', '', '', '', '', s.totals.tips]);
  rows.push(['', '', 'total', 'Base for the period', '', '', '', '', s.totals.base]);
  rows.push(['', '', 'total', 'Total to pay', '', '', '', '', s.totals.total]);
  return `${rows.map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
}
