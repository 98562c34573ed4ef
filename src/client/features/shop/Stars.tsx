import { cn } from '../../lib/cn';

const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

/** Five stars filled to the rating (halves round to the nearest whole star). */
export function Stars({ rating, className, size = 'sm' }: { rating: number; className?: string; size?: 'sm' | 'md' }) {
  const filled = Math.round(rating);
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <svg
          key={i}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={cn(size === 'sm' ? 'size-4' : 'size-5', i <= filled ? 'text-gold-500' : 'text-blush-300')}
        >
          <path fill="currentColor" d={STAR} />
        </svg>
      ))}
    </span>
  );
}
