import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './Button';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-2xl border border-dashed border-blush-300 bg-white/60 px-6 py-12 text-center',
        className,
      )}
      data-testid="empty-state"
    >
      <div className="mb-4 flex size-14 items-center justify-center rounded-full bg-plum-50 text-plum-600">
        {icon ?? (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="1.6">
            <path strokeLinecap="round" strokeLinejoin="round" d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9L12 3z" />
          </svg>
        )}
      </div>
      <h3 className="text-base font-semibold text-ink-900">{title}</h3>
      {description && <p className="mt-1 max-w-sm text-sm text-ink-500">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

export interface LoadErrorProps {
  title: ReactNode;
  description?: ReactNode;
  /** Fetches again, usually a react-query `refetch`. */
  onRetry: () => unknown;
  className?: string;
}

/** A list or page that failed to load, with a Try again button. */
export function LoadError({ title, description, onRetry, className }: LoadErrorProps) {
  return (
    <EmptyState
      title={title}
      description={description}
      className={className}
      action={
        <Button variant="secondary" onClick={() => void onRetry()}>
          Try again
        </Button>
      }
    />
  );
}
