import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'neutral' | 'brand' | 'accent' | 'success' | 'warning' | 'info' | 'danger';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-blush-100 text-ink-700 ring-blush-200',
  brand: 'bg-plum-50 text-plum-800 ring-plum-200',
  accent: 'bg-gold-100 text-gold-700 ring-gold-300/60',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
  danger: 'bg-red-50 text-red-700 ring-red-200',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[tone],
        className,
      )}
      {...rest}
    />
  );
}

/** Booking status colours: pending, confirmed, upcoming, completed, cancelled, no_show (any case). */
const STATUS_TONES: Record<string, BadgeTone> = {
  pending: 'warning',
  confirmed: 'brand',
  upcoming: 'info',
  completed: 'success',
  cancelled: 'danger',
  no_show: 'warning',
};

export function statusTone(status: string): BadgeTone {
  return STATUS_TONES[status.toLowerCase()] ?? 'neutral';
}

export function statusLabel(status: string): string {
  const lower = status.toLowerCase();
  if (lower === 'no_show') return 'No-show';
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge
      tone={statusTone(status)}
      className={cn('whitespace-nowrap', className)}
      data-testid="status-badge"
      data-status={status.toLowerCase()}
    >
      {statusLabel(status)}
    </Badge>
  );
}
