import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const controlClasses = (invalid: boolean, className?: string) =>
  cn(
    'block w-full rounded-xl border bg-white px-3.5 text-sm text-ink-900 shadow-xs transition-colors placeholder:text-ink-400',
    'focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-blush-50 disabled:text-ink-500',
    invalid
      ? 'border-red-400 focus:border-red-500 focus:ring-red-500'
      : 'border-blush-300 hover:border-plum-300 focus:border-plum-500 focus:ring-plum-500',
    className,
  );

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label, control, and the field's error or hint underneath. */
export function FieldShell({ id, label, error, hint, required, hideLabel, className, children }: FieldShellProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium text-ink-700', hideLabel && 'sr-only')}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-rose-600">
            *
          </span>
        )}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}
