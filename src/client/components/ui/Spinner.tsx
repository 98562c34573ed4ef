import { cn } from '../../lib/cn';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  label?: string;
}

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

export function Spinner({ size = 'md', className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" className={cn('inline-flex items-center', className)}>
      <span aria-hidden="true" className={cn('animate-spin rounded-full border-current border-r-transparent', SIZES[size])} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centered spinner for a page or section that is loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-plum-600">
      <Spinner size="lg" label={label} />
    </div>
  );
}
