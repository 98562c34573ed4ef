import type { ReactNode } from 'react';
import { formatINR } from '../../../shared/money';
import { relativeTime } from '../../../shared/relativeTime';
import { cn } from '../../lib/cn';

export interface LedgerRow {
  _id: string;
  description: string;
  createdAt: string;
  /** Signed: a credit is positive. */
  amount: number;
  balanceAfter: number;
  label: string;
}

/** One list for wallet money and for loyalty points: credit green with +, debit plain with −. */
export function LedgerList({ rows, unit, testId }: { rows: LedgerRow[]; unit: 'inr' | 'points'; testId?: string }) {
  const fmt = (n: number) => (unit === 'inr' ? formatINR(Math.abs(n)) : `${Math.abs(n).toLocaleString('en-IN')} pts`);
  return (
    <ul className="divide-y divide-blush-100" data-testid={testId}>
      {rows.map((r) => (
        <li key={r._id} className="flex items-center justify-between gap-4 py-3" data-testid={testId ? `${testId}-row` : undefined}>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-ink-900">{r.description}</p>
            <p className="text-xs text-ink-500">
              {r.label} · <time dateTime={r.createdAt}>{relativeTime(r.createdAt)}</time>
            </p>
          </div>
          <div className="shrink-0 text-right">
            <p className={cn('text-sm font-semibold tabular-nums', r.amount > 0 ? 'text-emerald-700' : 'text-ink-900')}>
              {r.amount > 0 ? '+' : '−'}
              {fmt(r.amount)}
            </p>
            <p className="text-xs text-ink-500 tabular-nums">
              Balance {unit === 'inr' ? formatINR(r.balanceAfter) : r.balanceAfter.toLocaleString('en-IN')}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The big number at the top of the wallet and loyalty pages. */
export function BalanceCard({ label, value, hint, children }: { label: string; value: ReactNode; hint?: ReactNode; children?: ReactNode }) {
  return (
    <div className="rounded-3xl bg-gradient-to-br from-plum-800 via-plum-700 to-rose-600 p-6 text-white shadow-lift">
      <p className="text-xs font-semibold tracking-widest text-white/70 uppercase">{label}</p>
      <p className="mt-1 text-4xl font-bold tabular-nums" data-testid="balance">
        {value}
      </p>
      {hint && <p className="mt-1 text-sm text-white/80">{hint}</p>}
      {children && <div className="mt-4 flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}
