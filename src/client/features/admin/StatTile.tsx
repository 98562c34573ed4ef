import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '../../components/ui/Card';
import { cn } from '../../lib/cn';

/** One headline figure; with `to` the whole tile links to the screen that explains it. */
export function StatTile({ label, value, hint, to, tone = 'plain', testId }: { label: string; value: ReactNode; hint?: ReactNode; to?: string; tone?: 'plain' | 'alert'; testId?: string }) {
  const body = (
    <Card interactive={Boolean(to)} className={cn('h-full', tone === 'alert' && 'border-amber-300 bg-amber-50/60')} data-testid={testId}>
      <p className="text-xs font-medium tracking-wide text-ink-500 uppercase">{label}</p>
      <p className="mt-1 text-lg font-bold break-words text-ink-900 sm:text-2xl" data-testid={testId ? `${testId}-value` : undefined}>
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
