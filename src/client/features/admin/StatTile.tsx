import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '../../components/ui/Card';
import { cn } from '../../lib/cn';

/** One headline figure; with `to` the whole tile links to the screen that explains it. */
export function StatTile({
  label,
  value,
  hint,
  to,
  tone = 'plain',
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  to?: string;
  tone?: 'plain' | 'alert';
  testId?: string;
}) {
  const body = (
    <Card
      interactive={Boolean(to)}
      className={cn('@container h-full', tone === 'alert' && 'border-amber-300 bg-amber-50/60')}
      data-testid={testId}
    >
      <p className="text-xs font-medium tracking-wide text-ink-500 uppercase">{label}</p>
      {/* A figure never breaks: it stays on one line and its size follows the tile's width, so
          ₹12,34,567.50 fits a phone's two-column grid and a six-tile row alike. */}
      <p
        className="mt-1 text-[length:clamp(0.875rem,12cqi,1.5rem)] leading-tight font-bold whitespace-nowrap text-ink-900 tabular-nums"
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {value}
      </p>
      {hint && <p className="mt-0.5 text-xs text-ink-500">{hint}</p>}
    </Card>
  );
  return to ? (
    <Link href={to} className="block rounded-2xl focus-visible:outline-2 focus-visible:outline-plum-500">
      {body}
    </Link>
  ) : (
    body
  );
}
